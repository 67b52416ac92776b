// The one loop every analytics read goes through. The endpoints page in three documented ways
// (offset and hasMore; a cursor, with or without hasMore; one request that cannot be paged), and
// each read spends from the run's request budget. The loop never trusts the service to end it: a
// cursor it has already followed, "more" after an empty page, or more rows than a section keeps
// ends the read as partial.
import type { Log } from '../core/part.js'
import { capitalised, counted } from '../text/format.js'
import { MAX_ANALYTICS_REQUESTS, type RequestBudget } from './budget.js'

/** What one answer says about paging, beside its rows. */
export interface PageAnswer<Row> {
  rows: readonly Row[]
  hasMore?: boolean
  nextCursor?: string | null
}

export type Paging<Row> =
  /** Offset paging while `hasMore` is true (visitors, views). */
  | { style: 'offset'; pageSize: number; fetch(offset: number): Promise<PageAnswer<Row>> }
  /** Cursor paging while `nextCursor` is set, or while `hasMore` is true when the answer has it (searches, feedback, assistant). */
  | { style: 'cursor'; fetch(cursor: string | undefined): Promise<PageAnswer<Row>> }
  /** One request, with no way to ask for more (feedback by page, caller stats). */
  | { style: 'single'; fetch(): Promise<PageAnswer<Row>> }

/** Why a read ended while the service had more, when no error ended it. */
export type Cut = 'budget' | 'repeated-cursor' | 'empty-page' | 'no-cursor' | 'row-limit' | 'text-limit'

/**
 * The most rows one section keeps, over all its reads. With MAX_SECTION_TEXT it bounds what a run
 * holds whatever the service sends: five sections at both bounds stay far under 512 MiB.
 */
export const MAX_SECTION_ROWS = 200_000
/** The most text one section keeps, over all its reads: its rows' characters, counted as JSON. */
export const MAX_SECTION_TEXT = 16 * 1024 * 1024

/** What a section may still keep: rows, and characters of text. Its reads share it and spend from it. */
export interface Room {
  rows: number
  text: number
}

export function sectionRoom(): Room {
  return { rows: MAX_SECTION_ROWS, text: MAX_SECTION_TEXT }
}

export interface ReadProgress {
  /** Requests answered (a request that failed is spent from the budget, but not counted here). */
  requests: number
  /** The service said there is nothing more to read. */
  complete: boolean
  cut?: Cut
  /** A one-request read whose answer said there is more than one request returns. */
  truncated: boolean
}

export function newReadProgress(): ReadProgress {
  return { requests: 0, complete: false, truncated: false }
}

/** Why a read was cut, as a clause: "reading stopped at maxRequests (…) while the service had more". */
export function cutClause(cut: Cut, budget: RequestBudget): string {
  switch (cut) {
    case 'budget':
      return `reading stopped at maxRequests (${counted(budget.limit, 'request')} for the whole run) while the service had more`
    case 'repeated-cursor':
      return 'the service handed back a cursor it had already given, so reading stopped'
    case 'empty-page':
      return 'the service reported more after an empty page, so reading stopped'
    case 'no-cursor':
      return 'the service reported more but gave no cursor to read it with'
    case 'row-limit':
      return `the service had more than ${counted(MAX_SECTION_ROWS, 'row')}, the most a run keeps of one section`
    case 'text-limit':
      return `the service's rows came to more than ${MAX_SECTION_TEXT / 1024 / 1024} MiB of text, the most a run keeps of one section`
  }
}

export interface ReadOptions<Row> {
  /** The read's name in the run's budget plan (its first request may be reserved under it). */
  key: string
  /** What is read, for warnings: "page views". */
  what: string
  budget: RequestBudget
  /** What the read's section may still keep (the read spends from it); a room of its own when not given. */
  room?: Room
  log: Log
  /** Called with each page's rows as it arrives; `index` counts pages from 0. */
  onPage(rows: readonly Row[], index: number): void | Promise<void>
  /** The section the read is part of, which the budget may hold further pages back for (budget.ts). */
  section?: string
}

/**
 * Reads pages until the service says there are no more, the budget is spent, the section's room is
 * full, or a guard ends the read. What was read stays in whatever `onPage` kept; `progress` says how
 * the read ended. Errors (a failed request, the deadline) pass through, with `progress` as it was.
 */
export async function readPages<Row>(paging: Paging<Row>, progress: ReadProgress, options: ReadOptions<Row>): Promise<void> {
  const { budget, key } = options
  const room = options.room ?? sectionRoom()
  const seen = new Set<string>()
  let cursor: string | undefined
  try {
    for (let index = 0; ; index++) {
      // A full section asks for nothing more: the service said it had more than the section keeps.
      if (room.rows === 0) {
        end(progress, 'row-limit', options)
        return
      }
      if (!budget.take(index === 0 ? key : undefined, options.section)) {
        end(progress, 'budget', options)
        return
      }
      const answer =
        paging.style === 'offset'
          ? await paging.fetch(index * paging.pageSize)
          : paging.style === 'cursor'
            ? await paging.fetch(cursor)
            : await paging.fetch()
      progress.requests++
      const { rows, full } = fitted(answer.rows, room)
      await options.onPage(rows, index)
      if (full !== undefined) {
        end(progress, full, options)
        return
      }
      const next = answer.nextCursor ?? undefined
      const more = answer.hasMore ?? next !== undefined
      if (paging.style === 'single' || !more) {
        progress.complete = true
        progress.truncated = paging.style === 'single' && more
        return
      }
      const cut = guard(paging.style, answer.rows.length, next, seen)
      if (cut !== undefined) {
        end(progress, cut, options)
        return
      }
      if (next !== undefined) seen.add(next)
      cursor = next
    }
  } finally {
    budget.release(key)
  }
}

/** A row's characters as JSON (none for a row JSON cannot show). */
function textOf(row: unknown): number {
  // JSON.stringify gives undefined for undefined, which its type does not say.
  const json = JSON.stringify(row) as string | undefined
  return json?.length ?? 0
}

/** The rows of a page that fit in the room, which they spend from, and the cut when some do not fit. */
function fitted<Row>(page: readonly Row[], room: Room): { rows: readonly Row[]; full?: Cut } {
  for (let index = 0; index < page.length; index++) {
    if (room.rows === 0) return { rows: page.slice(0, index), full: 'row-limit' }
    const text = textOf(page[index])
    if (text > room.text) return { rows: page.slice(0, index), full: 'text-limit' }
    room.rows--
    room.text -= text
  }
  return { rows: page }
}

/** Why the service's "more" cannot be followed, if it cannot: an empty page, or a cursor missing or already followed. */
function guard(style: Paging<unknown>['style'], rows: number, next: string | undefined, seen: ReadonlySet<string>): Cut | undefined {
  if (rows === 0) return 'empty-page'
  if (style !== 'cursor') return undefined
  if (next === undefined) return 'no-cursor'
  return seen.has(next) ? 'repeated-cursor' : undefined
}

/** What to do about a read the budget cut: raise maxRequests, or, at its most, read less at once. */
function budgetAdvice(limit: number, what: 'them' | 'more'): string {
  return limit < MAX_ANALYTICS_REQUESTS
    ? `Raise maxRequests to read ${what} (analytics allow ${MAX_ANALYTICS_REQUESTS} requests per organization per hour).`
    : `maxRequests is at its most (analytics allow ${MAX_ANALYTICS_REQUESTS} requests per organization per hour): a shorter range or fewer sections read the rest.`
}

function end(progress: ReadProgress, cut: Cut, options: ReadOptions<never>): void {
  progress.cut = cut
  const after = counted(progress.requests, 'request')
  const limit = options.budget.limit
  options.log.warning(
    cut === 'budget' && progress.requests === 0
      ? `${capitalised(options.what)} were not read: maxRequests (${counted(limit, 'request')} for the whole run) ran out before them. ` +
          budgetAdvice(limit, 'them')
      : cut === 'budget'
        ? `Reading ${options.what} stopped after ${after} at maxRequests (${counted(limit, 'request')} for the whole run) while the service had more; ` +
          `what was read is kept and marked partial. ${budgetAdvice(limit, 'more')}`
        : `Reading ${options.what} was cut short after ${after}: ${cutClause(cut, options.budget)}. What was read is kept and marked partial.`
  )
}
