// @ts-check
// Data a docs team would believe, for `npm run demo` (scripts/demo.mjs) and the pictures of the
// README (scripts/screenshots.mjs): whole counts, pages a docs site has, searches and questions
// people ask, one week and the week before, every date inside the week it belongs to. The hostile
// strings and edge values stay in the tests' data (test/emulator/analytics-data.js).
import { ulid } from '../test/emulator/analytics-data.js'

/**
 * @typedef {import('../test/emulator/emulator.js').Emulator} Emulator
 * @typedef {{ dateFrom: string, dateTo: string }} Week a range of YYYY-MM-DD days, dateTo excluded
 * @typedef {{ path: string, human: number, ai: number, total: number }} TrafficRow
 */

const DAY_MS = 86_400_000

/** The most visited pages of the week: path, human visitors, AI visitors. */
const VISITED_PAGES = /** @type {const} */ ([
  ['/quickstart', 11_227, 1_905],
  ['/api-reference/webhooks', 6_310, 2_114],
  ['/guides/authentication', 5_902, 1_430],
  ['/api-reference/introduction', 4_870, 1_977],
  ['/guides/deploy', 3_415, 512],
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
  ['/api-reference/pagination', 787, 640],
  ['/guides/teams', 702, 38],
  ['/status', 455, 12]
])

/** The long tail: a page for each area, resource and action, fewer visitors the further down. */
const AREAS = ['api-reference', 'guides', 'sdks/python', 'sdks/node', 'sdks/go']
const RESOURCES = [
  'projects',
  'users',
  'teams',
  'invoices',
  'events',
  'api-keys',
  'domains',
  'deployments',
  'builds',
  'logs',
  'secrets',
  'environments',
  'regions',
  'databases',
  'backups',
  'buckets',
  'files',
  'queues',
  'jobs',
  'schedules',
  'alerts',
  'metrics',
  'audit-log',
  'roles',
  'permissions',
  'sessions',
  'tokens',
  'notifications',
  'integrations',
  'usage'
]
const ACTIONS = ['overview', 'create', 'list', 'get', 'update', 'delete', 'errors', 'examples']

/** The most pages trafficRows gives. */
export const MAX_TRAFFIC_ROWS = VISITED_PAGES.length + AREAS.length * RESOURCES.length * ACTIONS.length

/** @param {number} n a small deterministic spread, 0 to 96 */
const spread = (n) => (n * 7919) % 97

/** Visitors of both kinds, counted once in total: a few are seen as both. @param {number} human @param {number} ai */
const traffic = (human, ai) => ({ human, ai, total: human + ai - Math.round(Math.min(human, ai) * 0.03) })

/** Views are events, counted once each: their total is the sum. @param {number} human @param {number} ai */
const viewCounts = (human, ai) => ({ human, ai, total: human + ai })

/**
 * The first `n` pages of the site, with their visitors in a week: the most visited, then the long tail.
 * @param {number} n at most MAX_TRAFFIC_ROWS
 * @returns {TrafficRow[]}
 */
export function trafficRows(n) {
  /** @type {TrafficRow[]} */
  const rows = VISITED_PAGES.map(([path, human, ai]) => ({ path, ...traffic(human, ai) }))
  for (let i = 0; rows.length < n; i++) {
    const area = AREAS[i % AREAS.length]
    const resource = RESOURCES[Math.floor(i / AREAS.length) % RESOURCES.length]
    const action = ACTIONS[Math.floor(i / (AREAS.length * RESOURCES.length))]
    if (action === undefined) throw new Error(`trafficRows gives at most ${MAX_TRAFFIC_ROWS} pages, not ${n}`)
    const human = Math.max(1, Math.round(440 * 0.994 ** i) + spread(i) - 48)
    rows.push({ path: `/${area}/${resource}/${action}`, ...traffic(human, Math.round((human * (10 + (spread(i) % 25))) / 100)) })
  }
  return rows.slice(0, n)
}

/**
 * Site-wide totals for these pages: fewer than their sum, since one visitor reads several pages.
 * @param {readonly TrafficRow[]} rows
 * @param {{ human: number, ai: number }} [scale] how another week compares with these pages' (1.1 for a tenth more)
 */
export function siteTotals(rows, scale = { human: 1, ai: 1 }) {
  const sum = (/** @type {'human' | 'ai'} */ kind) => rows.reduce((total, row) => total + row[kind], 0)
  return traffic(Math.round(sum('human') * 0.62 * scale.human), Math.round(sum('ai') * 0.71 * scale.ai))
}

/** The week before `week`. @param {Week} week @returns {Week} */
export function weekBefore(week) {
  const day = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(0, 10)
  return { dateFrom: day(Date.parse(week.dateFrom) - 7 * DAY_MS), dateTo: week.dateFrom }
}

/** The instant `fraction` of the way through `week` (0 its start, 1 its end), to the minute. @param {Week} week @param {number} fraction */
function within(week, fraction) {
  const from = Date.parse(week.dateFrom)
  const at = from + Math.floor((Date.parse(week.dateTo) - from) * fraction)
  return at - (at % 60_000)
}

/** Search terms: text, hits, click-through rate, the result clicked most (null: nobody clicked). */
const SEARCHES = /** @type {const} */ ([
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
])

/** Feedback on pages: path, helpful, status, comment; the first of each kind are the comments. */
const COMMENTS = /** @type {const} */ ([
  ['/api-reference/webhooks', false, 'pending', 'No example of verifying the signature in Python.'],
  ['/api-reference/webhooks', false, 'pending', 'What happens after the third retry? The page does not say.'],
  ['/guides/authentication', false, 'in_progress', 'The token expiry is not mentioned anywhere.'],
  ['/quickstart', true, 'resolved', 'Clear and quick, thanks!'],
  ['/api-reference/pagination', false, 'pending', 'Is the cursor stable if items are deleted?'],
  ['/api-reference/webhooks', false, 'pending', 'No example of verifying the signature in Python.'],
  ['/guides/deploy', true, 'dismissed', 'Worked first time.']
])

/** Assistant questions: text, page asked on, and whether the docs leave it open. */
const QUESTIONS = /** @type {const} */ ([
  ['How do I retry a failed webhook delivery?', '/api-reference/webhooks', true],
  ['How long is a webhook retried for?', '/api-reference/webhooks', true],
  ['How do I verify a webhook signature in Python?', '/api-reference/webhooks', true],
  ['Can I use an API key from the browser?', '/guides/authentication', false],
  ['How do I paginate the events list?', '/api-reference/pagination', false],
  ['How do I add a custom domain?', '/guides/custom-domains', false],
  ['Does the Go client support contexts?', '/sdks/go', true],
  ['How do I deploy from GitHub Actions?', '/guides/deploy', false]
])

/** `count` pieces of feedback spread over `week`, newest last. @param {Week} week @param {number} count */
function feedbackRows(week, count) {
  return Array.from({ length: count }, (_, i) => {
    const [path, helpful, status, comment] = /** @type {(typeof COMMENTS)[number]} */ (COMMENTS[i % COMMENTS.length])
    return {
      id: `fb_${week.dateFrom}_${String(i).padStart(4, '0')}`,
      path,
      comment: i < COMMENTS.length ? comment : null,
      createdAt: new Date(within(week, (i + 0.5) / count)).toISOString(),
      source: /** @type {const} */ ('contextual'),
      status,
      helpful,
      contact: null
    }
  })
}

/** `count` assistant questions spread over `week`. @param {Week} week @param {number} count */
function questionRows(week, count) {
  let seed = 1
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  return Array.from({ length: count }, (_, i) => {
    const [query, page, hard] = /** @type {(typeof QUESTIONS)[number]} */ (QUESTIONS[i % QUESTIONS.length])
    const ms = within(week, (i + 0.5) / count)
    const unanswered = hard && spread(i) % 3 !== 0
    return {
      id: ulid(ms, random),
      timestamp: new Date(ms).toISOString(),
      query,
      response: unanswered ? 'I could not find that in the documentation.' : 'See the guide linked below.',
      responseType: /** @type {const} */ ('answer'),
      sources: [],
      resolutionStatus: unanswered ? /** @type {const} */ ('unanswered') : /** @type {const} */ ('answered'),
      queryCategory: hard ? 'webhooks' : 'setup',
      pageUrl: `https://docs.acme.dev${page}`
    }
  })
}

/** Pages of the demo site, as many as trafficRows gives setDemoData. */
export const DEMO_PAGES = 120

/**
 * Sets the demo data for `week` (served for any range asked for) and for the week before it (served
 * for that range alone): fewer people and more views and searches the week before, fewer thumbs
 * down and questions.
 * @param {Emulator} emulator
 * @param {Week} week
 */
export function setDemoData(emulator, week) {
  const before = weekBefore(week)
  const visitors = trafficRows(DEMO_PAGES)
  emulator.setVisitors({ totals: siteTotals(visitors), rows: visitors })
  emulator.setVisitors({ totals: siteTotals(visitors, { human: 1.12, ai: 0.79 }), rows: [] }, before)
  // A visitor reads about three pages of the site in a week; AI agents fewer.
  const views = visitors.map((row, i) => ({ path: row.path, ...viewCounts(row.human * 3 - (i % 11), row.ai * 2 + (i % 5)) }))
  const viewTotals = (/** @type {number} */ human, /** @type {number} */ ai) =>
    viewCounts(
      Math.round(views.reduce((sum, row) => sum + row.human, 0) * human),
      Math.round(views.reduce((sum, row) => sum + row.ai, 0) * ai)
    )
  emulator.setViews({ totals: viewTotals(1, 1), rows: views })
  emulator.setViews({ totals: viewTotals(1.09, 0.83), rows: [] }, before)

  emulator.setSearches({
    rows: SEARCHES.map(([query, hits, ctr, page], i) => ({
      searchQuery: query,
      hits,
      ctr,
      topClickedPage: page,
      lastSearchedAt: new Date(within(week, 0.97 - i * 0.07)).toISOString()
    }))
  })
  emulator.setSearches(
    {
      rows: [
        {
          searchQuery: 'api key',
          hits: 301,
          ctr: 0.6,
          topClickedPage: '/guides/authentication',
          lastSearchedAt: new Date(within(before, 0.99)).toISOString()
        }
      ],
      totalSearches: 1_204
    },
    before
  )

  emulator.setFeedbackByPage([
    { path: '/api-reference/webhooks', thumbsUp: 21, thumbsDown: 14, code: 3, total: 38 },
    { path: '/guides/authentication', thumbsUp: 40, thumbsDown: 6, code: 1, total: 47 },
    { path: '/quickstart', thumbsUp: 88, thumbsDown: 4, code: 0, total: 92 },
    { path: '/api-reference/pagination', thumbsUp: 9, thumbsDown: 4, code: 2, total: 15 },
    { path: '/guides/deploy', thumbsUp: 17, thumbsDown: 2, code: 0, total: 19 }
  ])
  emulator.setFeedbackByPage(
    [
      { path: '/api-reference/webhooks', thumbsUp: 19, thumbsDown: 9, code: 1, total: 29 },
      { path: '/guides/authentication', thumbsUp: 35, thumbsDown: 8, code: 0, total: 43 },
      { path: '/quickstart', thumbsUp: 80, thumbsDown: 5, code: 0, total: 85 }
    ],
    before
  )
  emulator.setFeedback(feedbackRows(week, 40))
  emulator.setFeedback(feedbackRows(before, 33), before)

  emulator.setAssistant(questionRows(week, 120))
  emulator.setCallerStats({ web: 104, api: 16, other: 0, total: 120 })
  emulator.setAssistant(questionRows(before, 97), before)
  emulator.setCallerStats({ web: 83, api: 14, other: 0, total: 97 }, before)
}
