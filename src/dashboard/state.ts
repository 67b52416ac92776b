// What the dashboard issue remembers between runs: the headline numbers of the last periods and the
// ledger of gaps. It lives in the body, in an HTML comment (base64 of JSON, so that no text
// in it can close the comment), versioned and bounded: a body stays far below GitHub's 65,536
// characters however long the history. A block a person broke is read as no history, never as an
// error, and the next run writes a whole one.
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { HEADLINE_NAMES, type HeadlineKey } from '../report/renderer.js'
import { counted, num } from '../text/format.js'
import { sitePage } from '../text/page-path.js'

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

export const stateSchema = z.object({
  version: z.literal(1),
  projectId: text(200),
  periods: z.array(periodSchema).max(HISTORY_PERIODS),
  gaps: z.array(gapSchema).max(LEDGER_GAPS)
})

export type DashboardState = z.infer<typeof stateSchema>
export type PeriodRecord = z.infer<typeof periodSchema>
export type GapRecord = z.infer<typeof gapSchema>

/** Parts of a gap's evidence that hold no reader word: counts, in the ledger's own words. */
const WORDLESS_PART = [
  /^[\d,.]+ (?:thumbs down|marked not helpful|unanswered questions?)$/,
  /^[\d,.]+ (?:other )?search(?:es)? with no click \([\d,.]+×\)$/,
  /^searched [\d,.]+× with no click$/
]
/** The end of a part that quotes a search: its count is kept, its words are not. */
const QUOTED_SEARCH = /searched ([\d,.]+)× with no click$/
const OTHER_SEARCHES = /^([\d,.]+) other search(?:es)? with no click \(([\d,.]+)×\)$/

const countIn = (text: string | undefined): number => Number((text ?? '').replace(/,/g, '')) || 0

/**
 * A gap's evidence in counts alone: "14 thumbs down · “webhook retries” searched 31× with no click"
 * becomes "14 thumbs down · 1 search with no click (31×)". The evidence is rebuilt from the parts
 * that are counts in the ledger's words (` · ` apart); every other piece of text is left out, so no
 * word a reader typed survives, whatever the search held (a quote mark, ` · `, or text that reads like
 * a count, which at worst makes a count too high).
 */
export function evidenceCounts(evidence: string): string {
  const parts = evidence.split(' · ')
  if (parts.every((part) => WORDLESS_PART.some((pattern) => pattern.test(part)))) return evidence
  const kept: string[] = []
  let searches = 0
  let hits = 0
  for (const part of parts) {
    const other = OTHER_SEARCHES.exec(part)
    const quoted = QUOTED_SEARCH.exec(part)
    if (other) {
      searches += countIn(other[1])
      hits += countIn(other[2])
    } else if (WORDLESS_PART[0]?.test(part)) kept.push(part)
    else if (quoted) {
      searches++
      hits += countIn(quoted[1])
    }
  }
  if (searches > 0) kept.push(`${counted(searches, 'search', 'searches')} with no click (${num(hits)}×)`)
  return kept.join(' · ')
}

/** A new gap id, for a gap whose id was a fingerprint of what a reader typed. */
const randomGapId = (): string => randomBytes(6).toString('hex')

/**
 * The state with every word readers typed taken out, for a run in which reader text is hidden
 * (`readerText: hide`, or `auto` in a repository that is not private), whatever earlier runs kept
 * while it was shown. A search gap keeps its counts, not its words: its subject is emptied, and its id
 * (a fingerprint of the search) replaced by `newId`. A page named by a URL, as it is kept while reader
 * text is shown, is reduced to its path, with a new id too. Every evidence keeps its counts alone
 * (`evidenceCounts`). A field that comes to hold reader text is emptied here as well.
 */
export function forgetReaderText(state: DashboardState, newId: () => string = randomGapId): DashboardState {
  const gaps = state.gaps.map((gap): GapRecord => {
    const evidence = evidenceCounts(gap.evidence)
    if (gap.kind === 'search') return gap.subject === '' ? { ...gap, evidence } : { ...gap, id: newId(), subject: '', evidence }
    const page = sitePage(gap.subject, false) ?? gap.subject
    return page === gap.subject ? { ...gap, evidence } : { ...gap, id: newId(), subject: page, evidence }
  })
  return { ...state, gaps }
}

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
