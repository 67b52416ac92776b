// Tests the line under the analytics report that links the docs health issue (src/run/publish.ts,
// healthIssueHtml), as GitHub shows it: what was updated, the gaps given to the agent and the gaps
// resolved, each named, and why the issue could not be kept when it could not.
import { describe, expect, it } from 'vitest'
import { itemId } from '../../../src/health/ledger.js'
import type { FixItem } from '../../../src/render/fix-first.js'
import type { Headline } from '../../../src/render/renderer.js'
import { healthIssueHtml, overviewOf } from '../../../src/run/publish.js'
import { feedbackReport, searchesReport, visitorsReport } from '../../support/section-reports.js'
import { renderSummary } from '../../support/render.js'

const URL = 'https://github.com/octo/docs/issues/7'

describe('the docs health issue line', () => {
  it('links the issue by its number and says what to do there, and nothing more when nothing was asked or resolved', () => {
    const shown = renderSummary(healthIssueHtml({ url: URL, number: 7, resolved: 0, asked: 0 }))
    expect(shown.text).toBe('📋 To act: tick the gaps to fix in the docs health issue #7; one agent job takes all ticked gaps')
    expect(shown.links).toEqual([{ href: URL, text: 'docs health issue #7' }])
  })

  it('says "To act" only when a gap is open to tick, as the issue says', () => {
    const none = renderSummary(healthIssueHtml({ url: URL, number: 7, resolved: 0, asked: 2, open: 0 }))
    expect(none.text).toBe('📋 Nothing to tick in the docs health issue #7: no gap is open · 2 ticked gaps given to the agent')
    expect(none.links).toEqual([{ href: URL, text: 'docs health issue #7' }])
    expect(renderSummary(healthIssueHtml({ url: URL, number: 7, resolved: 0, asked: 0, open: 1 })).text).toBe(
      '📋 To act: tick the gaps to fix in the docs health issue #7; one agent job takes all ticked gaps'
    )
  })

  it('links the issue without a number when GitHub gave none', () => {
    const shown = renderSummary(healthIssueHtml({ url: URL, resolved: 0, asked: 0 }))
    expect(shown.text).toBe('📋 To act: tick the gaps to fix in the docs health issue; one agent job takes all ticked gaps')
    expect(shown.links).toEqual([{ href: URL, text: 'docs health issue' }])
  })

  it('names the ticked gaps given to the agent: a page by its path, a search by its words, one whose words are hidden as a search', () => {
    const html = healthIssueHtml({
      url: URL,
      number: 7,
      resolved: 0,
      asked: 3,
      askedGaps: [{ kind: 'page', subject: '/docs/install' }, { kind: 'search', subject: 'sso <b>login</b>' }, { kind: 'search' }]
    })
    const shown = renderSummary(html)
    expect(shown.text).toBe(
      '📋 To act: tick the gaps to fix in the docs health issue #7; one agent job takes all ticked gaps · 3 ticked gaps given to the agent: /docs/install, search “sso <b>login</b>”, a search'
    )
    expect(html).toContain('<code>/docs/install</code>')
    expect(shown.html).not.toContain('<b>')
  })

  it('counts one ticked gap in the singular, and names none when their subjects are not known', () => {
    expect(renderSummary(healthIssueHtml({ url: URL, resolved: 0, asked: 1 })).text).toBe(
      '📋 To act: tick the gaps to fix in the docs health issue; one agent job takes all ticked gaps · 1 ticked gap given to the agent'
    )
  })

  it('names the gaps fixed this period, each as code, after the gaps asked', () => {
    const html = healthIssueHtml({ url: URL, number: 7, resolved: 2, resolvedNames: ['/docs/a', 'x<y'], asked: 1 })
    const shown = renderSummary(html)
    expect(shown.text).toBe(
      '📋 To act: tick the gaps to fix in the docs health issue #7; one agent job takes all ticked gaps · 1 ticked gap given to the agent · 2 gaps fixed this period: /docs/a, x<y'
    )
    expect(html).toContain('<code>/docs/a</code>, <code>x&lt;y</code>')
    expect(renderSummary(healthIssueHtml({ url: URL, resolved: 1, asked: 0 })).text).toBe(
      '📋 To act: tick the gaps to fix in the docs health issue; one agent job takes all ticked gaps · 1 gap fixed this period'
    )
  })

  it('says why the issue could not be kept, escaped, instead of a link', () => {
    const html = healthIssueHtml({
      url: URL,
      failure: 'Could not <b>write</b> the issue: give the job issues: write',
      resolved: 2,
      asked: 1
    })
    const shown = renderSummary(html)
    expect(shown.text).toBe('❌ Could not <b>write</b> the issue: give the job issues: write')
    expect(shown.links).toEqual([])
  })

  it('is empty when the issue was not kept and nothing failed', () => {
    expect(healthIssueHtml({ resolved: 3, asked: 2 })).toBe('')
  })
})

describe('the report’s top with what the docs health issue adds', () => {
  it('leaves out the gaps people dismissed in the issue, and fills the list with the next ones', () => {
    const sections = [searchesReport(), feedbackReport()]
    const items = overviewOf(sections).items
    const [first, second] = items
    expect(first).toBeDefined()
    const dismissed = new Set([itemId(first as FixItem) ?? ''])
    const kept = overviewOf(sections, [], { dismissed }).items
    expect(kept[0]).toEqual(second)
    expect(kept).not.toContainEqual(first)
    expect(overviewOf(sections, [], { dismissed: new Set() }).items).toEqual(items)
  })

  it('takes a change the run could not read from the issue’s history, for the headlines the history holds', () => {
    const sections = [visitorsReport()]
    const headlines = overviewOf(sections).headlines
    const [read, ...others] = headlines
    expect(read?.previous).toBeUndefined()
    const previous: NonNullable<Headline['previous']> = { value: 40, dateFrom: '2026-10-25', dateTo: '2026-11-01' }
    const [filled, ...rest] = overviewOf(sections, [], { previous: { [read?.key ?? 'humanVisitors']: previous } }).headlines
    expect(filled).toEqual({ ...read, previous })
    expect(rest).toEqual(others)
  })
})
