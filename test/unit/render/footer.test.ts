// Tests the small line that ends the job summary (src/render/footer.ts): which action and version
// wrote it, and a link to the run, as GitHub shows it (test/support/render.js).
import { describe, expect, it } from 'vitest'
import { footerHtml } from '../../../src/render/footer.js'
import { renderSummary } from '../../support/render.js'

const RUN = 'https://github.com/acme/docs/actions/runs/77'

describe('footerHtml', () => {
  it('names the action and its version, and links the run, in small print on a line of its own', () => {
    const html = footerHtml({ action: 'docs-agent-action', version: '1.2.3', runUrl: RUN })
    expect(html).toBe(`<p><sub>docs-agent-action 1.2.3 · <a href="${RUN}">workflow run</a></sub></p>\n`)
    expect(renderSummary(html)).toMatchObject({
      text: 'docs-agent-action 1.2.3 · workflow run',
      links: [{ href: RUN, text: 'workflow run' }]
    })
  })

  it('names the action alone when the run is unknown', () => {
    expect(footerHtml({ action: 'docs-agent-action', version: '1.2.3' })).toBe('<p><sub>docs-agent-action 1.2.3</sub></p>\n')
  })

  it('never links a run that is not a plain http(s) URL', () => {
    expect(renderSummary(footerHtml({ action: 'a', version: '1', runUrl: 'javascript:alert(1)' })).links).toEqual([])
  })

  it('escapes the name and the version, and cuts each at 100 characters', () => {
    const seen = renderSummary(footerHtml({ action: '<b>@team</b>', version: '#1 `x`' }))
    expect(seen).toMatchObject({ text: '<b>@team</b> #1 `x`', links: [], references: [] })
    expect(renderSummary(footerHtml({ action: 'a'.repeat(101), version: 'v'.repeat(101) })).text).toBe(
      `${'a'.repeat(99)}… ${'v'.repeat(99)}…`
    )
    expect(renderSummary(footerHtml({ action: 'a'.repeat(100), version: 'v'.repeat(100) })).text).toBe(
      `${'a'.repeat(100)} ${'v'.repeat(100)}`
    )
  })
})
