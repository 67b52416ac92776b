// Thumbs up are anonymous (any reader, or a script, can send them). Stuffing the page a fix was merged
// for with them must not make a fix whose trouble did not fall, or even doubled, read as "fixed"
// (src/health/verdict.ts): where the page's visitors were read they are the exposure, and thumbs up
// do not count in it; where they were not, a fix judged over the readers heard from is fixed only when
// its trouble per period fell too.
import { describe, expect, it } from 'vitest'
import { judgedBy } from '../../../src/health/verdict.js'

const before = { dateFrom: '2026-01-01', dateTo: '2026-01-28', periods: 4, down: 160, up: 40 }
const since = (down: number, up: number) => ({ dateFrom: '2026-02-01', dateTo: '2026-02-28', periods: 4, down, up })

describe('a fix judged from thumbs a script can send', () => {
  it('is not fixed when its trouble stayed the same and its thumbs up did too', () => {
    expect(judgedBy(before, since(160, 40))).toBe('not-fixed')
  })
  it('is not called fixed when its thumbs down doubled and a script sent 20,000 thumbs up', () => {
    expect(judgedBy(before, since(320, 20_000))).toBe('too-few')
  })
  it('is not called fixed when its thumbs down stayed the same and a script sent 2,000 thumbs up', () => {
    expect(judgedBy(before, since(160, 2_000))).toBe('too-few')
  })
  it('is not fixed, over its visitors, whatever thumbs up a script sent', () => {
    const seen = (numbers: typeof before, visitors: number) => ({ ...numbers, visitors })
    expect(judgedBy(seen(before, 4000), seen(since(160, 2_000), 4000))).toBe('not-fixed')
    expect(judgedBy(seen(before, 4000), seen(since(320, 20_000), 4000))).toBe('not-fixed')
  })
  it('is still fixed, over the readers heard from, when its trouble per period fell too', () => {
    expect(judgedBy(before, since(6, 40))).toBe('fixed')
  })
})
