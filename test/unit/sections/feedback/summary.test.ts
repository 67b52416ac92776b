// Tests the feedback section of the job summary (src/sections/feedback/summary.ts) as a reader sees it
// on GitHub (test/support/render.js): the pages with the most thumbs down and what the section says of
// the at most 100 pages the service returns, the counts of feedback entries, the latest comments or
// why they are hidden, partial, failed, unread and empty sections, odd counts, hostile comments and
// paths, and the byte budget.
import { describe, expect, it } from 'vitest'
import type { FeedbackEntry, FeedbackReport } from '../../../../src/sections/feedback/read.js'
import type { FeedbackByPageRow } from '../../../../src/sections/feedback/schema.js'
import { feedbackSummaryHtml } from '../../../../src/sections/feedback/summary.js'
import { LIST_BUDGET_BYTES, SECTION_BUDGET_BYTES } from '../../../../src/render/section-html.js'
import { HOSTILE_TEXT, LONG_LINE } from '../../../emulator/analytics-data.js'
import { readerText, renderSummary } from '../../../support/render.js'

const RANGE = '14 Nov 2026 to 20 Nov 2026 (7 days, UTC)'
const PAGE_HEAD = ['Page', '👎', '👍']
const COMMENT_HEAD = ['Comment', 'Left']
const ORDER_NOTE =
  'The service returns at most 100 pages, in no documented order: these are ranked among the pages it returned. Code counts feedback on code blocks.'
const TRUNCATED_NOTE =
  'Not every page is here: more pages got feedback than one read can hold, so a page with more thumbs down may be missing.'
const HIDDEN =
  'Comments are hidden: readers type them, and they may hold personal data. To show them, set readerText: show; ' +
  'in a private repository they show by default (readerText: auto).'

const pages: FeedbackByPageRow[] = [
  { path: '/docs/api', thumbsUp: 3, thumbsDown: 9, code: 1, total: 13 },
  { path: '/docs/faq', thumbsUp: 10, thumbsDown: 2, code: 0, total: 12 },
  { path: '/docs/x', thumbsUp: 1, thumbsDown: 0, code: 0, total: 1 }
]

const entry = (more: Partial<FeedbackEntry>): FeedbackEntry => ({
  path: '/docs/api',
  source: 'contextual',
  status: 'pending',
  commented: false,
  createdAt: '2026-11-20T00:00:00Z',
  ...more
})

const entries: FeedbackEntry[] = [
  entry({ helpful: false, comment: 'The example fails', commented: true }),
  entry({ path: '/docs/faq', helpful: true, comment: '', createdAt: '2026-11-19T00:00:00Z' }),
  entry({ path: '/docs/auth', source: 'code_snippet', status: 'resolved', comment: 'Missing import', commented: true }),
  entry({ path: '/docs/old', source: 'agent', comment: 'Old news', commented: true, createdAt: null })
]

function report(more: Partial<FeedbackReport> = {}): FeedbackReport {
  return {
    kind: 'feedback',
    projectId: 'proj1',
    dateFrom: '2026-11-14',
    dateTo: '2026-11-21',
    rangeText: RANGE,
    pages,
    pagesTruncated: false,
    entries,
    entriesRead: true,
    requests: 2,
    topPages: 2,
    showReaderText: true,
    partial: false,
    ...more
  }
}

/** Entries as a run that hides reader text keeps them: no comment. */
const hiddenEntries = entries.map((kept) => {
  const copy = { ...kept }
  delete copy.comment
  return copy
})
const seenOf = (r: FeedbackReport) => renderSummary(feedbackSummaryHtml(r))

describe('feedback with comments shown', () => {
  const htmlOf = () => feedbackSummaryHtml(report())

  it('shows the pages with the most thumbs down, the counts and the latest comments, as a reader sees them', () => {
    const html = htmlOf()
    expect(readerText(html)).toBe(
      [
        '💬 Feedback\n===========',
        '11 unhappy readers (11 thumbs down, 1 marked not helpful; a reader counts once) in this range.',
        'Top 2 pages by thumbs down',
        ['Page       👎  👍', '---------  --  --', '/docs/api   9   3', '/docs/faq   2  10'].join('\n'),
        '4 feedback entries read: 1 marked helpful, 1 marked not helpful, 3 with a comment.',
        'Top 2 comments, complaints first',
        [
          'Comment                         Left',
          '------------------------------  ----',
          'The example fails on /docs/api    1×',
          'Missing import on /docs/auth      1×'
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
      '<h2>💬 Feedback</h2>',
      '<p><strong>11 unhappy readers (11 thumbs down, 1 marked not helpful; a reader counts once)</strong> in this range.</p>',
      '<h3>Top 2 pages by thumbs down</h3>',
      `<table><tr>${th('Page', 'left')}${th('👎')}${th('👍')}</tr>` +
        `<tr><td><code>/docs/api</code></td>${td('9')}${td('3')}</tr>` +
        `<tr><td><code>/docs/faq</code></td>${td('2')}${td('10')}</tr></table>`,
      '<p><strong>4 feedback entries</strong> read: 1 marked helpful, 1 marked not helpful, 3 with a comment.</p>',
      '<h3>Top 2 comments, complaints first</h3>',
      `<table><tr>${th('Comment', 'left')}${th('Left')}</tr>` +
        `<tr><td>The example fails<br><sub>on <code>/docs/api</code></sub></td>${td('1×')}</tr><tr><td>Missing import<br><sub>on <code>/docs/auth</code></sub></td>${td('1×')}</tr></table>`,
      ''
    ])
  })

  it('lists up to topPages pages and comments, newest comments first, and only entries with a comment', () => {
    const seen = seenOf(report({ topPages: 10, requests: 1 }))
    expect(seen.headings).toEqual(['💬 Feedback', 'Top 3 pages by thumbs down', 'Top 3 comments, complaints first'])
    expect(seen.tables).toEqual([
      [PAGE_HEAD, ['/docs/api', '9', '3'], ['/docs/faq', '2', '10'], ['/docs/x', '0', '1']],
      [COMMENT_HEAD, ['The example fails on /docs/api', '1×'], ['Missing import on /docs/auth', '1×'], ['Old news on /docs/old', '1×']]
    ])
    expect(seenOf(report({ topPages: 1 })).headings).toEqual(['💬 Feedback', 'Top 1 page by thumbs down', 'One comment, complaints first'])
  })

  it('says plainly that not every page is there when the service had more', () => {
    const seen = seenOf(report({ pagesTruncated: true }))
    expect(seen.text).toContain(`Top 2 pages by thumbs down ${TRUNCATED_NOTE} Page 👎`)
    expect(seen.html).toContain('<p><strong>Not every page is here:</strong> more pages got')
    expect(seen.text).not.toContain(ORDER_NOTE)
  })

  it('shows a page other than a path of the site as such, and no comment table when no entry has a comment', () => {
    const html = feedbackSummaryHtml(
      report({ pages: [{ path: '(other page)', thumbsUp: 0, thumbsDown: 1, code: 0, total: 1 }], entries: [entries[1] as FeedbackEntry] })
    )
    expect(html).toContain('<tr><td><em>(other page)</em></td>')
    const seen = renderSummary(html)
    expect(seen.tables).toEqual([[PAGE_HEAD, ['(other page)', '1', '0']]])
    expect(seen.text).toContain(' 1 feedback entry read: 1 marked helpful, 0 marked not helpful, 0 with a comment.')
    expect(seen.text).not.toContain('hidden')
  })

  it('leaves out a comment the run did not keep', () => {
    const seen = seenOf(report({ entries: [entry({ commented: true }), entry({ path: '/b', comment: 'kept', commented: true })] }))
    expect(seen.tables[1]).toEqual([COMMENT_HEAD, ['kept on /b', '1×']])
  })
})

describe('feedback with comments hidden', () => {
  it('shows the pages and the counts, says why comments are hidden, and shows no comment', () => {
    const html = feedbackSummaryHtml(report({ showReaderText: false, entries: hiddenEntries }))
    expect(readerText(html).split('\n\n').slice(4)).toEqual([
      '4 feedback entries read: 1 marked helpful, 1 marked not helpful, 3 with a comment.',
      HIDDEN
    ])
    expect(html).toContain(
      'set <code>readerText: show</code>; in a private repository they show by default (<code>readerText: auto</code>).</p>'
    )
    expect(renderSummary(html).tables).toHaveLength(1)
  })

  it('shows no comment even when the report holds one', () => {
    const html = feedbackSummaryHtml(report({ showReaderText: false, topPages: 10 }))
    for (const comment of ['The example fails', 'Missing import', 'Old news']) expect(html).not.toContain(comment)
  })

  it('says nothing of hidden comments when no entry had one', () => {
    expect(seenOf(report({ showReaderText: false, entries: [hiddenEntries[1] as FeedbackEntry] })).text).not.toContain('hidden')
  })
})

describe('odd counts', () => {
  it('shows negative and fractional counts as they are, never NaN', () => {
    const odd = [
      { path: '/fraction', thumbsUp: 0.5, thumbsDown: 2.25, code: 1234567.891, total: 2.75 },
      { path: '/negative', thumbsUp: -1, thumbsDown: -2, code: -3, total: -6 }
    ]
    const seen = seenOf(report({ pages: odd }))
    expect(seen.tables[0]).toEqual([PAGE_HEAD, ['/fraction', '2.25', '0.5'], ['/negative', '-2', '-1']])
    expect(seen.text).not.toContain('NaN')
  })
})

describe('a partial, failed, unread or empty read', () => {
  it('marks a partial read and says why', () => {
    const seen = seenOf(report({ partial: true, partialReason: 'feedback rows: reading stopped at maxRequests (40)' }))
    expect(seen.headings[0]).toBe('⚠️ Feedback')
    expect(seen.text).toContain(
      `Partial: feedback rows: reading stopped at maxRequests (40). 11 unhappy readers (11 thumbs down, 1 marked not helpful; a reader counts once) in this range. Top 2 pages`
    )
  })

  it('shows why the step failed, and the entries read when the pages were not', () => {
    const seen = seenOf(report({ pages: undefined, partial: true, failure: 'Feedback analytics are incomplete after 2 requests.' }))
    expect(seen.headings).toEqual(['❌ Feedback', 'Top 2 comments, complaints first'])
    expect(seen.text).toContain(
      `Why the step failed: Feedback analytics are incomplete after 2 requests. 1 unhappy reader (0 thumbs down, 1 marked not helpful; a reader counts once) in this range. 4 feedback entries read`
    )
  })

  it('says a section with nothing read was not read, and stops', () => {
    const html = feedbackSummaryHtml(
      report({
        pages: undefined,
        entries: [],
        requests: 0,
        partial: true,
        partialReason: 'the run was out of time before this section was read'
      })
    )
    expect(html).toBe(`<h2>⚠️ Feedback</h2>\n<p><strong>Not read:</strong> the run was out of time before this section was read.</p>\n`)
  })

  it('says in one sentence when no reader left feedback', () => {
    expect(feedbackSummaryHtml(report({ pages: [], entries: [], requests: 2 }))).toBe(
      `<h2>💬 Feedback</h2>\n<p>No reader left feedback in this range.</p>\n`
    )
  })

  it('says so when no page got a thumb, or no entry was left', () => {
    expect(seenOf(report({ pages: [] })).text).toContain(`No page got a thumbs up or down in this range. 4 feedback entries read`)
    expect(seenOf(report({ entries: [] })).text).toContain(' 10 No feedback entries were left in this range.')
  })

  it('says the entries were not read when the budget ran out before them, and claims nothing of them', () => {
    const seen = seenOf(report({ pages: [], entries: [], entriesRead: false, requests: 1, partial: true }))
    expect(seen.text).toContain(
      'No page got a thumbs up or down in this range. Feedback entries not read: the request budget ran out before them.'
    )
    expect(seen.text).not.toMatch(/No feedback entries|No reader left feedback/)
  })
})

describe('hostile comments and paths', () => {
  const texts = [...HOSTILE_TEXT, '@octocat', '#1', '::set-output name=x::y', '[x](javascript:alert(1))', '| a | b |']
  const hostileEntries = texts.map((text, i) =>
    entry({ path: `/${texts[(i + 1) % texts.length] ?? ''}`, comment: text, commented: text.trim() !== '' })
  )
  const commented = texts.filter((text) => text.trim() !== '')
  const hostilePages = texts.map((path, i) => ({ path, thumbsUp: 1, thumbsDown: 100 - i, code: 0, total: 101 - i }))

  it('show as literal text on one line: no markup, link, mention or extra cell', () => {
    const seen = seenOf(report({ pages: hostilePages, entries: hostileEntries, topPages: 100 }))
    expect(seen.links).toEqual([])
    expect(seen.references).toEqual([])
    expect(seen.html).not.toMatch(/<(img|a|script)\b/)
    const [pageTable = [], commentTable = []] = seen.tables
    expect(pageTable).toHaveLength(texts.length + 1)
    for (const cells of pageTable) expect(cells).toHaveLength(3)
    expect(commentTable).toHaveLength(commented.length + 1)
    for (const cells of commentTable) expect(cells).toHaveLength(2)
    const flat = (text: string, max: number): string => {
      const line = text.replace(/\s+/g, ' ').trim()
      return line.length > max ? `${line.slice(0, max - 1)}…` : line
    }
    // The comment, then the page it was left on, in one cell.
    commentTable.slice(1).forEach((cells, i) => {
      expect(cells[0]?.startsWith(`${flat(commented[i] ?? '', 80)} on `)).toBe(true)
    })
    // The section never keeps an empty path (it is "(other page)"); shown, it is an empty cell that keeps the table whole.
    // A long path is broken into lines after a /, which the text shows as a space.
    expect(pageTable.slice(1).map((cells) => cells[0]?.replace(/\/ /g, '/'))).toEqual(
      texts.map((text) => (text === '' ? '\u200b' : flat(text, 120)))
    )
  })

  it('hide every hostile comment when reader text is hidden', () => {
    const html = feedbackSummaryHtml(
      report({ showReaderText: false, entries: hostileEntries.map((e) => ({ ...e, path: '/p' })), topPages: 100 })
    )
    for (const text of ['onerror', 'set-output', 'octocat', 'javascript', 'evil.example', LONG_LINE.slice(0, 20)])
      expect(html).not.toContain(text)
  })
})

describe('the byte budget', () => {
  function table(html: string, heading: string) {
    const found = new RegExp(`<h3>${heading}</h3>\\n(?:<p>.*?</p>\\n)?<table>(.*?)</table>(?:\\n<p>(… and .*?)</p>)?`).exec(html)
    return { rows: (found?.[1] ?? '').split('<tr>').length - 2, note: found?.[2] }
  }

  /** Entries whose row in the comment table is exactly `bytes` long. */
  function entriesOfBytes(count: number, bytes: number): FeedbackEntry[] {
    const rowHtml = (comment: string): string =>
      /<tr><td>(?:(?!<tr>).)*?<br><sub>on <code>\/p<\/code>.*?<\/tr>/.exec(
        feedbackSummaryHtml(report({ pages: [], entries: [entry({ path: '/p', comment, commented: true })] }))
      )?.[0] ?? ''
    const extra = bytes - Buffer.byteLength(rowHtml('c0000'))
    const comment = (i: number): string => `c${String(i).padStart(4, '0')}${'@'.repeat(Math.floor(extra / 18))}${'x'.repeat(extra % 18)}`
    expect(Buffer.byteLength(rowHtml(comment(1)))).toBe(bytes)
    return Array.from({ length: count }, (_, i) => entry({ path: '/p', comment: comment(i), commented: true }))
  }

  const fill = LIST_BUDGET_BYTES / 1024

  it('keeps every comment that fits the budget exactly, and notes those left out', () => {
    expect(
      table(feedbackSummaryHtml(report({ entries: entriesOfBytes(fill, 1024), topPages: 1000 })), `Top ${fill} comments, complaints first`)
    ).toEqual({
      rows: fill,
      note: undefined
    })
    expect(
      table(
        feedbackSummaryHtml(report({ entries: entriesOfBytes(fill + 2, 1024), topPages: 1000 })),
        `Top ${fill} comments, complaints first`
      )
    ).toEqual({
      rows: fill,
      note: '… and 2 more comments, left out to keep the summary small.'
    })
  })

  it(`stays within ${SECTION_BUDGET_BYTES / 1024} KiB with 2,000 comments of 2,000 hostile characters and topPages at 1,000`, () => {
    // Twice topPages, and many times the rows the budget keeps.
    const long = Array.from({ length: 2_000 }, (_, i) =>
      entry({ path: '@'.repeat(2000), comment: `${'@#<|'.repeat(500)}${i}`, commented: true })
    )
    const manyPages = Array.from({ length: 2_000 }, (_, i) => ({
      path: `${'#'.repeat(2000)}${i}`,
      thumbsUp: 1,
      thumbsDown: 1,
      code: 1,
      total: 3
    }))
    const html = feedbackSummaryHtml(
      report({
        pages: manyPages,
        entries: long,
        topPages: 1000,
        pagesTruncated: true,
        rangeText: '@'.repeat(2000),
        failure: '@'.repeat(2000)
      })
    )
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(SECTION_BUDGET_BYTES)
    const comments = table(html, 'Top .*? comments, complaints first')
    expect(comments.rows).toBeGreaterThan(0)
    expect(comments.note).toBe(`… and ${(1000 - comments.rows).toLocaleString('en-US')} more comments, left out to keep the summary small.`)
    const top = table(html, 'Top .*? by thumbs down')
    expect(top.rows).toBeGreaterThan(0)
    expect(top.note).toBe(`… and ${(1000 - top.rows).toLocaleString('en-US')} more pages, left out to keep the summary small.`)
  })
})

describe('comments left more than once', () => {
  it('groups a comment left again on the same page, whatever its case and spacing, with how often it was left', () => {
    const again = [
      entry({ path: '/docs/api', helpful: true, comment: 'Clear, thanks', commented: true }),
      entry({ path: '/docs/api', helpful: false, comment: 'No Python example', commented: true }),
      entry({ path: '/docs/api', helpful: false, comment: 'no python  example ', commented: true }),
      entry({ path: '/docs/faq', helpful: false, comment: 'No Python example', commented: true }),
      entry({ path: '/docs/api', comment: 'Old news', commented: true })
    ]
    const seen = seenOf(report({ entries: again, topPages: 10 }))
    // Complaints first, the most left first, each in the words of its latest; then no verdict; then praise.
    expect(seen.tables[1]).toEqual([
      COMMENT_HEAD,
      ['No Python example on /docs/api', '2×'],
      ['No Python example on /docs/faq', '1×'],
      ['Old news on /docs/api', '1×'],
      ['Clear, thanks on /docs/api', '1×']
    ])
    expect(seen.headings).toContain('Top 4 comments, complaints first')
  })
})
