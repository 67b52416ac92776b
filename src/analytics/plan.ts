// The analytics sections a run reads, and how it plans to spend its requests on them: the first
// read of every section first, then each section's other one-off read, then the comparison with the
// previous period; further pages come from what is left (see budget.ts).
import type { AnalyticsSection } from '../run/inputs.js'
import type { Part } from '../run/part.js'
import { type AssistantApi, assistantPart, ASSISTANT_READS } from './assistant.js'
import { RequestBudget } from './budget.js'
import { type FeedbackApi, feedbackPart, FEEDBACK_READS } from './feedback.js'
import { type SearchesApi, searchesPart, SEARCHES_READS } from './searches.js'
import type { SectionRequest } from './section.js'
import { type ViewsApi, viewsPart, VIEWS_READS } from './views.js'
import { type VisitorsApi, VISITORS_READS } from './visitors.js'
import { visitorsPart } from './visitors-part.js'

export type AnalyticsApi = VisitorsApi & ViewsApi & SearchesApi & FeedbackApi & AssistantApi

/** Each section's reads in the budget plan, the read that shows something first. */
const READS: Readonly<Record<AnalyticsSection, readonly string[]>> = {
  visitors: [VISITORS_READS[0]],
  views: VIEWS_READS,
  searches: SEARCHES_READS,
  feedback: FEEDBACK_READS,
  assistant: ASSISTANT_READS
}

/** The reads to reserve a request for, in the order they get one. */
export function plannedReads(sections: readonly AnalyticsSection[], compare: boolean): string[] {
  const firsts = sections.map((section) => READS[section][0] as string)
  const others = sections.flatMap((section) => READS[section].slice(1))
  return [...firsts, ...others, ...(compare && sections.includes('visitors') ? [VISITORS_READS[1]] : [])]
}

export interface AnalyticsPlan extends SectionRequest {
  sections: readonly AnalyticsSection[]
  compare: boolean
  maxRequests: number
}

/** The parts that read the sections, in report order, sharing one budget with its plan reserved. */
export function analyticsParts(api: AnalyticsApi, plan: AnalyticsPlan): Part[] {
  const budget = new RequestBudget(plan.maxRequests)
  budget.reserve(plannedReads(plan.sections, plan.compare))
  const { projectId, dateFrom, dateTo, topPages, readerText, compare } = plan
  const request: SectionRequest = { projectId, dateFrom, dateTo, topPages, readerText }
  return plan.sections.map((section) => {
    switch (section) {
      case 'visitors':
        return visitorsPart(api, { ...request, compare }, budget)
      case 'views':
        return viewsPart(api, request, budget)
      case 'searches':
        return searchesPart(api, request, budget)
      case 'feedback':
        return feedbackPart(api, request, budget)
      case 'assistant':
        return assistantPart(api, request, budget)
    }
  })
}
