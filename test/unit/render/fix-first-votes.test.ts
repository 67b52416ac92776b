// Tests that thumbs up anyone can send cannot buy Fix first's ranking (src/render/fix-first.ts): a
// page is credited with the thumbs up its human visitors can give (credible), so a script's 600 thumbs
// up leave a page of 40 thumbs down a week a gap, ranked where it was; a page whose visitors are not
// known is a gap from UNHAPPY_FLOOR unhappy readers whatever its thumbs up (floorWeight); and a page
// readers like, whose thumbs up its visitors can give, weighs as the voters' rule has it: nothing.
import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import {
  credible,
  credibleUp,
  fixFirst,
  floorWeight,
  GAP_WEIGHT,
  grouped,
  pageWeights,
  plus,
  type Signal,
  siteNorm,
  siteVotes,
  type Trouble,
  troubleWeight,
  UNHAPPY_FLOOR,
  UP_SLACK,
  VISITORS_PER_UP,
  visitorsOf,
  withVisitors
} from '../../../src/render/fix-first.js'
import { OTHER_PAGE } from '../../../src/text/page-path.js'

const down = (page: string, count: number): Signal => ({ kind: 'thumbs-down', count, page })
const up = (page: string, count: number): Signal => ({ kind: 'thumbs-up', count, page })
const visited = (page: string, count: number): Signal => ({ kind: 'visited', count, page })
const t = (more: Partial<Trouble>): Trouble => ({ down: 0, up: 0, notHelpful: 0, unanswered: 0, noClick: 0, ...more })

/** Ten pages readers like: 8 thumbs down and 100 up over 3,000 human visitors each. */
const LIKED: Signal[] = Array.from({ length: 10 }, (_, i) => [
  down(`/zz/p${i}`, 8),
  up(`/zz/p${i}`, 100),
  visited(`/zz/p${i}`, 3000)
]).flat()
const BAD = '/guides/bad'
/** The bad page's week: 40 thumbs down and 10 up from its 1,000 human visitors, and `scripted` thumbs up more. */
const badWeek = (scripted: number, visitors = true): Signal[] => [
  ...LIKED,
  down(BAD, 40),
  up(BAD, 10 + scripted),
  ...(visitors ? [visited(BAD, 1000)] : [])
]

describe('the thumbs up a page is credited with', () => {
  it('are one in ten of its human visitors and five more; all of them where its visitors are not known', () => {
    expect(VISITORS_PER_UP).toBe(10)
    expect(UP_SLACK).toBe(5)
    expect(credibleUp(t({ up: 600, visitors: 1000 }))).toBe(105)
    expect(credibleUp(t({ up: 105, visitors: 1000 }))).toBe(105)
    expect(credibleUp(t({ up: 104, visitors: 1000 }))).toBe(104)
    expect(credibleUp(t({ up: 600, visitors: 1009 }))).toBe(105)
    expect(credibleUp(t({ up: 600, visitors: 1010 }))).toBe(106)
    expect(credibleUp(t({ up: 9, visitors: 0 }))).toBe(5)
    expect(credibleUp(t({ up: 600 }))).toBe(600)
    expect(credible(t({ down: 40, up: 600, visitors: 1000 }))).toEqual(t({ down: 40, up: 105, visitors: 1000 }))
    const honest = t({ down: 4, up: 30, visitors: 1000 })
    expect(credible(honest)).toBe(honest)
  })

  it('come from the visitors section: summed by page, visitors alone making no item, unreadable counts ignored', () => {
    const signals = [
      visited('/a', 10),
      visited('/a', 5),
      visited('/b', 0),
      visited('/c', -3),
      visited('/d', 2e12),
      { kind: 'visited', count: 7 } as Signal
    ]
    expect([...visitorsOf(signals)]).toEqual([['/a', 15]])
    const groups = grouped([...signals, down('/e', 3)])
    expect([...groups.pages.keys()]).toEqual(['/e'])
    expect([...groups.visitors]).toEqual([['/a', 15]])
    expect(groups.pages.get('/e')).toEqual([down('/e', 3)])
  })
})

describe('600 thumbs up from a script', () => {
  it('leave a page of 40 thumbs down a week first in Fix first, ranked as with any more', () => {
    const honest = fixFirst(badWeek(0))
    expect(honest[0]?.page).toBe(BAD)
    const scripted = fixFirst(badWeek(600))
    expect(scripted[0]?.page).toBe(BAD)
    expect(scripted[0]?.score).toBeGreaterThan(10)
    // Beyond what its visitors can give, thumbs up change nothing at all.
    expect(fixFirst(badWeek(6000)).map((item) => [item.page, item.score])).toEqual(scripted.map((item) => [item.page, item.score]))
    // They are still shown as they are.
    expect(scripted[0]?.signals).toContainEqual(up(BAD, 610))
  })

  it('would cancel its trouble were every thumbs up believed: its visitors are what bound them', () => {
    const liked = Array.from({ length: 10 }, () => t({ down: 8, up: 100, visitors: 3000 }))
    // From 20,000 visitors, 610 thumbs up are what readers give: 40 of 650 voters unhappy is a page readers like.
    expect(pageWeights([t({ down: 40, up: 610, visitors: 20_000 }), ...liked])[0]).toBe(0)
    expect(pageWeights([t({ down: 40, up: 610, visitors: 1000 }), ...liked])[0]).toBeGreaterThan(10)
  })

  it('leave it a gap by its thumbs down alone where its visitors are not known, from UNHAPPY_FLOOR of them', () => {
    expect(UNHAPPY_FLOOR).toBe(20)
    const scripted = fixFirst(badWeek(600, false))
    expect(scripted[0]?.page).toBe(BAD)
    expect(scripted[0]?.score).toBe(40 - UNHAPPY_FLOOR + GAP_WEIGHT)
    expect(floorWeight(t({ down: 20, up: 1e6 }))).toBe(GAP_WEIGHT)
    expect(floorWeight(t({ notHelpful: 21, down: 3, up: 1e6 }))).toBe(2)
    expect(floorWeight(t({ down: 19, up: 1e6 }))).toBe(0)
    // With its visitors known, its thumbs up are bounded by them instead.
    expect(floorWeight(t({ down: 40, up: 1e6, visitors: 100 }))).toBe(0)
  })
})

describe('pages readers like', () => {
  it('stay out: their thumbs up are what their visitors give', () => {
    // 10 👎 against 250 👍 from 5,000 visitors: a share of 4 %, no gap; nor 19 👎 against 1,000 👍 with no visitors known.
    const site = [
      ...LIKED,
      down('/guides/liked', 10),
      up('/guides/liked', 250),
      visited('/guides/liked', 5000),
      down('/x/busy', 19),
      up('/x/busy', 1000)
    ]
    expect(fixFirst(site)).toEqual([])
  })
})

/** A page's counts as a week of a site has them, its visitors known or not. */
const page = fc.record(
  {
    down: fc.integer({ min: 0, max: 80 }),
    up: fc.integer({ min: 0, max: 400 }),
    notHelpful: fc.integer({ min: 0, max: 30 }),
    unanswered: fc.integer({ min: 0, max: 20 }),
    noClick: fc.integer({ min: 0, max: 60 }),
    visitors: fc.integer({ min: 0, max: 5000 })
  },
  { requiredKeys: ['down', 'up', 'notHelpful', 'unanswered', 'noClick'] }
)
const site = fc.array(page, { minLength: 1, maxLength: 12 })
const earlierOf = fc.array(
  fc.option(
    page.map((p) => credible(p)),
    { nil: undefined }
  ),
  { maxLength: 12 }
)

describe('thumbs up anyone can send (property)', () => {
  test.prop([site, earlierOf, fc.nat({ max: 11 }), fc.integer({ min: 1, max: 1e6 })])(
    'beyond what its visitors can give, more thumbs up on a page change no weight of any page',
    (pages, earlier, at, more) => {
      const index = at % pages.length
      const target = pages[index] as Trouble
      fc.pre(target.visitors !== undefined)
      const atCap = pages.map((p, i) => (i === index ? { ...p, up: credibleUp({ ...p, up: Number.MAX_SAFE_INTEGER }) } : p))
      const beyond = atCap.map((p, i) => (i === index ? { ...p, up: p.up + more } : p))
      expect(pageWeights(beyond, earlier)).toEqual(pageWeights(atCap, earlier))
    }
  )

  test.prop([site, fc.nat({ max: 11 }), fc.integer({ min: 1, max: 1e6 })])(
    'more thumbs up never take a page in trouble below its weight at what its visitors can give, nor below its floor',
    (pages, at, more) => {
      const index = at % pages.length
      const target = pages[index] as Trouble
      fc.pre(target.down + target.notHelpful + target.unanswered + target.noClick > 0)
      const added = pages.map((p, i) => (i === index ? { ...p, up: p.up + more } : p))
      const weight = pageWeights(added)[index] as number
      expect(weight).toBeGreaterThanOrEqual(floorWeight(target))
      if (target.visitors !== undefined) {
        const atCap = pages.map((p, i) =>
          i === index ? { ...p, up: Math.max(p.up, credibleUp({ ...p, up: Number.MAX_SAFE_INTEGER })) } : p
        )
        expect(weight).toBeGreaterThanOrEqual((pageWeights(atCap)[index] as number) - 1e-9)
      }
    }
  )

  test.prop([site, earlierOf])(
    'where every page has its visitors and thumbs up they can give, the weights are the voters’ rule',
    (pages, earlier) => {
      const honest = pages.map((p) => credible({ ...p, visitors: p.visitors ?? 5000 }))
      const pooled = honest.map((p, at) => plus(p, earlier[at]))
      const votes = siteVotes(pooled)
      expect(pageWeights(honest, earlier)).toEqual(honest.map((p, at) => troubleWeight(p, siteNorm(votes, pooled[at]), pooled[at])))
    }
  )

  test.prop([site, fc.nat({ max: 11 }), fc.integer({ min: UNHAPPY_FLOOR, max: 500 }), fc.integer({ min: 0, max: 1e6 })])(
    'a page whose visitors are not known, with UNHAPPY_FLOOR unhappy readers or more, is a gap whatever its thumbs up',
    (pages, at, unhappy, ups) => {
      const index = at % pages.length
      const target = { ...t({ down: unhappy, up: ups }) }
      const all = pages.map((p, i) => (i === index ? target : p))
      expect(pageWeights(all)[index]).toBeGreaterThanOrEqual(GAP_WEIGHT)
    }
  )
})

describe('withVisitors', () => {
  it('adds a page’s visitors where they are known', () => {
    expect(withVisitors(t({ down: 1 }), undefined)).toEqual(t({ down: 1 }))
    expect(withVisitors(t({ down: 1 }), 0)).toEqual(t({ down: 1, visitors: 0 }))
    expect(grouped([visited(OTHER_PAGE, 9), down(OTHER_PAGE, 9)]).pages.size).toBe(0)
  })
})
