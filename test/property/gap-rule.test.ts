// Property tests of the gap rule (src/render/fix-first.ts): a page no worse than the site's own norm
// (the median page's share, siteNorm), whose visitors can give its thumbs up, is never a gap, however
// busy, and a truly bad page is one however small the rest of the site.
import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { fixFirst, type Signal, siteNorm, siteVotes, troubleOf, UNHAPPY_FLOOR } from '../../src/render/fix-first.js'

const thumbs = (page: string, down: number, up: number): Signal[] => [
  { kind: 'thumbs-down', count: down, page },
  { kind: 'thumbs-up', count: up, page }
]

describe('the gap rule', () => {
  test.prop([
    fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 500 })), { minLength: 1, maxLength: 8 }),
    fc.integer({ min: 1, max: 30 }),
    fc.integer({ min: 1, max: 30 }),
    fc.integer({ min: 1, max: 2000 })
  ])('scaling a page’s traffic at a fixed share never turns a liked page into a gap', (site, down, up, times) => {
    const others = site.flatMap(([d, u], i) => thumbs(`/site/page${i}`, d, u))
    const norm = siteNorm(siteVotes(site.map(([d, u]) => troubleOf(thumbs('', d, u)))))
    // Liked: its share of thumbs down no higher than the site's norm, the median page's share.
    fc.pre(down / (down + up) <= norm)
    // With its visitors known (twenty for each vote: they can give its thumbs up), never a gap.
    const visited: Signal = { kind: 'visited', count: 20 * (down + up) * times, page: '/liked' }
    const items = fixFirst([...others, ...thumbs('/liked', down * times, up * times), visited], 50)
    expect(items.map((item) => item.page)).not.toContain('/liked')
    // Without them, nothing bounds its thumbs up: from UNHAPPY_FLOOR thumbs down it is a gap whatever they are (floorWeight), never before.
    const unknown = fixFirst([...others, ...thumbs('/liked', down * times, up * times)], 50).map((item) => item.page)
    expect(unknown.includes('/liked')).toBe(down * times >= UNHAPPY_FLOOR)
  })

  test.prop([fc.integer({ min: 0, max: 20 }), fc.integer({ min: 200, max: 5000 })])(
    'a small page whose every voter was unhappy is a gap on a site where at most one voter in ten is',
    (down, up) => {
      const items = fixFirst([...thumbs('/site', down, up), ...thumbs('/bad', 3, 0)], 50)
      expect(items.map((item) => item.page)).toContain('/bad')
    }
  )
})
