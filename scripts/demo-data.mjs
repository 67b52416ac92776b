// @ts-check
// Data a docs team would believe, for the pictures of the docs health report (scripts/screenshots.mjs):
// whole numbers, real-looking pages, searches and questions, one week and the week before. The
// hostile strings stay in the tests' data (test/emulator/analytics-data.js).
import { ulid } from '../test/emulator/analytics-data.js'

/** @typedef {import('../test/emulator/emulator.js').Emulator} Emulator */

const PAGES = [
  ['/quickstart', 11_227, 1_905],
  ['/api-reference/webhooks', 6_310, 2_114],
  ['/guides/authentication', 5_902, 1_430],
  ['/api-reference/introduction', 4_870, 1_977],
  ['/guides/deploy', 3_415, 512],
  ['/api-reference/pagination', 787, 640],
  ['/guides/custom-domains', 2_940, 303],
  ['/sdks/python', 2_611, 880],
  ['/sdks/node', 2_406, 845],
  ['/changelog', 2_120, 95],
  ['/guides/sso', 1_944, 410],
  ['/api-reference/errors', 1_802, 733],
  ['/guides/rate-limits', 1_560, 512],
  ['/guides/migrations', 1_233, 120],
  ['/api-reference/events', 1_105, 410],
  ['/guides/testing', 980, 160],
  ['/sdks/go', 911, 301],
  ['/guides/billing', 860, 44],
  ['/guides/teams', 702, 38],
  ['/status', 455, 12]
]

const START = Date.parse('2026-11-09T00:00:00Z')

/** @param {number} n a small deterministic spread */
const spread = (n) => (n * 7919) % 97

/** @param {Emulator} emulator @param {{ dateFrom: string, dateTo: string }} before the week before */
export function setDemoData(emulator, before) {
  const visitors = PAGES.map(([path, human, ai]) => ({
    path: String(path),
    human: Number(human),
    ai: Number(ai),
    total: Number(human) + Number(ai) - 40
  }))
  emulator.setVisitors({ totals: { human: 48_312, ai: 11_904, total: 58_770 }, rows: visitors })
  emulator.setVisitors({ totals: { human: 54_288, ai: 9_470, total: 62_950 }, rows: [] }, before)
  emulator.setViews({
    totals: { human: 131_804, ai: 40_911, total: 172_715 },
    rows: visitors.map((row, i) => ({
      path: row.path,
      human: row.human * 3 - i * 11,
      ai: row.ai * 3 + i,
      total: row.human * 3 + row.ai * 3 - i * 10
    }))
  })
  const searches = [
    ['webhook retries', 312, 0, null],
    ['api key', 288, 0.61, '/guides/authentication'],
    ['rate limit', 201, 0.44, '/guides/rate-limits'],
    ['webhook signature', 143, 0, null],
    ['custom domain ssl', 131, 0.38, '/guides/custom-domains'],
    ['pagination cursor', 96, 0.52, '/api-reference/pagination'],
    ['python async', 88, 0.31, '/sdks/python'],
    ['delete account', 61, 0, null],
    ['sso okta', 57, 0.47, '/guides/sso'],
    ['migrate from v1', 44, 0.29, '/guides/migrations'],
    ['invoice', 31, 0, null],
    ['go client', 22, 0.5, '/sdks/go']
  ]
  emulator.setSearches({
    rows: searches.map(([query, hits, ctr, page], i) => ({
      searchQuery: String(query),
      hits: Number(hits),
      ctr: Number(ctr),
      topClickedPage: page === null ? null : String(page),
      lastSearchedAt: new Date(START + i * 5_400_000).toISOString()
    }))
  })
  emulator.setFeedbackByPage([
    { path: '/api-reference/webhooks', thumbsUp: 21, thumbsDown: 14, code: 3, total: 35 },
    { path: '/guides/authentication', thumbsUp: 40, thumbsDown: 6, code: 1, total: 46 },
    { path: '/quickstart', thumbsUp: 88, thumbsDown: 4, code: 0, total: 92 },
    { path: '/api-reference/pagination', thumbsUp: 9, thumbsDown: 4, code: 2, total: 13 },
    { path: '/guides/deploy', thumbsUp: 17, thumbsDown: 2, code: 0, total: 19 }
  ])
  const comments = [
    ['/api-reference/webhooks', false, 'pending', 'No example of verifying the signature in Python.'],
    ['/api-reference/webhooks', false, 'pending', 'What happens after the third retry? The page does not say.'],
    ['/guides/authentication', false, 'in_progress', 'The token expiry is not mentioned anywhere.'],
    ['/quickstart', true, 'resolved', 'Clear and quick, thanks!'],
    ['/api-reference/pagination', false, 'pending', 'Is the cursor stable if items are deleted?'],
    ['/api-reference/webhooks', false, 'pending', 'No example of verifying the signature in Python.'],
    ['/guides/deploy', true, 'dismissed', 'Worked first time.']
  ]
  emulator.setFeedback(
    Array.from({ length: 40 }, (_, i) => {
      const [path, helpful, status, comment] = /** @type {[string, boolean, string, string]} */ (comments[i % comments.length])
      return {
        id: `fb_${String(i).padStart(4, '0')}`,
        path,
        comment: i < comments.length ? comment : null,
        createdAt: new Date(START + i * 14_400_000).toISOString(),
        source: 'contextual',
        status: /** @type {'pending'} */ (status),
        helpful,
        contact: null
      }
    })
  )
  const questions = [
    ['How do I retry a failed webhook delivery?', '/api-reference/webhooks', true],
    ['How long is a webhook retried for?', '/api-reference/webhooks', true],
    ['How do I verify a webhook signature in Python?', '/api-reference/webhooks', true],
    ['Can I use an API key from the browser?', '/guides/authentication', false],
    ['How do I paginate the events list?', '/api-reference/pagination', false],
    ['How do I add a custom domain?', '/guides/custom-domains', false],
    ['Does the Go client support contexts?', '/sdks/go', true],
    ['How do I deploy from GitHub Actions?', '/guides/deploy', false]
  ]
  let seed = 1
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  emulator.setAssistant(
    Array.from({ length: 120 }, (_, i) => {
      const [query, page, hard] = /** @type {[string, string, boolean]} */ (questions[i % questions.length])
      const ms = START + i * 5_000_000
      const unanswered = hard && spread(i) % 3 !== 0
      return {
        id: ulid(ms, random),
        timestamp: new Date(ms).toISOString(),
        query,
        response: unanswered ? 'I could not find that in the documentation.' : 'See the guide linked below.',
        responseType: 'answer',
        sources: [],
        resolutionStatus: unanswered ? 'unanswered' : 'answered',
        queryCategory: hard ? 'webhooks' : 'setup',
        pageUrl: `https://docs.acme.dev${page}`
      }
    })
  )
  emulator.setCallerStats({ web: 104, api: 16, other: 0, total: 120 })

  // The week before: fewer people, more views and searches, fewer thumbs down and questions.
  emulator.setViews({ totals: { human: 146_230, ai: 33_870, total: 180_100 }, rows: [] }, before)
  emulator.setSearches(
    {
      rows: [{ searchQuery: 'api key', hits: 1, ctr: 0.6, topClickedPage: '/guides/authentication', lastSearchedAt: before.dateFrom }],
      totalSearches: 1_204
    },
    before
  )
  emulator.setFeedbackByPage(
    [
      { path: '/api-reference/webhooks', thumbsUp: 19, thumbsDown: 9, code: 1, total: 29 },
      { path: '/guides/authentication', thumbsUp: 35, thumbsDown: 8, code: 0, total: 43 },
      { path: '/quickstart', thumbsUp: 80, thumbsDown: 5, code: 0, total: 85 }
    ],
    before
  )
  emulator.setCallerStats({ web: 83, api: 14, other: 0, total: 97 }, before)
}
