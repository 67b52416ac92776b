// The run's last line in the log: how it ended and how long it took, for a reader who goes straight
// to the end. Built from the sections the parts reported, or from why the run could not start.
import { logText } from '../text/escape.js'
import { counted, formatDuration } from '../text/format.js'

/** What the last line needs of each section (report/sections.ts has the whole of each). */
export type EndedSection =
  | { kind: 'job'; failure?: string; status?: string; prLink?: string }
  | { kind: 'visitors'; failure?: string; totals?: unknown; rows: readonly unknown[]; partial: boolean }
  | { kind: 'views' | 'searches' | 'feedback' | 'assistant'; failure?: string; requests: number; partial: boolean }

/** How a run ended. */
export type RunEnd =
  /** The parts ran and reported these sections. */
  | { kind: 'sections'; sections: readonly EndedSection[] }
  /** The inputs were unusable: these are the inputs at fault (none when nothing was asked for). */
  | { kind: 'invalid-input'; inputs: readonly string[] }
  /** An error escaped the run. */
  | { kind: 'error'; message: string }

// A job that does not fail the step: what its last status means.
const JOB_STATUS_WORDS: Readonly<Record<string, string>> = {
  active: 'running, not waited for',
  completed: 'completed',
  archived: 'archived',
  failed: 'failed on the service'
}

/** Text as one clause of the line: one line, its runs of white space as one space, without the period it may end with. */
function clause(text: string): string {
  return logText(text.replace(/\s+/g, ' ')).replace(/\.+$/, '')
}

function jobPhrase(job: Extract<EndedSection, { kind: 'job' }>): string {
  const status = job.status === undefined ? 'with no status' : (JOB_STATUS_WORDS[job.status] ?? logText(job.status, 50))
  if (job.prLink) return `agent job ${status}, pull request ${logText(job.prLink)}`
  return `agent job ${status}${job.status === 'completed' ? ' without a pull request' : ''}`
}

function visitorsPhrase(visitors: Extract<EndedSection, { kind: 'visitors' }>): string {
  if (visitors.totals === undefined) return 'visitors not exported'
  return `visitors exported (${counted(visitors.rows.length, 'page')}${visitors.partial ? ', partial' : ''})`
}

const SECTION_NAMES = { views: 'page views', searches: 'searches', feedback: 'feedback', assistant: 'assistant questions' } as const

function sectionPhrase(section: Extract<EndedSection, { kind: keyof typeof SECTION_NAMES }>): string {
  const name = SECTION_NAMES[section.kind]
  if (section.requests === 0) return `${name} not read`
  return `${name} read${section.partial ? ' (partial)' : ''}`
}

function phraseOf(section: EndedSection): string {
  if (section.kind === 'job') return jobPhrase(section)
  if (section.kind === 'visitors') return visitorsPhrase(section)
  return sectionPhrase(section)
}

/** Why a run that never reached its parts failed, as a clause. */
function startFailure(end: Exclude<RunEnd, { kind: 'sections' }>): string {
  if (end.kind === 'error') return clause(end.message) || 'an unexpected error'
  return `invalid input${end.inputs.length > 0 ? ` (${end.inputs.join(', ')})` : ''}`
}

/** The first failure of the sections, as a clause, and how many more there are; undefined when none fails the step. */
function sectionsFailure(sections: readonly EndedSection[]): string | undefined {
  const failures = sections.flatMap((section) => (section.failure === undefined ? [] : [section.failure]))
  const [first] = failures
  if (first === undefined) return undefined
  const more = failures.length - 1
  return `${clause(first)}${more > 0 ? ` (and ${counted(more, 'more failure')})` : ''}`
}

/**
 * The last line: "Done in 4m 12s: agent job completed, pull request https://…; visitors exported (600 pages)."
 * or "Failed after 31s: <the first failure>."
 */
export function finalLine(end: RunEnd, elapsedMs: number): string {
  const took = formatDuration(elapsedMs)
  if (end.kind !== 'sections') return `Failed after ${took}: ${startFailure(end)}.`
  const failure = sectionsFailure(end.sections)
  if (failure !== undefined) return `Failed after ${took}: ${failure}.`
  const phrases = end.sections.map(phraseOf)
  return phrases.length > 0 ? `Done in ${took}: ${phrases.join('; ')}.` : `Done in ${took}.`
}
