// Tests the loop benchmark's simulated site (bench/loop/site.mjs): the pages and their true rates
// for a seed, what each kind of fix truly does week by week, and each week's readers sampled from the
// true rates.
import { describe, expect, it } from 'vitest'
import { seeded } from '../../../bench/loop/random.mjs'
import {
  expected,
  fixActs,
  HALF_KEEPS,
  LIKED_SHARE,
  makeSite,
  observed,
  PAGES,
  ratesAt,
  REGRESS_AFTER,
  sampleWeek,
  shareOf,
  TOP_VISITORS,
  type Fix,
  type Page
} from '../../../bench/loop/site.mjs'

const pageOf = (site: Page[], kind: Page['kind']): Page => {
  const page = site.find((p) => p.kind === kind)
  if (!page) throw new Error(`no ${kind} page`)
  return page
}

describe('the site', () => {
  it('is the same for the same seed: 60 pages, Zipf traffic, 12 bad and 6 middling, every path and search its own', () => {
    const site = makeSite(seeded(11))
    expect(makeSite(seeded(11))).toEqual(site)
    expect(makeSite(seeded(12))).not.toEqual(site)
    expect(site).toHaveLength(PAGES)
    expect(site.map((p) => p.visitors)).toEqual(site.map((p) => TOP_VISITORS / p.rank))
    expect(site.filter((p) => p.kind === 'bad')).toHaveLength(12)
    expect(site.filter((p) => p.kind === 'middling')).toHaveLength(6)
    expect(new Set(site.map((p) => p.path)).size).toBe(PAGES)
    expect(new Set(site.map((p) => p.search.split(' ')[0])).size).toBe(PAGES)
    // Bad pages at every level of traffic: 4 among the ten busiest, 4 in ranks 11 to 30, 4 beyond.
    const badRanks = site.filter((p) => p.kind === 'bad').map((p) => p.rank)
    expect(badRanks.filter((r) => r <= 10)).toHaveLength(4)
    expect(badRanks.filter((r) => r > 30)).toHaveLength(4)
  })

  it('has pages readers mostly like and pages they do not, by their true share of readers in trouble, over many seeds', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const site = makeSite(seeded(seed))
      for (const page of site) {
        const share = shareOf(expected(page, page.rates))
        if (page.kind === 'liked') expect(share).toBeLessThanOrEqual(LIKED_SHARE)
        else expect(share).toBeGreaterThan(LIKED_SHARE)
      }
      // One of the three busiest liked pages: 18 % of its voters give a thumbs down.
      expect(
        site
          .filter((p) => p.kind === 'liked')
          .slice(0, 3)
          .map((p) => p.rates.down)
      ).toContain(0.18)
    }
  })
})

describe('a fix', () => {
  const site = makeSite(seeded(21))
  const bad = pageOf(site, 'bad')
  const fix = (effect: Fix['effect']): Fix => ({ path: bad.path, effect, mergedWeek: 5 })

  it('acts from the week it merged; one that regresses only for its first periods; one with no effect never', () => {
    expect([4, 5, 6].map((w) => fixActs(fix('works'), w))).toEqual([false, true, true])
    expect([4, 5, 5 + REGRESS_AFTER - 1, 5 + REGRESS_AFTER].map((w) => fixActs(fix('regress'), w))).toEqual([false, true, true, false])
    expect([5, 9].map((w) => fixActs(fix('none'), w))).toEqual([false, false])
  })

  it('that works cuts the trouble by more than half, one that half works by 40 %, one with no effect not at all', () => {
    const before = expected(bad, bad.rates).trouble
    const after = (effect: Fix['effect']) => expected(bad, ratesAt(bad, fix(effect), 6)).trouble
    expect(after('works') / before).toBeLessThan(0.5)
    expect(after('half') / before).toBeCloseTo(HALF_KEEPS, 10)
    expect(after('none')).toBe(before)
    expect(ratesAt(bad, fix('works'), 6)).toBe(bad.fixed)
    expect(ratesAt(bad, fix('regress'), 5 + REGRESS_AFTER)).toBe(bad.rates)
    // Before its merge, and without a fix, the page's own rates.
    expect(ratesAt(bad, fix('works'), 4)).toBe(bad.rates)
    expect(ratesAt(bad, undefined, 6)).toBe(bad.rates)
  })

  it('that works leaves a page readers mostly like, over many seeds', () => {
    for (let seed = 1; seed <= 30; seed++) {
      for (const page of makeSite(seeded(seed)).filter((p) => p.kind === 'bad')) {
        const rates = ratesAt(page, { path: page.path, effect: 'works', mergedWeek: 1 }, 1)
        expect(shareOf(expected(page, rates))).toBeLessThanOrEqual(LIKED_SHARE)
      }
    }
  })
})

describe("a week's readers", () => {
  it('are sampled from the true rates: over 2 000 weeks, each count averages its expected value', () => {
    const site = makeSite(seeded(31))
    const page = pageOf(site, 'bad')
    const random = seeded(32)
    const weeks = Array.from({ length: 2000 }, () => sampleWeek(random, page, page.rates))
    const average = (pick: (c: (typeof weeks)[number]) => number) => weeks.reduce((s, c) => s + pick(c), 0) / weeks.length
    const truth = expected(page, page.rates)
    const seen = weeks.map(observed)
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
    // Within 5 % of the expected readers in trouble and heard from, and of the visitors.
    expect(mean(seen.map((t) => t.trouble)) / truth.trouble).toBeCloseTo(1, 1)
    expect(mean(seen.map((t) => t.heard)) / truth.heard).toBeCloseTo(1, 1)
    expect(average((c) => c.visitors) / page.visitors).toBeCloseTo(1, 1)
    // A comment marked not helpful is left by a reader who gave a thumbs down.
    expect(weeks.every((c) => c.notHelpful <= c.down && c.helpful <= c.up)).toBe(true)
    expect(sampleWeek(seeded(33), page, page.rates)).toEqual(sampleWeek(seeded(33), page, page.rates))
  })

  it('count a thumbs down and the comment with it as one reader in trouble', () => {
    const counts = { visitors: 100, up: 6, down: 3, notHelpful: 5, helpful: 0, unanswered: 2, answered: 1, noClick: 4 }
    expect(observed(counts)).toEqual({ trouble: 11, heard: 17 })
    expect(shareOf({ trouble: 0, heard: 0 })).toBe(0)
    expect(shareOf({ trouble: 3, heard: 12 })).toBe(0.25)
  })
})
