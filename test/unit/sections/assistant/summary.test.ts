// Tests the assistant section of the job summary (src/sections/assistant/summary.ts) as a reader sees it
// on GitHub (test/support/render.js): the questions asked and answered, who asked, the unanswered
// questions grouped and most asked first, or counted by page when reader text is hidden,
// partial, failed, unread and empty sections, odd counts, hostile questions and the byte budget.
import { describe, expect, it } from 'vitest'
import type { AssistantReport, QuestionEntry } from '../../../../src/sections/assistant/read.js'
import { assistantSummaryHtml, shareText } from '../../../../src/sections/assistant/summary.js'
import { LIST_BUDGET_BYTES, SECTION_BUDGET_BYTES } from '../../../../src/render/section-html.js'
import { HOSTILE_TEXT, LONG_LINE } from '../../../emulator/analytics-data.js'
import { readerText, renderSummary } from '../../../support/render.js'

const RANGE = '14 Nov 2026 to 20 Nov 2026 (7 days, UTC)'
const CALLERS_HEAD = ['Docs site', 'API', 'Other', 'Total']
const QUESTION_HEAD = ['Question', 'Asked']
const HIDDEN =
  'Questions and their categories are hidden: readers type them, and they may hold personal data. To show them, set readerText: show; ' +
  'in a private repository they show by default (readerText: auto).'

const question = (query: string | undefined, more: Partial<QuestionEntry> = {}): QuestionEntry => ({
  ...(query === undefined ? {} : { query }),
  resolutionStatus: 'unanswered',
  responseType: 'answer',
  queryCategory: 'auth',
  pageUrl: '/docs/sso',
  timestamp: '2026-11-20T00:00:00Z',
  ...more
})

const questions: QuestionEntry[] = [
  question('How do I  set up SSO?'),
  question('what is the rate limit', { queryCategory: 'api', pageUrl: null }),
  question('how do i set up sso? ', { pageUrl: '/docs/auth' }),
  question('Install?', { resolutionStatus: 'answered', queryCategory: undefined, pageUrl: null })
]

function report(more: Partial<AssistantReport> = {}): AssistantReport {
  return {
    kind: 'assistant',
    projectId: 'proj1',
    dateFrom: '2026-11-14',
    dateTo: '2026-11-21',
    rangeText: RANGE,
    callers: { web: 6, api: 3, other: 1, total: 10 },
    questions,
    requests: 2,
    topPages: 2,
    showReaderText: true,
    partial: false,
    ...more
  }
}

/** Questions as a run that hides reader text keeps them: no text, no category. */
const withoutText = (entries: readonly QuestionEntry[]): QuestionEntry[] =>
  entries.map((entry) => {
    const copy = { ...entry }
    delete copy.query
    delete copy.queryCategory
    return copy
  })
const hiddenQuestions = withoutText(questions)
const seenOf = (r: AssistantReport) => renderSummary(assistantSummaryHtml(r))

describe('questions shown', () => {
  const htmlOf = () => assistantSummaryHtml(report())

  it('shows the questions asked, who asked and the unanswered questions, as a reader sees them', () => {
    const html = htmlOf()
    expect(readerText(html)).toBe(
      [
        '🤖 Assistant\n============',
        '4 questions asked: 1 answered (25.0%), 3 unanswered (75.0%).',
        'Where questions were asked',
        ['Docs site        API      Other  Total', '---------  ---------  ---------  -----', '6 (60.0%)  3 (30.0%)  1 (10.0%)     10'].join(
          '\n'
        ),
        'Top 2 unanswered questions',
        [
          'Question                Asked',
          '----------------------  -----',
          'How do I set up SSO?        2',
          'what is the rate limit      1'
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
      '<h2>🤖 Assistant</h2>',
      '<p><strong>4 questions</strong> asked: 1 answered (25.0%), 3 unanswered (75.0%).</p>',
      '<h3>Where questions were asked</h3>',
      `<table><tr>${th('Docs site')}${th('API')}${th('Other')}${th('Total')}</tr><tr>${td('6 (60.0%)')}${td('3 (30.0%)')}${td('1 (10.0%)')}${td('10')}</tr></table>`,
      '<h3>Top 2 unanswered questions</h3>',
      `<table><tr>${th('Question', 'left')}${th('Asked')}</tr><tr><td>How do I  set up SSO?</td>${td('2')}</tr><tr><td>what is the rate limit</td>${td('1')}</tr></table>`,
      ''
    ])
  })

  it('groups questions alike whatever their case and spacing, most asked first, in the newest wording, up to topPages', () => {
    const asked = [
      question('b'),
      question('A  question'),
      question('c'),
      question(' a question'),
      question('B'),
      question('a\tQUESTION'),
      question('d', { resolutionStatus: 'answered' })
    ]
    const seen = seenOf(report({ questions: asked, topPages: 10 }))
    expect(seen.tables[1]).toEqual([QUESTION_HEAD, ['A question', '3'], ['b', '2'], ['c', '1']])
    expect(seen.headings).toEqual(['🤖 Assistant', 'Where questions were asked', 'Top 3 unanswered questions'])
    expect(seenOf(report({ questions: asked, topPages: 1 })).headings[2]).toBe('Top 1 unanswered question')
  })

  it('keeps apart questions that differ in more than case and spacing', () => {
    const seen = seenOf(report({ questions: [question('setup'), question('set up'), question('set-up')], topPages: 5 }))
    expect(seen.tables[1]).toEqual([QUESTION_HEAD, ['setup', '1'], ['set up', '1'], ['set-up', '1']])
  })

  it('shows an empty question as such', () => {
    const seen = seenOf(report({ questions: [question('  '), question(undefined)] }))
    expect(seen.tables[1]).toEqual([QUESTION_HEAD, ['(empty question)', '2']])
  })

  it('leaves out the unanswered part when every question was answered', () => {
    const seen = seenOf(report({ questions: [question('q', { resolutionStatus: 'answered' })] }))
    expect(seen.text).toBe(
      `🤖 Assistant 1 question asked: 1 answered (100.0%), 0 unanswered (0.0%). Where questions were asked Docs site API Other Total ` +
        '6 (60.0%) 3 (30.0%) 1 (10.0%) 10'
    )
  })
})

describe('questions hidden', () => {
  it('counts the unanswered questions by page, says why the text and categories are hidden, and shows neither', () => {
    const html = assistantSummaryHtml(report({ showReaderText: false, questions: hiddenQuestions, topPages: 5 }))
    expect(readerText(html).split('\n\n').slice(4)).toEqual([
      'Top 3 pages of unanswered questions',
      ['Page        Asked', '----------  -----', '/docs/sso       1', '(no page)       1', '/docs/auth      1'].join('\n'),
      HIDDEN
    ])
    expect(html).toContain('<td><code>/docs/sso</code></td>')
    expect(html).toContain(
      'set <code>readerText: show</code>; in a private repository they show by default (<code>readerText: auto</code>).</p>'
    )
  })

  it('shows no question and no category even when the report holds them', () => {
    const categorized = questions.map((q, i) => ({ ...q, queryCategory: `category ${i}` }))
    const html = assistantSummaryHtml(report({ showReaderText: false, questions: categorized, topPages: 10 }))
    for (const text of ['SSO', 'sso?', 'rate limit', 'Install', 'category', 'Category']) expect(html).not.toContain(text)
  })

  it('names a missing page and a page other than a path of the site, and lists up to topPages', () => {
    const asked = [
      question(undefined, { pageUrl: '(other page)' }),
      question(undefined, { pageUrl: '' }),
      question(undefined, { pageUrl: null }),
      question(undefined, { pageUrl: '(other page)' }),
      question(undefined, { pageUrl: '(other page)' }),
      question(undefined, { pageUrl: '/x' })
    ]
    const seen = seenOf(report({ showReaderText: false, questions: asked, topPages: 2 }))
    expect(seen.headings).toEqual(['🤖 Assistant', 'Where questions were asked', 'Top 2 pages of unanswered questions'])
    expect(seen.tables.slice(1)).toEqual([
      [
        ['Page', 'Asked'],
        ['(other page)', '3'],
        ['(no page)', '2']
      ]
    ])
    const html = assistantSummaryHtml(report({ showReaderText: false, questions: asked, topPages: 2 }))
    expect(html).toContain('<td><em>(other page)</em></td>')
    expect(html).toContain('<td><em>(no page)</em></td>')
  })
})

describe('who asked', () => {
  it('shows odd counts as they are, and a dash for the share of a total of nothing', () => {
    const seen = seenOf(report({ callers: { web: -3, api: 2.5, other: 1234567.891, total: 0 } }))
    expect(seen.tables[0]).toEqual([CALLERS_HEAD, ['-3 (–)', '2.5 (–)', '1,234,567.89 (–)', '0']])
    expect(seenOf(report({ callers: { web: -3, api: 2.5, other: 0.5, total: 5 } })).tables[0]).toEqual([
      CALLERS_HEAD,
      ['-3 (0.0%)', '2.5 (50.0%)', '0.5 (10.0%)', '5']
    ])
    expect(seen.text).not.toContain('NaN')
  })

  it('is left out when it was not read', () => {
    const seen = seenOf(report({ callers: undefined }))
    expect(seen.headings).toEqual(['🤖 Assistant', 'Top 2 unanswered questions'])
  })

  it('shows callers counted when no question was read', () => {
    const seen = seenOf(report({ questions: [], partial: true, partialReason: 'x' }))
    expect(seen.text).toBe(`⚠️ Assistant Partial: x. Where questions were asked Docs site API Other Total 6 (60.0%) 3 (30.0%) 1 (10.0%) 10`)
  })

  it.each([
    [1, 4, '25.0%'],
    [2, 3, '66.7%'],
    [0, 5, '0.0%'],
    [-1, 5, '0.0%'],
    [6, 5, '120.0%'],
    [1, 0, '–'],
    [1, -5, '–']
  ])('shareText(%d, %d) is %s', (part, whole, text) => {
    expect(shareText(part, whole)).toBe(text)
  })
})

describe('a partial, failed, unread or empty read', () => {
  it('marks a partial read and says why', () => {
    const seen = seenOf(report({ partial: true, partialReason: 'assistant questions: reading stopped at maxRequests (40)' }))
    expect(seen.headings[0]).toBe('⚠️ Assistant')
    expect(seen.text).toContain(`Partial: assistant questions: reading stopped at maxRequests (40). 4 questions asked`)
  })

  it('shows why the step failed, and the questions read before', () => {
    const seen = seenOf(report({ callers: undefined, partial: true, failure: 'Assistant analytics are incomplete after 2 requests.' }))
    expect(seen.headings).toEqual(['❌ Assistant', 'Top 2 unanswered questions'])
    expect(seen.text).toContain(`Why the step failed: Assistant analytics are incomplete after 2 requests. 4 questions asked`)
  })

  it('says a section with nothing read was not read, and stops', () => {
    const html = assistantSummaryHtml(
      report({
        callers: undefined,
        questions: [],
        requests: 0,
        partial: true,
        partialReason: 'the run was out of time before this section was read'
      })
    )
    expect(html).toBe(`<h2>⚠️ Assistant</h2>\n<p><strong>Not read:</strong> the run was out of time before this section was read.</p>\n`)
  })

  it('says in one sentence when no one asked, and that nothing was read when nothing was', () => {
    const html = assistantSummaryHtml(report({ callers: { web: 0, api: 0, other: 0, total: 0 }, questions: [] }))
    expect(html).toBe(`<h2>🤖 Assistant</h2>\n<p>No one asked the assistant a question in this range.</p>\n`)
    expect(seenOf(report({ callers: undefined, questions: [], partial: false })).text).toBe(`⚠️ Assistant Not read: nothing was read.`)
  })

  it('shows who asked beside the questions even when the callers add up to nothing', () => {
    const seen = seenOf(report({ callers: { web: 0, api: 0, other: 0, total: 0 } }))
    expect(seen.tables[0]).toEqual([CALLERS_HEAD, ['0 (–)', '0 (–)', '0 (–)', '0']])
  })
})

describe('hostile questions, categories and pages', () => {
  const texts = [...HOSTILE_TEXT, '@octocat', '#1', '::set-output name=status::ok', '[x](javascript:alert(1))', '| a | b |']
  const hostile = texts.map((text, i) => question(text, { queryCategory: text, pageUrl: texts[(i + 1) % texts.length] ?? null }))
  const flat = (text: string, max: number): string => {
    const line = text.replace(/\s+/g, ' ').trim()
    return line.length > max ? `${line.slice(0, max - 1)}…` : line
  }
  const checked = (html: string) => {
    const seen = renderSummary(html)
    expect(seen.links).toEqual([])
    expect(seen.references).toEqual([])
    expect(seen.html).not.toMatch(/<(img|a|script)\b/)
    for (const table of seen.tables.slice(1)) for (const cells of table) expect(cells).toHaveLength(2)
    return seen
  }

  it('show as literal text on one line: no markup, link, mention or extra cell', () => {
    const seen = checked(assistantSummaryHtml(report({ questions: hostile, topPages: 100 })))
    expect(seen.tables[1]?.slice(1).map((cells) => cells[0])).toEqual(
      texts.map((text) => (text === '' ? '(empty question)' : flat(text, 80)))
    )
  })

  it('show hostile pages as text when questions are hidden, and no question or category', () => {
    const html = assistantSummaryHtml(report({ showReaderText: false, questions: withoutText(hostile), topPages: 100 }))
    const seen = checked(html)
    expect(seen.tables).toHaveLength(2)
    // A long path is broken into lines after a /, which the text shows as a space.
    expect(seen.tables[1]?.slice(1).map((cells) => cells[0]?.replace(/\/ /g, '/'))).toEqual(
      texts.map((_, i) => texts[(i + 1) % texts.length] ?? '').map((text) => (text === '' ? '(no page)' : flat(text, 120)))
    )
    const onlyHidden = assistantSummaryHtml(
      report({ showReaderText: false, questions: hostile.map((q) => ({ ...q, pageUrl: null })), topPages: 100 })
    )
    for (const text of ['onerror', 'set-output', 'octocat', 'javascript', 'evil.example', LONG_LINE.slice(0, 20)])
      expect(onlyHidden).not.toContain(text)
  })
})

describe('the byte budget', () => {
  function table(html: string, heading: string) {
    const found = new RegExp(`<h3>${heading}</h3>\\n<table>(.*?)</table>(?:\\n<p>(… and .*?)</p>)?`).exec(html)
    return { rows: (found?.[1] ?? '').split('<tr>').length - 2, note: found?.[2] }
  }

  /** Questions whose row is exactly `bytes` long. */
  function questionsOfBytes(count: number, bytes: number): QuestionEntry[] {
    const rowHtml = (query: string): string =>
      /<tr><td>q.*?<\/tr>/.exec(assistantSummaryHtml(report({ questions: [question(query)], topPages: 1 })))?.[0] ?? ''
    const extra = bytes - Buffer.byteLength(rowHtml('q0000'))
    const query = (i: number): string => `q${String(i).padStart(4, '0')}${'@'.repeat(Math.floor(extra / 18))}${'x'.repeat(extra % 18)}`
    expect(Buffer.byteLength(rowHtml(query(1)))).toBe(bytes)
    return Array.from({ length: count }, (_, i) => question(query(i)))
  }

  const fill = LIST_BUDGET_BYTES / 1024

  it('keeps every row that fits the budget exactly, and notes those left out', () => {
    expect(
      table(assistantSummaryHtml(report({ questions: questionsOfBytes(fill, 1024), topPages: 1000 })), `Top ${fill} unanswered questions`)
    ).toEqual({
      rows: fill,
      note: undefined
    })
    expect(
      table(
        assistantSummaryHtml(report({ questions: questionsOfBytes(fill + 2, 1024), topPages: 1000 })),
        `Top ${fill} unanswered questions`
      )
    ).toEqual({
      rows: fill,
      note: '… and 2 more unanswered questions, left out to keep the summary small.'
    })
    expect(
      table(
        assistantSummaryHtml(report({ questions: questionsOfBytes(fill + 5, 1024), topPages: fill + 1 })),
        `Top ${fill} unanswered questions`
      ).note
    ).toBe('… and 1 more unanswered question, left out to keep the summary small.')
  })

  // Twice topPages, and many times the rows the budget keeps.
  const long = Array.from({ length: 2_000 }, (_, i) =>
    question(`${'@#<|'.repeat(500)}${i}`, { queryCategory: `${'#'.repeat(2000)}${i}`, pageUrl: `${'@'.repeat(2000)}${i}` })
  )
  const worst = {
    topPages: 1000,
    rangeText: '@'.repeat(2000),
    failure: '@'.repeat(2000),
    callers: { web: -1e21, api: 1.5, other: 2, total: 1e21 }
  }

  it(`stays within ${SECTION_BUDGET_BYTES / 1024} KiB with 2,000 questions of 2,000 hostile characters and topPages at 1,000`, () => {
    const html = assistantSummaryHtml(report({ ...worst, questions: long }))
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(SECTION_BUDGET_BYTES)
    const top = table(html, 'Top .*? unanswered questions')
    expect(top.rows).toBeGreaterThan(0)
    expect(top.note).toBe(
      `… and ${(1000 - top.rows).toLocaleString('en-US')} more unanswered questions, left out to keep the summary small.`
    )
  })

  it(`stays within ${SECTION_BUDGET_BYTES / 1024} KiB with the questions hidden and 2,000 long pages`, () => {
    const html = assistantSummaryHtml(report({ ...worst, showReaderText: false, questions: withoutText(long) }))
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(SECTION_BUDGET_BYTES)
    const pages = table(html, 'Top .*? pages of unanswered questions')
    expect(pages.rows).toBeGreaterThan(0)
    expect(pages.note).toBe(`… and ${(1000 - pages.rows).toLocaleString('en-US')} more pages, left out to keep the summary small.`)
  })
})
