// @ts-check
// A second docs site for the loop's benchmark, built on its own assumptions rather than on site.mjs's:
// traffic log-normal across pages and overdispersed week to week, part of it AI; every page one hidden
// "brokenness" between 0 and 1 that moves all its signals at once; votes, questions and searches each
// at a rate of the page's own, with a good page's thumbs-down share, unanswered share and
// click-through drawn per page; readers search in several phrasings, one of them in words no path
// holds, and their clicks are counted (a search is clicked at a page's own click-through). A fix moves
// the brokenness: to 0 when it works, 60 % of the way it was when it half works.
import { REGRESS_AFTER } from './site.mjs'
import { normal, poisson, seeded, shuffled } from './random.mjs'

/** @typedef {import('./random.mjs').Random} Random */
/** @typedef {import('./site.mjs').Fix} Fix */
/** @typedef {import('./site.mjs').Trouble} Trouble */
/** @typedef {import('./drive.mjs').Served} Served */
/** @typedef {import('./drive.mjs').Model} Model */

/** The site's subjects; a page's slug is one of them and no search phrasing in other words uses one. */
const SLUGS = [
  'quickstart',
  'install',
  'auth',
  'keys',
  'events',
  'queues',
  'retries',
  'limits',
  'regions',
  'backups',
  'logs',
  'metrics',
  'alerts',
  'teams',
  'plans',
  'invoices',
  'refunds',
  'taxes',
  'cards',
  'payouts',
  'disputes',
  'checkout',
  'links',
  'portal',
  'usage',
  'meters',
  'coupons',
  'trials',
  'schedules',
  'exports',
  'schemas',
  'fields',
  'filters',
  'sorting',
  'cursors',
  'batching',
  'idempotency',
  'sandbox',
  'testing',
  'migrations',
  'security',
  'privacy',
  'onboarding',
  'sessions',
  'caching',
  'locales'
]
const AREAS = ['start', 'build', 'operate', 'reference']
/** Words of the phrasings that name no slug and no area: a search the bundle cannot tie to a page by its words. */
const VERBS = ['cancel', 'rotate', 'undo', 'verify', 'rename', 'pause', 'resend', 'archive', 'unlock', 'merge', 'split', 'price']
const OBJECTS = ['order', 'secret', 'payment', 'member', 'receipt', 'endpoint', 'project', 'balance', 'charge', 'customer', 'ledger']
/** The share of a page's searches in each of its three phrasings: its slug alone, the slug and a word, other words. */
const PHRASING_SHARE = [0.45, 0.35, 0.2]
const SUFFIXES = ['howto', 'sample', 'fails', 'missing', 'limit', 'steps']
/** How far the brokenness stays when a fix half works: 60 % of the trouble beyond a good page's. */
const HALF_STAYS = 0.6
/** A page counts as troubling readers (its gaps are worth ticking) above this brokenness. */
const TROUBLING = 0.25
/** Week-to-week swing of a page's traffic: a gamma multiplier of this shape (mean 1, sd 1/√shape). */
const SWING_SHAPE = 12

/**
 * One page of the other site: its traffic, its rates at brokenness 0 (`good`) and how a broken page
 * shows (`broken`), and its brokenness before any fix.
 * @typedef {object} OtherPage
 * @property {string} path
 * @property {string} slug
 * @property {string[]} phrasings
 * @property {number} traffic mean visitors a week, humans and AI
 * @property {number} aiShare
 * @property {number} voteRate votes per human visitor
 * @property {number} askRate questions per human visitor
 * @property {number} searchRate searches per human visitor
 * @property {number} commentShare comments left with a thumbs down
 * @property {{ down: number, unanswered: number, ctr: number }} good
 * @property {{ down: number, unanswered: number, ctr: number }} broken
 * @property {number} brokenness 0 to 1
 */

/** @param {number} a @param {number} b @param {number} t */
const lerp = (a, b, t) => a + (b - a) * t

/**
 * A gamma draw of integer shape k and mean 1 (a sum of k exponentials over k).
 * @param {Random} random @param {number} k
 */
function gammaMeanOne(random, k) {
  let sum = 0
  for (let i = 0; i < k; i++) sum -= Math.log(1 - random())
  return sum / k
}

/** Successes among `n` draws of chance `p`, one draw at a time. @param {Random} random @param {number} n @param {number} p */
function count(random, n, p) {
  let k = 0
  for (let i = 0; i < n; i++) if (random() < p) k++
  return k
}

/**
 * The other site's pages for a seed: 45 of them, log-normal traffic (median 70 a week), 9 broken
 * (brokenness 0.6 to 1) and 5 rough (0.3 to 0.5) anywhere in the traffic order, the rest sound (0 to 0.1).
 * @param {Random} random @returns {OtherPage[]}
 */
export function otherPages(random) {
  const n = 45
  const slugs = [...SLUGS]
  /** @type {OtherPage[]} */
  const pages = []
  const taken = new Set()
  const order = shuffled(
    random,
    Array.from({ length: n }, (_, i) => i)
  )
  const broken = new Set(order.slice(0, 9))
  const rough = new Set(order.slice(9, 14))
  for (let i = 0; i < n; i++) {
    const slug = /** @type {string} */ (slugs.splice(Math.floor(random() * slugs.length), 1)[0])
    let other = ''
    while (other === '' || taken.has(other))
      other = `${VERBS[Math.floor(random() * VERBS.length)] ?? ''} ${OBJECTS[Math.floor(random() * OBJECTS.length)] ?? ''}`
    taken.add(other)
    const good = { down: lerp(0.05, 0.3, random()), unanswered: lerp(0.05, 0.2, random()), ctr: lerp(0.45, 0.85, random()) }
    pages.push({
      path: `/${AREAS[i % AREAS.length] ?? ''}/${slug}`,
      slug,
      phrasings: [slug, `${slug} ${SUFFIXES[Math.floor(random() * SUFFIXES.length)] ?? ''}`, other],
      traffic: Math.min(2500, Math.max(6, Math.exp(Math.log(70) + 1.1 * normal(random)))),
      aiShare: lerp(0.05, 0.35, random()),
      voteRate: lerp(0.008, 0.04, random()),
      askRate: lerp(0.005, 0.025, random()),
      searchRate: lerp(0.01, 0.06, random()),
      commentShare: lerp(0.1, 0.5, random()),
      good,
      broken: { down: lerp(0.7, 0.9, random()), unanswered: lerp(0.55, 0.8, random()), ctr: lerp(0.02, 0.12, random()) },
      brokenness: broken.has(i) ? lerp(0.6, 1, random()) : rough.has(i) ? lerp(0.3, 0.5, random()) : lerp(0, 0.1, random())
    })
  }
  return pages
}

/** The page's brokenness in week `w` with its fix, if any. @param {OtherPage} page @param {Fix | undefined} fix @param {number} w */
export function brokennessAt(page, fix, w) {
  if (fix === undefined || w < fix.mergedWeek) return page.brokenness
  const since = w - fix.mergedWeek + 1
  switch (fix.effect) {
    case 'works':
      return 0
    case 'regress':
      return since <= REGRESS_AFTER ? 0 : page.brokenness
    case 'half':
      return page.brokenness * HALF_STAYS
    default:
      return page.brokenness
  }
}

/** The rates a page shows at brokenness `b`. @param {OtherPage} page @param {number} b */
const showing = (page, b) => ({
  down: lerp(page.good.down, page.broken.down, b),
  unanswered: lerp(page.good.unanswered, page.broken.unanswered, b),
  ctr: lerp(page.good.ctr, page.broken.ctr, b)
})

/** The human readers of a page in trouble and heard from in a week, in expectation. @param {OtherPage} page @param {number} b @returns {Trouble} */
export function troubleOf(page, b) {
  const humans = page.traffic * (1 - page.aiShare)
  const r = showing(page, b)
  const votes = humans * page.voteRate
  const trouble = votes * r.down + humans * page.askRate * r.unanswered + humans * page.searchRate * (1 - r.ctr)
  return { trouble, heard: trouble + votes * (1 - r.down) }
}

/**
 * A page's week: visitors swing around its traffic, humans and AI split by its share, and every human
 * may vote, ask and search at its rates.
 * @param {Random} random @param {OtherPage} page @param {number} b @returns {Served}
 */
function readersOf(random, page, b) {
  const visitors = poisson(random, page.traffic * gammaMeanOne(random, SWING_SHAPE))
  const ai = count(random, visitors, page.aiShare)
  const human = visitors - ai
  const r = showing(page, b)
  const votes = count(random, human, page.voteRate)
  const down = count(random, votes, r.down)
  const asked = count(random, human, page.askRate)
  const unanswered = count(random, asked, r.unanswered)
  const searched = count(random, human, page.searchRate)
  /** @type {Map<string, { hits: number, clicks: number }>} */
  const byPhrase = new Map()
  for (let i = 0; i < searched; i++) {
    const u = random()
    const at = u < (PHRASING_SHARE[0] ?? 0) ? 0 : u < (PHRASING_SHARE[0] ?? 0) + (PHRASING_SHARE[1] ?? 0) ? 1 : 2
    const query = page.phrasings[at] ?? page.slug
    const row = byPhrase.get(query) ?? { hits: 0, clicks: 0 }
    row.hits++
    if (random() < r.ctr) row.clicks++
    byPhrase.set(query, row)
  }
  return {
    human,
    ai,
    up: votes - down,
    down,
    notHelpful: count(random, down, page.commentShare),
    helpful: count(random, votes - down, 0.04),
    unanswered,
    answered: asked - unanswered,
    searches: [...byPhrase].map(([query, row]) => ({ query, ...row })),
    comment: `Still confused about ${page.slug}: the steps skip a part.`,
    question: `Where do the docs explain ${page.slug}?`
  }
}

/**
 * The other site as a model the driver runs: its pages, each week's readers (from a generator of the
 * seed and week alone), the truth, and which pages truly trouble readers.
 * @param {Random} random the seed's generator, for the site (the driver deals the fixes from it after)
 * @param {number} seed @returns {Model}
 */
export function otherSite(random, seed) {
  const pages = otherPages(random)
  const byPath = new Map(pages.map((page) => [page.path, page]))
  return {
    paths: pages.map((page) => page.path),
    troubles: (path) => (byPath.get(path)?.brokenness ?? 0) > TROUBLING,
    heard: (path) => {
      const page = byPath.get(path)
      return page === undefined ? 0 : troubleOf(page, page.brokenness).heard
    },
    week: (w, fixes) => {
      const random = seeded(seed * 3571 + w * 31 + 7)
      return new Map(pages.map((page) => [page.path, readersOf(random, page, brokennessAt(page, fixes.get(page.path), w))]))
    },
    truth: (w, fixes) => new Map(pages.map((page) => [page.path, troubleOf(page, brokennessAt(page, fixes.get(page.path), w))])),
    movedTo: () => undefined
  }
}
