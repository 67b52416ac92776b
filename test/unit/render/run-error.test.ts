// The job summary's section for an error that stopped the run before it reported anything
// (src/render/run-error.ts), as a reader sees it on GitHub: what the error said, shown as written,
// and the footer every summary ends with.
import { describe, expect, it } from 'vitest'
import { footerHtml } from '../../../src/render/footer.js'
import { runErrorSummaryHtml } from '../../../src/render/run-error.js'
import { renderSummary } from '../../support/render.js'

const RUN = { action: 'docs-agent-action', version: '1.2.3', runUrl: 'https://github.com/acme/docs/actions/runs/77' }

describe('runErrorSummaryHtml', () => {
  it('heads the section as a failed step, gives the message, and ends with the footer', () => {
    const html = runErrorSummaryHtml('Something broke.', RUN)
    const seen = renderSummary(html)
    expect(seen.headings).toEqual(['❌ The step failed'])
    expect(seen.text).toBe(
      '❌ The step failed Something broke. It stopped before it could report anything else. ' + 'docs-agent-action 1.2.3 · workflow run'
    )
    expect(html.endsWith(footerHtml(RUN))).toBe(true)
  })

  it('says an unexpected error stopped the run when the error has no message', () => {
    expect(renderSummary(runErrorSummaryHtml('', RUN)).text).toContain('An unexpected error stopped the run.')
  })

  it('shows a message as written: no element, link or mention comes of it', () => {
    const seen = renderSummary(runErrorSummaryHtml('<img src=x onerror=alert(1)> [x](https://evil.example) @octocat', RUN))
    expect(seen.html).not.toContain('<img')
    expect(seen.links).toEqual([{ href: RUN.runUrl, text: 'workflow run' }])
    expect(seen.text).toContain('<img src=x onerror=alert(1)> [x](https://evil.example) @octocat')
  })
})

describe('runErrorSummaryHtml: code spans', () => {
  it('shows the names in a message as code, escaped, and hostile text inside them as text', () => {
    const seen = renderSummary(
      runErrorSummaryHtml('give the job `permissions: pull-requests: read`; `<b>x</b>` [y](https://evil.example)', RUN)
    )
    expect(seen.html).toContain('<code>permissions: pull-requests: read</code>')
    expect(seen.html).toContain('<code>&#x3C;b>x&#x3C;/b></code>')
    expect(seen.html).not.toContain('<b>')
    expect(seen.text).toContain('give the job permissions: pull-requests: read; <b>x</b> [y](https://evil.example)')
  })
})
