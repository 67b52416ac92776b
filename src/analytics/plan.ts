// How a run plans to spend its analytics requests: before any read, one request is reserved for the
// first read of every section, then for each section's other one-off reads, then for the comparisons
// with the previous period; further pages come from what no reservation holds (see budget.ts).
import { RequestBudget } from './budget.js'

/** What the plan needs of a section: the budget's names of its reads, the one that shows something first. */
export interface PlannedSection {
  reads: readonly string[]
  /** The read of the comparison with the previous period: every section has one (section-part.ts). */
  comparison: string
}

/** The first read of each section: the fewest requests with which every section shows something. */
export function firstReads(sections: readonly PlannedSection[]): string[] {
  return sections.flatMap((section) => section.reads.slice(0, 1))
}

/** The reads to reserve a request for, in the order they get one. */
export function plannedReads(sections: readonly PlannedSection[], compare: boolean): string[] {
  const firsts = firstReads(sections)
  const others = sections.flatMap((section) => section.reads.slice(1))
  const comparisons = compare ? sections.map((section) => section.comparison) : []
  return [...firsts, ...others, ...comparisons]
}

/** A budget of `maxRequests` with the plan's reservations made. */
export function plannedBudget(sections: readonly PlannedSection[], compare: boolean, maxRequests: number): RequestBudget {
  const budget = new RequestBudget(maxRequests)
  budget.reserve(plannedReads(sections, compare))
  return budget
}
