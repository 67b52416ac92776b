// The period the analytics read, as the docs health issue takes it: which of the sections that hold a
// gap's numbers were read whole, every signal of every section, and each page's traffic. What each
// section says of pages comes from its renderer (`pageNumbers`, render/renderer.ts), so the run that
// reads the sections names none of them.
import { addCounts } from '../core/counts.js'
import type { SectionName } from '../core/catalog.js'
import type { Signal } from '../render/fix-first.js'
import type { Overview } from '../render/overview.js'
import type { PageNumbers } from '../render/renderer.js'
import type { PageTraffic } from './history.js'
import type { Measured } from './ledger.js'
import type { AnalyticsRead } from './transition.js'

/** One section the period read, as the docs health issue needs it. */
export interface SectionRead {
  kind: SectionName
  /** Read whole: read, not cut short, not failed. */
  whole: boolean
  /** Every signal it gives (render/fix-first.ts). */
  signals: readonly Signal[]
  /** What it says of each page's readers, when it says anything. */
  pages?: PageNumbers
}

/**
 * The period's read from its overview and its sections: with no section (the overview's ranking is
 * kept), its traffic alone.
 */
export function analyticsRead(overview: Overview, sections: readonly SectionRead[]): AnalyticsRead {
  const signals = sections.flatMap((section) => section.signals)
  return {
    overview,
    ...(sections.length > 0 ? { sections: { signals, measured: measuredOf(sections) } } : {}),
    traffic: pageTraffic(sections)
  }
}

/** Which of the sections that hold a gap's numbers were read whole (read, not cut short, not failed). */
function measuredOf(sections: readonly SectionRead[]): Measured {
  const whole = (kind: SectionName): boolean => sections.some((section) => section.kind === kind && section.whole)
  const measured: Measured = { feedback: whole('feedback'), assistant: whole('assistant'), searches: whole('searches') }
  for (const section of sections) {
    const feedbackPages = section.pages?.feedbackPages
    if (feedbackPages) measured.feedbackPages = new Set(feedbackPages)
    // Each page's visitors, from a whole read only (a page cut off the list is not known, not 0); the
    // paths the service gave that the site keeps as one page, summed.
    const rows = section.pages?.visitors
    if (rows && section.whole) {
      const visitors = new Map<string, number>()
      for (const row of rows) visitors.set(row.path, addCounts(visitors.get(row.path) ?? 0, row.count))
      measured.visitors = visitors
    }
  }
  return measured
}

/** Every page's human visitors and page views, as the sections read them. */
function pageTraffic(sections: readonly SectionRead[]): PageTraffic[] {
  const pages = new Map<string, PageTraffic>()
  const page = (path: string): PageTraffic => {
    let seen = pages.get(path)
    if (!seen) pages.set(path, (seen = { path }))
    return seen
  }
  for (const section of sections) {
    for (const row of section.pages?.visitors ?? []) page(row.path).visitors = row.count
    for (const row of section.pages?.views ?? []) page(row.path).views = row.count
  }
  return [...pages.values()]
}
