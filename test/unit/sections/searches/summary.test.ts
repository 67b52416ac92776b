// Tests the searches section of the job summary (src/sections/searches/summary.ts) as a reader sees it
// on GitHub (test/support/render.js): the counts, the top search terms and those with no click, the
// terms hidden when the run keeps no reader text, partial, failed, unread and empty sections, odd
// counts, hostile search terms and the byte budget.
import { describe, expect, it } from 'vitest'
import type { SearchEntry, SearchesReport } from '../../../../src/sections/searches/read.js'
import { ctrText, searchesSummaryHtml } from '../../../../src/sections/searches/summary.js'
import { LIST_BUDGET_BYTES, SECTION_BUDGET_BYTES } from '../../../../src/render/section-html.js'
import { HOSTILE_TEXT, LONG_LINE } from '../../../emulator/analytics-data.js'
import { readerText, renderSummary } from '../../../support/render.js'

const RANGE = '14 Nov 2026 to 20 Nov 2026 (7 days, UTC)'
const TOP_HEAD = ['Search term', 'Hits', 'Clicked']
const HIDDEN =
  'Search terms are hidden: readers type them, and they may hold personal data. To show them, set readerText: show; ' +
  'in a private repository they show by default (readerText: auto).'

function report(rows: SearchEntry[], more: Partial<SearchesReport> = {}): SearchesReport {
  return {
    kind: 'searches',
    projectId: 'proj1',
    dateFrom: '2026-11-14',
    dateTo: '2026-11-21',
    rangeText: RANGE,
    totalSearches: 177,
    rows,
    requests: 2,
    topPages: 2,
    showReaderText: true,
    partial: false,
    ...more
  }
}

const rows: SearchEntry[] = [
  { query: 'install', hits: 120, ctr: 0.456, topClickedPage: '/docs/install', lastSearchedAt: '2026-11-20T10:00:00Z' },
  { query: 'pricing', hits: 40, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-19T08:30:00Z' },
  { query: 'webhooks', hits: 12, ctr: 0.25, topClickedPage: '/docs/webhooks', lastSearchedAt: '2026-11-18T00:00:00Z' },
  { query: 'sso', hits: 5, ctr: 0, topClickedPage: null, lastSearchedAt: 'yesterday' }
]
/** Terms as a run that hides reader text keeps them: no text. */
const hidden = (entries: SearchEntry[]): SearchEntry[] =>
  entries.map((entry) => {
    const copy = { ...entry }
    delete copy.query
    return copy
  })
const seenOf = (r: SearchesReport) => renderSummary(searchesSummaryHtml(r))

describe('search terms shown', () => {
  const htmlOf = () => searchesSummaryHtml(report(rows))

  it('shows the counts, the top terms and the terms with no click, as a reader sees them', () => {
    const html = htmlOf()
    expect(readerText(html)).toBe(
      [
        '🔎 Searches\n===========',
        '177 searches in this range, over 4 search terms read. 45 searches with no click (2 search terms with no click).',
        'Top 2 search terms',
        [
          'Search term              Hits  Clicked',
          '-----------------------  ----  -------',
          'install → /docs/install   120    45.6%',
          'pricing                    40     0.0%'
        ].join('\n'),
        'Top 2 search terms with no click',
        [
          'Search term                          Hits',
          '-----------------------------------  ----',
          'pricing last 19 Nov 2026, 08:30 UTC    40',
          'sso last yesterday                      5'
        ].join('\n')
      ].join('\n\n')
    )
    expect(renderSummary(html)).toMatchObject({ links: [], references: [] })
  })

  it('writes each part on a line of its own, the columns headed and numbers aligned right', () => {
    const html = htmlOf()
    const th = (label: string, align = 'right') => `<th align="${align}" nowrap>${label}</th>`
    const td = (text: string) => `<td align="right">${text}</td>`
    expect(html.split('\n')).toEqual([
      '<h2>🔎 Searches</h2>',
      '<p><strong>177 searches</strong> in this range, over 4 search terms read. <strong>45 searches with no click</strong> (2 search terms with no click).</p>',
      '<h3>Top 2 search terms</h3>',
      `<table><tr>${th('Search term', 'left')}${th('Hits')}${th('Clicked')}</tr>` +
        `<tr><td>install<br><sub>→ <code>/docs/install</code></sub></td>${td('120')}${td('45.6%')}</tr>` +
        `<tr><td>pricing</td>${td('40')}${td('0.0%')}</tr></table>`,
      '<h3>Top 2 search terms with no click</h3>',
      `<table><tr>${th('Search term', 'left')}${th('Hits')}</tr>` +
        `<tr><td>pricing<br><sub>last 19 Nov 2026, 08&#58;30 UTC</sub></td>${td('40')}</tr>` +
        `<tr><td>sso<br><sub>last yesterday</sub></td>${td('5')}</tr></table>`,
      ''
    ])
  })

  it('lists up to topPages terms in each table, most hits first', () => {
    const seen = seenOf(report(rows, { topPages: 10, requests: 1 }))
    expect(seen.headings).toEqual(['🔎 Searches', 'Top 4 search terms', 'Top 2 search terms with no click'])
    expect(seen.tables[0]?.map((row) => row[0]?.split(' → ')[0])).toEqual([TOP_HEAD[0], 'install', 'pricing', 'webhooks', 'sso'])
    expect(seen.tables[1]?.slice(1).map((row) => row[0]?.split(' last ')[0])).toEqual(['pricing', 'sso'])
    expect(seenOf(report(rows, { topPages: 1 })).headings).toEqual(['🔎 Searches', 'Top 1 search term', 'Top 1 search term with no click'])
  })

  it('counts a term clicked at a rate of zero as no click, and leaves out the no-click table when every term got a click', () => {
    const clicked = rows.filter((row) => row.ctr > 0)
    const seen = seenOf(report(clicked, { totalSearches: 132, topPages: 5 }))
    expect(seen.text).toContain(
      ' 132 searches in this range, over 2 search terms read. Every search term got a click on a result. Top 2 search terms '
    )
    expect(seen.headings).toEqual(['🔎 Searches', 'Top 2 search terms'])
    const zero = seenOf(report([{ ...rows[0], ctr: 0 } as SearchEntry], { totalSearches: 1, topPages: 5 }))
    expect(zero.headings).toEqual(['🔎 Searches', 'Top 1 search term', 'Top 1 search term with no click'])
    expect(zero.text).toContain(
      ' 1 search in this range, over 1 search term read. 120 searches with no click (1 search term with no click). '
    )
  })

  it('shows an empty term and a page other than a path of the site as such', () => {
    const html = searchesSummaryHtml(
      report([{ query: '  ', hits: 1, ctr: 0.5, topClickedPage: '(other page)', lastSearchedAt: '' }], { topPages: 5 })
    )
    expect(html).toContain('<sub>→ <em>(other page)</em></sub>')
    const seen = renderSummary(html)
    expect(seen.tables[0]).toEqual([TOP_HEAD, ['(empty search) → (other page)', '1', '50.0%']])
    expect(seenOf(report([{ hits: 1, ctr: 0, topClickedPage: null, lastSearchedAt: '' }])).tables[0]?.[1]?.[0]).toBe('(empty search)')
  })
})

describe('search terms hidden', () => {
  it('shows the counts and why the terms are hidden, and no term at all', () => {
    const html = searchesSummaryHtml(report(hidden(rows), { showReaderText: false }))
    expect(readerText(html)).toBe(
      [
        '🔎 Searches\n===========',
        '177 searches in this range, over 4 search terms read. 45 searches with no click (2 search terms with no click).',
        HIDDEN
      ].join('\n\n')
    )
    expect(html).toContain(
      'set <code>readerText: show</code>; in a private repository they show by default (<code>readerText: auto</code>).</p>'
    )
    expect(renderSummary(html).tables).toEqual([])
  })

  it('shows no term even when the report holds one, nor the pages clicked', () => {
    const html = searchesSummaryHtml(report(rows, { showReaderText: false, topPages: 10 }))
    for (const row of rows) expect(html).not.toContain(row.query)
    expect(html).not.toContain('/docs/')
  })
})

describe('odd counts', () => {
  it('shows negative and fractional hits and rates as they are, never NaN', () => {
    const odd: SearchEntry[] = [
      { query: 'fractional hits', hits: 2.5, ctr: 1.5, topClickedPage: null, lastSearchedAt: '2026-11-02T00:00:00Z' },
      { query: 'negative hits', hits: -2.5, ctr: -0.1, topClickedPage: '(other page)', lastSearchedAt: '2026-11-02T00:00:00Z' },
      { query: 'huge', hits: 1234567.891, ctr: 0.00049, topClickedPage: '/a', lastSearchedAt: '2026-11-02T00:00:00Z' }
    ]
    const seen = seenOf(report(odd, { totalSearches: undefined, topPages: 5 }))
    expect(seen.tables).toEqual([
      [
        TOP_HEAD,
        ['fractional hits', '2.5', '150.0%'],
        ['negative hits → (other page)', '-2.5', '-10.0%'],
        ['huge → /a', '1,234,567.89', '0.0%']
      ]
    ])
    // Clicked (150 %), though the service names no page: no table of terms with no click. The negative count was not searched.
    // With no total from the service, the hits read add up to it.
    expect(seen.text).toContain(
      ' 1,234,567.89 searches in this range, over 3 search terms read. Every search term got a click on a result. '
    )
    expect(seen.text).not.toContain('NaN')
  })

  it.each([
    [0.456, '45.6%'],
    [0, '0.0%'],
    [1, '100.0%'],
    [-0.1, '-10.0%'],
    [Number.NaN, '–'],
    [Number.POSITIVE_INFINITY, '–']
  ])('ctrText(%d) is %s', (ctr, text) => {
    expect(ctrText(ctr)).toBe(text)
  })
})

describe('a partial, failed, unread or empty read', () => {
  it('marks a partial read, says why, and says the ranking is of the terms read', () => {
    const seen = seenOf(report(rows, { partial: true, partialReason: 'search terms: reading stopped at maxRequests (40)' }))
    expect(seen.headings).toEqual(['⚠️ Searches', 'Top 2 search terms, ranking only the 4 terms read', 'Top 2 search terms with no click'])
    expect(seen.text).toContain(`Partial: search terms: reading stopped at maxRequests (40). 177 searches`)
    expect(seenOf(report(rows.slice(0, 1), { partial: true })).headings[1]).toBe('Top 1 search term, ranking only the 1 term read')
  })

  it('shows why the step failed, and what was read before', () => {
    const seen = seenOf(
      report(rows, {
        partial: true,
        partialReason: 'a request failed while reading',
        failure: 'Search analytics are incomplete after 2 requests.'
      })
    )
    expect(seen.headings[0]).toBe('❌ Searches')
    expect(seen.text).toContain(`Why the step failed: Search analytics are incomplete after 2 requests. 177 searches`)
    expect(seen.tables).toHaveLength(2)
  })

  it('says a section with nothing read was not read, and stops', () => {
    const html = searchesSummaryHtml(
      report([], {
        totalSearches: undefined,
        requests: 0,
        partial: true,
        partialReason: 'the run was cancelled before this section was read'
      })
    )
    expect(html).toBe(`<h2>⚠️ Searches</h2>\n<p><strong>Not read:</strong> the run was cancelled before this section was read.</p>\n`)
    expect(seenOf(report([], { totalSearches: undefined, failure: 'Bad key.' })).text).toBe(`❌ Searches Why the step failed: Bad key.`)
  })

  it('says in one sentence when no one searched', () => {
    const html = searchesSummaryHtml(report([], { totalSearches: 0, requests: 1 }))
    expect(html).toBe(`<h2>🔎 Searches</h2>\n<p>No one searched the docs in this range.</p>\n`)
    expect(seenOf(report([], { totalSearches: 0, showReaderText: false })).text).toBe(`🔎 Searches No one searched the docs in this range.`)
  })

  it('gives the count when the service counted searches but no term was read', () => {
    const seen = seenOf(report([], { totalSearches: 5, partial: true }))
    expect(seen.text).toBe(
      `⚠️ Searches Partial: not everything was read. 5 searches in this range, over 0 search terms read. ` +
        'Every search term got a click on a result.'
    )
    expect(seen.tables).toEqual([])
  })
})

describe('hostile search terms and pages', () => {
  const terms = [
    ...HOSTILE_TEXT,
    '@octocat',
    '#1',
    '::set-output name=x::y',
    '[x](javascript:alert(1))',
    '| a | b |',
    '<img src=x onerror=alert(1)>'
  ]
  const hostileRows = terms.map((query, i) => ({
    query,
    hits: 1000 - i,
    ctr: i % 2 === 0 ? 0 : 0.5,
    topClickedPage: i % 2 === 0 ? null : `/${terms[(i + 3) % terms.length] ?? ''}`,
    lastSearchedAt: terms[i % terms.length] ?? ''
  }))

  it('show as literal text on one line: no markup, link, mention or extra cell', () => {
    const html = searchesSummaryHtml(report(hostileRows, { topPages: 100 }))
    const seen = renderSummary(html)
    expect(seen.links).toEqual([])
    expect(seen.references).toEqual([])
    expect(seen.html).not.toMatch(/<(img|a|script)\b/)
    const [topTable = [], noClickTable = []] = seen.tables
    expect(topTable).toHaveLength(terms.length + 1)
    for (const cells of topTable) expect(cells).toHaveLength(3)
    for (const cells of noClickTable) expect(cells).toHaveLength(2)
    const shown = (term: string): string => {
      const flat = term.replace(/\s+/g, ' ').trim()
      return flat === '' ? '(empty search)' : flat.length > 80 ? `${flat.slice(0, 79)}…` : flat
    }
    // The term, then the result clicked most under it.
    topTable.slice(1).forEach((cells, i) => {
      expect(cells[0]?.startsWith(shown(terms[i] ?? ''))).toBe(true)
    })
    expect(seen.text).toContain(' <img src=x onerror=alert(1)> ')
    expect(seen.text).toContain(' [x](javascript:alert(1)) ')
    expect(seen.text).toContain(' | a | b | ')
  })

  it('hide every hostile term when reader text is hidden', () => {
    const html = searchesSummaryHtml(report(hostile(hostileRows), { showReaderText: false, topPages: 100 }))
    for (const term of ['onerror', 'set-output', 'octocat', 'javascript', 'evil.example', LONG_LINE.slice(0, 20)])
      expect(html).not.toContain(term)
    expect(renderSummary(html).references).toEqual([])
  })

  function hostile(entries: SearchEntry[]): SearchEntry[] {
    return hidden(entries).map((row) => ({ ...row, topClickedPage: row.topClickedPage && '/hidden' }))
  }
})

describe('the byte budget', () => {
  function table(html: string, heading: string) {
    const found = new RegExp(`<h3>${heading}</h3>\\n<table>(.*?)</table>(?:\\n<p>(… and .*?)</p>)?`).exec(html)
    return { rows: (found?.[1] ?? '').split('<tr>').length - 2, note: found?.[2] }
  }

  /** Terms whose row in the top table is exactly `bytes` long. */
  function rowsOfBytes(count: number, bytes: number, ctr = 0.5): SearchEntry[] {
    const rowHtml = (query: string): string =>
      /<tr><td>.*?<\/tr>/.exec(
        searchesSummaryHtml(report([{ query, hits: 1, ctr, topClickedPage: '/p', lastSearchedAt: 'x' }], { topPages: 1 }))
      )?.[0] ?? ''
    const extra = bytes - Buffer.byteLength(rowHtml('q0000'))
    const query = (i: number): string => `q${String(i).padStart(4, '0')}${'@'.repeat(Math.floor(extra / 18))}${'x'.repeat(extra % 18)}`
    expect(Buffer.byteLength(rowHtml(query(1)))).toBe(bytes)
    return Array.from({ length: count }, (_, i) => ({ query: query(i), hits: 1, ctr, topClickedPage: '/p', lastSearchedAt: 'x' }))
  }

  const fill = LIST_BUDGET_BYTES / 1024

  it('keeps every row that fits the budget exactly, and notes those left out', () => {
    expect(table(searchesSummaryHtml(report(rowsOfBytes(fill, 1024), { topPages: 1000 })), `Top ${fill} search terms`)).toEqual({
      rows: fill,
      note: undefined
    })
    expect(table(searchesSummaryHtml(report(rowsOfBytes(fill + 2, 1024), { topPages: 1000 })), `Top ${fill} search terms`)).toEqual({
      rows: fill,
      note: '… and 2 more search terms, left out to keep the summary small.'
    })
    expect(table(searchesSummaryHtml(report(rowsOfBytes(fill + 5, 1024), { topPages: fill + 1 })), `Top ${fill} search terms`).note).toBe(
      '… and 1 more search term, left out to keep the summary small.'
    )
  })

  it(`stays within ${SECTION_BUDGET_BYTES / 1024} KiB with 10,000 terms of 2,000 hostile characters and topPages at 1,000`, () => {
    const long = Array.from({ length: 10_000 }, (_, i) => ({
      query: `${'@#<|'.repeat(500)}${i}`,
      hits: 10_000 - i,
      ctr: i % 2 === 0 ? 0 : 0.5,
      topClickedPage: i % 2 === 0 ? null : '#'.repeat(2000),
      lastSearchedAt: '@'.repeat(2000)
    }))
    const html = searchesSummaryHtml(report(long, { topPages: 1000, rangeText: '@'.repeat(2000), failure: '#'.repeat(2000) }))
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(SECTION_BUDGET_BYTES)
    const top = table(html, '.*?search terms')
    expect(top.rows).toBeGreaterThan(0)
    expect(top.note).toBe(`… and ${(1000 - top.rows).toLocaleString('en-US')} more search terms, left out to keep the summary small.`)
    const noClick = table(html, '.*? with no click')
    expect(noClick.rows).toBeGreaterThan(0)
    expect(noClick.note).toBe(
      `… and ${(1000 - noClick.rows).toLocaleString('en-US')} more search terms, left out to keep the summary small.`
    )
  })
})
