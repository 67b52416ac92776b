// What the dashboard issue remembers between runs: the headline numbers of the last periods and the
// ledger of gaps. It lives in the body, in an HTML comment (base64 of JSON, so that no text
// in it can close the comment), versioned and bounded: a body stays far below GitHub's 65,536
// characters however long the history. A block a person broke is read as no history, never as an
// error, and the next run writes a whole one.
import { z } from 'zod'
import { HEADLINE_NAMES, type HeadlineKey } from '../report/renderer.js'

/** Periods of history kept: the trend shows up to this many. */
export const HISTORY_PERIODS = 12
/** Gaps the ledger keeps: the open ones first, then the newest closed ones. */
export const LEDGER_GAPS = 30
/** Characters a gap's subject and evidence keep. */
export const SUBJECT_CHARS = 120
export const EVIDENCE_CHARS = 300

export const GAP_STATES = ['new', 'asked', 'pr-open', 'merged', 'resolved', 'back'] as const
export type GapState = (typeof GAP_STATES)[number]

const count = z.number()
const text = (max: number) => z.string().max(max)

const periodSchema = z.object({
  dateFrom: text(40),
  dateTo: text(40),
  headlines: z.partialRecord(z.enum(Object.keys(HEADLINE_NAMES) as [HeadlineKey, ...HeadlineKey[]]), count),
  /** Gaps marked resolved in this period. */
  resolved: z.number().int().min(0).optional()
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
  /** Its score (fix-first.ts) in the latest period read; 0 when it was not ranked. */
  score: count,
  evidence: text(EVIDENCE_CHARS),
  state: z.enum(GAP_STATES),
  /** The agent job asked to fix it, and the workflow run that asked. */
  jobId: text(100).optional(),
  askedBy: text(40).optional(),
  prLink: text(300).optional(),
  /** Its score when the agent was asked: what "after" is compared with. */
  scoreBefore: count.optional(),
  /** Periods in a row its signal stayed below the threshold since the merge. */
  quiet: z.number().int().min(0).optional()
})

// ---- What readers wrote about the gaps (reader text): kept only while reader text may be shown,
// so that a tick run, which reads no analytics, can give the agent the readers' own words.

/** Gaps whose words are kept: the ranked ones of the latest period. */
export const WORDS_GAPS = 5
/** Words of each kind a gap keeps, and the characters each keeps. */
export const WORDS_PER_KIND = 3
export const WORDS_CHARS = 200
export const SEARCH_WORDS_CHARS = 80
/** Characters the whole group takes as JSON at most: a fifth of the state's budget. */
export const READER_WORDS_CHARS = 5_000

const gapWordsSchema = z.object({
  /** The gap (its fingerprint, as in `gaps`). */
  id: z.string().regex(/^[0-9a-f]{12}$/),
  /** Questions left unanswered on its page, with what the assistant replied. */
  questions: z.array(z.object({ question: text(WORDS_CHARS), answer: text(WORDS_CHARS) })).max(WORDS_PER_KIND),
  /** Comments left with feedback marked not helpful on its page. */
  comments: z.array(text(WORDS_CHARS)).max(WORDS_PER_KIND),
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
export function forgetGapWords(state: DashboardState): DashboardState {
  const rest = { ...state }
  delete rest.readerWords
  return rest
}

export const stateSchema = z.object({
  version: z.literal(1),
  projectId: text(200),
  periods: z.array(periodSchema).max(HISTORY_PERIODS),
  gaps: z.array(gapSchema).max(LEDGER_GAPS),
  /** Reader text: absent whenever reader text is hidden. */
  readerWords: readerWordsSchema.optional()
})

export type DashboardState = z.infer<typeof stateSchema>
export type PeriodRecord = z.infer<typeof periodSchema>
export type GapRecord = z.infer<typeof gapSchema>

/** A dashboard with no history. */
export function emptyState(projectId: string): DashboardState {
  return { version: 1, projectId, periods: [], gaps: [] }
}

const OPEN = '<!-- docs-agent-action:state '
const CLOSE = ' -->'
/** The most characters the encoded state may take in a body; a bigger block is not read. */
export const STATE_MAX_CHARS = 40_000
/** The most characters a run writes it in: the ledger is cut, its closed gaps first, to fit. */
export const STATE_BUDGET_CHARS = 24_000

/** The state as the HTML comment the body carries. */
export function encodeState(state: DashboardState): string {
  return `${OPEN}${Buffer.from(JSON.stringify(state), 'utf8').toString('base64')}${CLOSE}`
}

/**
 * The state as the body carries it, its ledger cut (closed gaps first, then the lowest scores) to fit
 * STATE_BUDGET_CHARS. The periods need no cut: twelve of them take a few thousand characters.
 */
export function boundedState(state: DashboardState): DashboardState {
  let bounded = state
  while (encodeState(bounded).length > STATE_BUDGET_CHARS && bounded.gaps.length > 0) {
    const gaps = [...bounded.gaps]
    const closed = gaps.map((gap) => gap.state).lastIndexOf('resolved')
    gaps.splice(closed >= 0 ? closed : gaps.length - 1, 1)
    bounded = { ...bounded, gaps }
  }
  return bounded
}

/**
 * The state the owned part of a body (`owned`, between its markers) carries, or undefined when it
 * carries none or one that is not whole and valid.
 */
export function decodeState(owned: string, projectId: string): DashboardState | undefined {
  const body = owned
  const start = body.indexOf(OPEN)
  if (start < 0) return undefined
  const from = start + OPEN.length
  const end = body.indexOf(CLOSE, from)
  if (end < 0 || end - from > STATE_MAX_CHARS) return undefined
  const encoded = body.slice(from, end)
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) return undefined
  try {
    const parsed = stateSchema.safeParse(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')))
    return parsed.success && parsed.data.projectId === projectId ? parsed.data : undefined
  } catch {
    return undefined
  }
}
