// The ledger of gaps: what the "Fix first" ranking found, period after period, and what became of
// each. A gap is new when first ranked; asked once a person ticked it and the agent was given it;
// PR open when the agent's job opened a pull request; merged when that pull request was merged;
// resolved (fixed) when the evidence since the merge shows its trouble fell by at least 60 %
// (verdict.ts); back, open to tick again, when it shows the trouble did not fall, when too few readers
// came for VERDICT_PERIODS periods to tell, when its page had no visitor since the merge and no move
// is known (gone.ts), when the trouble of a fixed gap returned, or when a dismissed gap clearly
// worsened; dismissed when a person said it is not a gap. Every period, every gap keeps its own
// numbers from every row read, ranked or not. Pure: the run reads the issue, the service and GitHub,
// and hands what it learnt to these functions.
import { createHash } from 'node:crypto'
import { evidenceOf, type ItemEvidence } from '../render/evidence-line.js'
import { oneLine } from '../text/escape.js'
import { type FixItem, foldedSearch, type Grouped, readersInTrouble, type Signal, troubleOf, troubleWeight } from '../render/fix-first.js'
import {
  EVENTS_KEPT,
  EVIDENCE_WORDS_CHARS,
  type GapEvent,
  type GapEvidence,
  type GapNumbers,
  type GapRecord,
  type HealthState,
  GAP_SEARCHES,
  LEDGER_GAPS,
  LOGIN_CHARS,
  MOST_COUNTED,
  SEARCH_CHARS,
  SUBJECT_CHARS,
  type PeriodRecord,
  RECENT_PERIODS,
  withoutSearches
} from './state.js'
import { gone } from './gone.js'
import { beforeOf, judgedBy, pooled, readsAll, VERDICT_PERIODS } from './verdict.js'

/**
 * A dismissed gap comes back when its readers in trouble at least double since it was dismissed and
 * grow by at least WORSE_BY (a fixed one is back by the evidence, verdict.ts).
 */
export const WORSE_TIMES = 2
export const WORSE_BY = 5

const COUNT_KEYS = ['down', 'up', 'notHelpful', 'unanswered', 'noClick'] as const

/** A weight as the state keeps it: three decimals are plenty to order by, and keep the block small. */
const rounded = (weight: number): number => Math.round(weight * 1000) / 1000

/** The weight of a gap's numbers (fix-first.ts): counts not read weigh nothing. */
export function numbersWeight(numbers: GapNumbers): number {
  return troubleWeight(troubleIn(numbers))
}

function troubleIn(numbers: GapNumbers) {
  return {
    down: numbers.down ?? 0,
    up: numbers.up ?? 0,
    notHelpful: numbers.notHelpful ?? 0,
    unanswered: numbers.unanswered ?? 0,
    noClick: numbers.noClick ?? 0
  }
}

/** Whether `now` read every count that `before` had some of: a period that did not is no proof either way. */
function measuredAgainst(now: GapNumbers, before: GapNumbers | undefined): boolean {
  return COUNT_KEYS.every((key) => key === 'up' || !((before?.[key] ?? 0) > 0) || now[key] !== undefined)
}

/** Whether a dismissed gap's numbers clearly worsened since `before` (the rule above). */
export function clearlyWorse(now: GapNumbers, before: GapNumbers | undefined): boolean {
  if (!measuredAgainst(now, before)) return false
  const base = before ? readersInTrouble(troubleIn(before)) : 0
  const trouble = readersInTrouble(troubleIn(now))
  return trouble >= WORSE_TIMES * base && trouble >= base + WORSE_BY
}

/** Which sections a period read whole: only their counts are known. */
export interface Measured {
  feedback: boolean
  assistant: boolean
  searches: boolean
  /**
   * When the service returned only some pages' feedback counts (it returns at most 100): those pages.
   * Another page's thumbs are not known, not 0.
   */
  feedbackPages?: ReadonlySet<string>
  /** Each page's human visitors, when the visitors were read whole: a page not in it was not read. */
  visitors?: ReadonlyMap<string, number>
}

/** Whether a value is a count the state keeps: from 0 to MOST_COUNTED (a text is no count, and passes). */
const keepable = (value: unknown): boolean => typeof value !== 'number' || (value >= 0 && value <= MOST_COUNTED)

/**
 * A gap's own numbers in a period, from every signal read (`groups`). A count the state cannot keep
 * (below 0, past MOST_COUNTED, or no number: the service's any finite number, or a sum of them) is not
 * known, and a search searched so often is not followed: kept, it would make the gap unreadable.
 */
export function numbersOf(
  gap: Pick<GapRecord, 'kind' | 'subject' | 'before'> & Partial<Pick<GapRecord, 'state'>>,
  groups: Grouped,
  measured: Measured,
  period: { dateFrom: string; dateTo: string }
): GapNumbers {
  const numbers = countedNumbers(gap, groups, measured, period)
  const kept = Object.fromEntries(Object.entries(numbers).filter(([, value]) => keepable(value))) as GapNumbers
  const searches = numbers.searches?.filter((search) => keepable(search.hits))
  return searches?.length ? { ...kept, searches } : (withoutSearches(kept) as GapNumbers)
}

/** Whether a gap's fix is merged, or its pull request open (it may have merged): its numbers are those since the fix. */
const sinceFix = (gap: Partial<Pick<GapRecord, 'state'>>): boolean => gap.state === 'merged' || gap.state === 'pr-open'

function countedNumbers(
  gap: Pick<GapRecord, 'kind' | 'subject' | 'before'> & Partial<Pick<GapRecord, 'state'>>,
  groups: Grouped,
  measured: Measured,
  period: { dateFrom: string; dateTo: string }
): GapNumbers {
  const numbers: GapNumbers = { dateFrom: period.dateFrom, dateTo: period.dateTo }
  const searchOf = (text: string) => {
    const seen = groups.searches.get(foldedSearch(text))
    return { text: oneLine(text, SEARCH_CHARS), hits: seen?.hits ?? 0, clicked: seen?.ctr ?? 0 }
  }
  if (gap.kind === 'search') {
    // A search whose words are hidden (forgetReaderText) matches no search read: its count is not known, never 0.
    if (!measured.searches || gap.subject === '') return numbers
    numbers.noClick = groups.searches.get(foldedSearch(gap.subject))?.noClickHits ?? 0
    numbers.searches = [searchOf(gap.subject)]
    return numbers
  }
  const signals = groups.pages.get(gap.subject) ?? []
  const trouble = troubleOf(signals)
  if (measured.feedback && (measured.feedbackPages?.has(gap.subject) ?? true))
    Object.assign(numbers, { down: trouble.down, up: trouble.up, notHelpful: trouble.notHelpful })
  if (measured.assistant) numbers.unanswered = trouble.unanswered
  // Since its fix, a page the visitors read whole did not list had none: what tells a page gone (gone.ts).
  const visitors = measured.visitors?.get(gap.subject) ?? (measured.visitors && sinceFix(gap) ? 0 : undefined)
  if (visitors !== undefined) numbers.visitors = visitors
  if (measured.searches) {
    numbers.noClick = trouble.noClick
    // The searches it had before are followed after the fix; until then, its own searches with no click, the most first.
    const texts =
      gap.before?.searches?.map((search) => search.text) ??
      signals
        // A search longer than the state keeps could not be looked up again by its kept words.
        .filter(
          (signal): signal is Signal & { search: string } =>
            signal.kind === 'no-click' && signal.search !== undefined && signal.search.length <= SEARCH_CHARS
        )
        .sort((a, b) => b.count - a.count)
        .map((signal) => signal.search)
    const searches = texts.slice(0, GAP_SEARCHES).map(searchOf)
    if (searches.length > 0) numbers.searches = searches
  }
  return numbers
}

/**
 * The gap with `what` added to what became of it, on `on` (a day), when `period` (the dateFrom of the
 * latest period read) was the latest; the oldest events past EVENTS_KEPT go.
 */
function withEvent(gap: GapRecord, what: GapEvent, on: string, period: string | undefined): void {
  const event = period === undefined ? { what, on } : { what, on, period }
  gap.events = [...(gap.events ?? []), event].slice(-EVENTS_KEPT)
}

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

/**
 * The fingerprint of a search whose words are hidden: of its key (search-words.ts), which only this
 * run can make, so that it says nothing of the words and names the search for this run's ranking alone.
 */
export const hiddenFingerprint = (key: string): string => createHash('sha256').update(`hidden search\n${key}`).digest('hex').slice(0, 12)

/**
 * What an item is about: a page, or a search by its words, or, where its words are hidden, by the key
 * of this run (`hidden`: the gap's subject is empty, as the ledger keeps a search whose words it may
 * not keep); undefined for a search longer than a subject is kept, which could not be found again by
 * its kept words.
 */
function subjectOf(item: FixItem): { kind: GapRecord['kind']; subject: string; hidden?: string } | undefined {
  if (item.page !== undefined) return { kind: 'page', subject: item.page }
  if (item.search === undefined) {
    const key = item.signals.find((signal) => signal.hidden !== undefined)?.hidden?.key
    return key === undefined || key === '' ? undefined : { kind: 'search', subject: '', hidden: key }
  }
  if (item.search.trim() !== '' && item.search.length <= SUBJECT_CHARS) return { kind: 'search', subject: item.search }
  return undefined
}

/** The fingerprint of what `about` names (subjectOf). */
const idOf = (about: { kind: GapRecord['kind']; subject: string; hidden?: string }): string =>
  about.hidden === undefined ? fingerprint(about.kind, about.subject) : hiddenFingerprint(about.hidden)

/**
 * Whether a gap is a search whose words are hidden: nothing a later run reads can be matched to it
 * (its key was this run's), so it is the ranking's of one period alone.
 */
export const isHiddenSearch = (gap: Pick<GapRecord, 'kind' | 'subject'>): boolean => gap.kind === 'search' && gap.subject === ''

/**
 * An item's evidence as the state keeps it: each search's words cut to EVIDENCE_WORDS_CHARS, and a
 * count the state cannot keep (keepable) left out, with the search it counts.
 */
function keptEvidence(evidence: ItemEvidence): GapEvidence {
  const kept = Object.fromEntries(Object.entries(evidence).filter(([, value]) => keepable(value))) as GapEvidence
  const searches = evidence.searches
    ?.filter((search) => keepable(search.hits))
    .map((search) =>
      search.words === undefined ? { hits: search.hits } : { words: cut(search.words, EVIDENCE_WORDS_CHARS), hits: search.hits }
    )
  if (searches?.length) kept.searches = searches
  else delete kept.searches
  if (evidence.others && !(keepable(evidence.others.searches) && keepable(evidence.others.hits))) delete kept.others
  return kept
}

/** The period a run read, with its headline numbers. */
export interface PeriodRead extends Omit<PeriodRecord, 'resolved'> {
  /** The ranked items, as the report shows them. */
  items: readonly FixItem[]
  /** Every signal read, grouped: each gap's own numbers come from here, ranked or not. */
  groups?: Grouped
  /** The sections read whole (all, when not given). */
  measured?: Measured
}

const ALL_MEASURED: Measured = { feedback: true, assistant: true, searches: true }

/**
 * The state after a period was read: its headlines added to the history (a period read again
 * replaces its record), every ranked item matched to its gap or added as a new one, every gap's own
 * numbers recorded, and the merged, resolved and dismissed gaps judged by them. A gap's count of
 * periods grows once per period, however often the period is read. `today` is the run's day.
 */
export function withPeriod(state: HealthState, period: PeriodRead, historyLimit: number, today = ''): HealthState {
  const last = state.periods.at(-1)
  const again = last?.dateFrom === period.dateFrom && last.dateTo === period.dateTo
  const gaps = new Map(state.gaps.map((gap) => [gap.id, { ...gap }]))
  const ranked = new Set<string>()
  // A search whose words are hidden: its count of searches with no click, which no later read can find again.
  const hiddenHits = new Map<string, number>()
  // A page a client named keeps the id of its path once it is named by its label (forgetReaderText):
  // it is found by its label too (gapsByItemId), so that it goes on as one gap, not two.
  const byItem = gapsByItemId([...gaps.values()])
  for (const [rank, item] of period.items.entries()) {
    const about = subjectOf(item)
    if (!about) continue
    const named = idOf(about)
    const id = gaps.has(named) ? named : (byItem.get(named)?.id ?? named)
    ranked.add(id)
    const evidence = keptEvidence(evidenceOf(item))
    // A search is its own subject: its evidence is how often it went unclicked.
    if (about.hidden !== undefined && evidence.noClick !== undefined) hiddenHits.set(id, evidence.noClick)
    const seen = gaps.get(id)
    if (!seen) {
      gaps.set(id, {
        id,
        kind: about.kind,
        subject: cut(about.subject, SUBJECT_CHARS),
        firstSeen: period.dateFrom,
        lastSeen: period.dateFrom,
        periods: 1,
        score: rounded(item.score),
        evidence,
        state: 'new',
        rank
      })
      continue
    }
    const newPeriod = seen.lastSeen !== period.dateFrom
    Object.assign(seen, {
      lastSeen: period.dateFrom,
      periods: seen.periods + (newPeriod ? 1 : 0),
      score: rounded(item.score),
      evidence,
      rank
    })
  }
  for (const gap of [...gaps.values()]) {
    if (ranked.has(gap.id)) continue
    // The place in Fix first is the period's: a gap it does not rank has none.
    delete gap.rank
    // A search whose words are hidden that nobody asked for is let go once its period has passed: no
    // later read can be matched to it (the same search ranked again is a gap of its own).
    if (isHiddenSearch(gap) && isOpen(gap)) gaps.delete(gap.id)
  }
  let resolved = 0
  // The whole periods of the history that began on or after a day, this one included.
  const sinceDay = (day: string): number =>
    state.periods.filter((p) => p.dateFrom >= day && p.dateFrom !== period.dateFrom).length + (period.dateFrom >= day ? 1 : 0)
  for (const gap of gaps.values()) {
    if (period.groups) {
      const numbers = numbersOf(gap, period.groups, period.measured ?? ALL_MEASURED, period)
      // The numbers of the period before go to `recent`, what "before" and "back" pool.
      if (gap.now && gap.now.dateFrom < period.dateFrom && gap.state !== 'dismissed')
        gap.recent = [...(gap.recent ?? []), withoutSearches(gap.now) as GapNumbers].slice(-RECENT_PERIODS)
      const hidden = hiddenHits.get(gap.id)
      if (hidden !== undefined && (period.measured ?? ALL_MEASURED).searches && keepable(hidden)) numbers.noClick = hidden
      gap.now = numbers
      gap.score = rounded(numbersWeight(gap.now))
    } else if (!ranked.has(gap.id)) gap.score = 0
    if (again || gap.now?.dateFrom !== period.dateFrom) continue
    if (judged(gap, gap.now, today, sinceDay)) resolved++
  }
  const record: PeriodRecord = { dateFrom: period.dateFrom, dateTo: period.dateTo, headlines: period.headlines }
  // A period read again judges nothing (resolved is 0) and keeps what its first reading resolved.
  const resolvedIn = (again ? (last.resolved ?? 0) : 0) + resolved
  if (resolvedIn > 0) record.resolved = resolvedIn
  const periods = again ? [...state.periods.slice(0, -1), record] : [...state.periods, record]
  return { ...state, periods: periods.slice(-historyLimit), gaps: bounded([...gaps.values()]) }
}

/**
 * Judges a gap by its numbers of the latest period (`now`, the gap's own), once per period. A merged
 * gap adds a whole period since its merge that read what `before` read to `after`, and gets its
 * verdict (verdict.ts): fixed (resolved), not fixed (open again), too few readers to tell yet, or,
 * after VERDICT_PERIODS periods since the merge (`sinceDay` counts them), could not tell (open again,
 * for a person to decide). A fixed gap is back when its latest BACK_PERIODS periods since the verdict,
 * pooled, show the trouble did not fall; a dismissed one, when its numbers clearly worsen. True when it was fixed now.
 */
/** The latest periods since a gap was fixed that tell whether its trouble is back. */
export const BACK_PERIODS = 2

function judged(gap: GapRecord, now: GapNumbers, today: string, sinceDay: (day: string) => number): boolean {
  if (gap.state === 'merged') {
    const mergedOn = gap.mergedOn ?? ''
    if (now.dateFrom < mergedOn || !gap.before) return false
    const before = gap.before
    if (
      gone(
        before,
        [...(gap.recent ?? []), now].filter((n) => n.dateFrom >= mergedOn)
      )
    ) {
      Object.assign(gap, { state: 'back', verdict: 'gone' })
      withEvent(gap, 'gone', today || now.dateTo, now.dateFrom)
      return false
    }
    if (!gap.after) {
      // The periods since the merge not yet pooled (a gap merged before verdicts were kept), then this one.
      const since = [...(gap.recent ?? []), now].filter((n) => n.dateFrom >= mergedOn && readsAll(n, before))
      const after = pooled(since)
      if (after) gap.after = after
    } else if (now.dateFrom >= gap.after.dateTo && readsAll(now, before)) gap.after = pooled([gap.after, now])
    const verdict = gap.after ? judgedBy(before, gap.after) : 'too-few'
    delete gap.quiet
    const on = today || now.dateTo
    if (verdict === 'fixed') {
      Object.assign(gap, { state: 'resolved', verdict: 'fixed', resolvedOn: on })
      withEvent(gap, 'fixed', on, now.dateFrom)
      return true
    }
    if (verdict === 'not-fixed' || sinceDay(mergedOn) >= VERDICT_PERIODS) {
      const judgedNow = verdict === 'not-fixed' ? 'not-fixed' : 'could-not-tell'
      Object.assign(gap, { state: 'back', verdict: judgedNow })
      withEvent(gap, judgedNow, on, now.dateFrom)
    } else gap.verdict = 'too-few'
    return false
  }
  if (gap.state === 'resolved' && gap.before) {
    const before = gap.before
    // The periods after those that proved it fixed (`after` ends where they end; resolvedOn is the
    // day of the run, which can come long after the period it read), the latest BACK_PERIODS of them:
    // weeks of a fix that held would hide a return of the trouble behind them.
    const fixedAt = gap.after?.dateTo ?? gap.resolvedOn ?? ''
    const read = [...(gap.recent ?? []), now].filter((n) => n.dateFrom >= fixedAt && readsAll(n, before))
    const since = pooled(read.slice(-BACK_PERIODS))
    if (since && judgedBy(before, since) === 'not-fixed') {
      // While the fix held: the periods that proved it, and those read since before the trouble returned.
      const held = pooled([...(gap.after ? [gap.after] : []), ...read.slice(0, -BACK_PERIODS)])
      Object.assign(gap, { state: 'back', verdict: 'back', after: since })
      if (held) gap.held = withoutSearches(held)
      delete gap.resolvedOn
      withEvent(gap, 'back', today || now.dateTo, now.dateFrom)
    }
  } else if (gap.state === 'dismissed' && clearlyWorse(now, gap.before)) {
    gap.state = 'back'
    delete gap.dismissedOn
    delete gap.dismissedBy
  }
  return false
}

/** The states of a gap the agent was asked for whose fix is not judged yet. */
const WITH_THE_AGENT: ReadonlySet<GapRecord['state']> = new Set(['asked', 'pr-open', 'merged'])

/**
 * The dismissed gaps first (kept whatever else comes, so that a gap a person said is not one stays
 * out of Fix first), then those with the agent, then the open ones (the weightiest first), then the resolved ones,
 * newest first; at most LEDGER_GAPS.
 */
function bounded(gaps: GapRecord[]): GapRecord[] {
  // A gap with the agent (asked, its pull request open, or merged and waiting for its verdict) comes
  // before the open ones: a fix that worked leaves it with no weight, and a heavier new gap must not
  // push it out before its verdict, with the pull request it names.
  const rank = (gap: GapRecord): number =>
    gap.state === 'dismissed' ? -2 : WITH_THE_AGENT.has(gap.state) ? -1 : gap.state === 'resolved' ? 1 : 0
  return gaps
    .sort((a, b) => rank(a) - rank(b) || b.score - a.score || (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : 0))
    .slice(0, LEDGER_GAPS)
}

/** The gaps ticked in the body that may be asked for: open, and not asked by this workflow run already (a re-run asks nothing twice). */
export function askable(state: HealthState, ticked: ReadonlySet<string>, runId: string): GapRecord[] {
  return state.gaps.filter((gap) => ticked.has(gap.id) && isOpen(gap) && gap.askedBy !== runId)
}

/**
 * The state as another workflow run than `runId` finds it: a gap an earlier run asked for but got no
 * job id for (its create request went unanswered, or the run was killed) is open again, unticked,
 * for a person to tick once more; nothing asks for it on its own.
 */
export function withStaleAsksOpen(state: HealthState, runId: string): HealthState {
  return {
    ...state,
    gaps: state.gaps.map((gap) =>
      gap.state === 'asked' && gap.jobId === undefined && gap.askedBy !== runId ? { ...gap, state: 'new' } : gap
    )
  }
}

/**
 * The state once `gaps` were given to the agent by workflow run `runId` on `today` (before the job is
 * created, so that nothing asks twice; without a day, the end of the latest period read), ticked by
 * the edit of `by` (a login, kept cut to one line) when an edit did.
 */
export function withAsked(state: HealthState, ids: ReadonlySet<string>, runId: string, today = '', by?: string): HealthState {
  const latest = state.periods.at(-1)
  const on = today || (latest?.dateTo ?? '')
  return {
    ...state,
    gaps: state.gaps.map((gap) => (ids.has(gap.id) ? askedGap(gap, runId, on, latest?.dateFrom, by) : gap))
  }
}

/**
 * A gap given to the agent: "before" pools its latest numbers with those just before (since the merge
 * of a fix that did not work); what became of an earlier fix is let go, its pull request included.
 */
function askedGap(gap: GapRecord, runId: string, on: string, period: string | undefined, by: string | undefined): GapRecord {
  const asked: GapRecord = { ...gap, state: 'asked', askedBy: runId, scoreBefore: gap.score }
  if (on !== '') withEvent(asked, 'asked', on, period)
  // Whoever ticked an earlier ask is let go with its fix: the verdict of this one is not theirs.
  if (by === undefined) delete asked.tickedBy
  else asked.tickedBy = cut(by, LOGIN_CHARS)
  const before = beforeOf(gap.now, gap.recent, gap.mergedOn)
  if (before) asked.before = before
  delete asked.after
  delete asked.verdict
  delete asked.mergedOn
  delete asked.resolvedOn
  delete asked.quiet
  delete asked.held
  delete asked.prLink
  delete asked.jobId
  return asked
}

/** What the agent job asked by run `runId` came to. */
export interface AskedOutcome {
  jobId?: string
  /** The job ended with no pull request, failed, or was never created: the gaps are open again. */
  reopen: boolean
  prLink?: string
}

/** The state once the job of run `runId` has an id, a pull request, or has ended without one. */
export function withOutcome(state: HealthState, runId: string, outcome: AskedOutcome): HealthState {
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
export function withJobEnded(state: HealthState, jobId: string, prLink: string | undefined): HealthState {
  return {
    ...state,
    gaps: state.gaps.map((gap) => {
      if (gap.state !== 'asked' || gap.jobId !== jobId) return gap
      return prLink === undefined ? { ...gap, state: 'new' } : { ...gap, state: 'pr-open', prLink }
    })
  }
}

/**
 * The pages with a fix: each page gap with a merged pull request, and the day it merged, or '' for one
 * whose pull request is open (it may have merged since the last run, before GitHub is asked at the
 * end): where feedback the docs team marked resolved counts (sections/feedback/triage.ts). A page with
 * two, the earliest merge: every row left after either counts.
 */
export function fixesOf(state: HealthState): Map<string, string> {
  const fixes = new Map<string, string>()
  for (const gap of state.gaps) {
    if (gap.kind !== 'page') continue
    const day = gap.state === 'pr-open' ? '' : gap.mergedOn
    if (day === undefined) continue
    const seen = fixes.get(gap.subject)
    if (seen === undefined || (seen !== '' && day < seen)) fixes.set(gap.subject, day)
  }
  return fixes
}

/** A pull request of the ledger as GitHub tells it: its state, and the day it was merged (YYYY-MM-DD) when it was. */
export interface PullState {
  state: 'open' | 'merged' | 'closed'
  mergedOn?: string
}

/** Pull requests of the ledger, by link, whose state GitHub was asked for. */
export type PullStates = ReadonlyMap<string, PullState>

/**
 * The state once the pull requests' states are known: merged ones get their verdict from the latest
 * period read when it began on or after the merge (a fixed one counts in that period's `resolved`),
 * else wait for the next; closed unmerged ones are open gaps again. `today` is the merge day when
 * GitHub does not give one.
 */
export function withPulls(state: HealthState, pulls: PullStates, today = ''): HealthState {
  const sinceDay = (day: string): number => state.periods.filter((period) => period.dateFrom >= day).length
  let fixed = 0
  const gaps = state.gaps.map((gap) => {
    const pull = gap.state === 'pr-open' ? pulls.get(gap.prLink ?? '') : undefined
    if (pull?.state === 'closed') return { ...gap, state: 'new' as const }
    if (pull?.state !== 'merged') return gap
    const merged: GapRecord = { ...gap, state: 'merged', verdict: 'too-few' }
    const mergedOn = pull.mergedOn ?? today
    if (mergedOn !== '') {
      merged.mergedOn = mergedOn
      withEvent(merged, 'merged', mergedOn, state.periods.at(-1)?.dateFrom)
    }
    // The latest period read, when it began on or after the merge, is the first of "after".
    if (merged.now?.dateFrom === state.periods.at(-1)?.dateFrom && merged.now && judged(merged, merged.now, today, sinceDay)) fixed++
    return merged
  })
  const last = state.periods.at(-1)
  if (fixed === 0 || !last) return { ...state, gaps }
  return { ...state, gaps, periods: [...state.periods.slice(0, -1), { ...last, resolved: (last.resolved ?? 0) + fixed }] }
}

/**
 * The state once a person dismissed `ids` (open gaps only) on `today`, by the edit of `by` (a login,
 * kept cut to one line) when an edit did: their numbers now are what "clearly worse" is measured from.
 */
export function withDismissed(state: HealthState, ids: ReadonlySet<string>, today: string, by?: string): HealthState {
  return {
    ...state,
    gaps: state.gaps.map((gap) => {
      if (!ids.has(gap.id) || !isOpen(gap)) return gap
      const dismissed: GapRecord = { ...gap, state: 'dismissed', dismissedOn: today }
      if (by !== undefined) dismissed.dismissedBy = cut(by, LOGIN_CHARS)
      if (today !== '') withEvent(dismissed, 'dismissed', today, state.periods.at(-1)?.dateFrom)
      if (gap.now) dismissed.before = gap.now
      else delete dismissed.before
      return dismissed
    })
  }
}

/**
 * The state once a person brought `ids` back (dismissed gaps only): open again, as new, in Fix first,
 * docsGaps, the lead sentence and the prompt; who dismissed them and when is let go.
 */
export function withRestored(state: HealthState, ids: ReadonlySet<string>): HealthState {
  return {
    ...state,
    gaps: state.gaps.map((gap) => {
      if (!ids.has(gap.id) || gap.state !== 'dismissed') return gap
      const restored: GapRecord = { ...gap, state: 'new' }
      delete restored.dismissedOn
      delete restored.dismissedBy
      delete restored.before
      return restored
    })
  }
}

/** The gaps a person dismissed: what Fix first and docsGaps leave out. */
export function dismissedIds(state: HealthState): Set<string> {
  return new Set(state.gaps.filter((gap) => gap.state === 'dismissed').flatMap(itemIdsOf))
}

/**
 * The ids a ranked item (itemId) finds a gap by: its own, and a page's by the page it names now. A page
 * a client named keeps the id of its path once it is named by its label (forgetReaderText), while an
 * item read with reader text hidden names it by the label.
 */
const itemIdsOf = (gap: GapRecord): string[] => (gap.kind === 'page' ? [gap.id, idOf(gap)] : [gap.id])

/** The gaps by every id a ranked item finds them by (itemIdsOf): a gap's own id before another's page. */
export function gapsByItemId(gaps: readonly GapRecord[]): Map<string, GapRecord> {
  const byId = new Map(gaps.map((gap) => [gap.id, gap]))
  for (const gap of gaps) for (const id of itemIdsOf(gap)) if (!byId.has(id)) byId.set(id, gap)
  return byId
}

/** The fingerprint of what a ranked item is about (a search whose text is hidden, by this run's key); undefined for a search too long to keep. */
export function itemId(item: FixItem): string | undefined {
  const about = subjectOf(item)
  return about && idOf(about)
}
