// Tests the traffic block of the job summary (src/sections/traffic/summary.ts), and the cells it uses
// (src/sections/traffic/summary-cells.ts), as a reader sees it on GitHub (test/support/render.js): visitors and
// page views in one page table of at most four columns, each count with its AI share, a bar of the
// page's size against the top page, the collapsed rest and the byte budgets; either measure alone;
// partial, failed, unread and empty sections; hostile page paths; and the page views' own part when
// they are shown with the visitors (src/sections/traffic/render-views.ts).
import { describe, expect, it } from 'vitest'
import type { ViewsReport } from '../../../../src/sections/traffic/read-views.js'
import type { VisitorsReport } from '../../../../src/sections/traffic/read-visitors.js'
import type { VisitorRow } from '../../../../src/sections/traffic/schema.js'
import { aiShare, aiShareOf, sizeBar } from '../../../../src/sections/traffic/summary-cells.js'
import { DETAILS_BUDGET_BYTES, TOP_BUDGET_BYTES, trafficSummaryHtml } from '../../../../src/sections/traffic/summary.js'
import { viewsRenderer } from '../../../../src/sections/traffic/render-views.js'
import { readerText, renderSummary } from '../../../support/render.js'
import { viewsReport, visitorsReport } from './reports.js'
import { HOSTILE_PATHS } from '../../../support/visitors.js'

const NOTE =
  'A visitor seen both as a person and as an AI agent counts in both Human and AI but once in Total. ' +
  'Views count every time a page was viewed. AI share is AI ÷ (Human + AI). The bar under each page is its visitors against the top page’s.'

const visitorRows: VisitorRow[] = [
  { path: '/quickstart', human: 1000, ai: 250, total: 1200 },
  { path: '/api', human: 300, ai: 100, total: 400 },
  { path: '/faq', human: 7, ai: 0, total: 7 }
]
const viewRows: VisitorRow[] = [
  { path: '/quickstart', human: 3000, ai: 1000, total: 4000 },
  { path: '/faq', human: 20, ai: 0, total: 20 },
  { path: '/only-viewed', human: 2, ai: 2, total: 4 },
  { path: '/api', human: 800, ai: 200, total: 1000 }
]
const visitors = (more: Partial<VisitorsReport> = {}): VisitorsReport =>
  visitorsReport({ totals: { human: 1300, ai: 350, total: 1600 }, rows: visitorRows, topPages: 2, ...more })
const views = (more: Partial<ViewsReport> = {}): ViewsReport =>
  viewsReport({ totals: { human: 3822, ai: 1202, total: 5024 }, rows: viewRows, topPages: 2, ...more })

describe('visitors and page views together', () => {
  it('shows the site-wide totals side by side, then one page table of three columns, the rest collapsed', () => {
    const html = trafficSummaryHtml({ visitors: visitors(), views: views() })
    const opening = [
      '📊 Visitors and page views\n==========================',
      NOTE,
      [
        'Site-wide  Visitors  Views',
        '---------  --------  -----',
        'Human         1,300  3,822',
        'AI              350  1,202',
        'Total         1,600  5,024',
        'AI share      21.2%  23.9%'
      ].join('\n'),
      'Top 2 pages by visitors\n\n'
    ].join('\n\n')
    expect(readerText(html).slice(0, opening.length)).toBe(opening)
    const seen = renderSummary(html)
    expect(seen.tables[1]).toEqual([
      ['Page', 'Visitors', 'Views'],
      ['/quickstart ████████', '1,200 20.0% AI', '4,000 25.0% AI'],
      ['/api ██▋', '400 25.0% AI', '1,000 20.0% AI']
    ])
    // The rest: the page both saw, then the page only views saw, with no visitor count.
    expect(seen.tables[2]).toEqual([
      ['Page', 'Visitors', 'Views'],
      ['/faq ▏', '7 0.0% AI', '20 0.0% AI'],
      ['/only-viewed', '–', '4 50.0% AI']
    ])
    expect(seen.text).toContain('2 more pages')
    for (const table of seen.tables) for (const row of table) expect(row.length).toBeLessThanOrEqual(3)
    // The AI share sits under its count, on a line of its own, in small type.
    expect(html).toContain('<td align="right">1,200<br><sub>20.0%&nbsp;AI</sub></td>')
    expect(html).not.toContain('mermaid')
  })

  it('leaves the page views’ own part empty when they are whole, and says why when they are not', () => {
    const others = [visitors()]
    expect(viewsRenderer.summaryHtml(views(), others)).toBe('')
    const partial = views({ partial: true, partialReason: 'page views: reading stopped at maxRequests' })
    expect(readerText(viewsRenderer.summaryHtml(partial, others))).toBe(
      '⚠️ Page views\n=============\n\nPartial: page views: reading stopped at maxRequests.'
    )
    const failed = views({ totals: undefined, rows: [], requests: 0, partial: true, failure: 'Reading page views failed.' })
    expect(readerText(viewsRenderer.summaryHtml(failed, others))).toBe(
      '❌ Page views\n=============\n\nWhy the step failed: Reading page views failed.'
    )
    // Without the visitors, the page views are a block of their own.
    expect(renderSummary(viewsRenderer.summaryHtml(views())).headings[0]).toBe('📊 Page views')
  })

  it('counts the page views as read when either their totals or their pages were read, and says so when neither was', () => {
    const others = [visitors()]
    expect(viewsRenderer.summaryHtml(views({ rows: [] }), others)).toBe('')
    expect(viewsRenderer.summaryHtml(views({ totals: undefined }), others)).toBe('')
    expect(readerText(viewsRenderer.summaryHtml(views({ totals: undefined, rows: [] }), others))).toBe(
      '⚠️ Page views\n=============\n\nNot read: nothing was read.'
    )
    // Beside a section that is not the visitors, the page views are a block of their own.
    expect(renderSummary(viewsRenderer.summaryHtml(views(), [{ kind: 'searches' }])).headings[0]).toBe('📊 Page views')
  })

  it('shows the views of a run whose visitors failed, under the visitors’ failure', () => {
    const failed = visitors({ totals: undefined, rows: [], requests: 0, partial: true, failure: 'Reading visitor analytics failed.' })
    const seen = renderSummary(trafficSummaryHtml({ visitors: failed, views: views() }))
    expect(seen.headings).toEqual(['❌ Visitors and page views', 'Top 2 pages by views'])
    expect(seen.text).toContain('Why the step failed: Reading visitor analytics failed.')
    expect(seen.tables[1]?.[0]).toEqual(['Page', 'Views'])
    expect(seen.tables[1]?.[1]).toEqual(['/quickstart ████████', '4,000 25.0% AI'])
  })
})

describe('joining the measures by page', () => {
  it('never joins rows shown alike: each "(other page)" keeps its own counts', () => {
    const other = (total: number) => ({ path: '(other page)', human: total, ai: 0, total })
    const seen = renderSummary(
      trafficSummaryHtml({
        visitors: visitors({ rows: [other(9), other(5)], topPages: 10 }),
        views: views({ rows: [other(30), { path: '/a', human: 1, ai: 0, total: 1 }] })
      })
    )
    expect(seen.tables[1]?.slice(1)).toEqual([
      ['(other page) ████████', '9 0.0% AI', '–'],
      ['(other page) ████▌', '5 0.0% AI', '–'],
      ['(other page)', '–', '30 0.0% AI'],
      ['/a', '–', '1 0.0% AI']
    ])
  })

  it('joins a path the first measure saw twice to neither of its rows', () => {
    const twice = [
      { path: '/a', human: 4, ai: 0, total: 4 },
      { path: '/a', human: 2, ai: 0, total: 2 }
    ]
    const seen = renderSummary(
      trafficSummaryHtml({
        visitors: visitors({ rows: twice, topPages: 10 }),
        views: views({ rows: [{ path: '/a', human: 7, ai: 0, total: 7 }] })
      })
    )
    expect(seen.tables[1]?.slice(1).map((row) => row.slice(1, 3))).toEqual([
      ['4 0.0% AI', '–'],
      ['2 0.0% AI', '–'],
      ['–', '7 0.0% AI']
    ])
  })
})

describe('one measure alone', () => {
  it('shows the visitors with two columns and their bar', () => {
    const seen = renderSummary(trafficSummaryHtml({ visitors: visitors({ topPages: 3 }) }))
    expect(seen.headings).toEqual(['📊 Documentation visitors', 'Top 3 pages by visitors'])
    expect(seen.tables[0]?.[0]).toEqual(['Site-wide', 'Visitors'])
    expect(seen.tables[1]).toEqual([
      ['Page', 'Visitors'],
      ['/quickstart ████████', '1,200 20.0% AI'],
      ['/api ██▋', '400 25.0% AI'],
      ['/faq ▏', '7 0.0% AI']
    ])
    expect(seen.tables).toHaveLength(2)
  })

  it('ranks the pages read of a partial read, and says so', () => {
    const seen = renderSummary(trafficSummaryHtml({ visitors: visitors({ partial: true, partialReason: 'visitor rows: cut' }) }))
    expect(seen.headings).toEqual(['⚠️ Documentation visitors', 'Top 2 pages by visitors, ranking only the 3 pages read'])
    expect(seen.text).toContain('Partial: visitor rows: cut.')
  })

  it('says when no page had visitors, with a dash for the AI share of nobody', () => {
    const html = trafficSummaryHtml({ visitors: visitors({ totals: { human: 0, ai: 0, total: 0 }, rows: [] }) })
    const seen = renderSummary(html)
    expect(seen.tables).toEqual([
      [
        ['Site-wide', 'Visitors'],
        ['Human', '0'],
        ['AI', '0'],
        ['Total', '0'],
        ['AI share', '–']
      ]
    ])
    expect(seen.text).toMatch(/No page had visitors or views in this range\.$/)
  })

  it('says a section skipped for lack of time was not read, and nothing more', () => {
    const skipped = visitors({ totals: undefined, rows: [], requests: 0, partial: true, partialReason: 'the run was out of time' })
    expect(renderSummary(trafficSummaryHtml({ visitors: skipped })).text).toBe(
      '⚠️ Documentation visitors Not read: the run was out of time.'
    )
    expect(trafficSummaryHtml({})).toBe('')
  })

  it('shows an empty path as such, and a count of nobody, human or AI, without a share', () => {
    const rows = [
      { path: '', human: 5, ai: 0, total: 5 },
      { path: '/none', human: 0, ai: 0, total: 0 }
    ]
    const seen = renderSummary(trafficSummaryHtml({ visitors: visitors({ rows }) }))
    expect(seen.tables[1]?.slice(1)).toEqual([
      ['(empty path) ████████', '5 0.0% AI'],
      ['/none', '0']
    ])
  })
})

describe('hostile page paths and messages', () => {
  it('show as text: no markup, link, mention or broken table', () => {
    const hostile = HOSTILE_PATHS.map((path, i) => ({ path, human: 9000 + i, ai: 500 + i, total: 9400 + i }))
    const html = trafficSummaryHtml({
      visitors: visitors({ rows: hostile, topPages: 100, partial: true, failure: 'Bad <b>gateway</b> for @octo-org/admins, see #1' }),
      views: views({ rows: hostile })
    })
    const seen = renderSummary(html)
    expect(seen.links).toEqual([])
    expect(seen.references).toEqual([])
    expect(seen.html).not.toMatch(/<(img|b|a|script)\b/)
    const pageTable = seen.tables[1] ?? []
    for (const cells of pageTable) expect(cells).toHaveLength(3)
    const shown = (path: string): string => {
      const flat = path.replace(/\n/g, ' ')
      return flat === '' ? '(empty path)' : flat.length > 120 ? `${flat.slice(0, 119)}…` : flat
    }
    // Ranked by visitors, most first: the last hostile path first.
    // Each path, then its bar (about the same size: their counts are close); a long path is broken
    // into lines after a /, which the text shows as a space.
    expect(pageTable.slice(1).map((cells) => cells[0]?.replace(/ [█▏▎▍▌▋▊▉]+$/, '').replace(/\/ /g, '/'))).toEqual(
      [...HOSTILE_PATHS].reverse().map(shown)
    )
    expect(seen.text).toContain('Why the step failed: Bad <b>gateway</b> for @octo-org/admins, see #1')
  })
})

describe('the byte budgets', () => {
  /** The row of a page in the top table. */
  const rowHtml = (path: string): string =>
    /<tr><td><code>.*?<\/tr>/.exec(
      trafficSummaryHtml({ visitors: visitors({ rows: [{ path, human: 1, ai: 1, total: 1 }], topPages: 1 }) })
    )?.[0] ?? ''

  /** Rows whose HTML is exactly `bytes` long, with distinct paths and the same count (the same bar). */
  function rowsOfBytes(count: number, bytes: number): VisitorRow[] {
    const extra = bytes - Buffer.byteLength(rowHtml('/p0000'))
    // '@' is escaped as '<span>&#64;</span>', 18 bytes for one character, so that the path stays under 120 characters.
    const path = (i: number): string => `/p${String(i).padStart(4, '0')}${'@'.repeat(Math.floor(extra / 18))}${'x'.repeat(extra % 18)}`
    expect(Buffer.byteLength(rowHtml(path(1)))).toBe(bytes)
    return Array.from({ length: count }, (_, i) => ({ path: path(i), human: 1, ai: 1, total: 1 }))
  }

  /** The collapsed part: its summary line, its rows, and the note under them (read from the HTML: rendering 300 KiB is slow). */
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

  const of = (rows: VisitorRow[], topPages: number): string => trafficSummaryHtml({ visitors: visitors({ rows, topPages }) })

  it('keeps every collapsed row when they fill the byte budget exactly, and says how many are left out past it', () => {
    const fill = DETAILS_BUDGET_BYTES / 1024
    expect(collapsed(of(rowsOfBytes(fill + 1, 1024), 1))).toEqual({ summary: `${fill} more pages`, rows: fill, note: undefined })
    expect(collapsed(of(rowsOfBytes(fill + 3, 1024), 1))).toEqual({
      summary: `${fill + 2} more pages`,
      rows: fill,
      note: '… and 2 more pages, left out to keep the summary small.'
    })
  })

  it('keeps every row of the top table when they fill its budget exactly, and moves the next to the collapsed rest', () => {
    const fill = TOP_BUDGET_BYTES / 1024
    const html = of(rowsOfBytes(fill + 1, 1024), 1000)
    expect(top(html)).toEqual({ heading: `Top ${fill} pages by visitors`, rows: fill })
    expect(collapsed(html)).toEqual({ summary: '1 more page', rows: 1, note: undefined })
  })

  it('stays under GitHub’s 1 MiB limit with topPages at 1,000 and long, escaped paths in both measures', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({ path: `/${'@'.repeat(150)}${i}`, human: 1, ai: 1, total: 1 }))
    const html = trafficSummaryHtml({ visitors: visitors({ rows: many, topPages: 1000 }), views: views({ rows: many }) })
    expect(Buffer.byteLength(html)).toBeLessThan(TOP_BUDGET_BYTES + DETAILS_BUDGET_BYTES + 20_000)
    const shown = top(html).rows
    expect(shown).toBeLessThan(1000)
    expect(collapsed(html).summary).toBe(`${(20_000 - shown).toLocaleString('en-US')} more pages`)
  })
})

describe('aiShareOf and aiShare', () => {
  it.each([
    [3, 1, 25, '25.0%'],
    [0, 0, undefined, '–'],
    [-5, 2, 100, '100.0%'],
    [2, -5, 0, '0.0%'],
    // Each finite, their sum not: the share is still of the two.
    [1e308, 1e308, 50, '50.0%'],
    [1e308, 1e-300, 0, '0.0%']
  ])('human %d and AI %d share %s (%s)', (human, ai, share, text) => {
    expect(aiShareOf(human, ai)).toBe(share)
    expect(aiShare(human, ai)).toBe(text)
  })
})

describe('sizeBar', () => {
  it.each([
    [100, 100, '████████'],
    [50, 100, '████'],
    [33, 100, '██▋'],
    [1, 100, '▏'],
    [0.001, 100, '▏'],
    [0, 100, ''],
    [-4, 100, ''],
    [5, 0, ''],
    [200, 100, '████████'],
    [Number.NaN, 100, ''],
    [6, 8, '██████']
  ])('%d against %d is "%s"', (value, topValue, bar) => {
    expect(sizeBar(value, topValue)).toBe(bar)
  })

  it('grows by one eighth of a cell at a time', () => {
    const bars = Array.from({ length: 65 }, (_, i) => sizeBar(i, 64))
    // Each block character is one code unit: its length counts cells.
    for (let i = 1; i < bars.length; i++) expect(bars[i]?.length).toBe(Math.ceil(i / 8))
    expect(new Set(bars).size).toBe(65)
  })
})
