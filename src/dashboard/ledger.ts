// The ledger of gaps: what the "Fix first" ranking found, period after period, and what became of
// each. A gap is new when first ranked; asked once a person ticked it and the agent was given it;
// PR open when the agent's job opened a pull request; merged when that pull request was merged;
// resolved when its signal then stayed below the threshold for two periods in a row; back when it
// was ranked again after that. Pure: the run reads the issue, the service and GitHub, and hands
// what it learnt to these functions.
import { createHash } from 'node:crypto'
import { evidenceLine } from '../report/overview.js'
import { oneLine } from '../text/escape.js'
import { num } from '../text/format.js'
import type { FixItem } from '../report/fix-first.js'
import { EVIDENCE_CHARS, type GapRecord, type DashboardState, LEDGER_GAPS, SUBJECT_CHARS, type PeriodRecord } from './state.js'

/** A merged gap whose score stays at or below this for QUIET_PERIODS periods in a row is resolved. */
export const RESOLVED_SCORE = 3
export const QUIET_PERIODS = 2

/** The states in which a gap waits on nobody but a person: it may be ticked. */
const OPEN_STATES: ReadonlySet<GapRecord['state']> = new Set(['new', 'back'])

/** Whether a gap may be ticked (and asked for). */
export const isOpen = (gap: GapRecord): boolean => OPEN_STATES.has(gap.state)

/** A stable fingerprint of what an item is about: its page, or its search folded to lower case and single spaces. */
export function fingerprint(kind: GapRecord['kind'], subject: string): string {
  const key = kind === 'page' ? subject : subject.toLowerCase().replace(/\s+/g, ' ').trim()
  return createHash('sha256').update(`${kind}\n${key}`).digest('hex').slice(0, 12)
}

/** Text as the ledger keeps it: one line, without invisible characters, cut at `max`. */
const cut = (text: string, max: number): string => oneLine(text, max)

/** What an item is about, or undefined for a search whose text is hidden (nothing to name it by). */
function subjectOf(item: FixItem): { kind: GapRecord['kind']; subject: string } | undefined {
  if (item.page !== undefined) return { kind: 'page', subject: item.page }
  if (item.search !== undefined && item.search.trim() !== '') return { kind: 'search', subject: item.search }
  return undefined
}

/** The period a run read, with its headline numbers. */
export interface PeriodRead extends Omit<PeriodRecord, 'resolved'> {
  items: readonly FixItem[]
}

/**
 * The state after a period was read: its headlines added to the history (a period read again
 * replaces its record), every ranked item matched to its gap or added as a new one, and the merged
 * gaps judged. A gap's count of periods grows once per period, however often the period is read.
 */
export function withPeriod(state: DashboardState, period: PeriodRead, historyLimit: number): DashboardState {
  const last = state.periods.at(-1)
  const again = last?.dateFrom === period.dateFrom && last.dateTo === period.dateTo
  const gaps = new Map(state.gaps.map((gap) => [gap.id, { ...gap }]))
  const ranked = new Set<string>()
  for (const item of period.items) {
    const about = subjectOf(item)
    if (!about) continue
    const id = fingerprint(about.kind, about.subject)
    ranked.add(id)
    // A search is its own subject: its evidence is how often it went unclicked.
    const hits = item.signals.reduce((sum, signal) => sum + signal.count, 0)
    const evidence = cut(
      about.kind === 'page' ? evidenceLine(item, (text) => `“${text}”`) : `searched ${num(hits)}× with no click`,
      EVIDENCE_CHARS
    )
    const seen = gaps.get(id)
    if (!seen) {
      gaps.set(id, {
        id,
        ...about,
        subject: cut(about.subject, SUBJECT_CHARS),
        firstSeen: period.dateFrom,
        lastSeen: period.dateFrom,
        periods: 1,
        score: item.score,
        evidence,
        state: 'new'
      })
      continue
    }
    const newPeriod = seen.lastSeen !== period.dateFrom
    Object.assign(seen, { lastSeen: period.dateFrom, periods: seen.periods + (newPeriod ? 1 : 0), score: item.score, evidence })
  }
  let resolved = 0
  for (const gap of gaps.values()) {
    if (!ranked.has(gap.id)) gap.score = 0
    if (again) continue
    if (gap.state === 'merged') {
      gap.quiet = gap.score <= RESOLVED_SCORE ? (gap.quiet ?? 0) + 1 : 0
      if (gap.quiet >= QUIET_PERIODS) {
        gap.state = 'resolved'
        resolved++
      }
    } else if (gap.state === 'resolved' && gap.score > RESOLVED_SCORE) {
      gap.state = 'back'
      delete gap.quiet
    }
  }
  const record: PeriodRecord = { dateFrom: period.dateFrom, dateTo: period.dateTo, headlines: period.headlines }
  if (again && last.resolved !== undefined) record.resolved = last.resolved
  else if (resolved > 0) record.resolved = resolved
  const periods = again ? [...state.periods.slice(0, -1), record] : [...state.periods, record]
  return { ...state, periods: periods.slice(-historyLimit), gaps: bounded([...gaps.values()]) }
}

/** Open and asked gaps first (highest score first), then the closed ones, newest first; at most LEDGER_GAPS. */
function bounded(gaps: GapRecord[]): GapRecord[] {
  const rank = (gap: GapRecord): number => (gap.state === 'resolved' ? 1 : 0)
  return gaps
    .sort((a, b) => rank(a) - rank(b) || b.score - a.score || (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : 0))
    .slice(0, LEDGER_GAPS)
}

/** The gaps ticked in the body that may be asked for: open, and not asked by this workflow run already (a re-run asks nothing twice). */
export function askable(state: DashboardState, ticked: ReadonlySet<string>, runId: string): GapRecord[] {
  return state.gaps.filter((gap) => ticked.has(gap.id) && isOpen(gap) && gap.askedBy !== runId)
}

/**
 * The state as another workflow run than `runId` finds it: a gap an earlier run asked for but got no
 * job id for (its create request went unanswered, or the run was killed) is open again, unticked,
 * for a person to tick once more; nothing asks for it on its own.
 */
export function withStaleAsksOpen(state: DashboardState, runId: string): DashboardState {
  return {
    ...state,
    gaps: state.gaps.map((gap) =>
      gap.state === 'asked' && gap.jobId === undefined && gap.askedBy !== runId ? { ...gap, state: 'new' } : gap
    )
  }
}

/** The state once `gaps` were given to the agent by workflow run `runId` (before the job is created, so that nothing asks twice). */
export function withAsked(state: DashboardState, ids: ReadonlySet<string>, runId: string): DashboardState {
  return {
    ...state,
    gaps: state.gaps.map((gap) => (ids.has(gap.id) ? { ...gap, state: 'asked', askedBy: runId, scoreBefore: gap.score } : gap))
  }
}

/** What the agent job asked by run `runId` came to. */
export interface AskedOutcome {
  jobId?: string
  /** The job ended with no pull request, failed, or was never created: the gaps are open again. */
  reopen: boolean
  prLink?: string
}

/** The state once the job of run `runId` has an id, a pull request, or has ended without one. */
export function withOutcome(state: DashboardState, runId: string, outcome: AskedOutcome): DashboardState {
  return {
    ...state,
    gaps: state.gaps.map((gap) => {
      if (gap.askedBy !== runId || gap.state !== 'asked') return gap
      const next: GapRecord = { ...gap }
      if (outcome.jobId !== undefined) next.jobId = outcome.jobId
      if (outcome.prLink !== undefined) {
        next.state = 'pr-open'
        next.prLink = outcome.prLink
      } else if (outcome.reopen) next.state = 'new'
      return next
    })
  }
}

/**
 * The state once a job an earlier run asked for (and left running) has ended on the service: its
 * gaps get its pull request, or are open again when it ended without one.
 */
export function withJobEnded(state: DashboardState, jobId: string, prLink: string | undefined): DashboardState {
  return {
    ...state,
    gaps: state.gaps.map((gap) => {
      if (gap.state !== 'asked' || gap.jobId !== jobId) return gap
      return prLink === undefined ? { ...gap, state: 'new' } : { ...gap, state: 'pr-open', prLink }
    })
  }
}

/** Pull requests of the ledger, by link, whose state GitHub was asked for. */
export type PullStates = ReadonlyMap<string, 'open' | 'merged' | 'closed'>

/** The state once the pull requests' states are known: merged ones wait for proof; closed unmerged ones are open gaps again. */
export function withPulls(state: DashboardState, pulls: PullStates): DashboardState {
  return {
    ...state,
    gaps: state.gaps.map((gap) => {
      const pull = gap.state === 'pr-open' && gap.prLink !== undefined ? pulls.get(gap.prLink) : undefined
      if (pull === 'merged') return { ...gap, state: 'merged', quiet: 0 }
      if (pull === 'closed') return { ...gap, state: 'new' }
      return gap
    })
  }
}
