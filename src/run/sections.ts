// The one table of analytics sections, in report order. Each entry is everything the run knows of a
// section: the budget's names of its reads, whether it reads text that readers typed, the part that
// reads it, and how it is shown. Every other list of sections (the names `analytics` takes, the
// budget plan, the report's types, outputs, files, docsGaps, the last line) is derived from here.
// A new section is one more entry.
import type { JobReport } from '../agent/outcome.js'
import { assistantPart, ASSISTANT_COMPARISON, ASSISTANT_READS } from '../sections/assistant/read.js'
import type { RequestBudget } from '../analytics/budget.js'
import { feedbackPart, FEEDBACK_COMPARISON, FEEDBACK_READS } from '../sections/feedback/read.js'
import { plannedBudget } from '../analytics/plan.js'
import { searchesPart, SEARCHES_COMPARISON, SEARCHES_READS } from '../sections/searches/read.js'
import type { SectionBase, SectionRequest } from '../analytics/section.js'
import { viewsPart, VIEWS_COMPARISON, VIEWS_READS } from '../sections/traffic/read-views.js'
import { visitorsPart, VISITORS_COMPARISON, VISITORS_READS } from '../sections/traffic/read-visitors.js'
import type { Part } from '../core/part.js'
import { assistantRenderer } from '../sections/assistant/render.js'
import { feedbackRenderer } from '../sections/feedback/render.js'
import { jobRenderer } from '../render/job.js'
import type { HeadlineKey, Renderer, SectionRenderer } from '../render/renderer.js'
import { searchesRenderer } from '../sections/searches/render.js'
import { viewsRenderer } from '../sections/traffic/render-views.js'
import { visitorsRenderer } from '../sections/traffic/render-visitors.js'

interface SectionEntry<Api, Report> {
  /** The budget's names of its reads, the one that shows something first. */
  reads: readonly string[]
  /** The read of the comparison with the previous period, if it has one. */
  comparison?: string
  /** Whether it reads text that readers typed (search terms, comments, questions). */
  readsReaderText: boolean
  /** Whether it says what readers could not find: the budget holds requests back for its further pages (budget.ts). */
  gapSignal: boolean
  part(api: Api, request: SectionRequest, budget: RequestBudget): Part<Report>
  render: SectionRenderer<Report>
}

/** An entry, its types inferred from its part. */
const entry = <Api, Report>(section: SectionEntry<Api, Report>): SectionEntry<Api, Report> => section

/** The table, checked: each entry is whole, and its part reports a section of the entry's own name. */
const table = <Table extends { [Name in keyof Table]: SectionEntry<never, SectionBase & { kind: Name }> }>(sections: Table): Table =>
  sections

export const SECTIONS = table({
  visitors: entry({
    reads: VISITORS_READS,
    comparison: VISITORS_COMPARISON,
    readsReaderText: false,
    gapSignal: false,
    part: visitorsPart,
    render: visitorsRenderer
  }),
  views: entry({
    reads: VIEWS_READS,
    comparison: VIEWS_COMPARISON,
    readsReaderText: false,
    gapSignal: false,
    part: viewsPart,
    render: viewsRenderer
  }),
  searches: entry({
    reads: SEARCHES_READS,
    comparison: SEARCHES_COMPARISON,
    readsReaderText: true,
    gapSignal: true,
    part: searchesPart,
    render: searchesRenderer
  }),
  feedback: entry({
    reads: FEEDBACK_READS,
    comparison: FEEDBACK_COMPARISON,
    readsReaderText: true,
    gapSignal: true,
    part: feedbackPart,
    render: feedbackRenderer
  }),
  assistant: entry({
    reads: ASSISTANT_READS,
    comparison: ASSISTANT_COMPARISON,
    readsReaderText: true,
    gapSignal: true,
    part: assistantPart,
    render: assistantRenderer
  })
})

type Sections = typeof SECTIONS
export type SectionName = keyof Sections
/** A section's report: what its part learnt, as plain data. */
export type SectionReport = { [Name in SectionName]: ReturnType<ReturnType<Sections[Name]['part']>['report']> }[SectionName]
/** What any part of a run reports: the agent job, or an analytics section. */
export type PartReport = JobReport | SectionReport

type Intersection<Union> = (Union extends unknown ? (x: Union) => void : never) extends (x: infer All) => void ? All : never
/** Everything the sections read from the service: the API each part takes, all together. */
export type AnalyticsApi = Intersection<Parameters<Sections[SectionName]['part']>[0]>

/** The section each headline comes from: an alert rule over it needs that section read. */
export const HEADLINE_SECTIONS: Readonly<Record<HeadlineKey, SectionName>> = {
  visitorsHuman: 'visitors',
  visitorsAi: 'visitors',
  views: 'views',
  searches: 'searches',
  searchesNoClick: 'searches',
  thumbsDown: 'feedback',
  assistantQuestions: 'assistant',
  assistantUnanswered: 'assistant'
}

/** Headlines with no earlier value: it would take every page of the earlier period (a per-cent alert rule over them never fires). */
export const UNCOMPARED_HEADLINES: ReadonlySet<HeadlineKey> = new Set(['searchesNoClick', 'assistantUnanswered'])

/** The section names, in report order. */
export const SECTION_NAMES = Object.keys(SECTIONS) as SectionName[]

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
  const { projectId, dateFrom, dateTo, topPages, showReaderText, compare } = plan
  const request: SectionRequest = { projectId, dateFrom, dateTo, topPages, showReaderText, compare }
  return entries.map((section) => section.part(api, request, budget) as Part<SectionReport>)
}
