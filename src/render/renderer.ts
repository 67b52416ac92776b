// What a person sees of a part's report, in each place the run shows it. Every part has a summary,
// outputs, a log line and a phrase in the run's last line; an analytics section also has its object
// in analytics.json, its CSV files and, where it finds any, the gaps it adds to docsGaps.
import type { Comparison } from '../analytics/comparison.js'
import { HEADLINE_NAMES, type HeadlineKey } from '../core/catalog.js'
import type { Signal } from './fix-first.js'

export interface Renderer<Report> {
  /**
   * Its section of the job summary (HTML). `others` are the run's other reports, for a section shown
   * together with another (the page views in the visitors' page table).
   */
  summaryHtml(report: Report, others?: readonly { kind: string }[]): string
  /** Its step outputs; one it could not read is empty, never 0, so that a later step can tell "none" from "unknown". */
  outputs(report: Report): Record<string, string>
  /** The line the log shows once the part is reported, if any. */
  logLine(report: Report): string | undefined
  /** Its clause in the run's last line: "page views read (partial)". */
  endPhrase(report: Report): string
}

/** A CSV file of a section, written to the analytics folder; `output` names the step output that gives its path, if any. */
export interface SectionFile {
  name: string
  content: string
  output?: string
}

/** One list of docsGaps: what readers could not find, as items already quoted as Markdown code. */
export interface GapList {
  heading: string
  items: string[]
  /** What each item is about, in the order of `items`: a page, or a search; what docsGaps leaves out when a person dismissed it. */
  about?: GapAbout[]
  /** Said instead of the items, when the list has none to show (its text is hidden, say). */
  note?: string
}

/** What an item of a gap list is about. */
export interface GapAbout {
  kind: 'page' | 'search'
  subject: string
}

/** A headline number of a section, for the top of the report. */
export interface Headline {
  key: HeadlineKey
  /** Its name for people: "Human visitors" (its label in the catalog, core/catalog.ts). */
  name: string
  value: number
  /** Its value over the period of the same length just before, when the run read it. */
  previous?: { value: number; dateFrom: string; dateTo: string }
  /** Counted from a partial read: at least this many. */
  partial?: boolean
  /** Its earlier value counts otherwise (Comparison's `unlike`): no change is shown, from the history either. */
  unlike?: true
  /** Where most of it happened: the page or the search that counts most, with its own count. */
  where?: HeadlineWhere
}

/** The page or the search a headline counts most of. */
export interface HeadlineWhere {
  page?: string
  search?: string
  count: number
}

/** A headline, named from its key. */
export function headline(
  key: HeadlineKey,
  value: number,
  more: Pick<Headline, 'previous' | 'partial' | 'where' | 'unlike'> = {}
): Headline {
  return { key, name: HEADLINE_NAMES[key], value, ...more }
}

/** A headline's earlier value, picked from what the comparison read; undefined when it read none. */
export function previousOf<Value>(comparison: Comparison<Value> | undefined, pick: (value: Value) => number): Headline['previous'] {
  if (comparison?.value === undefined) return undefined
  return { value: pick(comparison.value), dateFrom: comparison.dateFrom, dateTo: comparison.dateTo }
}

/** One page's count in one row a section read. */
export interface PageCount {
  path: string
  count: number
}

/** What a section says of each page's readers, in the measures the docs health issue keeps. */
export interface PageNumbers {
  /** Each page's human visitors, row by row (two rows' paths may be one page of the site). */
  visitors?: readonly PageCount[]
  /** Each page's page views, row by row. */
  views?: readonly PageCount[]
  /** When the service returned only some pages' feedback counts: those pages (another page's are not known, not 0). */
  feedbackPages?: readonly string[]
}

export interface SectionRenderer<Report> extends Renderer<Report> {
  /** Its name in the report's banner: "Page views". */
  banner: string
  /** Its headline numbers, in the order the report shows them; none for what it did not read. */
  headlines(report: Report): Headline[]
  /** Notes on the limits of what it read (HTML), for the report's collapsed "How this was read". */
  readNotes?(report: Report): string[]
  /** What it says readers could not find, page by page or search by search, for "Fix first". */
  signals?(report: Report): Signal[]
  /** What it says of each page's readers, for the docs health issue's ledger and movers (health/period-sections.ts). */
  pageNumbers?(report: Report): PageNumbers
  /** Its object in analytics.json, under the section's name. */
  json(report: Report): Record<string, unknown>
  /** Its CSV files; none when it read nothing. */
  csv(report: Report): SectionFile[]
  /** What it adds to docsGaps; undefined when it shows no gap. `site` is every section's signals (each page's visitors among them). */
  gaps?(report: Report, site?: readonly Signal[]): GapList | undefined
}
