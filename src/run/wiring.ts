// The wiring of the analytics sections: for each section of the catalog (core/catalog.ts), the part
// that reads it and its renderer, from its folder (sections/<name>/). The compiler holds the two
// together: a section of the catalog with no wiring, wiring of a section the catalog does not have,
// or an entry missing its part or its renderer is an error. Every other list of sections (the names
// `analytics` takes, the budget plan, the report's types, outputs, files, docsGaps, the last line) is
// derived from the catalog and this table.
import type { JobReport } from '../agent/outcome.js'
import type { RequestBudget } from '../analytics/budget.js'
import { plannedBudget } from '../analytics/plan.js'
import type { SectionBase, SectionRequest } from '../analytics/reader.js'
import type { Part } from '../core/part.js'
import { readKeys, SECTION_CATALOG, SECTION_NAMES, type SectionName } from '../core/catalog.js'
import { jobRenderer } from '../render/job.js'
import type { Renderer, SectionRenderer } from '../render/renderer.js'
import { assistantPart } from '../sections/assistant/read.js'
import { assistantRenderer } from '../sections/assistant/render.js'
import { feedbackPart } from '../sections/feedback/read.js'
import { feedbackRenderer } from '../sections/feedback/render.js'
import { searchesPart } from '../sections/searches/read.js'
import { searchesRenderer } from '../sections/searches/render.js'
import { viewsPart } from '../sections/traffic/read-views.js'
import { visitorsPart } from '../sections/traffic/read-visitors.js'
import { viewsRenderer } from '../sections/traffic/render-views.js'
import { visitorsRenderer } from '../sections/traffic/render-visitors.js'

/** How a section is read and shown: the part that reads it, and its renderer. */
export interface SectionWiring<Api, Report> {
  part(api: Api, request: SectionRequest, budget: RequestBudget): Part<Report>
  render: SectionRenderer<Report>
}

/** An entry, its types inferred from its part. */
const wire = <Api, Report>(section: SectionWiring<Api, Report>): SectionWiring<Api, Report> => section

/**
 * The wiring, checked: one entry for each section of the catalog and none other, each whole, its
 * part reporting a section of the entry's own name.
 */
export function wiring<Table extends { [Name in SectionName]: SectionWiring<never, SectionBase & { kind: Name }> }>(
  table: Table & Record<Exclude<keyof Table, SectionName>, never>
): Table {
  return table
}

const WIRING = wiring({
  visitors: wire({ part: visitorsPart, render: visitorsRenderer }),
  views: wire({ part: viewsPart, render: viewsRenderer }),
  searches: wire({ part: searchesPart, render: searchesRenderer }),
  feedback: wire({ part: feedbackPart, render: feedbackRenderer }),
  assistant: wire({ part: assistantPart, render: assistantRenderer })
})

type Wiring = typeof WIRING

/** A section as the run uses it: the catalog's budget reads and flags, with its wiring. */
type Section<Name extends SectionName> = Wiring[Name] & {
  /** The budget's names of its reads, the one that shows something first. */
  reads: readonly string[]
  /** The read of the comparison with the previous period. */
  comparison: string
  readsReaderText: boolean
  gapSignal: boolean
}

/** Every section, in report order: the catalog's entry with its wiring (one for each of SECTION_NAMES). */
export const SECTIONS = Object.fromEntries(
  SECTION_NAMES.map((name) => {
    const { comparison, readsReaderText, gapSignal } = SECTION_CATALOG[name]
    return [name, { ...WIRING[name], reads: readKeys(name), comparison, readsReaderText, gapSignal }]
  })
) as unknown as { readonly [Name in SectionName]: Section<Name> }

/** A section's report: what its part learnt, as plain data. */
export type SectionReport = { [Name in SectionName]: ReturnType<ReturnType<Wiring[Name]['part']>['report']> }[SectionName]
/** What any part of a run reports: the agent job, or an analytics section. */
export type PartReport = JobReport | SectionReport

type Intersection<Union> = (Union extends unknown ? (x: Union) => void : never) extends (x: infer All) => void ? All : never
/** Everything the sections read from the service: the API each part takes, all together. */
export type AnalyticsApi = Intersection<Parameters<Wiring[SectionName]['part']>[0]>

export function isSectionReport(report: PartReport): report is SectionReport {
  return report.kind !== 'job'
}

/** The renderer of any report. */
export function rendererOf(report: PartReport): Renderer<PartReport> {
  return report.kind === 'job' ? jobRenderer : SECTIONS[report.kind].render
}

/** The section renderer of a section report. */
export function sectionRendererOf(report: SectionReport): SectionRenderer<SectionReport> {
  return SECTIONS[report.kind].render
}

export interface SectionsPlan extends Omit<SectionRequest, 'compare'> {
  sections: readonly SectionName[]
  compare: boolean
  maxRequests: number
}

/** Whether any of the sections reads text that readers typed. */
export function readsReaderText(sections: readonly SectionName[]): boolean {
  return sections.some((name) => SECTIONS[name].readsReaderText)
}

/**
 * The parts that read the sections, in report order, sharing one budget with its plan reserved and
 * requests held back for the gap signals' further pages.
 */
export function sectionParts(api: AnalyticsApi, plan: SectionsPlan): Part<SectionReport>[] {
  const entries = plan.sections.map((name) => SECTIONS[name])
  const budget = plannedBudget(entries, plan.compare, plan.maxRequests)
  budget.first(plan.sections.filter((name) => SECTIONS[name].gapSignal))
  const { projectId, dateFrom, dateTo, topPages, showReaderText, sitePages, compare, fixes, fixesUnknown } = plan
  const request: SectionRequest = {
    projectId,
    dateFrom,
    dateTo,
    topPages,
    showReaderText,
    ...(sitePages ? { sitePages } : {}),
    compare,
    ...(fixes ? { fixes } : {}),
    ...(fixesUnknown ? { fixesUnknown } : {})
  }
  return entries.map((section) => section.part(api, request, budget) as Part<SectionReport>)
}
