// The comparison with the previous period: one request for a section's headline figure over the
// period of the same length that ends where the range begins. Its request is reserved by the plan
// before any further page, and it is made once the section's pages are read, so that it never holds
// them up. It is optional: a spent budget, a failed request or the run's deadline leaves only the
// comparison out, said in `missing`, and never fails the section.
import { ApiError } from '../api/errors.js'
import { StopError } from '../core/lifetime.js'
import { DAY_MS, isDateOnly, parseDate } from '../text/dates.js'
import type { RequestBudget } from './budget.js'
import { newReadProgress } from './pager.js'
import type { AfterFirstPage, SectionRequest } from './reader.js'

/**
 * A further request a comparison makes beyond its reserved one, from what no reservation holds: its
 * answer, or undefined when the budget has none left. An answered request counts among the section's.
 */
export type FurtherRequest = <Answer>(request: () => Promise<Answer>) => Promise<Answer | undefined>

/** A range: an inclusive start and an exclusive end. */
export interface Period {
  dateFrom: string
  dateTo: string
}

/** What the comparison learnt: the previous period, and its value or why there is none. */
export interface Comparison<Value> extends Period {
  value?: Value
  /** Why there is no value, when there is none. */
  missing?: string
  /** The earlier period counts otherwise: no change is shown, from the history either. */
  unlike?: true
}

/** What one request for the previous period answers: its value, or why it cannot be compared. */
export type ComparisonAnswer<Value> = { value: Value } | { missing: string; unlike?: true }

/** Its `key` is its name in the budget plan, which reserves its request; `read` makes that request, if the run asked for a comparison. */
export interface ComparisonRead<Value> extends AfterFirstPage {
  /** What it learnt; undefined when the run asked for no comparison or it was never reached. */
  result(): Comparison<Value> | undefined
}

/** The period of the same length that ends where `period` begins, in the range's own form. */
export function previousPeriod({ dateFrom, dateTo }: Period): Period {
  const from = parseDate(dateFrom) as number
  const length = (parseDate(dateTo) as number) - from
  const start = new Date(from - length).toISOString()
  return { dateFrom: isDateOnly(dateFrom) && length % DAY_MS === 0 ? start.slice(0, 10) : start, dateTo: dateFrom }
}

/**
 * The comparison of a section, read by `fetch` under the budget key `key`; a further request `fetch`
 * makes is one of `section`'s further pages in the budget (budget.ts).
 */
export function comparisonRead<Value>(
  key: string,
  request: SectionRequest,
  budget: RequestBudget,
  fetch: (period: Period, further: FurtherRequest) => Promise<ComparisonAnswer<Value>>,
  section?: string
): ComparisonRead<Value> {
  const progress = newReadProgress()
  let result: Comparison<Value> | undefined
  const further: FurtherRequest = async (send) => {
    if (!budget.take(undefined, section)) return undefined
    const answer = await send()
    progress.requests++
    return answer
  }
  return {
    key,
    name: 'the previous period',
    progress,
    // Its absence leaves the section whole: its request counts, its end does not.
    optional: true,
    read: async (log) => {
      if (!request.compare || result) return
      const period = previousPeriod(request)
      result = { ...period }
      if (!budget.take(key)) {
        result.missing = 'no request was left under maxRequests'
        progress.cut = 'budget'
        return
      }
      try {
        const answer = await fetch(period, further)
        progress.requests++
        progress.complete = true
        if ('value' in answer) result.value = answer.value
        else {
          result.missing = answer.missing
          if (answer.unlike) result.unlike = true
        }
      } catch (error) {
        if (error instanceof StopError) {
          // The section's pages are read: a stop now costs only the comparison.
          result.missing =
            error.reason === 'timeout' ? 'the deadline (timeoutMinutes) passed while reading it' : 'the run was cancelled while reading it'
          return
        }
        if (!(error instanceof ApiError)) throw error
        result.missing = 'the request for the previous period failed'
        log.warning(`The comparison with the previous period is left out: ${error.message}`)
      }
    },
    result: () => result
  }
}

/** What a report holds of the comparison: `previous` when it was asked for, no key otherwise. */
export function comparedWith<Value>(comparison: ComparisonRead<Value>): { previous?: Comparison<Value> } {
  const previous = comparison.result()
  return previous ? { previous } : {}
}
