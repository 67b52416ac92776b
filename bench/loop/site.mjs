// @ts-check
// The simulated docs site of the loop's benchmark, with its truth known: 60 pages with Zipf traffic,
// each with a true rate of thumbs down among its voters, of unanswered assistant questions and of
// searches with no click per visitor; the fixes the agent makes, and what each truly does; and each
// week's readers, sampled from the true rates with a seeded generator.
import { binomial, poisson, shuffled, uniform } from './random.mjs'

/** @typedef {import('./random.mjs').Random} Random */

/** Pages of the site. */
export const PAGES = 60
/** Human visitors a week of the busiest page; the page of rank r has TOP_VISITORS / r (Zipf, s = 1). */
export const TOP_VISITORS = 1200
/**
 * A page readers mostly like: of the readers heard from on it (voters, and those who asked or
 * searched in vain), at most this share were in trouble.
 */
export const LIKED_SHARE = 0.25
/** What a fix that half works keeps of each trouble rate: trouble falls by 40 %, short of the half a fix must cut. */
export const HALF_KEEPS = 0.6
/** Periods a fix that regresses works, counted from its merge, before its trouble returns whole. */
export const REGRESS_AFTER = 3
/** Share of thumbs down that leave a comment marked not helpful, and of thumbs up one marked helpful. */
const COMMENT_DOWN = 0.3
const COMMENT_UP = 0.05
/** Answered assistant questions per visitor. */
const ANSWERED = 0.01

/** The topic of each page: one word, in its path and in the searches about it, in no other page. */
const TOPICS = [
  'webhook',
  'billing',
  'sso',
  'oauth',
  'deploy',
  'domain',
  'analytics',
  'theme',
  'navigation',
  'snippet',
  'redirect',
  'changelog',
  'openapi',
  'sitemap',
  'locale',
  'search',
  'versioning',
  'callout',
  'tabs',
  'accordion',
  'mermaid',
  'latex',
  'favicon',
  'seo',
  'preview',
  'monorepo',
  'gitlab',
  'bitbucket',
  'vercel',
  'cloudflare',
  'proxy',
  'subpath',
  'cookie',
  'password',
  'invite',
  'roles',
  'audit',
  'export',
  'import',
  'markdown',
  'frontmatter',
  'icons',
  'images',
  'video',
  'fonts',
  'colors',
  'footer',
  'banner',
  'feedback',
  'assistant',
  'playground',
  'sdk',
  'pagination',
  'ratelimit',
  'errors',
  'tokens',
  'scopes',
  'graphql',
  'websocket',
  'cli'
]
/** The words a search with no click adds to its topic: no page's path holds them. */
const SEARCH_TAILS = ['example', 'timeout', 'setup', 'config']

/** @typedef {'liked' | 'middling' | 'bad'} PageKind */
/**
 * What readers of a page truly do, per visitor and per voter.
 * @typedef {object} Rates
 * @property {number} vote share of visitors who give a thumbs up or down
 * @property {number} down share of voters who give a thumbs down
 * @property {number} unanswered unanswered assistant questions per visitor
 * @property {number} noClick searches with no click per visitor
 */
/**
 * @typedef {object} Page
 * @property {string} path
 * @property {string} search the words its readers search for when it fails them
 * @property {number} rank 1 for the busiest
 * @property {number} visitors mean human visitors a week
 * @property {PageKind} kind
 * @property {Rates} rates before any fix
 * @property {Rates} fixed its rates once a fix works: a liked page's
 */
/** @typedef {'works' | 'half' | 'none' | 'regress'} Effect */
/** A fix the agent made: the page, what it truly does, the week it merged (the first week it acts on). @typedef {{ path: string, effect: Effect, mergedWeek: number }} Fix */

/**
 * A site: 60 pages, ranked by traffic, 12 bad (4 among the ten busiest, 4 in ranks 11 to 30, 4 beyond),
 * 6 middling, the rest liked; one of the three busiest liked pages has 18 % of its voters give a thumbs
 * down (busy and liked: never a gap).
 * @param {Random} random @returns {Page[]}
 */
export function makeSite(random) {
  const topics = shuffled(random, TOPICS)
  const bad = new Set([
    ...shuffled(random, range(1, 10)).slice(0, 4),
    ...shuffled(random, range(11, 30)).slice(0, 4),
    ...shuffled(random, range(31, PAGES)).slice(0, 4)
  ])
  const middling = new Set(
    shuffled(
      random,
      range(1, PAGES).filter((rank) => !bad.has(rank))
    ).slice(0, 6)
  )
  const busyLiked = range(1, PAGES).filter((rank) => !bad.has(rank) && !middling.has(rank))[Math.floor(random() * 3)]
  return range(1, PAGES).map((rank) => {
    const topic = /** @type {string} */ (topics[rank - 1])
    /** @type {PageKind} */
    const kind = bad.has(rank) ? 'bad' : middling.has(rank) ? 'middling' : 'liked'
    const vote = uniform(random, 0.02, 0.05)
    /** @type {Rates} */
    const rates =
      kind === 'bad'
        ? { vote, down: uniform(random, 0.5, 0.9), unanswered: uniform(random, 0.004, 0.02), noClick: uniform(random, 0.005, 0.05) }
        : kind === 'middling'
          ? { vote, down: uniform(random, 0.3, 0.45), unanswered: uniform(random, 0.001, 0.005), noClick: uniform(random, 0.001, 0.01) }
          : {
              vote,
              down: rank === busyLiked ? 0.18 : uniform(random, 0.03, 0.15),
              unanswered: uniform(random, 0, 0.0005),
              noClick: uniform(random, 0, 0.0005)
            }
    return {
      path: `/${rank % 2 ? 'guides' : 'api-reference'}/${topic}`,
      search: `${topic} ${SEARCH_TAILS[rank % SEARCH_TAILS.length] ?? ''}`,
      rank,
      visitors: TOP_VISITORS / rank,
      kind,
      rates,
      fixed: likedRates(random, vote, uniform(random, 0.04, 0.12))
    }
  })
}

/** A liked page's rates: few thumbs down, hardly a question left unanswered or a search with no click. @param {Random} random @param {number} vote @param {number} down @returns {Rates} */
function likedRates(random, vote, down) {
  return { vote, down, unanswered: uniform(random, 0, 0.0005), noClick: uniform(random, 0, 0.0005) }
}

/** @param {number} from @param {number} to @returns {number[]} from..to */
function range(from, to) {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i)
}

/**
 * Whether the fix acts on the page in `week`: from its merge on, and for a fix that regresses only its
 * first REGRESS_AFTER periods.
 * @param {Fix} fix @param {number} week
 */
export function fixActs(fix, week) {
  const period = week - fix.mergedWeek + 1
  if (period < 1 || fix.effect === 'none') return false
  return fix.effect !== 'regress' || period <= REGRESS_AFTER
}

/** The page's true rates in `week`, given the fix made to it, if any. @param {Page} page @param {Fix | undefined} fix @param {number} week @returns {Rates} */
export function ratesAt(page, fix, week) {
  const r = page.rates
  if (!fix || !fixActs(fix, week)) return r
  if (fix.effect === 'half')
    return { vote: r.vote, down: r.down * HALF_KEEPS, unanswered: r.unanswered * HALF_KEEPS, noClick: r.noClick * HALF_KEEPS }
  return page.fixed
}

/** A week's counts of a page: what readers did. @typedef {{ visitors: number, up: number, down: number, notHelpful: number, helpful: number, unanswered: number, answered: number, noClick: number }} Counts */
/** What readers of a page went through, as the ranking counts it: in trouble, and heard from. @typedef {{ trouble: number, heard: number }} Trouble */

/** The expected counts of a page in a week with these rates: the truth, without noise. @param {Page} page @param {Rates} rates @returns {Trouble} */
export function expected(page, rates) {
  const votes = page.visitors * rates.vote
  const trouble = votes * rates.down + page.visitors * (rates.unanswered + rates.noClick)
  return { trouble, heard: trouble + votes * (1 - rates.down) }
}

/** A week's counts as the ranking counts them: a thumbs down and the comment left with it are one reader. @param {Counts} c @returns {Trouble} */
export function observed(c) {
  const trouble = Math.max(c.down, c.notHelpful) + c.unanswered + c.noClick
  return { trouble, heard: trouble + c.up }
}

/** Share of the readers heard from who were in trouble (0 when none was heard from). @param {Trouble} t */
export const shareOf = (t) => (t.heard > 0 ? t.trouble / t.heard : 0)

/** One week's readers of a page, sampled from its rates. @param {Random} random @param {Page} page @param {Rates} rates @returns {Counts} */
export function sampleWeek(random, page, rates) {
  const visitors = poisson(random, page.visitors)
  const votes = binomial(random, visitors, rates.vote)
  const down = binomial(random, votes, rates.down)
  const up = votes - down
  return {
    visitors,
    up,
    down,
    notHelpful: binomial(random, down, COMMENT_DOWN),
    helpful: binomial(random, up, COMMENT_UP),
    unanswered: binomial(random, visitors, rates.unanswered),
    answered: binomial(random, visitors, ANSWERED),
    noClick: binomial(random, visitors, rates.noClick)
  }
}
