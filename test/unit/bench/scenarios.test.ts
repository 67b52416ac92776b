// Tests the loop benchmark's scenarios (bench/loop/scenarios.mjs): the loop's own site served
// unchanged, and what each scenario changes on it week by week: searches clicked, a holiday and a
// launch, the vote rate, the AI share, troubled pages' traffic, and pages that move.
import { describe, expect, it } from 'vitest'
import { observed, type Model, type Served } from '../../../bench/loop/drive.mjs'
import { seeded } from '../../../bench/loop/random.mjs'
import { movedPath, SCENARIOS, shiftedSite } from '../../../bench/loop/scenarios.mjs'
import { makeSite, ratesAt, sampleWeek, type Fix, type Page } from '../../../bench/loop/site.mjs'

const WHEN = { merged: 5, weeks: 10 }
const SEED = 7
const modelOf = (name: string): Model => {
  const scenario = SCENARIOS.find((s) => s.name === name)
  if (!scenario) throw new Error(`no scenario ${name}`)
  return scenario.model(seeded(SEED), SEED, WHEN)
}
const site = makeSite(seeded(SEED))
const pageOf = (kind: Page['kind']): Page => {
  const page = site.find((p) => p.kind === kind)
  if (!page) throw new Error(`no ${kind} page`)
  return page
}
const bad = pageOf('bad')
const liked = pageOf('liked')
const works = new Map<string, Fix>([[bad.path, { path: bad.path, effect: 'works', mergedWeek: WHEN.merged }]])
const sum = (model: Model, w: number, field: 'human' | 'ai' | 'up' | 'down', fixes: ReadonlyMap<string, Fix> = new Map()) =>
  [...model.week(w, fixes).values()].reduce((total, c) => total + c[field], 0)
const served = (model: Model, w: number, path: string, fixes: ReadonlyMap<string, Fix> = new Map()): Served => {
  const c = model.week(w, fixes).get(path)
  if (!c) throw new Error(`no week ${w} for ${path}`)
  return c
}

describe('the scenarios', () => {
  it('have names of their own; the loop’s site first, the second site on seeds from 1001', () => {
    expect(SCENARIOS.map((s) => s.name)).toEqual([
      'site',
      'clicked',
      'holiday-launch',
      'votes-doubled',
      'votes-halved',
      'ai-growth',
      'gap-decline',
      'rename',
      'other-site'
    ])
    expect(SCENARIOS.map((s) => s.firstSeed)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1001])
    expect(SCENARIOS.filter((s) => s.renames).map((s) => s.name)).toEqual(['rename'])
  })

  it('serve the loop’s own site as site.mjs samples it: the same draws, a tenth of the humans as AI, one search row with no click', () => {
    const model = modelOf('site')
    for (const w of [0, 3, 7]) {
      const draw = seeded(SEED * 7919 + w)
      const week = model.week(w, works)
      for (const page of site) {
        const c = sampleWeek(draw, page, ratesAt(page, works.get(page.path), w))
        expect(week.get(page.path)).toEqual({
          human: c.visitors,
          ai: Math.round(c.visitors / 10),
          up: c.up,
          down: c.down,
          notHelpful: c.notHelpful,
          helpful: c.helpful,
          unanswered: c.unanswered,
          answered: c.answered,
          searches: c.noClick > 0 ? [{ query: page.search, hits: c.noClick, clicks: 0 }] : [],
          comment: `The ${page.search} part is unclear.`,
          question: `How do I set up ${page.search}?`
        })
      }
    }
    expect(model.movedTo(bad.path)).toBeUndefined()
    expect(model.troubles(bad.path)).toBe(true)
    expect(model.troubles(liked.path)).toBe(false)
  })

  it('clicked: a liked page’s searches are clicked at a normal rate, a bad page’s not until its fix works', () => {
    const model = modelOf('clicked')
    const clicks = (path: string, fixes: ReadonlyMap<string, Fix>) => {
      let hits = 0
      let clicked = 0
      for (let i = 0; i < 40; i++) {
        // Forty weeks after the merge, each week its own generator: the share clicked settles near the page's click-through.
        for (const s of served(model, 6 + i, path, fixes).searches) {
          hits += s.hits
          clicked += s.clicks
        }
      }
      return { hits, share: clicked / hits }
    }
    expect(clicks(liked.path, works).share).toBeGreaterThan(0.4)
    expect(clicks(liked.path, works).share).toBeLessThan(0.9)
    expect(clicks(bad.path, new Map()).share).toBe(0)
    const after = clicks(bad.path, works)
    expect(after.share).toBeGreaterThan(0.4)
    expect(after.share).toBeLessThan(0.9)
    // Searches in several phrasings of the page's topic, none of which is a path's word.
    const phrasings = new Set(
      Array.from({ length: 20 }, (_, i) => served(model, 6 + i * 100, bad.path, works).searches.map((s) => s.query)).flat()
    )
    expect(phrasings.size).toBeGreaterThan(3)
    for (const query of phrasings) expect(query.split(' ')[0]).toBe(bad.search.split(' ')[0])
  })

  it('holiday-launch: every page’s traffic ×0.3 in the third period after the merge, ×2.5 in the fifth', () => {
    const model = modelOf('holiday-launch')
    const plain = modelOf('site')
    const ratio = (w: number) => sum(model, w, 'human') / sum(plain, w, 'human')
    expect(ratio(6)).toBeCloseTo(1, 1)
    expect(ratio(7)).toBeCloseTo(0.3, 1)
    expect(ratio(9)).toBeCloseTo(2.5, 1)
  })

  it('votes-doubled and votes-halved: every page’s votes ×2 or ×½ from the merge on', () => {
    const plain = modelOf('site')
    const votes = (model: Model, w: number) => sum(model, w, 'up') + sum(model, w, 'down')
    for (const [name, times] of [
      ['votes-doubled', 2],
      ['votes-halved', 0.5]
    ] as const) {
      const model = modelOf(name)
      expect(votes(model, 4)).toBe(votes(plain, 4))
      expect(votes(model, 5) / votes(plain, 5)).toBeCloseTo(times, 0)
    }
  })

  it('ai-growth: AI is 20 % of the visitors in the first week and 60 % in the last, the humans halved', () => {
    const model = modelOf('ai-growth')
    const share = (w: number) => sum(model, w, 'ai') / (sum(model, w, 'ai') + sum(model, w, 'human'))
    expect(share(1)).toBeCloseTo(0.2, 2)
    expect(share(WHEN.weeks)).toBeCloseTo(0.6, 2)
    expect(sum(model, WHEN.weeks, 'human') / sum(modelOf('site'), WHEN.weeks, 'human')).toBeCloseTo(0.5, 1)
  })

  it('gap-decline: a page readers do not mostly like loses 10 % of its traffic a week, a liked page none', () => {
    const model = modelOf('gap-decline')
    const truth = (w: number, path: string) => model.truth(w, new Map()).get(path)?.heard ?? NaN
    expect(truth(3, bad.path) / truth(1, bad.path)).toBeCloseTo(0.81, 5)
    expect(truth(3, liked.path)).toBeCloseTo(truth(1, liked.path), 10)
  })

  it('rename: each fix moves its page to /docs/<topic>', () => {
    expect(modelOf('rename').movedTo('/guides/webhook')).toBe('/docs/webhook')
    expect(movedPath('/api-reference/sso')).toBe('/docs/sso')
  })

  it('leave the truth of a scenario with no shift as site.mjs has it', () => {
    const model = shiftedSite({}, seeded(SEED), SEED, WHEN)
    expect(model.heard(bad.path)).toBeGreaterThan(0)
    expect(model.heard('/no/such/page')).toBe(0)
  })
})

describe('a week’s readers as the ranking counts them', () => {
  it('count a thumbs down and its comment as one reader, every unanswered question, every search with no click', () => {
    const c: Served = {
      human: 100,
      ai: 10,
      up: 7,
      down: 3,
      notHelpful: 4,
      helpful: 1,
      unanswered: 2,
      answered: 5,
      searches: [
        { query: 'a', hits: 5, clicks: 3 },
        { query: 'b', hits: 2, clicks: 0 }
      ],
      comment: '',
      question: ''
    }
    expect(observed(c)).toEqual({ trouble: 4 + 2 + 2 + 2, heard: 10 + 7 })
  })
})
