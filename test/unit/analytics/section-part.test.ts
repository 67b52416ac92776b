// Tests the part of an analytics section (src/analytics/section-part.ts) for every section of the
// catalog: its comparison is read under the catalog's budget key, after its pages, with the request
// the plan reserved for it; a section that read nothing gives that request back; the section's name
// in a failure is the catalog's; and the compiler refuses a section part without its comparison.
import { describe, expect, it } from 'vitest'
import type { RequestBudget } from '../../../src/analytics/budget.js'
import { plannedBudget } from '../../../src/analytics/plan.js'
import { sectionPart } from '../../../src/analytics/section-part.js'
import { sectionRead } from '../../../src/analytics/reader.js'
import { StopError } from '../../../src/core/lifetime.js'
import { readKeys, SECTION_CATALOG, SECTION_NAMES, type SectionName } from '../../../src/core/catalog.js'
import { cleanUpAfterEach, request, run } from '../../support/section-parts.js'

cleanUpAfterEach()

/** The requests a budget still gives, none of them reserved for a read: what no reservation holds. */
const free = (budget: RequestBudget): number => {
  let given = 0
  while (budget.take()) given++
  return given
}

/** A part of section `name` whose reads each answer one page through `fetch`, and whose comparison reads 42. */
function partOf(name: SectionName, budget: RequestBudget, fetch: () => Promise<{ rows: string[] }>, asked: string[]) {
  const reads = readKeys(name).map((key) =>
    sectionRead<string>(key, key, { style: 'single', fetch: () => (asked.push(key), fetch()) }, () => undefined)
  )
  return sectionPart(
    name,
    { ...request, compare: true },
    reads,
    budget,
    (period) => {
      asked.push(`previous ${period.dateFrom}`)
      return Promise.resolve({ value: 42 })
    },
    () => ({})
  )
}

describe('sectionPart', () => {
  it.each(SECTION_NAMES)('reads the comparison of %s last, with the request the plan reserved under the catalog’s key', async (name) => {
    const entry = SECTION_CATALOG[name]
    const planned = { reads: readKeys(name), comparison: entry.comparison }
    const budget = plannedBudget([planned], true, planned.reads.length + 1)
    const asked: string[] = []
    const part = partOf(name, budget, () => Promise.resolve({ rows: ['a'] }), asked)
    const { ending } = await run(part)
    expect(asked).toEqual([...readKeys(name), 'previous 2026-11-07'])
    const report = part.report(ending, 0)
    expect(report).toMatchObject({ kind: name, partial: false, previous: { dateFrom: '2026-11-07', dateTo: '2026-11-14', value: 42 } })
    expect(report.requests).toBe(planned.reads.length + 1)
    expect(budget.used).toBe(planned.reads.length + 1)
  })

  it.each(SECTION_NAMES)('gives back the comparison’s request of %s when the section read nothing', async (name) => {
    const planned = { reads: readKeys(name), comparison: SECTION_CATALOG[name].comparison }
    const limit = planned.reads.length + 3
    const budget = plannedBudget([planned], true, limit)
    const asked: string[] = []
    const { ending } = await run(partOf(name, budget, () => Promise.reject(new Error('refused')), asked))
    expect(ending.kind).toBe('failed')
    expect(asked).toEqual([readKeys(name)[0]])
    // The failed request was spent; every other request, the comparison's too, is free again.
    expect(budget.used).toBe(1)
    expect(free(budget)).toBe(limit - 1)
  })

  it.each(SECTION_NAMES)('names %s in a failure as the catalog does', (name) => {
    const budget = plannedBudget([], false, 5)
    const part = partOf(name, budget, () => Promise.resolve({ rows: [] }), [])
    const report = part.report({ kind: 'stopped', stop: new StopError('timeout') }, 0)
    expect(report.failure).toMatch(new RegExp(`^${SECTION_CATALOG[name].failureName} are incomplete: `))
  })

  it('cannot be made without a comparison, nor for a section the catalog does not have (npm run typecheck)', () => {
    const budget = plannedBudget([], false, 1)
    const reads = [
      sectionRead<string>('searches', 'search terms', { style: 'single', fetch: () => Promise.resolve({ rows: [] }) }, () => undefined)
    ]
    const compare = () => Promise.resolve({ value: 1 })
    expect(sectionPart('searches', request, reads, budget, compare, () => ({})).report({ kind: 'finished' }, 0).kind).toBe('searches')
    // @ts-expect-error a section's part takes how it reads the previous period
    sectionPart('searches', request, reads, budget, () => ({}))
    expect(() =>
      // @ts-expect-error only a section of the catalog has a part
      sectionPart('nonesuch', request, reads, budget, compare, () => ({}))
    ).toThrow(TypeError)
  })
})
