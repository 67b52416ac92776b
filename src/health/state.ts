// What the docs health issue remembers between runs: the headline numbers of the last periods and the
// ledger of gaps. It lives in the body, in an HTML comment (base64 of JSON, so that no text
// in it can close the comment), versioned and bounded: a body stays far below GitHub's 65,536
// characters however long the history. A block a person broke is read as no history, never as an
// error, and the next run writes a whole one. A state another version wrote is read for what this one
// knows, and the rest is carried through as it is: fields it does not know, headline keys of sections
// it lacks, gaps of kinds or states it cannot read, and a newer version's number.
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { JOB_ID_MAX_CHARS } from '../api/schemas.js'
import type { RecordSeal } from '../core/record-seal.js'
import { SEAL_PATTERN } from '../core/record-seal.js'
import { HEADLINE_NAMES, type HeadlineKey } from '../core/catalog.js'
import { SEARCHES_QUOTED, withoutWords } from '../render/evidence-line.js'
import { migrated } from './migrate.js'
import { EVIDENCE_WORDS_CHARS, MOST_COUNTED } from './state-limits.js'

export { EVIDENCE_WORDS_CHARS, MOST_COUNTED }
import { isPageLabel, PAGE_PATH_MAX_CHARS, readerPath, type SitePages, sitePage } from '../text/page-path.js'

/** Periods of history kept: the trend shows up to this many. */
export const HISTORY_PERIODS = 12
/** Gaps the ledger keeps: the open ones first, then the newest closed ones. */
export const LEDGER_GAPS = 30
/**
 * Characters a gap's subject keeps: a page path as long as one is kept whole (longer ones are
 * "(other page)"), so that a gap finds its page's numbers and its fix again.
 */
export const SUBJECT_CHARS = PAGE_PATH_MAX_CHARS
/** Searches a gap's numbers follow, and the characters each keeps. */
export const GAP_SEARCHES = 3
export const SEARCH_CHARS = 60
/** Pages whose traffic the state keeps for the next period's movers. */
export const VISITED_PAGES = 20
/** Characters of a login the state keeps. */
export const LOGIN_CHARS = 40
/** The version this code writes; a state of version 1 or 2 is read and migrated (migrate.ts), a newer one keeps its number. */
export const STATE_VERSION = 3 as const

export const GAP_STATES = ['new', 'asked', 'pr-open', 'merged', 'resolved', 'back', 'dismissed'] as const
export type GapState = (typeof GAP_STATES)[number]

/**
 * What the evidence says of a merged fix (evidence.ts, docs/health-issue.md): `too-few`, too few readers
 * since the merge to tell yet; `fixed`, the trouble fell by at least 60 %; `not-fixed`, it did not, and
 * the gap is open to ask again; `could-not-tell`, still too few after VERDICT_PERIODS periods, open for a
 * person to decide; `back`, a fixed gap whose trouble returned, open again; `gone`, its page has had no
 * visitor since the merge and no move is known (gone.ts): moved or removed, open for a person to decide.
 */
export const VERDICTS = ['too-few', 'fixed', 'not-fixed', 'could-not-tell', 'back', 'gone'] as const
export type Verdict = (typeof VERDICTS)[number]
/** What can become of a gap, as its timeline names it (`events`). */
export const GAP_EVENTS = ['asked', 'merged', 'fixed', 'not-fixed', 'could-not-tell', 'back', 'gone', 'dismissed'] as const
export type GapEvent = (typeof GAP_EVENTS)[number]
/** Events a gap keeps: asked, merged, fixed and back, then a second round's ask and verdict; few, for the state's budget. */
export const EVENTS_KEPT = 6
/** Periods of a gap's own numbers kept before the latest (`recent`): with it, what "before" pools. */
export const RECENT_PERIODS = 3

const count = z.number()
const text = (max: number) => z.string().max(max)

/** Characters of a headline's key the history keeps. */
const HEADLINE_KEY_CHARS = 60

const periodSchema = z.object({
  dateFrom: text(40),
  dateTo: text(40),
  /** Every headline read whole, by key: a key this version does not know (a newer section's) is kept as it is. */
  headlines: z.record(z.string().max(HEADLINE_KEY_CHARS), count).transform((all) => {
    const known: Partial<Record<HeadlineKey, number>> = {}
    for (const key of Object.keys(HEADLINE_NAMES) as HeadlineKey[]) if (all[key] !== undefined) known[key] = all[key]
    return known
  }),
  /** Gaps marked resolved in this period. */
  resolved: z.number().int().min(0).optional()
})

const counted = z.number().min(0).max(MOST_COUNTED)

/** A gap's own numbers over one period, from every row read (not only the ranked ones). */
const numbersSchema = z.object({
  /** The period they are of: from the first day of the first period pooled to the end of the last. */
  dateFrom: text(40),
  dateTo: text(40),
  /** The periods they pool (sums over each; 1 when absent). */
  periods: z.number().int().min(1).optional(),
  /** Each count is missing when its section was not read whole in the period: it is not known. */
  down: counted.optional(),
  up: counted.optional(),
  notHelpful: counted.optional(),
  unanswered: counted.optional(),
  noClick: counted.optional(),
  /**
   * The human visitors of its page, where the visitors were read (a page gap only): who could have had
   * trouble, whatever they said. Missing when not read, never 0 for that; a state written before it
   * was kept has none.
   */
  visitors: counted.optional(),
  /**
   * The searches the gap follows (its own search, or those with no click that matched its page): how
   * often each was searched and its click-through (0 to 1). Their text is reader text, kept only where
   * it may be shown.
   */
  searches: z
    .array(z.object({ text: text(SEARCH_CHARS), hits: counted, clicked: z.number().min(0).max(1) }))
    .max(GAP_SEARCHES)
    .optional()
})

/**
 * What a gap's line says of it in the latest period that ranked it (render/evidence-line.ts): its
 * counts, and the searches with no click it quotes, whose words are reader text, kept only where it
 * may be shown. The line is made from these each time it is written, never kept.
 */
const evidenceSchema = z.object({
  down: counted.optional(),
  notHelpful: counted.optional(),
  unanswered: counted.optional(),
  up: counted.optional(),
  searches: z
    .array(z.object({ words: text(EVIDENCE_WORDS_CHARS).optional(), hits: counted }))
    .max(SEARCHES_QUOTED)
    .optional(),
  others: z.object({ searches: counted, hits: counted }).optional(),
  noClick: counted.optional()
})

const gapSchema = z.object({
  /** A stable fingerprint of what the gap is about (fingerprint.ts). */
  id: z.string().regex(/^[0-9a-f]{12}$/),
  kind: z.enum(['page', 'search']),
  /** The page path, or the search (reader text, kept only where it may be shown). */
  subject: text(SUBJECT_CHARS),
  firstSeen: text(40),
  lastSeen: text(40),
  /** Periods it was among the ranked gaps. */
  periods: z.number().int().min(0),
  /**
   * Its weight (fix-first.ts) in the latest period read: of its own numbers when the period's signals
   * were read, else of its ranked item (0 when it was not ranked). Never shown to a person.
   */
  score: count,
  evidence: evidenceSchema,
  /**
   * Its place in the latest period's Fix first (0 for the first), absent when that period did not
   * rank it: the issue lists the period's gaps in this order, in a run that reads no analytics too.
   */
  rank: z.number().int().min(0).max(LEDGER_GAPS).optional(),
  state: z.enum(GAP_STATES),
  /** The agent job asked to fix it, and the workflow run that asked. */
  // Any id the service may give (api/schemas.ts): a longer one would make the gap unreadable.
  jobId: text(JOB_ID_MAX_CHARS).optional(),
  askedBy: text(40).optional(),
  prLink: text(300).optional(),
  /** Its weight when the agent was asked (`before` holds its numbers then). */
  scoreBefore: count.optional(),
  /** Periods in a row its signal stayed below the threshold since the merge (version 2 before verdicts; no longer written). */
  quiet: z.number().int().min(0).optional(),
  /** Its numbers in up to RECENT_PERIODS periods before `now`, the latest last, without searches: with `now`, what "before" pools. */
  recent: z.array(numbersSchema).max(RECENT_PERIODS).optional(),
  /** Its numbers pooled over the whole periods read since its pull request merged that read what `before` had. */
  after: numbersSchema.optional(),
  /** What the evidence says of its fix (VERDICTS). */
  verdict: z.enum(VERDICTS).optional(),
  /** Its numbers in the latest period read (version 2). */
  now: numbersSchema.optional(),
  /** Its numbers when the agent was asked (pooled over up to four periods), or when a person dismissed it: what "after" is compared with. */
  before: numbersSchema.optional(),
  /** The day its pull request was merged, or, when GitHub does not say, the day a run first saw it merged. */
  mergedOn: text(40).optional(),
  /** The page it was about before its fix moved the page to `subject` (moves.ts). */
  movedFrom: text(SUBJECT_CHARS).optional(),
  /** The day it was resolved. */
  resolvedOn: text(40).optional(),
  /** The day a person said it is not a gap. */
  dismissedOn: text(40).optional(),
  /** Who said so: the login of the edit that ticked "Not a gap" (GitHub's are at most 39 characters), when an edit did. */
  dismissedBy: text(LOGIN_CHARS).optional(),
  /**
   * What became of it, the latest last, each with its day (YYYY-MM-DD) and the latest period read when
   * it happened (its dateFrom): asked, merged, each verdict (fixed, not fixed, could not tell, back),
   * dismissed. The issue shows them as the gap's timeline, and those since last week's report as its
   * news; kept across a second ask, the oldest dropped past EVENTS_KEPT.
   */
  events: z
    .array(z.object({ what: z.enum(GAP_EVENTS), on: text(40), period: text(40).optional() }))
    .max(EVENTS_KEPT)
    .optional(),
  /** Its numbers pooled over the periods its fix held, kept when its trouble came back: what the trouble since is compared with. */
  held: numbersSchema.optional(),
  /**
   * Who asked the agent for it: the login of the edit that ticked its box, when an edit did (a run no
   * edit started acts on ticks nobody is known to have made). The one person its verdict's comment mentions.
   */
  tickedBy: text(LOGIN_CHARS).optional()
})

/** The traffic of the top pages in the latest period read, for the next period's movers. */
const pagesSchema = z.object({
  dateFrom: text(40),
  dateTo: text(40),
  /** Human visitors and page views of each page, where they were read. */
  pages: z.array(z.object({ path: text(SUBJECT_CHARS), visitors: counted.optional(), views: counted.optional() })).max(VISITED_PAGES)
})

/** Periods and pages of each page's counts the state keeps (page-history.ts holds the rule). */
export const PAGE_COUNT_PERIODS = 3
export const COUNTED_PAGES = 40

/**
 * Each page's counts in the latest periods read whole, for Fix first to pool a page's share with
 * (page-history.ts): `counts[i]` are the page's thumbs down, thumbs up, not helpful, unanswered and no
 * click in `periods[i]`, null for none.
 */
const pageCountsSchema = z.object({
  periods: z.array(z.object({ dateFrom: text(40), dateTo: text(40) })).max(PAGE_COUNT_PERIODS),
  pages: z
    .array(z.object({ page: text(SUBJECT_CHARS), counts: z.array(z.array(counted).length(5).nullable()).max(PAGE_COUNT_PERIODS) }))
    .max(COUNTED_PAGES)
})

// ---- What readers wrote about the gaps (reader text): kept only while reader text may be shown,
// so that a tick run, which reads no analytics, can give the agent the readers' own words.

/** Gaps whose words are kept: the ranked ones of the latest period. */
export const WORDS_GAPS = 5
/** Words of each kind a gap keeps, and the characters each keeps. */
export const WORDS_PER_KIND = 3
export const WORDS_CHARS = 200
export const SEARCH_WORDS_CHARS = 80
/** Characters the whole group takes in the encoded block at most (encodedChars): about a fifth of the state's budget. */
export const READER_WORDS_CHARS = 5_000

const gapWordsSchema = z.object({
  /** The gap (its fingerprint, as in `gaps`). */
  id: z.string().regex(/^[0-9a-f]{12}$/),
  /**
   * Questions left unanswered on its page, with what the assistant replied, and how often each was
   * asked (absent in a state an earlier version wrote: once, as far as it says).
   */
  questions: z.array(z.object({ question: text(WORDS_CHARS), answer: text(WORDS_CHARS), count: count.optional() })).max(WORDS_PER_KIND),
  /** Comments left with feedback marked not helpful on its page. */
  comments: z.array(text(WORDS_CHARS)).max(WORDS_PER_KIND),
  /** How often each comment was left, in the order of `comments` (absent in a state an earlier version wrote). */
  commentCounts: z.array(count).max(WORDS_PER_KIND).optional(),
  /** Searches with no click that match it, with how often each was made. */
  searches: z.array(z.object({ search: text(SEARCH_WORDS_CHARS), count })).max(WORDS_PER_KIND)
})

const readerWordsSchema = z.object({
  /** The period the words were read over. */
  dateFrom: text(40),
  dateTo: text(40),
  gaps: z.array(gapWordsSchema).max(WORDS_GAPS)
})

export type GapWords = z.infer<typeof gapWordsSchema>
export type ReaderWords = z.infer<typeof readerWordsSchema>

/** The state without what readers wrote about its gaps: what a run does the moment reader text is hidden. */
export function forgetGapWords(state: HealthState): HealthState {
  const rest = { ...state }
  delete rest.readerWords
  return rest
}

const overviewSchema = z.object({ digest: z.string().regex(/^[0-9a-f]{64}$/), words: z.boolean() })

export const stateSchema = z.object({
  /** The version that wrote it: this one, or a newer one, whose number is kept. */
  version: z.number().int().min(STATE_VERSION),
  projectId: text(200),
  periods: z.array(periodSchema).max(HISTORY_PERIODS),
  gaps: z.array(gapSchema).max(LEDGER_GAPS),
  topPages: pagesSchema.optional(),
  /** Each page's counts in the latest periods, for Fix first (page-history.ts). */
  pageCounts: pageCountsSchema.optional(),
  /** Reader text: absent whenever reader text is hidden. */
  readerWords: readerWordsSchema.optional(),
  /**
   * The top of the issue as the action last wrote it (body.ts, overviewDigest): its SHA-256, and whether
   * it, or a state before it while reader text stayed shown, was written with reader text shown. A run
   * that reads no analytics keeps the top only when the body still holds exactly these blocks, and,
   * once reader text is hidden, only when they hold none.
   */
  overview: overviewSchema.optional(),
  /**
   * Gaps of a kind or state this version cannot read (a newer version's), as they were: never shown
   * or asked for, written back as they are, after the gaps it reads.
   */
  foreign: z
    .array(z.object({ id: z.string().regex(/^[0-9a-f]{12}$/) }))
    .max(LEDGER_GAPS)
    .optional()
})

/**
 * A state as a body may carry it: this version, or version 1 (no numbers, no dismissed gaps, no
 * pages; its evidence migrated, migrate.ts), read as this version with nothing more known.
 */
const anyVersionSchema = z.union([
  stateSchema,
  stateSchema.extend({ version: z.literal(1), topPages: z.undefined().optional() }).transform((old) => ({ ...old, version: STATE_VERSION }))
])

export type HealthState = z.infer<typeof stateSchema>
export type PeriodRecord = z.infer<typeof periodSchema>
export type GapRecord = z.infer<typeof gapSchema>
export type GapNumbers = z.infer<typeof numbersSchema>
export type GapEvidence = z.infer<typeof evidenceSchema>
export type VisitedPages = z.infer<typeof pagesSchema>
export type PageCounts = z.infer<typeof pageCountsSchema>

/** A new gap id, for a gap whose id was a fingerprint of what a reader typed. */
const randomGapId = (): string => randomBytes(6).toString('hex')

/**
 * The state with every word readers typed taken out, for a run in which reader text is hidden
 * (`readerText: hide`, or `auto` in a repository that is not private), whatever earlier runs kept
 * while it was shown. A search gap keeps its counts, not its words: its subject is emptied, and its id
 * (a fingerprint of the search) replaced by `newId`. A page is shown by the label of its path: one
 * named by a path keeps its id, one named by a URL, as it is kept while reader text is shown, gets a
 * new id; a page `site` lists (the site's navigation) keeps its path, and so does a visited page.
 * Every evidence keeps its counts, without
 * the words of the searches it quotes. A field that comes to hold reader text is emptied here as well.
 */
export function forgetReaderText(state: HealthState, site?: SitePages, newId: () => string = randomGapId): HealthState {
  // A state written while reader text was shown may hold it in fields this version does not know (a
  // newer version's): those go, and so do the gaps it cannot read. One written hidden is kept whole.
  const shown = state.readerWords !== undefined || state.overview?.words === true
  const known = shown ? knownOnly(state) : state
  const gaps = known.gaps.map((kept): GapRecord => {
    // The searches a gap follows are named by their words: their counts stay in noClick.
    const gap = {
      ...kept,
      evidence: withoutWords(kept.evidence),
      now: withoutSearches(kept.now),
      before: withoutSearches(kept.before),
      after: withoutSearches(kept.after)
    }
    if (gap.after === undefined) delete gap.after
    if (gap.kind === 'search') return gap.subject === '' ? gap : { ...gap, id: newId(), subject: '' }
    // A page a client named is shown by its label (text/page-path.ts). The gap keeps its id, a hash
    // that says no more of the path than the label does, so that a tick made while the path was shown
    // still asks for it.
    // The page it moved from is named as its page is.
    if (gap.movedFrom !== undefined) gap.movedFrom = sitePage(gap.movedFrom, false, site) ?? gap.movedFrom
    const page = sitePage(gap.subject, false, site) ?? gap.subject
    if (page === gap.subject) return gap
    return { ...gap, id: gap.subject.startsWith('/') && isPageLabel(page) ? gap.id : newId(), subject: page }
  })
  // What readers wrote about the gaps, kept for a tick's prompt, goes whole; so do the pages' counts
  // kept while reader text was shown, whose pages may be named as a client sent them.
  const forgotten = forgetGapWords({ ...known, gaps })
  if (shown) delete forgotten.pageCounts
  // A page named otherwise than it is while reader text is hidden was kept while it was shown, even
  // where nothing else says so: it goes, as a gap's path gives way to its label.
  else if (forgotten.pageCounts)
    forgotten.pageCounts = {
      ...forgotten.pageCounts,
      pages: forgotten.pageCounts.pages.filter(({ page }) => sitePage(page, false, site) === page)
    }
  // The visited pages are named by the paths page loads gave: each is shown as a page read now is.
  if (forgotten.topPages)
    forgotten.topPages = {
      ...forgotten.topPages,
      pages: forgotten.topPages.pages.map((page) => ({ ...page, path: readerPath(page.path, false, site) }))
    }
  return forgotten
}

/** The state with only the fields, headline keys and gaps this version knows. */
function knownOnly(state: HealthState): HealthState {
  const rest = { ...state }
  delete rest.foreign
  return { ...stateSchema.parse(rest), version: state.version }
}

/** A gap's numbers without the searches it follows by their words. */
export function withoutSearches(numbers: GapNumbers | undefined): GapNumbers | undefined {
  if (numbers?.searches === undefined) return numbers
  const rest = { ...numbers }
  delete rest.searches
  return rest
}

/** A docs health issue with no history. */
export function emptyState(projectId: string): HealthState {
  return { version: STATE_VERSION, projectId, periods: [], gaps: [] }
}

const OPEN = '<!-- docs-agent-action:state '
const CLOSE = ' -->'
/** The most characters the encoded state may take in a body; a bigger block is not read. */
export const STATE_MAX_CHARS = 40_000
/** The most characters a run writes it in: what it can do without is cut first, then the ledger (fittedState). */
export const STATE_BUDGET_CHARS = 24_000

/** The state as the HTML comment the body carries. */
export function encodeState(state: HealthState): string {
  // The gaps of another version go back among the gaps, where it reads them.
  const { foreign, ...rest } = state
  const written = foreign === undefined ? rest : { ...rest, gaps: [...rest.gaps, ...foreign] }
  return `${OPEN}${Buffer.from(JSON.stringify(written)).toString('base64')}${CLOSE}`
}

/**
 * The characters `value` takes in the encoded block: its JSON in UTF-8, in base64. What every cap of
 * the state is measured in: a wide character takes up to four of them, not one.
 */
export function encodedChars(value: unknown): number {
  return Math.ceil(Buffer.byteLength(JSON.stringify(value)) / 3) * 4
}

/**
 * Whether a cut keeps a gap to the last: a person said it is not a gap, or the agent was asked for it
 * and its verdict is owed (asked, its pull request open, merged). Dropped, the first would be open to
 * tick again and the second never judged.
 */
export const isDecided = (gap: GapRecord): boolean =>
  gap.state === 'dismissed' || gap.state === 'asked' || gap.state === 'pr-open' || gap.state === 'merged'

/** A state cut to its budget, and the gaps it holds a decision on that it could not keep. */
export interface FittedState {
  state: HealthState
  lost: GapRecord[]
}

/** The state with the last page of its page counts cut, the counts gone with their last page. */
function withFewerCounts(state: HealthState, counts: PageCounts): HealthState {
  const pages = counts.pages.slice(0, -1)
  if (pages.length > 0) return { ...state, pageCounts: { ...counts, pages } }
  const rest = { ...state }
  delete rest.pageCounts
  return rest
}

/** The state with the last of its top pages cut, the group gone with its last page. */
function withFewerTopPages(state: HealthState, top: VisitedPages): HealthState {
  const pages = top.pages.slice(0, -1)
  if (pages.length > 0) return { ...state, topPages: { ...top, pages } }
  const rest = { ...state }
  delete rest.topPages
  return rest
}

/** The state with the words of its last gap cut (the lightest ranked), the group gone with its last gap. */
function withFewerWords(state: HealthState, words: ReaderWords): HealthState {
  const gaps = words.gaps.slice(0, -1)
  return gaps.length > 0 ? { ...state, readerWords: { ...words, gaps } } : forgetGapWords(state)
}

/**
 * The state as the body carries it, within STATE_BUDGET_CHARS: what a run can do without goes first,
 * each page's counts (the pages with the fewest readers heard from first), the top pages, then the
 * readers' words (the lightest gap's first); then the gaps nobody decided on (closed gaps first, then
 * the lightest); a gap a person dismissed, or whose verdict is owed, only when nothing else is left,
 * and it is then named in `lost`. The periods need no cut: twelve of them take a few thousand characters.
 * Another version's gaps (`foreign`) take room in the ledger's LEDGER_GAPS, made in the same order.
 */
export function fittedState(state: HealthState): FittedState {
  // Stryker disable next-line EqualityOperator: no block is STATE_BUDGET_CHARS long (base64 comes in fours, the rest takes 33)
  const over = (held: HealthState): boolean => encodeState(held).length > STATE_BUDGET_CHARS
  let bounded = state
  const lost: GapRecord[] = []
  /** The state without the gap a cut takes first (leastNeeded), named in `lost` when it was decided. */
  const withoutOneGap = (): HealthState => {
    const kept = [...bounded.gaps]
    const at = leastNeeded(kept, bounded.periods.at(-FIXED_KEPT_PERIODS)?.dateFrom ?? '')
    const [gone] = kept.splice(at, 1)
    if (gone && isDecided(gone)) lost.push(gone)
    return { ...bounded, gaps: kept }
  }
  // With another version's gaps, the whole ledger keeps to LEDGER_GAPS: cut as the budget cuts.
  const room = LEDGER_GAPS - (state.foreign?.length ?? 0)
  while (state.foreign !== undefined && bounded.gaps.length > room) bounded = withoutOneGap()
  while (over(bounded)) {
    if (bounded.pageCounts) bounded = withFewerCounts(bounded, bounded.pageCounts)
    else if (bounded.topPages) bounded = withFewerTopPages(bounded, bounded.topPages)
    else if (bounded.readerWords) bounded = withFewerWords(bounded, bounded.readerWords)
    else if (bounded.gaps.length > 0) bounded = withoutOneGap()
    else break
  }
  return { state: bounded, lost }
}

/** The state as the body carries it (fittedState), within STATE_BUDGET_CHARS. */
export function boundedState(state: HealthState): HealthState {
  return fittedState(state).state
}

/** Periods a fixed gap is kept through a cut since the periods that proved it: its verdict is recent, and its trouble watched. */
export const FIXED_KEPT_PERIODS = 6

/**
 * The index of the gap a cut takes first: the last one fixed before `recent` (a day: the first of the
 * latest FIXED_KEPT_PERIODS periods), then the last gap never judged (open, with no verdict: ranked
 * again, it is found again), then the last fixed one, then the last one nobody decided on (isDecided),
 * then the last of all. A gap whose verdict is owed, or a person dismissed, stays longest.
 */
function leastNeeded(gaps: readonly GapRecord[], recent: string): number {
  const last = (holds: (gap: GapRecord) => boolean): number => {
    for (let at = gaps.length - 1; at >= 0; at--) if (holds(gaps[at] as GapRecord)) return at
    return -1
  }
  const fixedOn = (gap: GapRecord): string => gap.after?.dateTo ?? gap.resolvedOn ?? ''
  const found = [
    last((gap) => gap.state === 'resolved' && fixedOn(gap) < recent),
    last((gap) => gap.state === 'new' && gap.verdict === undefined),
    last((gap) => gap.state === 'resolved'),
    last((gap) => !isDecided(gap))
  ].find((at) => at >= 0)
  return found ?? gaps.length - 1
}

/**
 * The state the owned part of a body (`owned`, between its markers) carries, or undefined when it
 * carries none or one that is not whole and valid.
 */
export function decodeState(owned: string, projectId: string): HealthState | undefined {
  const block = stateBlock(owned)
  if (!block || !/^[A-Za-z0-9+/]*={0,2}$/.test(block.encoded)) return undefined
  try {
    return stateOf(JSON.parse(Buffer.from(block.encoded, 'base64').toString('utf8')), projectId)
  } catch {
    return undefined
  }
}

const foreignGapSchema = z.object({ id: z.string().regex(/^[0-9a-f]{12}$/) })

/**
 * What a run can do without: each page's counts and the top pages (the next period read whole starts
 * them again), the readers' words (read again with the analytics) and the top's digest. Any of them in
 * a shape this version cannot read (a newer version's) is left, never the history and ledger with it.
 */
const CACHES = { topPages: pagesSchema, pageCounts: pageCountsSchema, readerWords: readerWordsSchema, overview: overviewSchema }
/** The digest of a top that matches none: all zeros, which no known text's SHA-256 gives. */
const UNKNOWN_DIGEST = '0'.repeat(64)

/**
 * A period of the history as this version can read it: a headline of a shape it cannot read (a newer
 * version's) is left, never the period with it; a period it cannot read at all is left alone, never
 * the history with it.
 */
function readablePeriod(period: unknown): unknown {
  if (periodSchema.safeParse(period).success) return period
  if (!isRecord(period) || !isRecord(period.headlines)) return undefined
  const headlines = Object.fromEntries(
    Object.entries(period.headlines).filter(([key, value]) => key.length <= HEADLINE_KEY_CHARS && typeof value === 'number')
  )
  const readable = { ...period, headlines }
  return periodSchema.safeParse(readable).success ? readable : undefined
}

/**
 * The state a decoded block holds, for `projectId`: each gap this version reads is read, each other
 * one with a fingerprint is kept in `foreign` as it is; undefined when the block is no state.
 */
function stateOf(decoded: unknown, projectId: string): HealthState | undefined {
  const raw = migrated(decoded)
  if (typeof raw !== 'object' || raw === null || !('gaps' in raw) || !Array.isArray(raw.gaps) || raw.gaps.length > LEDGER_GAPS)
    return undefined
  const gaps: unknown[] = []
  const foreign: HealthState['gaps'][number][] = []
  for (const gap of raw.gaps as unknown[]) {
    if (gapSchema.safeParse(gap).success) gaps.push(gap)
    else if (foreignGapSchema.safeParse(gap).success) foreign.push(gap as GapRecord)
    else return undefined
  }
  const unread = Object.entries(CACHES)
    .filter(([key, schema]) => !schema.optional().safeParse((raw as Record<string, unknown>)[key]).success)
    .map(([key]) => key)
  const rest: Record<string, unknown> = Object.fromEntries(
    Object.entries({ ...raw, gaps }).filter(([key]) => key !== 'foreign' && !unread.includes(key))
  )
  if (Array.isArray(rest.periods)) rest.periods = rest.periods.map(readablePeriod).filter((period) => period !== undefined)
  const parsed = anyVersionSchema.safeParse(rest)
  if (!parsed.success || parsed.data.projectId !== projectId) return undefined
  const state = withUnknown(rest, parsed.data)
  // A cache left may have held reader text, or vouched for the top: the state reads as written with
  // reader text shown (forgetReaderText then drops what this version does not know), with a top
  // that matches none (keptOverview keeps no top it cannot vouch for).
  if (unread.length > 0) state.overview = { digest: UNKNOWN_DIGEST, words: true }
  return foreign.length > 0 ? { ...state, foreign } : state
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `known` (what the schema read of `raw`) with every field of `raw` the schema does not know put back
 * as it is, at every depth: what a newer version wrote is carried through. Arrays are matched item by
 * item when they are as long.
 */
export function withUnknown<T>(raw: unknown, known: T): T {
  if (Array.isArray(known))
    return (Array.isArray(raw) && raw.length === known.length ? known.map((item: unknown, at) => withUnknown(raw[at], item)) : known) as T
  if (!isRecord(known) || !isRecord(raw)) return known
  const kept: Record<string, unknown> = {}
  // defineProperty, not assignment, sets no prototype; and a key named __proto__, which no version
  // writes, is never carried.
  const put = (key: string, value: unknown) =>
    Object.defineProperty(kept, key, { value, enumerable: true, writable: true, configurable: true })
  for (const [key, value] of Object.entries(raw)) if (!Object.hasOwn(known, key) && key !== '__proto__') put(key, value)
  for (const [key, value] of Object.entries(known)) put(key, withUnknown(raw[key], value))
  return kept as T
}

// The state is sealed (core/record-seal.ts): the line after its block holds the seal of the block's
// exact text, so that a state another app or workflow wrote, or one a person edited, is never
// believed. The seal is a line of its own, added to the owned part once it is made, and checked
// before the block is read.
const SEAL_OPEN = '\n<!-- docs-agent-action:state-seal '
const SEALED = new RegExp(`^${SEAL_OPEN}(${SEAL_PATTERN})${CLOSE}`)

/** The first state block of `owned`: its encoded text and where it ends; undefined when there is none. */
function stateBlock(owned: string): { encoded: string; end: number } | undefined {
  const start = owned.indexOf(OPEN)
  if (start < 0) return undefined
  const from = start + OPEN.length
  const end = owned.indexOf(CLOSE, from)
  // Stryker disable next-line EqualityOperator: the end is -1 or at least `from`, never 0
  if (end < 0) return undefined
  if (end - from > STATE_MAX_CHARS) return undefined
  return { encoded: owned.slice(from, end), end: end + CLOSE.length }
}

/**
 * The owned part with its state block sealed for `place` (the repository and the number,
 * "acme/docs#12"): the seal's line follows the block. The same block pasted into another issue does
 * not verify there.
 */
export function sealState(owned: string, seal: RecordSeal, place: string): string {
  const block = stateBlock(owned)
  if (!block) return owned
  return `${owned.slice(0, block.end)}${SEAL_OPEN}${seal.sign('state', [place, block.encoded])}${CLOSE}${owned.slice(block.end)}`
}

/**
 * The state the owned part of a body carries, only when its seal verifies: `state` when it does;
 * `unproven` when the part holds a state block whose seal does not verify for `place` (written with
 * another API key, by someone else, edited, or copied from another issue), which is never read.
 */
export function openState(owned: string, projectId: string, seal: RecordSeal, place: string): { state?: HealthState; unproven: boolean } {
  const block = stateBlock(owned)
  if (!block) return { unproven: owned.includes(OPEN) }
  const sealed = SEALED.exec(owned.slice(block.end, block.end + SEAL_OPEN.length + 43 + CLOSE.length))
  if (!seal.verifies('state', [place, block.encoded], sealed?.[1])) return { unproven: true }
  const state = decodeState(owned, projectId)
  return state ? { state, unproven: false } : { unproven: true }
}
