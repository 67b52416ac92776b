// What every analytics section shares: the range it read, the requests it made, and whether it is
// partial and why, judged the same way from its reads and how its part ended.
import { accessDenialOf, isKeyRefusal, type AccessDenial } from '../api/errors.js'
import { errorMessage } from '../core/error-message.js'
import type { StopError } from '../core/lifetime.js'
import type { PartEnding } from '../core/part.js'
import { describeRange } from '../text/dates.js'
import { counted } from '../text/format.js'
import type { SitePages } from '../text/page-path.js'
import type { RequestBudget } from './budget.js'
import type { Log } from '../core/part.js'
import { type Cut, cutClause, newReadProgress, type PageAnswer, type Paging, type ReadProgress, readPages, sectionRoom } from './pager.js'

/** What every analytics section asks for. */
export interface SectionRequest {
  projectId: string
  dateFrom: string
  dateTo: string
  /** Rows the summary lists in its tables. */
  topPages: number
  /**
   * Keep the text readers typed and the pages their clients named (search queries, comments,
   * questions, page paths); when false, counts, and a page's path only when `sitePages` lists it.
   */
  showReaderText: boolean
  /** The site's own pages (its navigation), shown as they are wherever reader text is hidden; none when not given. */
  sitePages?: SitePages
  /** Also read what the section compares with: the period of the same length just before the range. */
  compare: boolean
  /**
   * The pages with a fix the docs health issue knows of, each with the day its pull request merged (''
   * while one is open): where feedback marked resolved counts (sections/feedback/triage.ts). None
   * without the issue.
   */
  fixes?: ReadonlyMap<string, string>
  /** The docs health issue was asked for but could not be read: which pages have a fix is not known. */
  fixesUnknown?: true
}

export interface SectionBase {
  projectId: string
  dateFrom: string
  dateTo: string
  /** The range in words, the exclusive end shown as the last day included. */
  rangeText: string
  requests: number
  topPages: number
  /** Whether the text readers typed is kept in this section. */
  showReaderText: boolean
  partial: boolean
  partialReason?: string
  /** Why the step fails, when this section makes it fail. */
  failure?: string
  /** The service refused the API key (401) at the section's first request: nothing was read. */
  keyRefused?: boolean
  /** The service denied access to the project (403) at the section's first request: nothing was read. */
  accessDenied?: AccessDenial
  /**
   * When maxRequests cut a read of this section (its comparison too): the limit, and how many more
   * requests it would have needed at least (one for each read it cut; a cut read may need more).
   */
  budgetCut?: { maxRequests: number; moreRequests: number }
}

/** Why a read was stopped while it ran: the deadline or a signal. */
export function stoppedWhileReading(stop: StopError): string {
  return stop.reason === 'timeout'
    ? 'the deadline (timeoutMinutes) passed while reading'
    : `the run was cancelled (${stop.signalName ?? 'signal'}) while reading`
}

/** One read of a section (a section may make more than one) and its name for people: "feedback comments". */
export interface NamedRead {
  name: string
  progress: ReadProgress
  /** A read whose absence leaves the section whole (a comparison): its requests count, its end does not. */
  optional?: boolean
}

/** A one-off read made once the section's pages are read (the comparison): its budget key, and how it is made. */
export interface AfterFirstPage extends NamedRead {
  key: string
  read(log: Log): Promise<void>
}

/** One read of a section: its budget key, how it pages, what it keeps of each page, and how far it got. */
export interface SectionRead<Row> extends NamedRead {
  /** Its name in the budget plan (its first request may be reserved under it). */
  key: string
  paging: Paging<Row>
  /** Called with each page's rows as it arrives; `index` counts pages from 0. */
  onPage(rows: readonly Row[], index: number, log: Log): void | Promise<void>
}

/** A read that has not begun. */
export function sectionRead<Row>(key: string, name: string, paging: Paging<Row>, onPage: SectionRead<Row>['onPage']): SectionRead<Row> {
  return { key, name, paging, onPage, progress: newReadProgress() }
}

/**
 * A cursor read whose rows are kept by id in `kept`, as `keep` makes them as each page arrives (so
 * that the work on reader text is done page by page, under the run's deadline): a row seen on two
 * pages (the data moved while reading) is kept once.
 */
export function cursorReadById<Row extends { id: string }, Kept>(
  key: string,
  name: string,
  kept: Map<string, Kept>,
  keep: (row: Row) => Kept,
  fetch: (cursor: string | undefined) => Promise<PageAnswer<Row>>
): SectionRead<Row> {
  return sectionRead(key, name, { style: 'cursor', fetch }, (page) => {
    for (const row of page) if (!kept.has(row.id)) kept.set(row.id, keep(row))
  })
}

/**
 * Makes the reads of `section` one after another, each until the service has no more, the budget is
 * spent, the section holds all the rows it keeps (its reads share one room), or a guard ends it.
 * The comparison, if any, is read last. Errors pass through; the reservations
 * of reads left unread are given back, and the section is finished in the budget however it ended
 * (budget.ts).
 */
export async function readSection(
  section: string,
  reads: readonly SectionRead<unknown>[],
  budget: RequestBudget,
  log: Log,
  comparison?: AfterFirstPage
): Promise<void> {
  const room = sectionRoom()
  try {
    for (const read of reads) {
      await readPages(read.paging, read.progress, {
        key: read.key,
        what: read.name,
        budget,
        room,
        log,
        onPage: (rows, index) => read.onPage(rows, index, log),
        section
      })
    }
    // Last, so that an optional read never holds up a page (a slow answer, a Retry-After); its request
    // is reserved all the same. Only a section that read something has something to compare.
    if ((reads[0]?.progress.requests ?? 0) > 0) await comparison?.read(log)
  } finally {
    for (const read of reads) budget.release(read.key)
    if (comparison) budget.release(comparison.key)
    budget.finished(section)
  }
}

/**
 * Why a read was cut, as a clause: "feedback rows: reading stopped at maxRequests (…) while the
 * service had more", or, when the budget ran out before its first request, that it was not read
 * (nothing is said of data no request asked for).
 */
function cutReason(name: string, cut: Cut, requests: number, budget: RequestBudget): string {
  if (cut === 'budget' && requests === 0)
    return `${name} not read: the request budget ran out (maxRequests, ${counted(budget.limit, 'request')} for the whole run)`
  return `${name}: ${cutClause(cut, budget)}`
}

/**
 * The shared part of a section's report. `title` names the section in a failure ("Page views are
 * incomplete: …"); a read that was cut names itself in the partial reason.
 */
export function judgeSection(
  title: string,
  request: SectionRequest,
  reads: readonly NamedRead[],
  ending: PartEnding,
  budget: RequestBudget
): SectionBase {
  const requests = reads.reduce((sum, read) => sum + read.progress.requests, 0)
  const base: SectionBase = {
    projectId: request.projectId,
    dateFrom: request.dateFrom,
    dateTo: request.dateTo,
    rangeText: describeRange(request.dateFrom, request.dateTo),
    requests,
    topPages: request.topPages,
    showReaderText: request.showReaderText,
    partial: !reads.every((read) => read.optional === true || read.progress.complete)
  }
  if (ending.kind === 'skipped') {
    base.partialReason = `the run was ${ending.stop.reason === 'timeout' ? 'out of time' : 'cancelled'} before this section was read`
  } else if (ending.kind === 'stopped') {
    base.partialReason = stoppedWhileReading(ending.stop)
    base.failure = `${title} are incomplete: ${base.partialReason}; ${counted(requests, 'request')} made.`
  } else if (ending.kind === 'failed') {
    base.partialReason = 'a request failed while reading'
    // `requests` counts answered requests only (the one that failed is not among them), so a single
    // page read before the failure already makes the section incomplete rather than unread.
    base.failure =
      requests > 0
        ? `${title} are incomplete after ${counted(requests, 'request')}. ${errorMessage(ending.error)}`
        : errorMessage(ending.error)
    if (requests === 0 && isKeyRefusal(ending.error)) base.keyRefused = true
    const denial = accessDenialOf(ending.error)
    if (requests === 0 && denial) base.accessDenied = denial
  } else {
    // An optional read (the comparison) says why it is missing on its own.
    const cut = reads.find((read) => read.optional !== true && read.progress.cut !== undefined)
    if (cut?.progress.cut !== undefined) base.partialReason = cutReason(cut.name, cut.progress.cut, cut.progress.requests, budget)
    const moreRequests = reads.filter((read) => read.progress.cut === 'budget').length
    if (moreRequests > 0) base.budgetCut = { maxRequests: budget.limit, moreRequests }
  }
  return base
}
