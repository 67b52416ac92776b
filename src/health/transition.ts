// The docs health issue's transition over one run, pure: from the state read from the issue (or none),
// this period's analytics (or none: a run a tick started reads none) and the run's events (the boxes
// an edit ticked and whether its author may act, the jobs that ended, the pull requests' states, the
// day), to the new state, the body the action owns, the gaps to ask the agent for, and what the log
// and the run's report say. Each step takes a `Transition` and returns a new one; health/week.ts
// takes them in the order the run meets its events, and does their I/O through its ports.
import type { JobReport } from '../agent/outcome.js'
import { jobIdProblem } from '../api/schemas.js'
import type { HeadlineKey } from '../core/catalog.js'
import { type FixItem, type RankingContext, type Signal, fixFirst, grouped } from '../render/fix-first.js'
import { earlierCounts, withPeriodCounts } from './page-history.js'
import { linkHtml } from '../render/html.js'
import { wordsInOrder } from '../render/gap-words.js'
import type { Overview } from '../render/overview.js'
import type { Headline } from '../render/renderer.js'
import { shortRange } from '../text/dates.js'
import { htmlText, logText } from '../text/escape.js'
import type { SitePages } from '../text/page-path.js'
import {
  blocksOf,
  dismissTicks,
  overviewBlocks,
  type OverviewBlocks,
  overviewDigest,
  ownedBody,
  ownedPart,
  restoreTicks,
  tickedGaps
} from './body.js'
import type { EditTicks } from './edit-ticks.js'
import { type Mover, movers, type PageTraffic, visitedPages, withHistoryChanges } from './history.js'
import {
  askable,
  dismissedIds,
  fixesOf,
  isOpen,
  itemId,
  type Measured,
  type PullStates,
  withAsked,
  withDismissed,
  withRestored,
  withJobEnded,
  numbersOf,
  withOutcome,
  withPeriod,
  withPulls,
  withStaleAsksOpen
} from './ledger.js'
import { gapsPrompt } from './prompt.js'
import {
  emptyState,
  fittedState,
  forgetReaderText,
  type GapNumbers,
  type GapRecord,
  type HealthState,
  HISTORY_PERIODS,
  type ReaderWords,
  STATE_BUDGET_CHARS
} from './state.js'
import { withReaderWords } from './words.js'
import { destinations, withMoves } from './moves.js'
import type { PageMove } from '../text/site-moves.js'

/** What the run decided before the issue was read: none of it comes from the issue. */
export interface TransitionSettings {
  projectId: string
  /** The workflow run, the same for every attempt of it: what keeps a re-run from asking twice. */
  runId: string
  /** Reader text may be shown (from `readerText` and the repository's visibility): else the issue keeps no word a reader typed. */
  showWords: boolean
  /** The site's own pages (its navigation): a page they list keeps its path where reader text is hidden. */
  sitePages?: SitePages
  /** The site's redirects (its configuration's `redirects`): a merged fix's gap follows its page where one sends it. */
  redirects?: readonly PageMove[]
  /** What the footer names: the action, its version, and the workflow run's link when known. */
  footer: { action: string; version: string; runUrl?: string }
}

/** What started the run, as far as the issue is concerned. */
export interface Trigger {
  /** The run was started by an event on an issue: it reads no analytics. */
  issueEvent: boolean
  /** Ticks may be acted on: a run no edit started, or an edit by a person who may push. */
  mayAct: boolean
  /** The boxes the edit that started the run ticked, the only ones it acts on; undefined for a run no edit started, which acts on every tick. */
  edited?: EditTicks
  /** Who made that edit (a login, hostile text): the person a dismissal names. */
  editor?: string
  /** GitHub said the editor may not push: the boxes the edit ticked are unticked, so that no later run acts on them. */
  refused?: boolean
  /** The run's day, YYYY-MM-DD (UTC). */
  today: string
}

/** What the period the analytics read gives the issue. */
export interface AnalyticsRead {
  overview: Overview
  /** What the sections read say of the gaps; undefined where no section was given, and the overview's ranking is kept. */
  sections?: {
    /** Every signal of every section. */
    signals: readonly Signal[]
    /** Which of the sections that hold a gap's numbers were read whole. */
    measured: Measured
  }
  /** Every page's human visitors and page views, as the sections read them. */
  traffic: readonly PageTraffic[]
}

/** A gap given to the agent, as the summary names it. */
export interface AskedGap {
  kind: 'page' | 'search'
  /** The page, or the search; undefined for a search while reader text is hidden. */
  subject?: string
}

/** The gaps a person ticked that this run gives the agent, and what their prompt holds. */
export interface Asks {
  gaps: readonly GapRecord[]
  /** The period their evidence was read over: the latest in which any of them was ranked. */
  period?: { dateFrom: string; dateTo: string }
  /** What readers wrote about them, where reader text may be shown. */
  words?: ReaderWords['gaps']
  /** What the log says once the issue records them as asked. */
  note: string
}

/** The docs health issue over one run, as far as the run has gone. */
export interface Transition {
  readonly settings: TransitionSettings
  readonly trigger: Trigger
  readonly state: HealthState
  /** The gaps this run gave the agent (once recorded in the issue). */
  readonly asked: readonly GapRecord[]
  /** Gaps a person said are not gaps, or brought back, taken by this run. */
  readonly dismissedNow: number
  /** Gaps resolved in the period read. */
  readonly resolved: number
  /** The gaps this run found resolved. */
  readonly resolvedIds: ReadonlySet<string>
  /** The period the analytics read, as the body shows it. */
  readonly overview?: Overview
  /** The headlines whose change comes from the issue's history. */
  readonly filled: readonly HeadlineKey[]
  /** The pages whose traffic moved most since the period just before. */
  readonly moved: readonly Mover[]
  /** The log said the top of the issue is not kept. */
  readonly warnedTop: boolean
  /** What the step just taken says in the log, in order. */
  readonly notes: readonly string[]
  /** What the step just taken warns of in the log (the run shows each once, then lets it go). */
  readonly warnings?: readonly string[]
  /** What the issue added to the period's ranking (its gaps' pages, each page's earlier counts): the report's Fix first takes the same. */
  readonly ranking?: Omit<RankingContext, 'leftOut'>
  /** A gap's own numbers in the period the analytics read, from every signal read: for a gap that follows its page to a new path. */
  readonly numbersAt?: (gap: GapRecord) => GapNumbers
}

/** What the run's report says of the docs health issue, from the transition. */
export interface TransitionReport {
  /** Gaps resolved in the period read. */
  resolved: number
  /** What those gaps are about: page paths, or searches where reader text may be shown. */
  resolvedNames: string[]
  /** Gaps given to the agent by this run. */
  asked: number
  /** The gaps people said are not gaps: what the report's Fix first and docsGaps leave out. */
  dismissed: ReadonlySet<string>
  /** What the issue added to the period's ranking: its gaps' pages, each page's earlier counts. */
  ranking?: Omit<RankingContext, 'leftOut'>
  /** Headline changes from the issue's history, where the run read none. */
  previous: Partial<Record<HeadlineKey, Headline['previous']>>
  /** The pages whose traffic moved most since the period just before. */
  movers: readonly Mover[]
  /** What they are about: a page, or a search (its text only where reader text may be shown). */
  askedGaps?: AskedGap[]
  /** The gaps open, each with a box to tick in the issue. */
  open: number
  /** The period's Fix first, as the issue lists it: the summary shows the same list. */
  items?: readonly FixItem[]
}

/**
 * The run's start: the state read from the issue (undefined when there is no issue, or its state does
 * not verify), with the asks of other runs that got no job open again, every word readers typed
 * forgotten where reader text is hidden, and the gaps a person said are not gaps, taken from `body`
 * (the issue's body, undefined when there is no issue) where ticks may be acted on.
 */
export function begin(read: HealthState | undefined, body: string | undefined, trigger: Trigger, settings: TransitionSettings): Transition {
  const stale = withStaleAsksOpen(read ?? emptyState(settings.projectId), settings.runId)
  // Where reader text is hidden, every word readers typed is forgotten at once, whatever earlier runs
  // kept while it was shown: nothing of it is sent or written back (and written() forgets again).
  const forgotten = settings.showWords ? stale : forgetReaderText(stale, settings.sitePages)
  // A merged fix's page the site now redirects: its gap follows it before the period is read.
  const redirects = destinations(settings.redirects ?? [], false, settings)
  const { state, followed } = withMoves(
    forgotten,
    (gap) => (gap.state === 'merged' ? redirects.get(gap.subject) : undefined),
    (gap) => gap.mergedOn
  )
  const start: Transition = {
    settings,
    trigger,
    state,
    asked: [],
    dismissedNow: 0,
    resolved: 0,
    resolvedIds: new Set(),
    filled: [],
    moved: [],
    warnedTop: false,
    notes: followedNotes(followed)
  }
  // "Not a gap" is honoured from the same people as a tick that asks.
  if (!trigger.mayAct || body === undefined) return start
  const own = ofThisEdit(start, dismissTicks(body), 'dismissed')
  const back = ofThisEdit(start, restoreTicks(body), 'restored')
  const next = withRestored(withDismissed(start.state, own.ids, trigger.today, trigger.editor), back.ids)
  const changed = next.gaps.filter((gap, i) => gap.state !== start.state.gaps[i]?.state)
  const restored = changed.filter((gap) => gap.state === 'new').length
  const dismissed = changed.length - restored
  const notes = [...start.notes, ...own.notes, ...back.notes]
  if (dismissed > 0) notes.push(`${dismissed === 1 ? '1 gap was' : `${dismissed} gaps were`} marked not a gap in the docs health issue.`)
  if (restored > 0) notes.push(`${restored === 1 ? '1 gap was' : `${restored} gaps were`} brought back in the docs health issue.`)
  return { ...start, state: next, dismissedNow: changed.length, notes }
}

/** The boxes of each kind, as the log names them. */
const BOX_NAMES: Record<keyof EditTicks, string> = {
  gaps: 'asking the agent',
  dismissed: 'saying "Not a gap"',
  restored: 'saying "Bring it back"'
}

/**
 * Of the boxes ticked in the issue, those the run acts on: all of them, or, in a run an edit started,
 * those the edit ticked. The others wait for a scheduled run, and the log says how many.
 */
function ofThisEdit(t: Transition, ticked: ReadonlySet<string>, kind: keyof EditTicks): { ids: Set<string>; notes: string[] } {
  const edited = t.trigger.edited
  if (edited === undefined) return { ids: new Set(ticked), notes: [] }
  const own = edited[kind]
  const waiting = [...ticked].filter(
    (id) => !own.has(id) && t.state.gaps.some((gap) => gap.id === id && (kind === 'restored' ? gap.state === 'dismissed' : isOpen(gap)))
  ).length
  const notes =
    waiting > 0
      ? [
          `${waiting === 1 ? '1 box' : `${waiting} boxes`} ${BOX_NAMES[kind]} ${waiting === 1 ? 'was' : 'were'} ticked before this edit, not by it: ` +
            'a run started by an edit acts only on the boxes that edit ticked, so these wait for the next scheduled run.'
        ]
      : []
  return { ids: new Set([...ticked].filter((id) => own.has(id))), notes }
}

/** The jobs earlier runs asked for and left running (the step stopped waiting): the run asks the service whether they ended. */
export function jobsToFollow(t: Transition): string[] {
  return [
    ...new Set(t.state.gaps.flatMap((gap) => (gap.state === 'asked' && gap.jobId && gap.askedBy !== t.settings.runId ? [gap.jobId] : [])))
  ]
}

/** A job an earlier run asked for has ended: its gaps get its pull request (on the run's GitHub server), or are open again. */
export function jobEnded(t: Transition, jobId: string, prLink: string | undefined): Transition {
  return { ...t, state: withJobEnded(t.state, jobId, prLink), notes: [] }
}

/**
 * The gaps ticked in `body` that this run gives the agent, when there are any it may ask for: marked
 * asked in the transition it returns, which the run records in the issue before it asks, so that a
 * re-run or a second event asks nothing twice. When the issue cannot record them, the run goes on from
 * `t` (the gaps are not asked). Without asks, the transition returned only carries the log's notes.
 */
export function ask(t: Transition, body: string): { transition: Transition; asks?: Asks } {
  if (!t.trigger.mayAct) return { transition: { ...t, notes: [] } }
  const own = ofThisEdit(t, tickedGaps(body), 'gaps')
  const notes = [...own.notes, ...unknownTicks(t.state, own.ids)]
  const gaps = askable(t.state, own.ids, t.settings.runId)
  if (gaps.length === 0) return { transition: { ...t, notes } }
  // Who ticked is known only of a run an edit started: the edit's author, whom the verdict's comment names.
  const by = t.trigger.edited === undefined ? undefined : t.trigger.editor
  const state = withAsked(t.state, new Set(gaps.map((gap) => gap.id)), t.settings.runId, t.trigger.today, by)
  const latest = gaps.reduce((at, gap) => (gap.lastSeen > at ? gap.lastSeen : at), '')
  const period = state.periods.find((p) => p.dateFrom === latest)
  const words = t.settings.showWords ? state.readerWords?.gaps : undefined
  return {
    transition: { ...t, state, asked: gaps, notes },
    asks: {
      gaps,
      note: `Asking the agent for ${gaps.length === 1 ? '1 ticked gap' : `${gaps.length} ticked gaps`} of the docs health issue.`,
      ...(period ? { period: { dateFrom: period.dateFrom, dateTo: period.dateTo } } : {}),
      ...(words ? { words } : {})
    }
  }
}

/**
 * What the log says of the ticked boxes that name no gap of the state: nothing is asked for them. A
 * search gap is named by its words where reader text is shown and by a key where it is hidden, so a
 * box written before the repository's visibility or `readerText` changed names a gap the state holds
 * under another name; a gap the state no longer holds has no box to act on.
 */
/** The most ticked boxes of unknown gaps a note names: an edit can tick any number of them. */
const NAMED_TICKS = 5

function unknownTicks(state: HealthState, ticked: ReadonlySet<string>): string[] {
  const known = new Set(state.gaps.map((gap) => gap.id))
  const unknown = [...ticked].filter((id) => !known.has(id))
  if (unknown.length === 0) return []
  return [
    `${unknown.length === 1 ? '1 ticked box names' : `${unknown.length} ticked boxes name`} no gap the docs health issue's state holds ` +
      `(gap ${unknown.slice(0, NAMED_TICKS).join(', gap ')}${unknown.length > NAMED_TICKS ? ', …' : ''}), so nothing is asked for ${unknown.length === 1 ? 'it' : 'them'}: a search gap is named otherwise once reader text is shown or hidden ` +
      '(the repository turned public or private, or readerText changed), and a gap the state no longer keeps has left the ledger. Tick the gap again in the issue as it is now.'
  ]
}

/**
 * The prompt for `asks`: it names the period the gaps' evidence was read over and, when `quote`, gives
 * what readers wrote about them; otherwise it gives counts alone, no search term included.
 */
export function promptOf(asks: Asks, quote: boolean, marker?: string): string {
  const words = quote ? asks.words : undefined
  return gapsPrompt(asks.gaps, { ...(asks.period ?? {}), ...(words ? { words } : {}), ...(quote ? {} : { countsAlone: true }) }, marker)
}

/** The job this run asked for has its id. */
export function started(t: Transition, jobId: string): Transition {
  if (t.asked.length === 0) return { ...t, notes: [] }
  return { ...t, state: withOutcome(t.state, t.settings.runId, { jobId, reopen: false }), notes: [] }
}

/** What the job this run asked for came to. */
export function jobReported(t: Transition, job: JobReport): Transition {
  if (t.asked.length === 0) return { ...t, notes: [] }
  // Ended on the service without a pull request: the gaps are open again. A job still running, or
  // one whose creation went unanswered, keeps them asked.
  // Only a pull request on the run's GitHub server (prNumber) is one: a gap is never "pull request
  // open" for another link the service returned.
  const prLink = job.prNumber === undefined ? undefined : job.prLink
  const reopen =
    prLink === undefined && (job.outcome === 'opened' || job.outcome === 'no-pr' || job.outcome === 'failed' || job.outcome === 'archived')
  return { ...t, state: withOutcome(t.state, t.settings.runId, { jobId: job.jobId, prLink, reopen }), notes: [] }
}

/**
 * Every job the issue records (of a gap asked for, with a pull request, merged or judged), once each,
 * that a request can carry: the source repository of each is one the agent has worked in, the newest
 * job's among them, whatever order the ledger keeps its gaps in.
 */
export function recordedJobIds(t: Transition): string[] {
  return [...new Set(t.state.gaps.flatMap((gap) => (gap.jobId !== undefined && jobIdProblem(gap.jobId) === undefined ? [gap.jobId] : [])))]
}

/** The pages with a fix, and when each merged (ledger.ts, fixesOf). */
export function fixes(t: Transition): Map<string, string> {
  return fixesOf(t.state)
}

/** The gaps in `state` that are resolved. */
const resolvedIn = (state: HealthState): Set<string> => new Set(state.gaps.filter((gap) => gap.state === 'resolved').map((gap) => gap.id))

/** The gaps resolved in `after` and not in `before`, added to `known`. */
function newlyResolved(known: ReadonlySet<string>, before: HealthState, after: HealthState): Set<string> {
  const was = resolvedIn(before)
  return new Set([...known, ...[...resolvedIn(after)].filter((id) => !was.has(id))])
}

/** The pages of the issue's page gaps: searches with no click may join them whatever else was read (fix-first.ts, grouped). */
export const gapPages = (state: HealthState): string[] => state.gaps.filter((gap) => gap.kind === 'page').map((gap) => gap.subject)

/**
 * The period the analytics read: its headlines (a change the run could not read taken from the
 * history), its ranking without the gaps people dismissed, every gap's own numbers from every signal,
 * and the pages whose traffic moved. A read with neither headlines nor items changes nothing.
 */
export function periodRead(t: Transition, read: AnalyticsRead): Transition {
  const { overview, sections } = read
  if (overview.headlines.length === 0 && overview.items.length === 0) return { ...t, notes: [] }
  const range = { dateFrom: overview.dateFrom, dateTo: overview.dateTo }
  const history = withHistoryChanges(overview.headlines, t.state, range)
  const dismissed = dismissedIds(t.state)
  const ranking = { known: gapPages(t.state), earlier: earlierCounts(t.state.pageCounts, range, t.state.gaps) }
  const items = sections
    ? fixFirst(sections.signals, undefined, { ...ranking, leftOut: (item) => dismissed.has(itemId(item) ?? '') })
    : overview.items
  const moved = read.traffic.length > 0 ? movers(t.state.topPages, range, read.traffic) : []
  const before = t.state.periods.at(-1)
  const headlines = Object.fromEntries(overview.headlines.filter((h) => !h.partial).map((h) => [h.key, h.value]))
  const groups = sections ? grouped(sections.signals, ranking.known) : undefined
  let state = withPeriod(
    t.state,
    { ...range, headlines, items, ...(sections && groups ? { groups, measured: sections.measured } : {}) },
    HISTORY_PERIODS,
    t.trigger.today
  )
  if (sections && groups) {
    const pageCounts = withPeriodCounts(state.pageCounts, range, groups, sections.measured)
    if (pageCounts) state = { ...state, pageCounts }
  }
  const kept = visitedPages(range, read.traffic)
  if (kept) state = { ...state, topPages: kept }
  // The words in the order of this ranking, which leaves out the dismissed gaps: the top quotes the page it names.
  const words = wordsInOrder(items, overview.words)
  state = withReaderWords(state, overview, t.settings.showWords ? words : undefined)
  const after = state.periods.at(-1)
  return {
    ...t,
    state,
    overview: { ...overview, headlines: history.headlines, items, ...(words ? { words } : {}) },
    filled: history.filled,
    moved,
    resolved: after !== before ? (after?.resolved ?? 0) : 0,
    resolvedIds: newlyResolved(t.resolvedIds, t.state, state),
    notes: [],
    ...(sections ? { ranking } : {}),
    ...(sections && groups ? { numbersAt: (gap: GapRecord) => numbersOf(gap, groups, sections.measured, range) } : {})
  }
}

/** The pull requests the ledger waits on, by the link as it keeps them: the run asks GitHub for their states. */
export function pullsToRead(t: Transition): string[] {
  return [...new Set(t.state.gaps.flatMap(({ state, prLink }) => (state === 'pr-open' && prLink !== undefined ? [prLink] : [])))]
}

/**
 * The pull requests' states are known: merged ones get their verdict, closed unmerged ones are open
 * gaps again. A merged one's gap first follows its page where the pull request moved it (`moves`, by
 * the link: the pages its files renamed or removed), or else where the site redirects it.
 */
export function pullsRead(t: Transition, pulls: PullStates, moves: ReadonlyMap<string, readonly PageMove[]> = new Map()): Transition {
  const resolvedBefore = t.state.periods.at(-1)?.resolved ?? 0
  const redirects = destinations(t.settings.redirects ?? [], false, t.settings)
  const byPull = new Map([...moves].map(([link, list]) => [link, destinations(list, true, t.settings)]))
  const mergedPull = (gap: GapRecord) => (gap.state === 'pr-open' ? pulls.get(gap.prLink ?? '') : undefined)
  const { state: moved, followed } = withMoves(
    t.state,
    (gap) =>
      mergedPull(gap)?.state === 'merged' ? (byPull.get(gap.prLink ?? '')?.get(gap.subject) ?? redirects.get(gap.subject)) : undefined,
    (gap) => mergedPull(gap)?.mergedOn ?? t.trigger.today,
    t.numbersAt
  )
  const state = withPulls(moved, pulls, t.trigger.today)
  return {
    ...t,
    state,
    resolvedIds: newlyResolved(t.resolvedIds, t.state, state),
    // A gap whose merge was seen after its period was read may be resolved by that period.
    resolved: t.overview ? t.resolved + (state.periods.at(-1)?.resolved ?? 0) - resolvedBefore : t.resolved,
    notes: followedNotes(followed)
  }
}

/** The most pages a note names that gaps followed. */
const NAMED_MOVES = 5

/** What the log says of the gaps that followed their pages to new paths (hostile paths: cut, and written as JSON). */
function followedNotes(followed: readonly { from: string; to: string }[]): string[] {
  if (followed.length === 0) return []
  const named = followed
    .slice(0, NAMED_MOVES)
    .map(({ from, to }) => `${logText(JSON.stringify(from), 220)} → ${logText(JSON.stringify(to), 220)}`)
  return [
    `${followed.length === 1 ? '1 gap' : `${followed.length} gaps`} of the docs health issue followed ${followed.length === 1 ? 'its page' : 'their pages'} to a new path, ` +
      `which a merged pull request or the site’s redirects gave: ${named.join(', ')}${followed.length > NAMED_MOVES ? ', …' : ''}.`
  ]
}

/** Whether the run writes the issue at its end: a run an event on an issue started writes it only when it asked or dismissed. */
export function writesAtEnd(t: Transition): boolean {
  return !t.trigger.issueEvent || t.asked.length > 0 || t.dismissedNow > 0 || refusedTicks(t.trigger) !== undefined
}

/** The boxes an edit by someone who may not push ticked, when it ticked any: what the body unticks. */
function refusedTicks(trigger: Trigger): EditTicks | undefined {
  const edited = trigger.refused === true ? trigger.edited : undefined
  return edited !== undefined && edited.gaps.size + edited.dismissed.size + edited.restored.size > 0 ? edited : undefined
}

/** The ids of `ticked` that are not in `refused`. */
const allowed = (ticked: Set<string>, refused: ReadonlySet<string> | undefined): Set<string> =>
  new Set([...ticked].filter((id) => refused?.has(id) !== true))

/** No overview: what a run that reads no analytics writes when the top of the body is not the action's. */
const NO_BLOCKS: OverviewBlocks = { top: '', figures: '', howRead: '' }

/**
 * The top of the issue as `body` carries it, when it is what the sealed state says the action wrote
 * (its digest), and holds no reader word while reader text is hidden; else nothing, with why.
 * Anyone who may edit the issue can rewrite the top (a link, a mention, a forged "fix first"): it is
 * never published again under the action's name.
 */
function keptOverview(t: Transition, body: string): { kept?: OverviewBlocks; why?: string } {
  const blocks = overviewBlocks(ownedPart(body))
  const sealed = t.state.overview
  if (overviewDigest(blocks) === overviewDigest(NO_BLOCKS)) return {}
  if (sealed?.digest !== overviewDigest(blocks))
    return {
      why: 'The top of the docs health issue is not as the action wrote it (someone edited it, or its state could not be verified): it is left out until the next run that reads the analytics.'
    }
  if (sealed.words && !t.settings.showWords)
    return {
      why: 'The top of the docs health issue held reader text, which is now hidden: it is left out until the next run that reads the analytics.'
    }
  return { kept: blocks }
}

/**
 * The part of the body the action owns, for the issue as it is now (`current`: a person's edit during
 * the run, text or a tick, is kept), and the transition with the state it holds. A run that read no
 * analytics keeps the top of the last weekly report, only as the action wrote it.
 */
export function written(t: Transition, current: string): { transition: Transition; owned: string } {
  const base = t.settings.showWords ? t.state : forgetReaderText(t.state, t.settings.sitePages)
  const { overview } = t
  const { kept, why } = overview ? {} : keptOverview({ ...t, state: base }, current)
  // Whether the top written now may hold reader text; and, where reader text is shown, whether the
  // state it came from may (forgetReaderText reads it so once reader text is hidden).
  const words =
    (overview ? t.settings.showWords : kept !== undefined && base.overview?.words === true) ||
    (t.settings.showWords && base.overview?.words === true)
  const state: HealthState = {
    ...base,
    overview: { digest: overviewDigest(overview ? blocksOf(overview, base, t.moved) : (kept ?? NO_BLOCKS)), words }
  }
  const { action, version, runUrl } = t.settings.footer
  const refused = refusedTicks(t.trigger)
  const footerHtml =
    `<sub>Updated ${overview ? `with ${htmlText(shortRange(overview.dateFrom, overview.dateTo), 60)} ` : ''}by ${action} ${htmlText(version, 40)}` +
    `${runUrl ? ` · ${linkHtml(runUrl, 'workflow run')}` : ''}</sub>`
  const owned = ownedBody({
    overview,
    ...(kept ? { kept } : {}),
    state,
    resolved: t.resolved,
    resolvedIds: t.resolvedIds,
    footerHtml,
    // The boxes someone who may not push ticked are written unticked: a scheduled run would act on them.
    ticked: allowed(tickedGaps(current), refused?.gaps),
    dismissTicked: allowed(dismissTicks(current), refused?.dismissed),
    restoreTicked: allowed(restoreTicks(current), refused?.restored),
    movers: t.moved,
    filled: t.filled
  })
  const notes = why !== undefined && !t.warnedTop ? [why] : []
  const { lost } = fittedState(state)
  const warnings = lost.length > 0 ? [lostWarning(lost.length)] : []
  return { transition: { ...t, state, warnedTop: t.warnedTop || why !== undefined, notes, warnings }, owned }
}

/** What the log warns of when the state could not keep `count` gaps a person decided on, or whose verdict is owed. */
export function lostWarning(count: number): string {
  return (
    `The docs health issue's state could not keep ${count === 1 ? '1 gap' : `${count} gaps`} a person dismissed or whose fix awaits a verdict ` +
    `within its ${STATE_BUDGET_CHARS.toLocaleString('en-US')} characters: dropped, a dismissal is forgotten and a fix is not judged. ` +
    'The issue names them.'
  )
}

/** What the run's report says of the issue. */
export function reportOf(t: Transition): TransitionReport {
  const previous = Object.fromEntries((t.overview?.headlines ?? []).filter((h) => t.filled.includes(h.key)).map((h) => [h.key, h.previous]))
  const askedGaps = t.asked.map((gap) => ({
    kind: gap.kind,
    ...(gap.kind === 'page' || t.settings.showWords ? { subject: gap.subject } : {})
  }))
  return {
    resolved: t.resolved,
    resolvedNames: t.state.gaps.filter((gap) => t.resolvedIds.has(gap.id)).map((gap) => gap.subject),
    asked: t.asked.length,
    dismissed: dismissedIds(t.state),
    ...(t.ranking ? { ranking: t.ranking } : {}),
    previous,
    movers: t.moved,
    ...(askedGaps.length > 0 ? { askedGaps } : {}),
    open: t.state.gaps.filter(isOpen).length,
    ...(t.overview ? { items: t.overview.items } : {})
  }
}
