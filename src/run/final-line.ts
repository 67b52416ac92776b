// The run's last line in the log: how it ended and how long it took, for a reader who goes straight
// to the end. Built from each report's clause and failure, or from why the run could not start.
import { logText } from '../text/escape.js'
import { counted, formatDuration } from '../text/format.js'

/** What the last line needs of each report: its clause (renderer.ts's `endPhrase`) and its failure. */
export interface EndedPart {
  phrase: string
  failure?: string
}

/** How a run ended. */
export type RunEnd =
  /** The parts ran and reported these; `failures` fail the step beyond them (a report not all written). */
  | { kind: 'parts'; parts: readonly EndedPart[]; failures?: readonly string[] }
  /** The inputs were unusable: these are the inputs at fault (none when nothing was asked for). */
  | { kind: 'invalid-input'; inputs: readonly string[] }
  /** An error escaped the run. */
  | { kind: 'error'; message: string }

/** The most characters of a clause from a message: the line stays one a person reads at a glance. */
const MAX_CLAUSE = 300

/**
 * Text cut to at most `max` characters at the end of a word, with an ellipsis; cut within a word only
 * when its first half holds no space (one long word, such as a URL).
 */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text
  const space = text.lastIndexOf(' ', max - 1)
  const end = space >= max / 2 ? space : max - 1
  return `${text.slice(0, end).replace(/[\s,;:.]+$/, '')}…`
}

/** Text as one clause of the line: one line, its runs of white space as one space, cut at a word, without the period it may end with. */
function clause(text: string): string {
  return cutAtWord(logText(text.replace(/\s+/g, ' '), Number.MAX_SAFE_INTEGER), MAX_CLAUSE).replace(/\.+$/, '')
}

/** Why a run that never reached its parts failed, as a clause. */
function startFailure(end: Exclude<RunEnd, { kind: 'parts' }>): string {
  if (end.kind === 'error') return clause(end.message) || 'an unexpected error'
  return `invalid input${end.inputs.length > 0 ? ` (${end.inputs.join(', ')})` : ''}`
}

/** The first failure of the parts, then of the run, as a clause, and how many more there are; undefined when none fails the step. */
function partsFailure(parts: readonly EndedPart[], others: readonly string[]): string | undefined {
  const failures = [...parts.flatMap((part) => (part.failure === undefined ? [] : [part.failure])), ...others]
  const [first] = failures
  if (first === undefined) return undefined
  const more = failures.length - 1
  return `${clause(first)}${more > 0 ? ` (and ${counted(more, 'more failure')})` : ''}`
}

/**
 * The last line: "Done in 4m 12s: agent job completed, pull request https://…; visitors read."
 * or "Failed after 31s: <the first failure>."
 */
export function finalLine(end: RunEnd, elapsedMs: number): string {
  const took = formatDuration(elapsedMs)
  if (end.kind !== 'parts') return `Failed after ${took}: ${startFailure(end)}.`
  const failure = partsFailure(end.parts, end.failures ?? [])
  if (failure !== undefined) return `Failed after ${took}: ${failure}.`
  const phrases = end.parts.map((part) => part.phrase)
  return phrases.length > 0 ? `Done in ${took}: ${phrases.join('; ')}.` : `Done in ${took}.`
}
