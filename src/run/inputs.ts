// The action's inputs, read once and validated into one typed object before any request is made.
// One entry point: the schema of each input (inputs/schema.ts), the checks of inputs together
// (inputs/checks.ts) and the warnings about inputs a run ignores (inputs/warnings.ts).
import type { z } from 'zod'
import type { FailOn } from '../agent/outcome.js'
import { InputError, type InputProblem } from '../core/input-error.js'
import type { AlertRule } from '../render/alerts.js'
import type { SectionName } from '../core/catalog.js'
import { CHECKS, followUpAsked, type Read } from './inputs/checks.js'
import {
  analyticsRange,
  type AnalyticsRange,
  type Field,
  INPUT_DEFAULTS,
  INPUT_NAMES,
  type InputName,
  type Parsed,
  type ReaderTextSetting,
  RENAMED_INPUTS,
  type RenamedInput,
  schema
} from './inputs/schema.js'
import { ignoredInputs, type Misnamed, misnamed, rangeCutNote, renamedWarning } from './inputs/warnings.js'

export { analyticsRange, type AnalyticsRange, INPUT_DEFAULTS, READER_TEXT_WORDS, type ReaderTextSetting } from './inputs/schema.js'
export { misnamedInputs, rangeCutNote } from './inputs/warnings.js'

export interface Inputs {
  apiKey: string
  projectId: string
  prompt?: string
  jobId?: string
  wait: boolean
  timeoutMs: number
  pollIntervalMs: number
  failOn: ReadonlySet<FailOn>
  /** `failOn` includes alert: a rule of `alerts` that fires fails the step. */
  failOnAlert: boolean
  /** Rules over the report's headline numbers; none unless `alerts` is set. */
  alerts: AlertRule[]
  baseUrl: string
  /** The analytics sections to read, when asked for. */
  analytics?: AnalyticsInputs
  /** Comment on the triggering issue or pull request, when asked for. */
  comment?: { token: string }
  /** Keep the docs health issue of the repository and project, when asked for. */
  healthIssue?: { token: string; title: string }
  /** Append the change that triggered the run to the prompt, within this many bytes. */
  changeContext?: { maxBytes: number }
  /** Record the job in a "Docs agent" check run on the triggering commit. */
  check: boolean
  /** Read a follow-up for the agent's job from the comment that triggered the run (no prompt, no jobId, an issue_comment event). */
  followUp: boolean
  /** The word that starts a follow-up comment on the agent's pull request. */
  command: string
  /** The workflow's token, for the change, the check run, the comments and the agent's pull request; '' when not given. */
  githubToken: string
  /** Warnings about the inputs that do not stop the run: each input given a value that the run ignores. */
  warnings: string[]
}

export interface AnalyticsInputs extends AnalyticsRange {
  topPages: number
  /** The most analytics requests the run may make, all sections and the comparison together. */
  maxRequests: number
  /** Also read the totals of the period of the same length just before the range. */
  compare: boolean
  /** The sections to read, in report order. */
  sections: readonly SectionName[]
  /** Whether the text readers typed may be shown; `auto` is decided from the event payload. */
  readerText: ReaderTextSetting
}

/** The inputs whose absence makes "Nothing to do": a near miss of one of them is what was meant. */
const WORK_INPUTS: readonly string[] = ['prompt', 'jobId', 'analytics', 'healthIssue']

/**
 * The problems with a near miss of each input at fault said first: `projectId` is required when
 * `project_id` was written, and "Nothing to do" when `promt` was. The near miss of an input not set
 * is what went wrong with it: it replaces that input's own problems (it is empty, where to create the
 * variable), and "Nothing to do" for an input that asks for work. A near miss of an input without a
 * problem stays a warning.
 */
function nearMissesFirst(problems: readonly InputProblem[], written: readonly Misnamed[], given: ReadonlySet<string>): InputProblem[] {
  const atFault = new Set(problems.map((p) => p.input))
  const meant = written.filter(({ near }) => atFault.has(near) || (atFault.has(undefined) && WORK_INPUTS.includes(near)))
  const replaced = new Set<string>(meant.map(({ near }) => near).filter((near) => !given.has(near)))
  const workMeant = WORK_INPUTS.some((name) => replaced.has(name))
  // "Nothing to do" is the one problem of no input.
  const rest = problems.filter((p) => (p.input === undefined ? !workMeant : !replaced.has(p.input)))
  return [
    ...meant.map(({ written, near }) => ({
      input: near,
      message: `is not set, but \`${written}\` is, which is not an input of this action: did you mean ${near}?`
    })),
    ...rest
  ]
}

/**
 * Reads every input through `get` (core.getInput in the action) and validates them together: each
 * input on its own, then the checks of inputs together that the inputs they judge passed. Throws one
 * InputError that names every problem found and what each input allows, a near miss in `env`'s
 * INPUT_ variables of an input at fault first; never shows the key.
 */
export function readInputs(
  get: (name: string) => string,
  now: Date = new Date(),
  eventName = '',
  env: Readonly<Record<string, string | undefined>> = {}
): Inputs {
  const given = new Set<string>()
  const raw = Object.fromEntries(
    INPUT_NAMES.map((name) => {
      const value = get(name).trim()
      const fallback = (INPUT_DEFAULTS as Record<string, string>)[name]
      // The runner passes action.yml's default as the value of an input not set: only another value tells it was.
      if (value !== '' && value !== fallback) given.add(name)
      return [name, value === '' && fallback !== undefined ? fallback : value]
    })
  ) as Record<InputName, string>

  const problems: InputProblem[] = []
  // An input set under its old name is read under its new one, unless the new one is set too.
  const renamed: RenamedInput[] = []
  for (const [old, now] of Object.entries(RENAMED_INPUTS) as [RenamedInput, InputName][]) {
    const value = get(old).trim()
    if (value === '') continue
    if (given.has(now)) {
      problems.push({ input: old, message: `is the old name of \`${now}\`, which is set too: keep \`${now}\` alone` })
      continue
    }
    renamed.push(old)
    raw[now] = value
    if (value !== (INPUT_DEFAULTS as Record<string, string>)[now]) given.add(now)
  }

  const values: Partial<Record<Field, unknown>> = {}
  // A value set under an old name is at fault under that name: the one the workflow sets.
  const setAs = new Map<string, string>(renamed.map((old) => [RENAMED_INPUTS[old], old]))
  for (const [name, field] of Object.entries(schema.shape) as [Field, z.ZodType][]) {
    const parsed = field.safeParse(raw[name])
    if (parsed.success) values[name] = parsed.data
    else problems.push(...parsed.error.issues.map((issue) => ({ input: setAs.get(name) ?? name, message: issue.message })))
  }
  const read: Read = {
    valid: (...names) => (names.every((name) => name in values) ? (values as Parsed) : undefined),
    given,
    now,
    eventName
  }
  for (const check of CHECKS) problems.push(...check(read))
  if (problems.length > 0) throw new InputError(nearMissesFirst(problems, misnamed(env), given))

  const v = values as Parsed
  const analytics: AnalyticsInputs | undefined =
    v.analytics.length > 0
      ? {
          ...analyticsRange(v.dateFrom, v.dateTo, now),
          topPages: v.topPages,
          maxRequests: v.maxRequests,
          compare: v.compare,
          sections: v.analytics,
          readerText: v.readerText
        }
      : undefined
  return {
    apiKey: v.apiKey,
    projectId: v.projectId,
    prompt: v.prompt,
    jobId: v.jobId,
    wait: v.wait,
    timeoutMs: Math.round(v.timeoutMinutes * 60_000),
    pollIntervalMs: Math.round(v.pollIntervalSeconds * 1000),
    failOn: v.failOn.job,
    failOnAlert: v.failOn.alert,
    alerts: v.alerts,
    baseUrl: v.baseUrl,
    analytics,
    comment: v.comment ? { token: v.githubToken } : undefined,
    healthIssue: v.healthIssue
      ? { token: v.githubToken, title: v.healthIssueTitle === '' ? INPUT_DEFAULTS.healthIssueTitle : v.healthIssueTitle }
      : undefined,
    changeContext: v.context ? { maxBytes: v.contextBytes } : undefined,
    check: v.check,
    followUp: followUpAsked(v, eventName),
    command: v.command,
    githubToken: v.githubToken,
    warnings: [
      ...renamed.map(renamedWarning),
      ...ignoredInputs(read),
      ...(analytics ? [rangeCutNote(analytics)].filter((note) => note !== undefined) : [])
    ]
  }
}
