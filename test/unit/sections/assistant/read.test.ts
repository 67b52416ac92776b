// Tests the assistant section's part (src/sections/assistant/read.ts) against fake APIs that record what
// they were asked: the queries, what its report keeps and in which order, reader text, partial
// reports and the request budget.
import { readKeys } from '../../../../src/core/catalog.js'
import { describe, expect, it } from 'vitest'
import { pageLabel } from '../../../../src/text/page-path.js'
import type { CursorQuery, DateRange } from '../../../../src/api/analytics.js'
import type { AssistantPage, AssistantRow, CallerStats } from '../../../../src/sections/assistant/schema.js'
import { ASSISTANT_PAGE_SIZE, assistantPart, type AssistantReport } from '../../../../src/sections/assistant/read.js'
import { RequestBudget } from '../../../../src/analytics/budget.js'
import { MAX_SECTION_TEXT } from '../../../../src/analytics/pager.js'
import {
  base,
  calls,
  cleanUpAfterEach,
  endpoint,
  finished,
  INJECTED_PATH,
  range,
  request,
  RESET_URL,
  run,
  showing,
  fakeAnalytics
} from '../../../support/section-parts.js'
import { cutReason, cutWarning, unreadReason, unreadWarning } from '../../../support/budget-messages.js'

cleanUpAfterEach()

describe('assistant', () => {
  const question = (id: string, more: Partial<AssistantRow> = {}): AssistantRow => ({
    id,
    timestamp: `2026-11-1${id}T09:00:00Z`,
    query: `question ${id}`,
    response: `the answer to ${id}`,
    responseType: 'answer',
    sources: [{ title: 'Guide', url: 'https://docs.example.com/guide' }],
    resolutionStatus: 'answered',
    queryCategory: 'setup',
    pageUrl: '/guide',
    ...more
  })
  const callers: CallerStats = { web: 5, api: 2, other: 1, total: 8 }

  function assistantApi(questionAnswers: (AssistantPage | Error)[], callerAnswers: (CallerStats | Error)[]) {
    const questions = endpoint<CursorQuery, AssistantPage>('assistant', questionAnswers)
    const stats = endpoint<DateRange, CallerStats>('callers', callerAnswers)
    return {
      questionsAsked: questions.asked,
      callersAsked: stats.asked,
      api: fakeAnalytics({ assistant: questions.call, assistantCallerStats: stats.call })
    }
  }

  function planned(limit: number): RequestBudget {
    const budget = new RequestBudget(limit)
    budget.reserve(readKeys('assistant'))
    return budget
  }

  it('reads the questions by cursor, 1,000 a request, then who asked in one request', async () => {
    const { questionsAsked, callersAsked, api } = assistantApi(
      [
        { conversations: [question('1')], nextCursor: 'q1', hasMore: true },
        {
          conversations: [question('2', { responseType: 'clarifying_question', resolutionStatus: 'unanswered' })],
          nextCursor: null,
          hasMore: false
        }
      ],
      [callers]
    )
    const budget = planned(40)
    const part = assistantPart(api, request, budget)
    const { warnings } = await run(part)
    expect(ASSISTANT_PAGE_SIZE).toBe(1000)
    expect(readKeys('assistant')).toEqual(['assistant', 'assistant:callers'])
    expect(calls).toEqual(['assistant', 'assistant', 'callers'])
    expect(questionsAsked).toEqual([undefined, 'q1'].map((cursor) => ({ projectId: 'proj1', query: { ...range, limit: 1000, cursor } })))
    expect(callersAsked).toStrictEqual([{ projectId: 'proj1', query: range }])
    expect(part.report(finished, 0)).toStrictEqual<AssistantReport>({
      kind: 'assistant',
      ...base,
      requests: 3,
      partial: false,
      callers,
      questions: [
        {
          query: undefined,
          resolutionStatus: 'unanswered',
          responseType: 'clarifying_question',
          queryCategory: undefined,
          pageUrl: pageLabel('/guide'),
          timestamp: '2026-11-12T09:00:00Z'
        },
        {
          query: undefined,
          resolutionStatus: 'answered',
          responseType: 'answer',
          queryCategory: undefined,
          pageUrl: pageLabel('/guide'),
          timestamp: '2026-11-11T09:00:00Z'
        }
      ]
    })
    expect(warnings).toEqual([])
    expect(budget.used).toBe(3)
  })

  it('keeps a question seen on two pages once, the first, newest first', async () => {
    const { api } = assistantApi(
      [
        { conversations: [question('1'), question('3', { pageUrl: '/first' })], nextCursor: 'q1', hasMore: true },
        {
          conversations: [question('3', { pageUrl: '/second' }), question('2', { queryCategory: null, pageUrl: null })],
          nextCursor: null,
          hasMore: false
        }
      ],
      [callers]
    )
    const part = assistantPart(api, showing, planned(40))
    await run(part)
    const report = part.report(finished, 0)
    expect(report.questions.map((q) => [q.timestamp, q.pageUrl, q.queryCategory])).toEqual([
      ['2026-11-13T09:00:00Z', '/first', 'setup'],
      ['2026-11-12T09:00:00Z', null, undefined],
      ['2026-11-11T09:00:00Z', '/guide', 'setup']
    ])
  })

  it('keeps the category only when reader text is shown, masked, and the page without its query string, as a path while hidden', async () => {
    const answers = () =>
      assistantApi(
        [
          {
            conversations: [
              question('1', { queryCategory: 'account of bob@example.com', pageUrl: RESET_URL }),
              question('2', { queryCategory: 'setup', pageUrl: INJECTED_PATH }),
              question('3', { queryCategory: null, pageUrl: 'https://docs.example.com/docs/keys#rotate' })
            ],
            nextCursor: null,
            hasMore: false
          }
        ],
        [callers]
      ).api
    const shown = assistantPart(answers(), showing, planned(40))
    await run(shown)
    expect(shown.report(finished, 0).questions.map((q) => [q.queryCategory, q.pageUrl])).toEqual([
      [undefined, 'https://docs.example.com/docs/keys'],
      ['setup', '(other page)'],
      ['account of [email]', 'https://docs.example.com/reset']
    ])
    const hidden = assistantPart(answers(), request, planned(40))
    await run(hidden)
    const hiddenReport = hidden.report(finished, 0)
    expect(hiddenReport.questions.map((q) => [q.queryCategory, q.pageUrl])).toEqual([
      [undefined, pageLabel('/docs/keys')],
      [undefined, '(other page)'],
      [undefined, pageLabel('/reset')]
    ])
    const hiddenJson = JSON.stringify(hiddenReport)
    for (const text of ['setup', 'account', 'example.com', 'alice', '8f2a91', 'Ignore', 'evil', 'question ', '/docs/keys', '/reset'])
      expect(hiddenJson).not.toContain(text)
    // A page the site's navigation lists keeps its path; the category stays hidden.
    const listed = assistantPart(answers(), { ...request, sitePages: new Set(['/docs/keys']) }, planned(40))
    await run(listed)
    expect(listed.report(finished, 0).questions.map((q) => [q.queryCategory, q.pageUrl])).toEqual([
      [undefined, '/docs/keys'],
      [undefined, '(other page)'],
      [undefined, pageLabel('/reset')]
    ])
  })

  it('keeps the questions’ text only when reader text is shown, masked, and never the answers', async () => {
    const answers = () =>
      assistantApi(
        [{ conversations: [question('1', { query: 'Can sam@example.com get access?' }), question('2')], nextCursor: null, hasMore: false }],
        [callers]
      ).api
    const shown = assistantPart(answers(), showing, planned(40))
    await run(shown)
    const shownReport = shown.report(finished, 0)
    expect(shownReport.questions.map((q) => q.query)).toEqual(['question 2', 'Can [email] get access?'])
    expect(JSON.stringify(shownReport)).not.toContain('sam@example.com')
    expect(JSON.stringify(shownReport)).not.toContain('the answer to')
    const hidden = assistantPart(answers(), request, planned(40))
    await run(hidden)
    const hiddenReport = hidden.report(finished, 0)
    expect(hiddenReport.questions.map((q) => q.query)).toEqual([undefined, undefined])
    expect(JSON.stringify(hiddenReport)).not.toContain('question 1')
  })

  it('keeps what the assistant replied to a question it left unanswered, masked, only when reader text is shown', async () => {
    const answers = () =>
      assistantApi(
        [
          {
            conversations: [
              question('1', { resolutionStatus: 'unanswered', response: 'Ask sam@example.com for access.' }),
              question('2', { resolutionStatus: 'answered', response: 'Open the settings.' })
            ],
            nextCursor: null,
            hasMore: false
          }
        ],
        [callers]
      ).api
    const shown = assistantPart(answers(), showing, planned(40))
    await run(shown)
    expect(shown.report(finished, 0).questions.map((q) => [q.resolutionStatus, q.answer])).toEqual([
      ['answered', undefined],
      ['unanswered', 'Ask [email] for access.']
    ])
    const hidden = assistantPart(answers(), request, planned(40))
    await run(hidden)
    const hiddenReport = hidden.report(finished, 0)
    expect(hiddenReport.questions.map((q) => q.answer)).toEqual([undefined, undefined])
    expect(JSON.stringify(hiddenReport)).not.toContain('Ask ')
  })

  it('reads who asked whole when the questions leave the section all but no room: who asked keeps no rows', async () => {
    const small = question('1', { query: '' })
    // One question whose text leaves one character of the section's room.
    const big = question('1', { query: 'q'.repeat(MAX_SECTION_TEXT - 1 - JSON.stringify(small).length) })
    expect(JSON.stringify(big)).toHaveLength(MAX_SECTION_TEXT - 1)
    const { callersAsked, api } = assistantApi([{ conversations: [big], nextCursor: null, hasMore: false }], [callers])
    const part = assistantPart(api, request, planned(40))
    const { warnings } = await run(part)
    expect(callersAsked).toHaveLength(1)
    expect(part.report(finished, 0)).toMatchObject({ requests: 2, partial: false, callers })
    expect(warnings).toEqual([])
  })

  it('is partial, naming the questions, when the budget runs out; who asked is still read from its reservation', async () => {
    const { callersAsked, api } = assistantApi(
      [
        { conversations: [question('1')], nextCursor: 'q1', hasMore: true },
        { conversations: [question('2')], nextCursor: null, hasMore: false }
      ],
      [callers]
    )
    const part = assistantPart(api, request, planned(2))
    const { warnings } = await run(part)
    expect(callersAsked).toHaveLength(1)
    expect(part.report(finished, 0)).toMatchObject({
      requests: 2,
      partial: true,
      partialReason: cutReason('assistant questions'),
      callers,
      questions: [{ timestamp: '2026-11-11T09:00:00Z' }]
    })
    expect(warnings).toEqual([cutWarning('Reading assistant questions stopped after 1 request')])
  })

  it('leaves who asked unread when no request is left for it', async () => {
    const { callersAsked, api } = assistantApi([{ conversations: [question('1')], nextCursor: null, hasMore: false }], [callers])
    const part = assistantPart(api, request, planned(1))
    const { warnings } = await run(part)
    expect(callersAsked).toEqual([])
    expect(part.report(finished, 0)).toMatchObject({
      requests: 1,
      partial: true,
      partialReason: unreadReason('assistant caller stats'),
      callers: undefined
    })
    expect(warnings).toEqual([unreadWarning('Assistant caller stats')])
  })

  it('gives back the reservation of who asked when the questions fail, and fails with the error alone', async () => {
    const { callersAsked, api } = assistantApi([new Error('HTTP 500.')], [callers])
    const budget = planned(2)
    const part = assistantPart(api, request, budget)
    const { ending } = await run(part)
    expect(callersAsked).toEqual([])
    expect(budget.used).toBe(1)
    expect([budget.take(), budget.take()]).toEqual([true, false])
    expect(part.report(ending, 0)).toStrictEqual<AssistantReport>({
      kind: 'assistant',
      ...base,
      requests: 0,
      partial: true,
      partialReason: 'a request failed while reading',
      failure: 'HTTP 500.',
      callers: undefined,
      questions: []
    })
  })

  it('keeps the questions when reading who asked fails', async () => {
    const { api } = assistantApi([{ conversations: [question('1')], nextCursor: null, hasMore: false }], [new Error('HTTP 502.')])
    const part = assistantPart(api, request, planned(40))
    const { ending } = await run(part)
    expect(part.report(ending, 0)).toMatchObject({
      requests: 1,
      partial: true,
      failure: 'Assistant analytics are incomplete after 1 request. HTTP 502.',
      callers: undefined,
      questions: [{ timestamp: '2026-11-11T09:00:00Z' }]
    })
  })
})
