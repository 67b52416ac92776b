// Tests the visitor section of the job summary (src/report/visitors-summary.ts) as a reader sees it
// on GitHub (test/support/render.js): the range, the site-wide totals against the previous period,
// the top pages with their share bars and chart, the collapsed rest and the byte budgets, partial,
// failed and empty exports, and hostile page paths from the service.
import { describe, expect, it } from 'vitest'
import type { VisitorsReport } from '../../../src/analytics/visitors.js'
import type { VisitorRow } from '../../../src/api/schemas.js'
import { aiShare, aiShareOf, changeText, pointsText, shareBar } from '../../../src/report/traffic-cells.js'
import { DETAILS_BUDGET_BYTES, TOP_BUDGET_BYTES, visitorsSummaryHtml } from '../../../src/report/visitors-summary.js'
import { readerText, renderSummary } from '../../support/render.js'
import { HOSTILE_PATHS } from '../../support/visitors.js'

const RANGE = '14 Nov 2026 to 20 Nov 2026 (7 days, UTC)'
const CAPTION =
  'Unique visitors, site-wide. A visitor seen both as a person and as an AI agent counts in both Human and AI, ' +
  'but once in Total, so Human + AI can be more than Total. AI share is AI ÷ (Human + AI).'
const TOTALS_HEAD = ['', 'Human', 'AI', 'Total', 'AI share']
const PAGE_HEAD = ['Page', 'Human', 'AI', 'Total', 'AI share', 'Human █ AI ░']
const PREVIOUS = { dateFrom: '2026-11-07', dateTo: '2026-11-14', value: { human: 1000, ai: 500, total: 1400 } }

function report(rows: VisitorRow[], more: Partial<VisitorsReport> = {}): VisitorsReport {
  return {
    kind: 'visitors',
    projectId: 'proj1',
    dateFrom: '2026-11-14',
    dateTo: '2026-11-21',
    rangeText: RANGE,
    totals: { human: 1200, ai: 400, total: 1450 },
    rows,
    requests: 3,
    topPages: 2,
    partial: false,
    showReaderText: false,
    ...more
  }
}

const rows: VisitorRow[] = [
  { path: '/docs/quickstart', human: 1000, ai: 250, total: 1200 },
  { path: '/docs/api', human: 300, ai: 100, total: 350 },
  { path: '/docs/faq', human: 7, ai: 0, total: 7 }
]
const seenOf = (r: VisitorsReport) => renderSummary(visitorsSummaryHtml(r))

describe('a whole export compared with the previous period', () => {
  const html = visitorsSummaryHtml(report(rows, { previous: PREVIOUS }))

  it('shows the range, the totals against the previous period, the top pages, a chart and the rest, as a reader sees them', () => {
    expect(readerText(html)).toBe(
      [
        '📊 Documentation visitors\n=========================',
        CAPTION,
        [
          '                   Human       AI   Total   AI share',
          '---------------  -------  -------  ------  ---------',
          'This period        1,200      400   1,450      25.0%',
          'Previous period    1,000      500   1,400      33.3%',
          'Change           ▲ 20.0%  ▼ 20.0%  ▲ 3.6%  ▼ 8.3 pts'
        ].join('\n'),
        'Previous period: 7 Nov 2026 to 13 Nov 2026 (7 days, UTC).',
        'Top 2 pages by visitors',
        [
          'Page              Human   AI  Total  AI share  Human █ AI ░',
          '----------------  -----  ---  -----  --------  ------------',
          '/docs/quickstart  1,000  250  1,200     20.0%  ████████░░',
          '/docs/api           300  100    350     25.0%  ███████░░░'
        ].join('\n'),
        '▸ Chart: human and AI visitors of the top 2 pages',
        '▸ 1 more page'
      ].join('\n\n')
    )
  })

  it('keeps every table whole, the collapsed rest with the same columns', () => {
    expect(renderSummary(html).tables).toEqual([
      [
        TOTALS_HEAD,
        ['This period', '1,200', '400', '1,450', '25.0%'],
        ['Previous period', '1,000', '500', '1,400', '33.3%'],
        ['Change', '▲ 20.0%', '▼ 20.0%', '▲ 3.6%', '▼ 8.3 pts']
      ],
      [
        PAGE_HEAD,
        ['/docs/quickstart', '1,000', '250', '1,200', '20.0%', '████████░░'],
        ['/docs/api', '300', '100', '350', '25.0%', '███████░░░']
      ],
      [PAGE_HEAD, ['/docs/faq', '7', '0', '7', '0.0%', '██████████']]
    ])
    expect(renderSummary(html)).toMatchObject({ links: [], references: [] })
  })

  it('heads the columns of each table, numbers aligned right', () => {
    const th = (label: string, align = 'right') => `<th align="${align}" nowrap>${label}</th>`
    expect(html).toContain(`<table><tr>${th('', 'left')}${th('Human')}${th('AI')}${th('Total')}${th('AI&nbsp;share')}</tr><tr>`)
    expect(html).toContain(
      `<table><tr>${th('Page', 'left')}${th('Human')}${th('AI')}${th('Total')}${th('AI&nbsp;share')}${th('Human&nbsp;█ AI&nbsp;░', 'left')}</tr><tr>`
    )
  })

  it('keeps the column headers on one line', () => {
    expect(html).toContain('<th align="right" nowrap>AI&nbsp;share</th>')
    expect(html).toContain('<th align="left" nowrap>Human&nbsp;█ AI&nbsp;░</th>')
    expect(html).toContain('<th align="left" nowrap>Previous period</th>')
    expect(renderSummary(html).html).toContain('<th align="right" nowrap>')
  })

  it('puts each part on a line of its own, and ends with a line break', () => {
    const tags = visitorsSummaryHtml(report(rows, { previous: PREVIOUS, topPages: 3 }))
      .split('\n')
      .map((line) => /^<\/?[a-z\d]+/.exec(line)?.[0] ?? line)
    expect(tags).toEqual([
      '<h2',
      '<p',
      '<table',
      '<p',
      '<h3',
      '<table',
      '<details',
      '',
      '```mermaid',
      'xychart-beta',
      '  x-axis ["#1", "#2", "#3"]',
      '  y-axis "Visitors"',
      '  bar [1000, 300, 7]',
      '  line [250, 100, 0]',
      '```',
      '',
      'Bars: human visitors; line: AI visitors; <span>&#35;</span>1 is the first page of the table above.',
      '</details',
      ''
    ])
  })
})

describe('the totals', () => {
  it('show this period alone when no comparison was asked for', () => {
    const seen = seenOf(report(rows))
    expect(seen.tables[0]).toEqual([TOTALS_HEAD, ['This period', '1,200', '400', '1,450', '25.0%']])
    expect(seen.text).toContain(`${CAPTION} Human AI Total AI share This period 1,200 400 1,450 25.0% Top 2 pages`)
    expect(seen.text).not.toContain('previous period')
  })

  it('say why the comparison is missing, and show this period alone', () => {
    const previous = { dateFrom: '2026-11-07', dateTo: '2026-11-14', missing: 'the request for the previous period failed' }
    const seen = seenOf(report(rows, { previous }))
    expect(seen.tables[0]).toEqual([TOTALS_HEAD, ['This period', '1,200', '400', '1,450', '25.0%']])
    expect(seen.text).toContain(' 25.0% No comparison with the previous period: the request for the previous period failed. Top 2 pages')
  })

  it('say the previous period was not read when the run stopped before it was', () => {
    const seen = seenOf(report(rows, { previous: { dateFrom: '2026-11-07', dateTo: '2026-11-14' } }))
    expect(seen.text).toContain(' No comparison with the previous period: it was not read. ')
  })

  it('show a new count, no change and a dash where a change cannot be told', () => {
    const seen = seenOf(
      report(rows, { totals: { human: 5, ai: 2, total: 6 }, previous: { ...PREVIOUS, value: { human: 5, ai: 0, total: 0 } } })
    )
    expect(seen.tables[0]?.slice(2)).toEqual([
      ['Previous period', '5', '0', '0', '0.0%'],
      ['Change', 'no change', 'new', 'new', '▲ 28.6 pts']
    ])
    const none = seenOf(
      report([], { totals: { human: 0, ai: 0, total: 0 }, previous: { ...PREVIOUS, value: { human: 0, ai: 0, total: 0 } } })
    )
    expect(none.tables[0]?.slice(1)).toEqual([
      ['This period', '0', '0', '0', '–'],
      ['Previous period', '0', '0', '0', '–'],
      ['Change', 'no change', 'no change', 'no change', '–']
    ])
  })

  it('give a range of date-times as written', () => {
    const previous = { dateFrom: '2026-11-07T06:00:00.000Z', dateTo: '2026-11-14T06:00:00Z', value: PREVIOUS.value }
    expect(seenOf(report(rows, { previous })).text).toContain(
      ' Previous period: 2026-11-07T06:00:00.000Z up to, not including, 2026-11-14T06:00:00Z. '
    )
  })
})

describe('the top pages', () => {
  it('show every page in the top table, and nothing collapsed, when there are no more than topPages', () => {
    const seen = seenOf(report(rows.slice(0, 1), { requests: 1, topPages: 5 }))
    expect(seen.headings).toEqual(['📊 Documentation visitors', 'Top 1 page by visitors'])
    expect(seen.tables).toHaveLength(2)
    expect(seen.text).not.toContain('more page')
    expect(visitorsSummaryHtml(report(rows.slice(0, 1), { topPages: 5 }))).not.toContain('<details><summary>1')
  })

  it('put the rest in a closed details element, with its count as the summary', () => {
    const html = visitorsSummaryHtml(report(rows, { topPages: 1 }))
    expect(html).toContain(`<details><summary>2 more pages</summary>\n<table>`)
    expect(html).toMatch(
      /<details><summary>2 more pages<\/summary>\n<table><tr><th[^]*?<\/tr><tr><td><code>\/docs\/api<\/code><\/td>[^]*?<\/tr><tr><td><code>\/docs\/faq<\/code><\/td>[^]*?<\/tr><\/table>\n<\/details>\n$/
    )
    expect(readerText(html)).toMatch(/\n\n▸ 2 more pages$/)
    expect(renderSummary(html).tables[2]?.map((row) => row[0])).toEqual(['Page', '/docs/api', '/docs/faq'])
  })

  it('show an empty path as such, and a path as code', () => {
    const html = visitorsSummaryHtml(report([{ path: '', human: 1, ai: 1, total: 1 }, ...rows], { topPages: 2 }))
    expect(html).toContain('<td><em>(empty path)</em></td>')
    expect(html).toContain('<td><code>/docs/quickstart</code></td>')
    expect(renderSummary(html).tables[1]?.[1]?.[0]).toBe('(empty path)')
  })

  it('chart the first ten pages at most, numbers only, with a caption that links nothing', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ path: `/p${i}`, human: 100 - i, ai: i + 0.6, total: 100 }))
    const html = visitorsSummaryHtml(report(many, { topPages: 12 }))
    expect(html).toContain('<details><summary>Chart: human and AI visitors of the top 10 pages</summary>\n\n```mermaid\n')
    expect(html).toContain(`  x-axis [${Array.from({ length: 10 }, (_, i) => `"#${i + 1}"`).join(', ')}]\n`)
    expect(html).toContain('  bar [100, 99, 98, 97, 96, 95, 94, 93, 92, 91]\n  line [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n```')
    const seen = renderSummary(html)
    expect(seen.html).toContain('<pre><code class="language-mermaid">xychart-beta')
    expect(seen.text).toContain('Bars: human visitors; line: AI visitors; #1 is the first page of the table above.')
    expect(seen.references).toEqual([])
    expect(readerText(visitorsSummaryHtml(report(rows.slice(0, 1), { topPages: 1 })))).toContain(
      '▸ Chart: human and AI visitors of the top 1 page'
    )
  })

  it('chart whole numbers, and no count below zero', () => {
    const odd = [{ path: '/odd', human: 2.5, ai: -3, total: 2.5 }]
    expect(visitorsSummaryHtml(report(odd, { topPages: 1 }))).toContain('  bar [3]\n  line [0]\n')
  })

  it('chart only the pages of the top table', () => {
    expect(visitorsSummaryHtml(report(rows, { topPages: 2 }))).toContain('  bar [1000, 300]\n')
  })
})

describe('a partial, failed or empty export', () => {
  it('marks a partial export, says why, and says the ranking is of the pages read', () => {
    const seen = seenOf(
      report(rows, { partial: true, partialReason: 'reading stopped at maxPages (3 requests) while the service had more' })
    )
    expect(seen.headings).toEqual(['⚠️ Documentation visitors', 'Top 2 pages by visitors, ranking only the 3 pages read'])
    expect(seen.text).toContain(`Partial: reading stopped at maxPages (3 requests) while the service had more. ${CAPTION}`)
    expect(seen.html).toContain('<strong>Partial:</strong>')
    expect(seen.tables).toHaveLength(3)
    expect(seenOf(report(rows.slice(0, 1), { partial: true, topPages: 1 })).headings[1]).toBe(
      'Top 1 page by visitors, ranking only the 1 page read'
    )
  })

  it('says not everything was read when a partial export gives no reason', () => {
    expect(seenOf(report(rows, { partial: true })).text).toContain('Partial: not everything was read.')
  })

  it('shows a failed export that read nothing as the range and why the step failed, with code spans as code', () => {
    const html = visitorsSummaryHtml(
      report([], {
        totals: undefined,
        requests: 0,
        partial: true,
        partialReason: 'a request failed while reading',
        failure: 'Reading visitor analytics (offset 0) failed: project "p" was not found (404 Not Found). Check `projectId`.'
      })
    )
    expect(readerText(html)).toBe(
      [
        '❌ Documentation visitors\n=========================',
        'Why the step failed: Reading visitor analytics (offset 0) failed: project "p" was not found (404 Not Found). Check projectId.'
      ].join('\n\n')
    )
    expect(html.split('\n')).toEqual([
      '<h2>❌ Documentation visitors</h2>',
      '<p><strong>Why the step failed:</strong> Reading visitor analytics (offset 0) failed&#58; project &quot;p&quot; was not found (404 Not Found). Check <code>projectId</code>.</p>',
      ''
    ])
    expect(renderSummary(html).tables).toEqual([])
  })

  it('shows what was read before a failure, under why the step failed', () => {
    const seen = seenOf(
      report(rows, { partial: true, partialReason: 'a request failed while reading', failure: 'Incomplete after 3 requests.' })
    )
    expect(seen.headings).toEqual(['❌ Documentation visitors', 'Top 2 pages by visitors, ranking only the 3 pages read'])
    expect(seen.text).toContain(`Why the step failed: Incomplete after 3 requests. ${CAPTION}`)
    expect(seen.text).not.toContain('Partial export')
    expect(seen.tables).toHaveLength(3)
  })

  it('says an export skipped for lack of time was not made', () => {
    const seen = seenOf(
      report([], {
        totals: undefined,
        requests: 0,
        partial: true,
        partialReason: 'the run was out of time before the export'
      })
    )
    expect(seen.text).toBe(`⚠️ Documentation visitors Not read: the run was out of time before the export.`)
  })

  it('says when no page had visitors, with a dash for the AI share of nobody', () => {
    const html = visitorsSummaryHtml(report([], { totals: { human: 0, ai: 0, total: 0 }, requests: 1 }))
    const seen = renderSummary(html)
    expect(seen.text).toBe(
      `📊 Documentation visitors ${CAPTION} Human AI Total AI share This period 0 0 0 – ` + 'No page had visitors in this range.'
    )
    expect(seen.tables).toEqual([[TOTALS_HEAD, ['This period', '0', '0', '0', '–']]])
    expect(html).not.toContain('<details')
  })
})

describe('hostile page paths and messages', () => {
  it('show as text: no markup, link, mention or broken table', () => {
    const hostile = HOSTILE_PATHS.map((path, i) => ({ path, human: 9000 + i, ai: 500 + i, total: 9400 + i }))
    const html = visitorsSummaryHtml(
      report(hostile, {
        topPages: 20,
        partial: true,
        partialReason: 'x @team #9',
        failure: 'Bad <b>gateway</b> for @octo-org/admins, see #1'
      })
    )
    const seen = renderSummary(html)
    expect(seen.links).toEqual([])
    expect(seen.references).toEqual([])
    expect(seen.html).not.toMatch(/<(img|b|a|script)\b/)
    const pageTable = seen.tables[1] ?? []
    expect(pageTable).toHaveLength(HOSTILE_PATHS.length + 1)
    for (const cells of pageTable) expect(cells).toHaveLength(6)
    const shown = (path: string): string => {
      const flat = path.replace(/\n/g, ' ')
      return flat === '' ? '(empty path)' : flat.length > 120 ? `${flat.slice(0, 119)}…` : flat
    }
    expect(pageTable.slice(1).map((cells) => cells[0])).toEqual(HOSTILE_PATHS.map(shown))
    expect(seen.text).toContain('Why the step failed: Bad <b>gateway</b> for @octo-org/admins, see #1')
  })

  it('show a hostile reason for a partial export or a missing comparison as text', () => {
    const seen = seenOf(
      report(rows, {
        partial: true,
        partialReason: '<b>x</b> @team',
        previous: { dateFrom: '2026-11-07', dateTo: '2026-11-14', missing: '#1 <i>y</i>' }
      })
    )
    expect(seen.text).toContain('Partial: <b>x</b> @team.')
    expect(seen.text).toContain('No comparison with the previous period: #1 <i>y</i>.')
    expect(seen).toMatchObject({ links: [], references: [] })
  })
})

describe('the byte budgets', () => {
  /** Rows whose HTML in the summary is exactly `bytes` long, with distinct paths. */
  function rowsOfBytes(count: number, bytes: number): VisitorRow[] {
    const rowHtml = (path: string): string => {
      const html = visitorsSummaryHtml(report([{ path, human: 1, ai: 1, total: 1 }], { topPages: 1 }))
      return /<tr><td><code>.*?<\/tr>/.exec(html)?.[0] ?? ''
    }
    const overhead = Buffer.byteLength(rowHtml('/p0000'))
    // '@' is escaped as '<span>&#64;</span>', 18 bytes for one character, so that the path stays under 120 characters.
    const extra = bytes - overhead
    const path = (i: number): string => `/p${String(i).padStart(4, '0')}${'@'.repeat(Math.floor(extra / 18))}${'x'.repeat(extra % 18)}`
    expect(Buffer.byteLength(rowHtml(path(1)))).toBe(bytes)
    return Array.from({ length: count }, (_, i) => ({ path: path(i), human: 1, ai: 1, total: 1 }))
  }

  /** The collapsed part of a summary: its summary line, its rows, and the note under them. Read from
   * the HTML rather than rendered, since rendering 400 KiB of rows is slow. */
  function collapsed(html: string) {
    const details = /<details><summary>(\d.*?)<\/summary>([\s\S]*?)<\/details>/.exec(html)
    return {
      summary: details?.[1],
      rows: (details?.[2] ?? '').split('<tr>').length - 2,
      note: /<p>(… and .*?)<\/p>/.exec(details?.[2] ?? '')?.[1]
    }
  }

  /** The rows of the top table and the heading above it. */
  function top(html: string) {
    const table = /<h3>(.*?)<\/h3>\n<table>(.*?)<\/table>/.exec(html)
    return { heading: table?.[1], rows: (table?.[2] ?? '').split('<tr>').length - 2 }
  }

  it('keeps every collapsed row when they fill the byte budget exactly', () => {
    const fill = DETAILS_BUDGET_BYTES / 1024
    const html = visitorsSummaryHtml(report(rowsOfBytes(fill + 1, 1024), { topPages: 1 }))
    expect(collapsed(html)).toEqual({ summary: `${fill} more pages`, rows: fill, note: undefined })
    expect(html).toMatch(/<\/tr><\/table>\n<\/details>\n$/)
  })

  it('leaves out the collapsed rows past the budget and says how many', () => {
    const fill = DETAILS_BUDGET_BYTES / 1024
    expect(collapsed(visitorsSummaryHtml(report(rowsOfBytes(fill + 3, 1024), { topPages: 1 })))).toEqual({
      summary: `${fill + 2} more pages`,
      rows: fill,
      note: '… and 2 more pages, left out to keep the summary small.'
    })
    expect(collapsed(visitorsSummaryHtml(report(rowsOfBytes(fill + 2, 1024), { topPages: 1 }))).note).toBe(
      '… and 1 more page, left out to keep the summary small.'
    )
  })

  it('keeps every row of the top table when they fill its budget exactly, and moves the next to the collapsed rest', () => {
    const fill = TOP_BUDGET_BYTES / 1024
    const html = visitorsSummaryHtml(report(rowsOfBytes(fill + 1, 1024), { topPages: 1000 }))
    expect(top(html)).toEqual({ heading: `Top ${fill} pages by visitors`, rows: fill })
    expect(collapsed(html)).toEqual({ summary: '1 more page', rows: 1, note: undefined })
  })

  it('stays under GitHub’s 1 MiB limit with topPages at 1,000 and long, escaped paths', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({ path: `/${'@'.repeat(150)}${i}`, human: 1, ai: 1, total: 1 }))
    const html = visitorsSummaryHtml(report(many, { topPages: 1000 }))
    expect(Buffer.byteLength(html)).toBeLessThan(TOP_BUDGET_BYTES + DETAILS_BUDGET_BYTES + 20_000)
    const shown = top(html).rows
    expect(shown).toBeLessThan(1000)
    expect(top(html).heading).toBe(`Top ${shown} pages by visitors`)
    const rest = collapsed(html)
    expect(rest.summary).toBe(`${(20_000 - shown).toLocaleString('en-US')} more pages`)
    expect(rest.note).toBe(`… and ${(20_000 - shown - rest.rows).toLocaleString('en-US')} more pages, left out to keep the summary small.`)
  })
})

describe('aiShareOf and aiShare', () => {
  it.each([
    [3, 1, 25, '25.0%'],
    [1, 2, (2 / 3) * 100, '66.7%'],
    [0, 5, 100, '100.0%'],
    [5, 0, 0, '0.0%'],
    [0, 0, undefined, '–'],
    [-3, 1, 100, '100.0%'],
    [3, -1, 0, '0.0%'],
    [-1, -1, undefined, '–']
  ])('of %d human and %d AI visitors is %s per cent (%s)', (human, ai, share, text) => {
    expect(aiShareOf(human, ai)).toBe(share)
    expect(aiShare(human, ai)).toBe(text)
  })
})

describe('shareBar', () => {
  it.each([
    [10, 0, '██████████'],
    [0, 10, '░░░░░░░░░░'],
    [1, 1, '█████░░░░░'],
    [94, 6, '█████████░'],
    [96, 4, '██████████'],
    [95, 5, '█████████░'],
    [1, 2, '███░░░░░░░'],
    [0, 0, '']
  ])('shows %d human and %d AI visitors as "%s"', (human, ai, bar) => {
    expect(shareBar(human, ai)).toBe(bar)
  })
})

describe('changeText', () => {
  it.each([
    [110, 100, '▲ 10.0%'],
    [90, 100, '▼ 10.0%'],
    [1, 3, '▼ 66.7%'],
    [100, 100, 'no change'],
    [0, 0, 'no change'],
    [5, 0, 'new'],
    [0, 5, '▼ 100.0%'],
    [-1, 0, '–'],
    [0, -1, '–'],
    // A change that rounds to 0.0 % is none; the smallest shown is 0.1 %.
    [100_001, 100_000, 'no change'],
    [99_999, 100_000, 'no change'],
    [100_100, 100_000, '▲ 0.1%'],
    [99_900, 100_000, '▼ 0.1%']
  ])('from %d to %d is "%s"', (now, before, text) => {
    expect(changeText(now, before)).toBe(text)
  })
})

describe('pointsText', () => {
  it.each([
    [30, 25, '▲ 5.0 pts'],
    [25, 30, '▼ 5.0 pts'],
    [26, 25, '▲ 1.0 pt'],
    [24, 25, '▼ 1.0 pt'],
    [25.04, 25, 'no change'],
    [24.96, 25, 'no change'],
    [25.06, 25, '▲ 0.1 pts'],
    [25, 25, 'no change'],
    [undefined, 25, '–'],
    [25, undefined, '–']
  ])('from %s to %s is "%s"', (now, before, text) => {
    expect(pointsText(now, before)).toBe(text)
  })
})
