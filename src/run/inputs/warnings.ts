// The warnings about inputs a run ignores: an input given a value the run will not use (in part, a
// dateTo after today), and an input of the step's `with:` that this action does not have but is near
// one it has.
import { describeRange } from '../../text/dates.js'
import { nearMiss } from '../../text/near-miss.js'
import { followUpAsked, type Read } from './checks.js'
import { type AnalyticsRange, INPUT_NAMES, type InputName, RENAMED_INPUTS, RENAMED_UNTIL, type RenamedInput } from './schema.js'

/** Inputs that only the analytics use. `alerts` is not here: a rule without analytics is an input error. */
const ANALYTICS_ONLY = ['dateFrom', 'dateTo', 'topPages', 'maxRequests', 'compare', 'readerText'] as const

/** The warning for an input given a value that the run ignores: why, and what to do about it. */
function ignored(input: string, why: string, remedy: string): string {
  return `${input} is ignored: ${why}; ${remedy}.`
}

/**
 * What a range cut to today reads, for the log and the summary: the partial period it covers, and
 * what it is compared with. Undefined for a range that is not cut.
 */
export function rangeCutNote(range: AnalyticsRange & { compare: boolean }): string | undefined {
  if (range.cutFrom === undefined) return undefined
  const compared = range.compare ? ', compared with the period of the same length just before it' : ''
  return (
    `dateTo (${range.cutFrom}) is after today (UTC, by the run's clock): the range is cut to what has passed, ` +
    `a partial period of ${describeRange(range.dateFrom, range.dateTo)}${compared}.`
  )
}

/**
 * A warning for each input given a value that the run will ignore. Inputs at their default are never
 * named, nor is timeoutMinutes, which bounds the whole run.
 */
export function ignoredInputs(read: Read): string[] {
  const warnings: string[] = []
  if (read.valid('analytics')?.analytics.length === 0) {
    for (const input of ANALYTICS_ONLY.filter((name) => read.given.has(name))) {
      warnings.push(
        ignored(
          input,
          'only the analytics use it, and analytics is false',
          `set analytics (all, or a list of sections), or remove ${input}`
        )
      )
    }
  }
  const job = read.valid('prompt', 'jobId', 'healthIssue')
  const noJob = 'neither prompt nor jobId is set'
  // Without prompt or jobId, a job is created only from the gaps a person ticks in the docs health issue.
  if (job && job.prompt === undefined && job.jobId === undefined) {
    if (!job.healthIssue) {
      for (const input of (['wait', 'pollIntervalSeconds'] as const).filter((name) => read.given.has(name))) {
        warnings.push(ignored(input, `only an agent job uses it, and ${noJob}`, `set one, or remove ${input}`))
      }
      const ends = read.given.has('failOn') ? [...(read.valid('failOn')?.failOn.job ?? [])] : []
      if (ends.length > 0) {
        const words = `failOn's ${ends.join(', ')}`
        warnings.push(
          ends.length === 1
            ? ignored(words, `only an agent job ends that way, and ${noJob}`, 'set one, or remove it from failOn')
            : `${words} are ignored: only an agent job ends those ways, and ${noJob}; set one, or remove them from failOn.`
        )
      }
    }
    if (read.given.has('comment')) warnings.push(ignored('comment', `it follows the agent job, and ${noJob}`, 'set one, or remove comment'))
  }
  if (read.given.has('contextBytes') && read.valid('context')?.context === false) {
    warnings.push(
      ignored(
        'contextBytes',
        'it bounds the change sent with the prompt, and context is none',
        'set context: change, or remove contextBytes'
      )
    )
  }
  if (read.given.has('check') && job && job.prompt === undefined && job.jobId === undefined && !followUpAsked(job, read.eventName)) {
    warnings.push(ignored('check', `it records the agent job, and ${noJob}`, 'set one, or remove check'))
  }
  if (read.given.has('healthIssueTitle') && read.valid('healthIssue')?.healthIssue === false) {
    warnings.push(
      ignored(
        'healthIssueTitle',
        'it names the docs health issue, and healthIssue is false',
        'set healthIssue: true, or remove healthIssueTitle'
      )
    )
  }
  return warnings
}

/** An input of the step's `with:` that this action does not have, as written, and the input it is near. */
export interface Misnamed {
  written: string
  near: InputName
}

/**
 * The inputs of the step's `with:` that this action does not have and that are near one it has (the
 * runner passes each as an INPUT_ variable, named in capitals, and itself warns of names it does not
 * know, without a suggestion).
 */
export function misnamed(env: Readonly<Record<string, string | undefined>>): Misnamed[] {
  const known = new Set([...INPUT_NAMES, ...Object.keys(RENAMED_INPUTS)].map((name) => `INPUT_${name.toUpperCase()}`))
  return Object.keys(env)
    .filter((variable) => variable.startsWith('INPUT_') && !known.has(variable))
    .flatMap((variable) => {
      const written = variable.slice('INPUT_'.length).toLowerCase()
      const near = nearMiss(written, INPUT_NAMES)
      return near === undefined ? [] : [{ written, near }]
    })
}

/** A warning for each input of the step's `with:` that this action does not have and that is near one it has. */
export function misnamedInputs(env: Readonly<Record<string, string | undefined>>): string[] {
  return misnamed(env).map(({ written, near }) => `${written} is not an input of this action, and is ignored; did you mean ${near}?`)
}

/** The warning for an input set under its old name (RENAMED_INPUTS). */
export function renamedWarning(old: RenamedInput): string {
  return `${old} is the old name of ${RENAMED_INPUTS[old]}: it still works, and stops working in ${RENAMED_UNTIL}; rename it in the workflow.`
}
