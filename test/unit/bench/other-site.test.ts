// Tests the loop benchmark's second site (bench/loop/other-site.mjs): its pages for a seed, what each
// kind of fix does to a page's brokenness, its truth, and each week's readers sampled from its rates.
import { describe, expect, it } from 'vitest'
import { brokennessAt, otherPages, otherSite, troubleOf } from '../../../bench/loop/other-site.mjs'
import { seeded } from '../../../bench/loop/random.mjs'
import { REGRESS_AFTER, type Fix } from '../../../bench/loop/site.mjs'

const pages = otherPages(seeded(1001))
const broken = pages.find((p) => p.brokenness >= 0.6)
if (!broken) throw new Error('no broken page')
const fix = (effect: Fix['effect']): Fix => ({ path: broken.path, effect, mergedWeek: 5 })

describe('the second site', () => {
  it('is the same for the same seed: 45 pages, each path, slug and phrasing its own, 9 broken and 5 rough', () => {
    expect(otherPages(seeded(1001))).toEqual(pages)
    expect(otherPages(seeded(1002))).not.toEqual(pages)
    expect(pages).toHaveLength(45)
    expect(new Set(pages.map((p) => p.path)).size).toBe(45)
    expect(new Set(pages.map((p) => p.slug)).size).toBe(45)
    expect(new Set(pages.flatMap((p) => p.phrasings)).size).toBe(45 * 3)
    expect(pages.filter((p) => p.brokenness >= 0.6)).toHaveLength(9)
    expect(pages.filter((p) => p.brokenness >= 0.3 && p.brokenness <= 0.5)).toHaveLength(5)
    expect(pages.filter((p) => p.brokenness <= 0.1)).toHaveLength(31)
    for (const page of pages) {
      expect(page.traffic).toBeGreaterThanOrEqual(6)
      expect(page.traffic).toBeLessThanOrEqual(2500)
      // One phrasing holds no word of any path.
      const words = new Set(pages.flatMap((p) => p.path.split('/')))
      expect(page.phrasings[2]?.split(' ').some((w) => words.has(w))).toBe(false)
    }
  })

  it('moves a page’s brokenness by its fix: to 0 when it works, to 60 % when it half works, back after a regression', () => {
    const b = broken.brokenness
    expect(brokennessAt(broken, undefined, 9)).toBe(b)
    expect([4, 5, 9].map((w) => brokennessAt(broken, fix('works'), w))).toEqual([b, 0, 0])
    expect(brokennessAt(broken, fix('half'), 6)).toBeCloseTo(b * 0.6, 10)
    expect(brokennessAt(broken, fix('none'), 6)).toBe(b)
    expect([5 + REGRESS_AFTER - 1, 5 + REGRESS_AFTER].map((w) => brokennessAt(broken, fix('regress'), w))).toEqual([0, b])
  })

  it('has more readers in trouble, in share, the more broken a page is', () => {
    const share = (b: number) => {
      const t = troubleOf(broken, b)
      return t.trouble / t.heard
    }
    expect(share(0)).toBeLessThan(share(0.6))
    expect(share(0.6)).toBeLessThan(share(1))
  })

  it('serves each week from a generator of the seed and week alone, its truth and the pages worth ticking', () => {
    const model = otherSite(seeded(1001), 1001)
    expect(model.paths).toEqual(pages.map((p) => p.path))
    expect(model.week(3, new Map())).toEqual(otherSite(seeded(1001), 1001).week(3, new Map()))
    expect(model.week(3, new Map())).not.toEqual(model.week(4, new Map()))
    expect(model.troubles(broken.path)).toBe(true)
    expect(pages.filter((p) => model.troubles(p.path))).toHaveLength(14)
    expect(model.movedTo(broken.path)).toBeUndefined()
    expect(model.truth(6, new Map([[broken.path, fix('works')]])).get(broken.path)).toEqual(troubleOf(broken, 0))
    expect(model.heard(broken.path)).toBe(troubleOf(broken, broken.brokenness).heard)
    expect(model.heard('/no/such/page')).toBe(0)
    // Humans and AI split each page's visitors; every search row counts its clicks, at most its hits.
    for (const c of model.week(2, new Map()).values()) {
      expect(c.up + c.down).toBeLessThanOrEqual(c.human)
      for (const s of c.searches) expect(s.clicks).toBeLessThanOrEqual(s.hits)
    }
  })

  it('samples readers near their rates: over 200 weeks, a broken page’s clicks are far fewer than a sound page’s', () => {
    const model = otherSite(seeded(1001), 1001)
    const sound = pages.filter((p) => p.brokenness <= 0.1).sort((a, b) => b.traffic - a.traffic)[0]
    if (!sound) throw new Error('no sound page')
    const ctr = (path: string) => {
      let hits = 0
      let clicks = 0
      for (let w = 0; w < 200; w++)
        for (const s of model.week(w, new Map()).get(path)?.searches ?? []) {
          hits += s.hits
          clicks += s.clicks
        }
      return clicks / hits
    }
    expect(ctr(sound.path)).toBeGreaterThan(0.4)
    expect(ctr(broken.path)).toBeLessThan(0.3)
  })
})
