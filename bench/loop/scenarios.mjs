// @ts-check
// The scenarios of the loop's benchmark: what real sites do to the numbers a verdict reads. Each but
// the last is the simulated site of site.mjs with one thing changed across it (its searches' clicks,
// its traffic, its vote rate, its AI share, the traffic of its troubled pages, its paths); the last
// is the second site (other-site.mjs), on seeds of its own. Each gives the model drive.mjs runs.
import { otherSite } from './other-site.mjs'
import { binomial, seeded, uniform } from './random.mjs'
import { HALF_KEEPS, expected, fixActs, makeSite, ratesAt, sampleWeek, shareOf, LIKED_SHARE } from './site.mjs'

/** @typedef {import('./random.mjs').Random} Random */
/** @typedef {import('./site.mjs').Page} Page */
/** @typedef {import('./site.mjs').Fix} Fix */
/** @typedef {import('./site.mjs').Rates} Rates */
/** @typedef {import('./drive.mjs').Model} Model */
/** @typedef {import('./drive.mjs').Served} Served */

/** When the fixes merge (the week they first act on) and how many weekly runs there are. @typedef {{ merged: number, weeks: number }} When */
/**
 * What a scenario changes on the site of site.mjs, week by week (`w`, 1 for the first weekly run, 0
 * for the week before it).
 * @typedef {object} Shift
 * @property {(w: number, page: Page, when: When) => number} [traffic] the page's visitors, humans and AI, times this
 * @property {(w: number, when: When) => number} [votes] every page's vote rate times this
 * @property {(w: number, when: When) => number} [aiShare] the share of all visitors that are AI (else a tenth of the humans come on top)
 * @property {boolean} [clicked] readers search every page, and click at a normal rate where the page serves them
 * @property {boolean} [moves] each fix moves its page to a new path, and the pull request says so
 */

/**
 * A scenario: its name (a row of the table, and what `--scenario` takes), what it does in words, the
 * first seed it runs, and its model for a seed.
 * @typedef {object} Scenario
 * @property {string} name
 * @property {string} about
 * @property {number} firstSeed
 * @property {boolean} [renames] judged on whether a fix that worked was told it failed, alone
 * @property {(random: Random, seed: number, when: When) => Model} model
 */

/** Words a search on a page adds to its topic in the `clicked` scenario: no page's path holds them. */
const PHRASINGS = ['example', 'timeout', 'setup', 'config', 'retry', 'steps', 'limit', 'sample']
/** The share of AI among visitors in the first weekly run and the last of `ai-growth`. */
const AI_FROM = 0.2
const AI_TO = 0.6
/** The holiday and the launch of `holiday-launch`: periods after the merge, and their traffic. */
const HOLIDAY = { period: 3, traffic: 0.3 }
const LAUNCH = { period: 5, traffic: 2.5 }
/** What `gap-decline` takes off a troubled page's traffic each week. */
const DECLINE = 0.9

/** Where a page moves when its fix merges in `moves`: its topic under a section no other page uses. @param {string} path */
export const movedPath = (path) => `/docs/${path.split('/').at(-1) ?? ''}`

/**
 * The site of site.mjs under a shift, as a model: with no shift, exactly the site's weeks (the same
 * draws, a tenth of the humans as AI, one search row per page with no click).
 * @param {Shift} shift @param {Random} random @param {number} seed @param {When} when
 * @returns {Model}
 */
export function shiftedSite(shift, random, seed, when) {
  const site = makeSite(random)
  const byPath = new Map(site.map((page) => [page.path, page]))
  // The searches of `clicked`: drawn from a generator of their own, so that the site and the fixes
  // dealt are the same as without the shift.
  const draws = seeded(seed * 104_729 + 17)
  const searching = new Map(
    site.map((page) => [
      page.path,
      {
        // A troubled page is searched as often as its searches went unclicked; any other page a little.
        perVisitor: page.kind === 'liked' ? uniform(draws, 0.005, 0.02) : page.rates.noClick,
        normalCtr: uniform(draws, 0.5, 0.8)
      }
    ])
  )
  /** The page's click-through in week `w` under its fix: normal on a page readers like or once a fix works, none before. @param {Page} page @param {Fix | undefined} fix @param {number} w */
  const ctrAt = (page, fix, w) => {
    const normal = searching.get(page.path)?.normalCtr ?? 0
    if (page.kind === 'liked') return normal
    if (!fix || !fixActs(fix, w)) return 0
    return fix.effect === 'half' ? 1 - HALF_KEEPS : normal
  }
  const humansTimes = (/** @type {number} */ w) => {
    const share = shift.aiShare?.(w, when)
    return share === undefined ? 1 : (1 - share) / (1 - (shift.aiShare?.(1, when) ?? 0))
  }
  /** The page as a week sees it: its visitors and rates under the shift. @param {Page} page @param {Fix | undefined} fix @param {number} w */
  const shifted = (page, fix, w) => {
    const rates = ratesAt(page, fix, w)
    const votes = shift.votes?.(w, when) ?? 1
    const searches = searching.get(page.path)
    return {
      page: { ...page, visitors: page.visitors * (shift.traffic?.(w, page, when) ?? 1) * humansTimes(w) },
      rates: votes === 1 ? rates : { ...rates, vote: rates.vote * votes },
      noClick: shift.clicked && searches ? searches.perVisitor * (1 - ctrAt(page, fix, w)) : rates.noClick
    }
  }
  return {
    paths: site.map((page) => page.path),
    troubles: (path) => {
      const page = byPath.get(path)
      return page !== undefined && shareOf(expected(page, page.rates)) > LIKED_SHARE
    },
    heard: (path) => {
      const page = byPath.get(path)
      return page === undefined ? 0 : expected(page, page.rates).heard
    },
    week: (w, fixes) => {
      const draw = seeded(seed * 7919 + w)
      const clicks = seeded(seed * 15_485_863 + w)
      return new Map(
        site.map((page) => {
          const fix = fixes.get(page.path)
          const s = shifted(page, fix, w)
          const c = sampleWeek(draw, s.page, s.rates)
          const share = shift.aiShare?.(w, when)
          return [
            page.path,
            {
              human: c.visitors,
              ai: share === undefined ? Math.round(c.visitors / 10) : Math.round((c.visitors * share) / (1 - share)),
              up: c.up,
              down: c.down,
              notHelpful: c.notHelpful,
              helpful: c.helpful,
              unanswered: c.unanswered,
              answered: c.answered,
              searches: shift.clicked
                ? searchesOf(clicks, page, c.visitors, searching.get(page.path)?.perVisitor ?? 0, ctrAt(page, fix, w))
                : c.noClick > 0
                  ? [{ query: page.search, hits: c.noClick, clicks: 0 }]
                  : [],
              comment: `The ${page.search} part is unclear.`,
              question: `How do I set up ${page.search}?`
            }
          ]
        })
      )
    },
    truth: (w, fixes) =>
      new Map(
        site.map((page) => {
          const s = shifted(page, fixes.get(page.path), w)
          return [page.path, expected(s.page, { ...s.rates, noClick: s.noClick })]
        })
      ),
    movedTo: (path) => (shift.moves ? movedPath(path) : undefined)
  }
}

/**
 * A week's searches of a page in `clicked`: each visitor may search, in one of the topic's phrasings,
 * and clicks a result at the page's click-through; one row per phrasing searched.
 * @param {Random} random @param {Page} page @param {number} visitors @param {number} perVisitor @param {number} ctr
 * @returns {Served['searches']}
 */
function searchesOf(random, page, visitors, perVisitor, ctr) {
  const topic = page.search.split(' ')[0] ?? ''
  /** @type {Map<string, { hits: number, clicks: number }>} */
  const rows = new Map()
  const searched = binomial(random, visitors, perVisitor)
  for (let i = 0; i < searched; i++) {
    const query = `${topic} ${PHRASINGS[Math.floor(random() * PHRASINGS.length)] ?? ''}`
    const row = rows.get(query) ?? { hits: 0, clicks: 0 }
    row.hits++
    if (random() < ctr) row.clicks++
    rows.set(query, row)
  }
  return [...rows].map(([query, row]) => ({ query, ...row }))
}

/** @param {string} name @param {string} about @param {Shift} shift @param {Partial<Scenario>} [more] @returns {Scenario} */
const onSite = (name, about, shift, more = {}) => ({
  name,
  about,
  firstSeed: 1,
  model: (random, seed, when) => shiftedSite(shift, random, seed, when),
  ...more
})

/** Every scenario, the loop's own site first; each a row of the table. @type {readonly Scenario[]} */
export const SCENARIOS = [
  onSite('site', 'the loop’s own site (site.mjs), unchanged', {}),
  onSite(
    'clicked',
    'readers search every page (0.5 to 2 % of visitors on a page they like) and click at a normal rate (50 to 80 %) once a fix works; each search in one of 8 phrasings, a row for each',
    { clicked: true }
  ),
  onSite(
    'holiday-launch',
    `every page's traffic ×${HOLIDAY.traffic} in the ${HOLIDAY.period}rd period after the merge (a holiday), ×${LAUNCH.traffic} in the ${LAUNCH.period}th (a launch)`,
    {
      traffic: (w, _page, when) => {
        const period = w - when.merged + 1
        return period === HOLIDAY.period ? HOLIDAY.traffic : period === LAUNCH.period ? LAUNCH.traffic : 1
      }
    }
  ),
  onSite('votes-doubled', 'the site shows its feedback widget twice as often from the merge on: every vote rate ×2', {
    votes: (w, when) => (w >= when.merged ? 2 : 1)
  }),
  onSite('votes-halved', 'the site shows its feedback widget half as often from the merge on: every vote rate ×½', {
    votes: (w, when) => (w >= when.merged ? 0.5 : 1)
  }),
  onSite(
    'ai-growth',
    `AI visitors grow from ${AI_FROM * 100} % of each page's visitors in the first week to ${AI_TO * 100} % in the last, all visitors steady: humans fall by half`,
    { aiShare: (w, when) => AI_FROM + ((AI_TO - AI_FROM) * Math.max(0, w - 1)) / Math.max(1, when.weeks - 1) }
  ),
  onSite(
    'gap-decline',
    `the traffic of every page readers do not mostly like falls by ${Math.round((1 - DECLINE) * 100)} % a week from the first week, fixed or not`,
    {
      traffic: (w, page) => (shareOf(expected(page, page.rates)) > LIKED_SHARE ? DECLINE ** Math.max(0, w - 1) : 1)
    }
  ),
  onSite(
    'rename',
    'every fix moves its page to a new path (`/docs/<topic>`): its pull request renames the file, and the readers follow',
    { moves: true },
    { renames: true }
  ),
  {
    name: 'other-site',
    about:
      'the second site (other-site.mjs), on seeds from 1001: 45 pages of log-normal traffic, a share of AI each, one brokenness moving every signal, searches in three phrasings with clicks counted',
    firstSeed: 1001,
    model: (random, seed) => otherSite(random, seed)
  }
]
