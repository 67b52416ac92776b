// The part that reads an analytics section: its reads in turn, then its comparison with the previous
// period, whose budget key and the section's name in a failure come from the catalog
// (core/catalog.ts). A section gives how it reads the previous period, and cannot leave it out: the
// plan reserves a request for every section's comparison, and only the comparison gives it back.
import type { Part } from '../core/part.js'
import { SECTION_CATALOG, type SectionName } from '../core/catalog.js'
import type { RequestBudget } from './budget.js'
import { type Comparison, type ComparisonAnswer, comparedWith, comparisonRead, type FurtherRequest, type Period } from './comparison.js'
import { judgeSection, readSection, type SectionBase, type SectionRead, type SectionRequest } from './reader.js'

/** What a section's part reports: the shared part, its kind, its comparison when one was asked for, and what it adds. */
export type SectionPartReport<Kind extends SectionName, Value, Rest> = SectionBase & { kind: Kind; previous?: Comparison<Value> } & Rest

/**
 * The part of section `kind`, whose reads are `reads`: it makes them in turn and its comparison last
 * (`compare` reads the previous period's value), and reports the section judged from them, with
 * what `rest` adds from what was kept.
 */
export function sectionPart<Kind extends SectionName, Value, Rest>(
  kind: Kind,
  request: SectionRequest,
  reads: readonly SectionRead<unknown>[],
  budget: RequestBudget,
  compare: (period: Period, further: FurtherRequest) => Promise<ComparisonAnswer<Value>>,
  rest: () => Rest
): Part<SectionPartReport<Kind, Value, Rest>> {
  const entry = SECTION_CATALOG[kind]
  const comparison = comparisonRead(entry.comparison, request, budget, compare, kind)
  return {
    run: ({ log }) => readSection(kind, reads, budget, log, comparison),
    report: (ending) => ({
      kind,
      ...judgeSection(entry.failureName, request, [...reads, comparison], ending, budget),
      ...rest(),
      ...comparedWith(comparison)
    })
  }
}
