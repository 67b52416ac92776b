// Tests "Fix first" (src/render/fix-first.ts): one item a page, joining every signal about it, ranked
// by the documented weight (a Wilson lower bound of the share of readers in trouble); searches with no click joined to the page whose path shares their words,
// or a topic of their own; pages nobody can fix left out; and a bounded amount of work.
import { describe, expect, it } from 'vitest'
import {
  fixFirst,
  GAP_WEIGHT,
  grouped,
  plus,
  readersInTrouble,
  type Signal,
  siteNorm,
  siteVotes,
  voteShare,
  type Trouble,
  troubleOf,
  troubleWeight,
  WILSON_Z,
  wilsonLower
} from '../../../src/render/fix-first.js'
import { hiddenSearch } from '../../../src/text/search-words.js'
import { OTHER_PAGE } from '../../../src/text/page-path.js'

const down = (page: string, count: number): Signal => ({ kind: 'thumbs-down', count, page })
const up = (page: string, count: number): Signal => ({ kind: 'thumbs-up', count, page })
const unhelpful = (page: string, count: number): Signal => ({ kind: 'not-helpful', count, page })
const unanswered = (page: string, count: number): Signal => ({ kind: 'unanswered', count, page })
const search = (text: string | undefined, count: number): Signal => ({ kind: 'no-click', count, search: text })
/** The rest of a site, which readers like: ten pages of 2 thumbs down and 100 up (paths with no word a search matches). */
const SITE: Signal[] = Array.from({ length: 10 }, (_, i) => [down(`/zz/p${i}`, 2), up(`/zz/p${i}`, 100)]).flat()
const withSite = (signals: Signal[]): Signal[] => [...signals, ...SITE]

describe('wilsonLower', () => {
  it('is the lower bound of the 95 % Wilson interval of a share, pulled towards 0 for small samples', () => {
    expect(WILSON_Z).toBe(1.96)
    expect(wilsonLower(3, 3)).toBeCloseTo(0.4385, 3)
    expect(wilsonLower(14, 17)).toBeCloseTo(0.5897, 3)
    expect(wilsonLower(3, 33)).toBeCloseTo(0.0314, 3)
    expect(wilsonLower(50, 100)).toBeCloseTo(0.4038, 3)
    expect(wilsonLower(0, 10)).toBe(0)
    expect(wilsonLower(1, 0)).toBe(0)
    // Never more than the share itself, and growing with the sample at a given share.
    for (const n of [1, 4, 20, 100, 1000]) expect(wilsonLower(n / 2, n)).toBeLessThan(0.5)
    expect(wilsonLower(10, 20)).toBeLessThan(wilsonLower(100, 200))
  })
})

describe('troubleWeight', () => {
  const t = (more: Partial<Trouble>): Trouble => ({ down: 0, up: 0, notHelpful: 0, unanswered: 0, noClick: 0, ...more })

  it('counts a reader once: the larger of thumbs down and not-helpful rows, then unanswered questions and searches with no click', () => {
    expect(readersInTrouble(t({ down: 14, notHelpful: 3, unanswered: 6, noClick: 51 }))).toBe(71)
    expect(readersInTrouble(t({ down: 1, notHelpful: 4 }))).toBe(4)
  })

  it('weighs readers heard from by how far the bound of their share is above the norm: with none, about the readers in trouble', () => {
    // docs/report.md: 14 down (3 of them with a not-helpful row), 3 up, 6 unanswered, 51 no click:
    // 71 readers in trouble of 74 heard from, Wilson lower bound 0.887; with a norm of 0, 74 × 0.887 = 66.
    const webhooks = troubleWeight(t({ down: 14, notHelpful: 3, up: 3, unanswered: 6, noClick: 51 }))
    expect(webhooks).toBeCloseTo(74 * wilsonLower(71, 74), 9)
    expect(wilsonLower(71, 74)).toBeCloseTo(0.887, 3)
    expect(Math.round(webhooks)).toBe(66)
    // With no norm, a few readers in trouble are not proof, however many liked the page: three are about one.
    expect(troubleWeight(t({ down: 1 }))).toBeLessThan(GAP_WEIGHT)
    expect(troubleWeight(t({ down: 2 }))).toBeLessThan(GAP_WEIGHT)
    expect(troubleWeight(t({ down: 3 }))).toBeGreaterThanOrEqual(GAP_WEIGHT)
    expect(troubleWeight(t({ down: 2, up: 1000 }))).toBeLessThan(GAP_WEIGHT)
    // A search that matches no page has only readers in trouble: readers in trouble × the bound, as ever.
    expect(troubleWeight(t({ noClick: 31 }))).toBeCloseTo(31 * wilsonLower(31, 31), 9)
  })

  it('takes the share from the evidence given (the page pooled over more periods) and the readers heard from of the period', () => {
    const norm = 0.136
    // 3 thumbs down alone this period, 2 more in the periods before: 3 × (the bound of 5 of 5 − the norm).
    expect(troubleWeight(t({ down: 3 }), norm, t({ down: 5 }))).toBeCloseTo(3 * (wilsonLower(5, 5) - norm), 9)
    // A busy page readers like, in a week of 2 thumbs down and 2 searches with no click and no thumbs up:
    // alone, 4 of 4 in trouble, a gap; with its earlier weeks (6 more down, 30 up), nothing.
    expect(troubleWeight(t({ down: 2, noClick: 2 }), norm)).toBeGreaterThan(GAP_WEIGHT)
    expect(troubleWeight(t({ down: 2, noClick: 2 }), norm, t({ down: 8, noClick: 2, up: 30 }))).toBeLessThan(0.1)
  })
})

describe('plus', () => {
  it('adds two counts kind by kind, and leaves one alone with nothing to add', () => {
    const a: Trouble = { down: 1, up: 2, notHelpful: 3, unanswered: 4, noClick: 5 }
    expect(plus(a, { down: 10, up: 20, notHelpful: 30, unanswered: 40, noClick: 50 })).toEqual({
      down: 11,
      up: 22,
      notHelpful: 33,
      unanswered: 44,
      noClick: 55
    })
    expect(plus(a, undefined)).toBe(a)
  })
})

describe('the gap rule against the site’s norm (docs/report.md)', () => {
  const t = (more: Partial<Trouble>): Trouble => ({ down: 0, up: 0, notHelpful: 0, unanswered: 0, noClick: 0, ...more })
  // docs/report.md: seven other pages, one of them busy and bad (30 👎, 10 👍).
  const others = [
    t({ down: 1, up: 9 }),
    t({ down: 2, up: 18 }),
    t({ down: 1, up: 4 }),
    t({ down: 30, up: 10 }),
    t({ down: 3, up: 30 }),
    t({ down: 6, up: 40 }),
    t({ down: 0, up: 3 })
  ]
  const webhooks = t({ down: 14, notHelpful: 3, up: 3, unanswered: 6, noClick: 51 })
  const norm = siteNorm(siteVotes([...others, webhooks]), webhooks)

  it('takes each page’s share with Jeffreys’ prior: (in trouble + ½) ÷ (heard from + 1)', () => {
    // Worked by hand: 1.5/11, 2.5/21, 1.5/6, 30.5/41, 3.5/34, 6.5/47, 0.5/4.
    expect(others.map(voteShare)).toEqual([1.5 / 11, 2.5 / 21, 1.5 / 6, 30.5 / 41, 3.5 / 34, 6.5 / 47, 0.5 / 4])
  })

  it('gives the worked example: the median page’s share 0.136, the webhooks page 56, the liked page nothing however busy, a small bad page a gap', () => {
    // Sorted: 0.103, 0.119, 0.125, 0.136, 0.138, 0.25, 0.744: the fourth of seven; the busy bad page does not pull it up.
    expect(norm).toBe(1.5 / 11)
    expect(Math.round(troubleWeight(webhooks, norm))).toBe(56)
    expect(troubleWeight(t({ down: 3, up: 30 }), norm)).toBe(0)
    expect(troubleWeight(t({ down: 300, up: 3000 }), norm)).toBe(0)
    expect(troubleWeight(t({ down: 4 }), norm)).toBeCloseTo(1.49, 2)
    expect(troubleWeight(t({ down: 3 }), norm)).toBeCloseTo(0.91, 2)
    expect(troubleWeight(t({ down: 10, up: 45 }), norm)).toBe(0)
    expect(troubleWeight(t({ down: 100, up: 455 }), norm)).toBeCloseTo(7.81, 2)
  })

  it('measures a page against the other pages only, the middle two averaged, with a norm of 0 when there are none', () => {
    const site = siteVotes([t({ down: 5 }), t({ down: 1, notHelpful: 2, up: 7 }), t({ up: 9 })])
    expect(site.shares).toEqual([0.05, 0.25, 5.5 / 6])
    expect(siteNorm(site, t({ down: 5 }))).toBeCloseTo((0.05 + 0.25) / 2, 12)
    expect(siteNorm(site, t({ up: 9 }))).toBeCloseTo((0.25 + 5.5 / 6) / 2, 12)
    expect(siteNorm(site)).toBe(0.25)
    // A page not among them, or with no votes, leaves none out.
    expect(siteNorm(site, t({ down: 1, up: 1 }))).toBe(0.25)
    expect(siteNorm(site, t({ unanswered: 4 }))).toBe(0.25)
    expect(siteNorm(siteVotes([t({ down: 5 })]), t({ down: 5 }))).toBe(0)
    expect(siteNorm(siteVotes([]))).toBe(0)
    // Pages nobody voted on are not in the norm.
    expect(siteVotes([t({ unanswered: 3 }), t({ noClick: 2 })]).shares).toEqual([])
  })
})

describe('fixFirst', () => {
  it('joins every signal about a page into one item, and ranks the items by the weight of what readers went through', () => {
    const items = fixFirst([
      ...SITE,
      down('/quickstart', 3),
      up('/quickstart', 88),
      unanswered('/api-reference/webhooks', 6),
      down('/api-reference/webhooks', 14),
      up('/api-reference/webhooks', 3),
      search('webhook retries', 31),
      unhelpful('/api-reference/webhooks', 2),
      down('/guides/sso', 5),
      unanswered('/quickstart', 1)
    ])
    // /quickstart: 4 readers in trouble of 92 heard from, below the site's norm: not a gap.
    expect(items.map((item) => item.page)).toEqual(['/api-reference/webhooks', '/guides/sso'])
    // The norm of each page: the median share of the eleven others, a page of the site's (2.5 of 103
    // with Jeffreys' prior), whatever /quickstart (4.5 of 93), /guides/sso (5.5 of 6) or the webhooks
    // (51.5 of 55) say.
    const norm = 2.5 / 103
    expect(items[0]?.score).toBeCloseTo(54 * (wilsonLower(51, 54) - norm), 9)
    expect(items[1]?.score).toBeCloseTo(5 * (wilsonLower(5, 5) - norm), 9)
    // The evidence of an item: what readers said of the page before what they searched, thumbs up last.
    expect(items[0]?.signals).toEqual([
      down('/api-reference/webhooks', 14),
      search('webhook retries', 31),
      unanswered('/api-reference/webhooks', 6),
      unhelpful('/api-reference/webhooks', 2),
      up('/api-reference/webhooks', 3)
    ])
  })

  it('does not rank a page that 30 readers liked and 3 did not, whatever else is read', () => {
    const items = fixFirst([down('/liked', 3), up('/liked', 30), unhelpful('/liked', 3), down('/bad', 4)])
    expect(items.map((item) => item.page)).toEqual(['/bad'])
  })

  it('leaves out the items a person dismissed, and fills the list with the next ones', () => {
    const signals = withSite(['/a', '/b', '/c', '/d', '/e', '/f'].map((page, i) => down(page, 10 - i)))
    expect(fixFirst(signals, 5, { leftOut: (item) => item.page === '/b' }).map((item) => item.page)).toEqual(['/a', '/c', '/d', '/e', '/f'])
  })

  it('keeps every search read, clicked or not, with its click-through, for the ledger', () => {
    const groups = grouped([search('Webhook  retries', 4), { kind: 'searched', count: 6, search: 'webhook retries', ctr: 0.5 }])
    expect(groups.searches.get('webhook retries')).toEqual({ hits: 10, noClickHits: 4, ctr: 0.3 })
  })

  it('knows no page unless told: a search is a topic of its own whatever its words', () => {
    expect([...grouped([search('stryker was here', 2)]).topics.keys()]).toEqual(['stryker was here'])
    expect(grouped([search('stryker was here', 2)]).pages.size).toBe(0)
  })

  it('lists a page before a search that weighs the same, whatever their text sorts as', () => {
    // Both are readers in trouble alone against a norm of 0: 5 searches with no click each.
    const items = fixFirst([search('webhook retries', 5), search('(billing) export', 5)], 5, { known: ['/guides/webhooks'] })
    expect(items.map((item) => item.page ?? item.search)).toEqual(['/guides/webhooks', '(billing) export'])
    expect(items[0]?.score).toBe(items[1]?.score)
  })

  it('joins a search to a known page with no other signal, and leaves a known page no search joins out', () => {
    const signals = [search('webhook retries', 7), search('billing export', 2)]
    // Without the page known, the search is a topic of its own.
    expect(grouped(signals).pages.size).toBe(0)
    expect([...grouped(signals).topics.keys()]).toEqual(['webhook retries', 'billing export'])
    const groups = grouped(signals, ['/guides/webhooks', '/guides/sso'])
    expect([...groups.pages]).toEqual([['/guides/webhooks', [search('webhook retries', 7)]]])
    expect([...groups.topics.keys()]).toEqual(['billing export'])
    // A known page never takes a search from a page with readers in trouble that shares as many words.
    const busy = grouped([down('/api/webhooks', 2), search('webhooks', 3)], ['/guides/webhooks'])
    expect(busy.pages.get('/api/webhooks')).toContainEqual(search('webhooks', 3))
    expect(busy.pages.has('/guides/webhooks')).toBe(false)
    // The page of other pages is never a page a search joins.
    expect(grouped([search('other page', 1)], [OTHER_PAGE]).pages.size).toBe(0)
  })

  it('joins a search to the page that shares the most of its words, a plural like its singular, in any case', () => {
    const items = fixFirst(withSite([down('/guides/sso-setup', 3), down('/guides/setup', 9), search('SSO Setups', 5), search('Setup', 2)]))
    expect(items.find((item) => item.page === '/guides/sso-setup')?.signals).toContainEqual(search('SSO Setups', 5))
    // A tie in words goes to the page with more readers in trouble (9 against 3 + 5), then to the first path.
    expect(items.find((item) => item.page === '/guides/setup')?.signals).toContainEqual(search('Setup', 2))
  })

  it('joins a search to the page with the most of its words first, then the more readers in trouble, then the first path', () => {
    const pageOf = (signals: Signal[], text: string) =>
      fixFirst(withSite(signals)).find((item) => item.signals.some((signal) => signal.search === text))?.page
    // Two words against one, whatever the counts.
    expect(pageOf([down('/x/sso-setup', 1), down('/y/setup', 5), search('sso setup', 2)], 'sso setup')).toBe('/x/sso-setup')
    // One word each: the more readers in trouble, whatever the paths.
    expect(pageOf([down('/a/setup', 1), down('/b/setup', 5), search('setup', 2)], 'setup')).toBe('/b/setup')
    expect(pageOf([down('/b/setup', 5), down('/a/setup', 1), search('setup', 2)], 'setup')).toBe('/b/setup')
    // One word and as many readers each: the first path.
    expect(pageOf([down('/b/setup', 1), down('/a/setup', 1), search('setup', 2)], 'setup')).toBe('/a/setup')
    expect(pageOf([down('/a/setup', 1), down('/b/setup', 1), search('setup', 2)], 'setup')).toBe('/a/setup')
  })

  it('reads the first twenty words of a search, and none of the words that name no topic', () => {
    const words = Array.from({ length: 20 }, (_, i) => `word${i}`).join(' ')
    expect(fixFirst([down('/guides/setup', 3), search(`${words} setup`, 4)]).map((item) => item.page ?? item.search)).toEqual([
      `${words} setup`,
      '/guides/setup'
    ])
    expect(fixFirst([down('/guides/how-it-works', 3), search('how', 9)]).map((item) => item.page ?? item.search)).toEqual([
      'how',
      '/guides/how-it-works'
    ])
  })

  it('makes a search that matches no page a topic of its own, counting alike searches together', () => {
    const items = fixFirst([down('/quickstart', 3), search('pricing', 7), search('Pricing ', 2), search('how to', 9)])
    expect(items.map((item) => item.page ?? item.search)).toEqual(['how to', 'pricing', '/quickstart'])
    expect(items[1]?.score).toBeCloseTo(9 * wilsonLower(9, 9), 9)
  })

  it('leaves out pages that are not paths of the site, searches without text and signals that count nothing', () => {
    expect(fixFirst([down(OTHER_PAGE, 50), search(undefined, 40), search('  ', 3), down('/a', 0), unanswered('/b', -1)])).toEqual([])
  })

  it('leaves out counts beyond any real traffic, so that no weight is Infinity', () => {
    expect(fixFirst([down('/a', 1e308), down('/b', Infinity), down('/c', Number.NaN), down('/d', 3)]).map((item) => item.page)).toEqual([
      '/d'
    ])
  })

  it('lists five items at most, ties in order of their path', () => {
    const items = fixFirst(withSite(['/f', '/e', '/d', '/c', '/b', '/a'].map((page) => down(page, 3))))
    expect(items.map((item) => item.page)).toEqual(['/a', '/b', '/c', '/d', '/e'])
    expect(fixFirst(withSite([down('/a', 3), down('/b', 4)]), 1).map((item) => item.page)).toEqual(['/b'])
  })

  it('compares only a bounded number of searches and pages, however many were read', () => {
    // Half the pages liked (100 thumbs up each), so that the median page is one readers like.
    const pages = Array.from({ length: 20_000 }, (_, i) => [
      down(`/docs/topic-${i}/common-word`, 1 + (i % 7)),
      ...(i % 2 ? [] : [up(`/docs/topic-${i}/common-word`, 100)])
    ]).flat()
    const searches = Array.from({ length: 20_000 }, (_, i) => search(`common word topic ${i} ${'x'.repeat(i % 50)}`, 1 + (i % 5)))
    const items = fixFirst([...pages, ...searches, up('/zz/liked', 1_000_000)])
    expect(items).toHaveLength(5)
    expect(items.every((item) => item.score > 0)).toBe(true)
  })
})

describe('fixFirst, at its edges', () => {
  it('counts a search a reader made and clicked as no trouble at all', () => {
    expect(troubleOf([{ kind: 'searched', count: 5, search: 'x' }, up('/a', 1)])).toEqual({
      down: 0,
      up: 1,
      notHelpful: 0,
      unanswered: 0,
      noClick: 0
    })
  })

  it('lists an item’s evidence by what it weighs in the line, thumbs up last, whatever order it was read in', () => {
    // Thumbs down count as three searches each, unanswered questions as two.
    const page = '/guides/webhook'
    const signals = [up(page, 50), search('webhook', 5), unanswered(page, 3), down(page, 4)]
    const item = fixFirst(withSite(signals)).find((found) => found.page === page)
    expect(item?.signals.map((signal) => signal.kind)).toEqual(['thumbs-down', 'unanswered', 'no-click', 'thumbs-up'])
  })

  it('orders pages of the same weight by their path, whatever order they were read in', () => {
    const same = (page: string) => [down(page, 9), up(page, 1)]
    const items = fixFirst(withSite([...same('/c'), ...same('/a'), ...same('/b')]))
    expect(items.map((item) => item.page).filter((page) => !page?.startsWith('/zz/'))).toEqual(['/a', '/b', '/c'])
  })

  it('takes a count only when a person can read it: above 0 and at most 10^12', () => {
    const items = fixFirst(
      withSite([down('/none', 0), down('/below', -5), down('/nan', Number.NaN), down('/past', 2e12), down('/most', 1e12)])
    )
    expect(items.map((item) => item.page).filter((page) => !page?.startsWith('/zz/'))).toEqual(['/most'])
  })

  it('counts each kind of trouble in its own place', () => {
    expect(troubleOf([unhelpful('/a', 3), search('x', 4), unanswered('/a', 2), down('/a', 1), up('/a', 5)])).toEqual({
      down: 1,
      up: 5,
      notHelpful: 3,
      unanswered: 2,
      noClick: 4
    })
  })

  it('orders pages of equal weight by their path, and lists a page’s thumbs up after its trouble', () => {
    const items = fixFirst(withSite([down('/b', 20), up('/b', 1), down('/a', 20), up('/a', 1)]))
    expect(items.slice(0, 2).map((item) => item.page)).toEqual(['/a', '/b'])
    expect(items[0]?.signals.map((signal) => signal.kind)).toEqual(['thumbs-down', 'thumbs-up'])
  })

  it('joins a search with no click whose words are hidden to the page that shares them, by their keys alone', () => {
    const hidden: Signal = { kind: 'no-click', count: 30, hidden: hiddenSearch('webhooks retries') }
    const items = fixFirst(withSite([down('/guides/webhooks', 6), up('/guides/webhooks', 1), hidden]))
    const page = items.find((item) => item.page === '/guides/webhooks')
    expect(page?.signals.find((signal) => signal.kind === 'no-click')?.count).toBe(30)
    expect(items.some((item) => item.page === undefined)).toBe(false)
    // With no page that shares its words, it is a topic of its own, with no words shown.
    const alone = fixFirst(withSite([{ kind: 'no-click', count: 30, hidden: hiddenSearch('billing export') }]))
    const topic = alone.find((item) => item.page === undefined)
    expect(topic?.search).toBeUndefined()
    expect(topic?.signals[0]?.count).toBe(30)
    // A search with no click, neither shown nor hidden, says nothing.
    expect(fixFirst(withSite([search(undefined, 30)])).some((item) => item.page === undefined)).toBe(false)
  })
})
