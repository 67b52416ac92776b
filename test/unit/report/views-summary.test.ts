// Tests the page-views section of the job summary (src/report/views-summary.ts), and the opening and
// budget it shares with the other analytics sections (src/report/section-html.ts), as a reader sees
// it on GitHub (test/support/render.js): the totals, the top pages with their share bars, the
// collapsed rest and its byte budget, partial, failed, unread and empty sections, odd counts, and
// hostile page paths from the service.
import { describe, expect, it } from 'vitest'
import type { ViewsReport } from '../../../src/analytics/views.js'
import type { ViewRow } from '../../../src/api/schemas.js'
import { LIST_BUDGET_BYTES, SECTION_BUDGET_BYTES } from '../../../src/report/section-html.js'
import { viewsSummaryHtml } from '../../../src/report/views-summary.js'
import { HOSTILE_TEXT, LONG_LINE } from '../../emulator/analytics-data.js'
import { readerText, renderSummary } from '../../support/render.js'

const RANGE = '14 Nov 2026 to 20 Nov 2026 (7 days, UTC)'
const CAPTION =
  'Page views, site-wide: every time a page was viewed counts, so one visitor can add many; ' +
  'these are not unique visitors. AI share is AI ÷ (Human + AI).'
const TOTALS_HEAD = ['Human', 'AI', 'Total', 'AI share']
const PAGE_HEAD = ['Page', 'Human', 'AI', 'Total', 'AI share', 'Human █ AI ░']

function report(rows: ViewRow[], more: Partial<ViewsReport> = {}): ViewsReport {
  return {
    kind: 'views',
    projectId: 'proj1',
    dateFrom: '2026-11-14',
    dateTo: '2026-11-21',
    rangeText: RANGE,
    totals: { human: 5000, ai: 1200, total: 6200 },
    rows,
    requests: 3,
    topPages: 2,
    showReaderText: true,
    partial: false,
    ...more
  }
}

const rows: ViewRow[] = [
  { path: '/docs/quickstart', human: 1000, ai: 250, total: 1250 },
  { path: '/docs/api', human: 300, ai: 100, total: 400 },
  { path: '/docs/faq', human: 7, ai: 0, total: 7 }
]
const seenOf = (r: ViewsReport) => renderSummary(viewsSummaryHtml(r))

describe('a whole read', () => {
  const html = viewsSummaryHtml(report(rows))

  it('shows the range, the totals, the top pages and the rest collapsed, as a reader sees them', () => {
    expect(readerText(html)).toBe(
      [
        '📊 Page views\n=============',
        CAPTION,
        ['Human     AI  Total  AI share', '-----  -----  -----  --------', '5,000  1,200  6,200     19.4%'].join('\n'),
        'Top 2 pages by views',
        [
          'Page              Human   AI  Total  AI share  Human █ AI ░',
          '----------------  -----  ---  -----  --------  ------------',
          '/docs/quickstart  1,000  250  1,250     20.0%  ████████░░',
          '/docs/api           300  100    400     25.0%  ███████░░░'
        ].join('\n'),
        '▸ 1 more page'
      ].join('\n\n')
    )
  })

  it('keeps every table whole, the collapsed rest with the same columns, and links nothing', () => {
    const seen = renderSummary(html)
    expect(seen.tables).toEqual([
      [TOTALS_HEAD, ['5,000', '1,200', '6,200', '19.4%']],
      [
        PAGE_HEAD,
        ['/docs/quickstart', '1,000', '250', '1,250', '20.0%', '████████░░'],
        ['/docs/api', '300', '100', '400', '25.0%', '███████░░░']
      ],
      [PAGE_HEAD, ['/docs/faq', '7', '0', '7', '0.0%', '██████████']]
    ])
    expect(seen).toMatchObject({ links: [], references: [] })
  })

  it('writes each part on a line of its own, headed columns aligned, and ends with a line break', () => {
    const th = (label: string, align = 'right') => `<th align="${align}" nowrap>${label}</th>`
    const counts = `${th('Human')}${th('AI')}${th('Total')}${th('AI&nbsp;share')}`
    const pageHead = `<tr>${th('Page', 'left')}${counts}${th('Human&nbsp;█ AI&nbsp;░', 'left')}</tr>`
    const td = (text: string) => `<td align="right">${text}</td>`
    expect(html.split('\n')).toEqual([
      '<h2>📊 Page views</h2>',
      `<p><strong>Page views, site-wide:</strong> ${CAPTION.slice('Page views, site-wide: '.length)}</p>`,
      `<table><tr>${counts}</tr><tr>${td('5,000')}${td('1,200')}${td('6,200')}${td('19.4%')}</tr></table>`,
      '<h3>Top 2 pages by views</h3>',
      `<table>${pageHead}<tr><td><code>/docs/quickstart</code></td>${td('1,000')}${td('250')}${td('1,250')}${td('20.0%')}<td><code>████████░░</code></td></tr>` +
        `<tr><td><code>/docs/api</code></td>${td('300')}${td('100')}${td('400')}${td('25.0%')}<td><code>███████░░░</code></td></tr></table>`,
      '<details><summary>1 more page</summary>',
      `<table>${pageHead}<tr><td><code>/docs/faq</code></td>${td('7')}${td('0')}${td('7')}${td('0.0%')}<td><code>██████████</code></td></tr></table>`,
      '</details>',
      ''
    ])
  })

  it('shows every page in the top table, and nothing collapsed, when there are no more than topPages', () => {
    const seen = seenOf(report(rows.slice(0, 1), { requests: 1, topPages: 5 }))
    expect(seen.headings).toEqual(['📊 Page views', 'Top 1 page by views'])
    expect(seen.tables).toHaveLength(2)
    expect(seen.html).not.toContain('<details')
  })

  it('collapses the rest with its count as the summary', () => {
    const html1 = viewsSummaryHtml(report(rows, { topPages: 1 }))
    expect(readerText(html1)).toContain('\n\nTop 1 page by views\n\n')
    expect(readerText(html1)).toMatch(/\n\n▸ 2 more pages$/)
    expect(renderSummary(html1).tables[2]?.map((row) => row[0])).toEqual(['Page', '/docs/api', '/docs/faq'])
  })

  it('shows an empty path as such, and a path as code', () => {
    const html1 = viewsSummaryHtml(report([{ path: '', human: 1, ai: 1, total: 2 }], { topPages: 1 }))
    expect(html1).toContain('<td><em>(empty path)</em></td>')
    expect(renderSummary(html1).tables[1]?.[1]).toEqual(['(empty path)', '1', '1', '2', '50.0%', '█████░░░░░'])
  })
})

describe('odd counts', () => {
  it('shows negative and fractional counts as they are, with no NaN, and a dash for the share of nobody', () => {
    const odd: ViewRow[] = [
      { path: '/fraction', human: 0.25, ai: 0.5, total: 0.75 },
      { path: '/negative', human: -3, ai: 1.5, total: -1.5 },
      { path: '/nobody', human: 0, ai: 0, total: 0 }
    ]
    const seen = seenOf(report(odd, { totals: { human: -1, ai: -2, total: 1234567.891 }, topPages: 3 }))
    expect(seen.tables).toEqual([
      [TOTALS_HEAD, ['-1', '-2', '1,234,567.89', '–']],
      [
        PAGE_HEAD,
        ['/fraction', '0.25', '0.5', '0.75', '66.7%', '███░░░░░░░'],
        ['/negative', '-3', '1.5', '-1.5', '100.0%', '░░░░░░░░░░'],
        ['/nobody', '0', '0', '0', '–', '']
      ]
    ])
    expect(seen.text).not.toContain('NaN')
  })
})

describe('a partial, failed, unread or empty read', () => {
  it('marks a partial read, says why, and says the ranking is of the pages read', () => {
    const seen = seenOf(report(rows, { partial: true, partialReason: 'page views: reading stopped at maxRequests (40)' }))
    expect(seen.headings).toEqual(['⚠️ Page views', 'Top 2 pages by views, ranking only the 3 pages read'])
    expect(seen.text).toContain(`Partial: page views: reading stopped at maxRequests (40). ${CAPTION}`)
    expect(seen.html).toContain('<p><strong>Partial:</strong> page views')
    expect(seenOf(report(rows.slice(0, 1), { partial: true, topPages: 1 })).headings[1]).toBe(
      'Top 1 page by views, ranking only the 1 page read'
    )
  })

  it('says not everything was read when a partial read gives no reason', () => {
    expect(seenOf(report(rows, { partial: true })).text).toContain(`Partial: not everything was read. ${CAPTION}`)
  })

  it('shows a failed read that read nothing as the range and why the step failed, with code spans as code', () => {
    const html = viewsSummaryHtml(
      report([], {
        totals: undefined,
        requests: 1,
        partial: true,
        partialReason: 'a request failed while reading',
        failure: 'Reading page views failed: project "p" was not found (404 Not Found). Check `projectId`.'
      })
    )
    expect(html.split('\n')).toEqual([
      '<h2>❌ Page views</h2>',
      '<p><strong>Why the step failed:</strong> Reading page views failed&#58; project &quot;p&quot; was not found (404 Not Found). Check <code>projectId</code>.</p>',
      ''
    ])
    expect(readerText(html)).toBe(
      [
        '❌ Page views\n=============',
        'Why the step failed: Reading page views failed: project "p" was not found (404 Not Found). Check projectId.'
      ].join('\n\n')
    )
  })

  it('shows what was read before a failure, under why the step failed', () => {
    const seen = seenOf(
      report(rows, { partial: true, partialReason: 'a request failed while reading', failure: 'Incomplete after 3 requests.' })
    )
    expect(seen.headings).toEqual(['❌ Page views', 'Top 2 pages by views, ranking only the 3 pages read'])
    expect(seen.text).toContain(`Why the step failed: Incomplete after 3 requests. ${CAPTION}`)
    expect(seen.text).not.toContain('Partial')
    expect(seen.tables).toHaveLength(3)
  })

  it('says a section skipped for lack of time was not read, and stops', () => {
    const html = viewsSummaryHtml(
      report([], { totals: undefined, requests: 0, partial: true, partialReason: 'the run was out of time before this section was read' })
    )
    expect(html).toBe(`<h2>⚠️ Page views</h2>\n<p><strong>Not read:</strong> the run was out of time before this section was read.</p>\n`)
  })

  it('marks a section with nothing read and no reason as not read', () => {
    expect(seenOf(report([], { totals: undefined })).text).toBe(`⚠️ Page views Not read: nothing was read.`)
  })

  it('shows pages read without totals, under the partial reason', () => {
    const seen = seenOf(report(rows, { totals: undefined, partial: true, partialReason: 'x' }))
    expect(seen.text).toContain(`Partial: x. Top 2 pages by views`)
    expect(seen.tables.map((table) => table[0])).toEqual([PAGE_HEAD, PAGE_HEAD])
  })

  it('says when no page was viewed, with a dash for the AI share of nobody', () => {
    const html = viewsSummaryHtml(report([], { totals: { human: 0, ai: 0, total: 0 }, requests: 1 }))
    expect(renderSummary(html).text).toBe(`📊 Page views ${CAPTION} Human AI Total AI share 0 0 0 – No page was viewed in this range.`)
    expect(html).not.toContain('<h3')
  })
})

describe('hostile page paths and messages', () => {
  it('show as text: no markup, link, mention or broken table', () => {
    const paths = [...HOSTILE_TEXT, '@octocat', '#1', '::set-output name=x::y', '[x](javascript:alert(1))', '| a | b |']
    const hostile = paths.map((path, i) => ({ path, human: 9000 - i, ai: 500, total: 9500 - i }))
    const html = viewsSummaryHtml(
      report(hostile, {
        topPages: 30,
        partial: true,
        partialReason: 'x @team #9 <b>y</b>',
        failure: 'Bad <b>gateway</b> for @octo-org/admins, see #1'
      })
    )
    const seen = renderSummary(html)
    expect(seen.links).toEqual([])
    expect(seen.references).toEqual([])
    expect(seen.html).not.toMatch(/<(img|b|a|script)\b/)
    const pageTable = seen.tables[1] ?? []
    expect(pageTable).toHaveLength(paths.length + 1)
    for (const cells of pageTable) expect(cells).toHaveLength(6)
    const shown = (path: string): string => {
      const flat = path.replace(/\s+/g, ' ').trim()
      return flat === '' ? '(empty path)' : flat.length > 120 ? `${flat.slice(0, 119)}…` : flat
    }
    expect(pageTable.slice(1).map((cells) => cells[0])).toEqual(paths.map(shown))
    expect(seen.text).toContain('Why the step failed: Bad <b>gateway</b> for @octo-org/admins, see #1')
    expect(seenOf(report(rows, { partial: true, partialReason: 'x @team #9 <b>y</b>' })).text).toContain('Partial: x @team #9 <b>y</b>.')
  })

  it('leaves the range to the top of the report', () => {
    expect(seenOf(report(rows, { rangeText: '<b>#1</b> @x' })).text).not.toContain('#1')
  })
})

describe('the byte budget', () => {
  /** Rows whose HTML in the summary is exactly `bytes` long, with distinct paths. */
  function rowsOfBytes(count: number, bytes: number): ViewRow[] {
    const rowHtml = (path: string): string =>
      /<tr><td><code>.*?<\/tr>/.exec(viewsSummaryHtml(report([{ path, human: 1, ai: 1, total: 1 }], { topPages: 1 })))?.[0] ?? ''
    const extra = bytes - Buffer.byteLength(rowHtml('/p0000'))
    // '@' is escaped as '<span>&#64;</span>', 18 bytes for one character, so that the path stays under 120 characters.
    const path = (i: number): string => `/p${String(i).padStart(4, '0')}${'@'.repeat(Math.floor(extra / 18))}${'x'.repeat(extra % 18)}`
    expect(Buffer.byteLength(rowHtml(path(1)))).toBe(bytes)
    return Array.from({ length: count }, (_, i) => ({ path: path(i), human: 1, ai: 1, total: 1 }))
  }

  function collapsed(html: string) {
    const details = /<details><summary>(\d.*?)<\/summary>([\s\S]*?)<\/details>/.exec(html)
    return {
      summary: details?.[1],
      rows: (details?.[2] ?? '').split('<tr>').length - 2,
      note: /<p>(… and .*?)<\/p>/.exec(details?.[2] ?? '')?.[1]
    }
  }

  function top(html: string) {
    const table = /<h3>(.*?)<\/h3>\n<table>(.*?)<\/table>/.exec(html)
    return { heading: table?.[1], rows: (table?.[2] ?? '').split('<tr>').length - 2 }
  }

  const fill = LIST_BUDGET_BYTES / 1024

  it('keeps every collapsed row when they fill the budget exactly', () => {
    const html = viewsSummaryHtml(report(rowsOfBytes(fill + 1, 1024), { topPages: 1 }))
    expect(collapsed(html)).toEqual({ summary: `${fill} more pages`, rows: fill, note: undefined })
    expect(html).toMatch(/<\/tr><\/table>\n<\/details>\n$/)
  })

  it('leaves out the collapsed rows past the budget and says how many', () => {
    const html = viewsSummaryHtml(report(rowsOfBytes(fill + 3, 1024), { topPages: 1 }))
    expect(collapsed(html)).toEqual({
      summary: `${fill + 2} more pages`,
      rows: fill,
      note: '… and 2 more pages, left out to keep the summary small.'
    })
    expect(html).toMatch(/<\/tr><\/table>\n<p>… and 2 more pages, left out to keep the summary small\.<\/p>\n<\/details>\n$/)
    expect(collapsed(viewsSummaryHtml(report(rowsOfBytes(fill + 2, 1024), { topPages: 1 }))).note).toBe(
      '… and 1 more page, left out to keep the summary small.'
    )
  })

  it('keeps every row of the top table when they fill its budget exactly, and moves the next to the collapsed rest', () => {
    const html = viewsSummaryHtml(report(rowsOfBytes(fill + 1, 1024), { topPages: 1000 }))
    expect(top(html)).toEqual({ heading: `Top ${fill} pages by views`, rows: fill })
    expect(collapsed(html)).toEqual({ summary: '1 more page', rows: 1, note: undefined })
  })

  it(`stays within ${SECTION_BUDGET_BYTES / 1024} KiB with 10,000 long, hostile paths, topPages at 1,000 and the longest messages`, () => {
    const hostile = Array.from({ length: 10_000 }, (_, i) => ({
      path: `${'@#<|'.repeat(500)}${String(HOSTILE_TEXT[i % HOSTILE_TEXT.length])}${i}`,
      human: 1,
      ai: 1,
      total: 2
    }))
    const html = viewsSummaryHtml(
      report(hostile, { topPages: 1000, rangeText: '@'.repeat(2000), failure: '@'.repeat(2000), partial: true, partialReason: LONG_LINE })
    )
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(SECTION_BUDGET_BYTES)
    const shown = top(html).rows
    expect(shown).toBeGreaterThan(0)
    const rest = collapsed(html)
    expect(rest.summary).toBe(`${(10_000 - shown).toLocaleString('en-US')} more pages`)
    expect(rest.note).toBe(`… and ${(10_000 - shown - rest.rows).toLocaleString('en-US')} more pages, left out to keep the summary small.`)
  })
})
