// The checks of the action's inputs together: rules between inputs that each is valid on its own,
// each a small function that returns its problems, with their messages.
import { firstReads, plannedReads } from '../../analytics/plan.js'
import { CHANGE_EVENTS, isChangeEvent } from '../../change/change.js'
import type { InputProblem } from '../../core/input-error.js'
import { DAY_MS, parseDate } from '../../text/dates.js'
import { HEADLINE_SECTIONS, UNCOMPARED_HEADLINES } from '../../core/catalog.js'
import { SECTIONS } from '../wiring.js'
import { analyticsRange, DATE_FORMS, type Field, type Parsed, shown } from './schema.js'

/** What the checks of inputs together see. */
export interface Read {
  /**
   * The values of `names` when each is valid on its own, else undefined: a check over an input that
   * is already reported says nothing more of it.
   */
  valid<K extends Field>(...names: K[]): Pick<Parsed, K> | undefined
  /** Inputs given a value other than their default (a default is never told from no value: the runner passes it). */
  given: ReadonlySet<string>
  now: Date
  /** The event that started the run (GITHUB_EVENT_NAME); '' outside a workflow. */
  eventName: string
}

/** Run on a comment with neither prompt nor jobId, the action reads a follow-up command from the comment. */
export function followUpAsked(v: Pick<Parsed, 'prompt' | 'jobId'>, eventName: string): boolean {
  return v.prompt === undefined && v.jobId === undefined && eventName === 'issue_comment'
}

/** A check of inputs together: the problems it finds, none when it holds or cannot be judged. */
type Check = (read: Read) => InputProblem[]

/**
 * Whether the run reads analytics: `analytics` names a section, or holds a mistake (whose sections
 * are then unknown, but which shows analytics were asked for).
 */
function asksForAnalytics(read: Read): boolean {
  const v = read.valid('analytics')
  return v === undefined || v.analytics.length > 0
}

// The one problem of no input: ../inputs.ts replaces it by the near miss of an input that asks for work.
const nothingToDo: Check = (read) => {
  const v = read.valid('prompt', 'jobId', 'analytics', 'healthIssue')
  if (!v || v.prompt !== undefined || v.jobId !== undefined || v.analytics.length > 0 || v.healthIssue) return []
  if (followUpAsked(v, read.eventName)) return []
  return [
    {
      message:
        'Nothing to do: set `prompt` to create an agent job, `jobId` to watch an existing one (with `prompt`, to send it a follow-up), ' +
        '`analytics` (`all`, or a list of sections) to export docs analytics, or `healthIssue: true` to keep the docs health issue.'
    }
  ]
}

// A rule over a section the run does not read would never fire: said now, not discovered later.
const alertsOverUnreadSections: Check = (read) => {
  const v = read.valid('alerts', 'analytics')
  if (!v) return []
  return v.alerts
    .filter((rule) => !v.analytics.includes(HEADLINE_SECTIONS[rule.key]))
    .map((rule) => ({
      input: 'alerts',
      message: `rule "${rule.text}" is over ${rule.key}, which the ${HEADLINE_SECTIONS[rule.key]} section gives; add ${HEADLINE_SECTIONS[rule.key]} to \`analytics\`, or drop the rule`
    }))
}

// A per-cent rule needs the earlier value: one that can never have it would never fire. A rule over
// a section not read is already reported above.
const perCentRulesWithoutComparison: Check = (read) => {
  const v = read.valid('alerts', 'analytics', 'compare')
  if (!v) return []
  return v.alerts
    .filter((rule) => v.analytics.includes(HEADLINE_SECTIONS[rule.key]))
    .filter((rule) => rule.percent && (!v.compare || UNCOMPARED_HEADLINES.has(rule.key)))
    .map((rule) => ({
      input: 'alerts',
      message: v.compare
        ? `rule "${rule.text}" compares ${rule.key} with the period before, which the report never reads (it would take every page of that period); use a number, such as ${rule.key} > 30`
        : `rule "${rule.text}" compares with the period before, but \`compare\` is none; set compare: previous, or use a number`
    }))
}

const failOnAlertWithoutRules: Check = (read) => {
  const v = read.valid('failOn', 'alerts')
  if (!v?.failOn.alert || v.alerts.length > 0) return []
  return [
    { input: 'failOn', message: 'includes alert, but `alerts` holds no rule; add rules such as `visitorsHuman < -20%`, or drop alert' }
  ]
}

const healthIssueWithoutToken: Check = (read) => {
  const v = read.valid('healthIssue', 'githubToken')
  if (!v?.healthIssue || v.githubToken !== '') return []
  return [
    {
      input: 'githubToken',
      message:
        'is empty, and `healthIssue: true` needs it to keep the docs health issue: pass `${{ github.token }}` and give the job `issues: write` ' +
        '(and `pull-requests: read`, to see whether a fix was merged)'
    }
  ]
}

// Judged whenever analytics are asked for, even with a mistake in `analytics`: the range does not
// depend on the sections.
const dateRange: Check = (read) => {
  const v = read.valid('dateFrom', 'dateTo')
  if (!v || !asksForAnalytics(read)) return []
  const range = analyticsRange(v.dateFrom, v.dateTo, read.now)
  // The default dateFrom of a dateTo in the first week of year 0000 is no date at all.
  const from = parseDate(range.dateFrom)
  if (from === undefined) {
    return [{ input: 'dateTo', message: `(${range.dateTo}) is too early for the default range of 7 days before it; set \`dateFrom\`` }]
  }
  const today = read.now.toISOString().slice(0, 10)
  // Starting after today: no day of it has come.
  if (from >= (parseDate(today) as number) + DAY_MS) {
    return [
      {
        input: 'dateFrom',
        message:
          `(${range.dateFrom}) is in the future: today is ${today} (UTC, by the run's clock), and analytics hold only what has passed; ` +
          'set `dateFrom` to a day before today.'
      }
    ]
  }
  if (from < (parseDate(range.dateTo) as number)) return []
  if (range.cutFrom !== undefined) {
    return [
      {
        input: 'dateFrom',
        message:
          `(${range.dateFrom}) leaves nothing to read: \`dateTo\` (${range.cutFrom}) is after today, so the range is cut to end at ` +
          `${range.dateTo} (UTC, by the run's clock, exclusive), and it must start before that; set \`dateFrom\` to a day before today.`
      }
    ]
  }
  return [
    {
      input: 'dateFrom',
      message:
        `(${range.dateFrom}) must be before \`dateTo\` (${range.dateTo}), which is exclusive; ` +
        `each takes ${DATE_FORMS}. With only dateFrom, dateTo is today (UTC); with only dateTo, dateFrom is 7 days before it.`
    }
  ]
}

// Every section's first read is reserved before any request (analytics/plan.ts): a budget that
// cannot hold them would leave a section unread however the run went.
const budgetBelowFirstReads: Check = (read) => {
  const v = read.valid('analytics', 'maxRequests')
  if (!v || v.analytics.length === 0) return []
  const entries = v.analytics.map((name) => SECTIONS[name])
  const least = firstReads(entries).length
  if (v.maxRequests >= least) return []
  const compare = read.valid('compare')?.compare ?? true
  const whole = plannedReads(entries, compare).length
  return [
    {
      input: 'maxRequests',
      message:
        `(${v.maxRequests}) is below ${least}, one request for the first read of each section in \`analytics\` (${v.analytics.join(', ')}); ` +
        `set it to at least ${least} (${whole} gives every section its first page${compare ? ', its other single reads and the comparisons' : ' and its other single reads'}), ` +
        'or ask for fewer sections'
    }
  ]
}

// The change, the check run and the follow-up are read and written with the workflow's token.
const githubWithoutToken: Check = (read) => {
  const v = read.valid('context', 'check', 'githubToken', 'prompt', 'jobId')
  if (v?.githubToken !== '') return []
  const needs = [
    v.context && '`context: change` (to read the change)',
    v.check && (v.prompt !== undefined || v.jobId !== undefined) && '`check: true` (to write the check run)',
    followUpAsked(v, read.eventName) && 'a follow-up from a comment (to read the thread and answer in it)'
  ].filter((why) => typeof why === 'string')
  if (needs.length === 0) return []
  return [{ input: 'githubToken', message: `is empty, and ${needs.join(' and ')} needs it: pass \`\${{ github.token }}\`` }]
}

// The change goes after the prompt, and only some events have one.
const contextWithoutChange: Check = (read) => {
  const v = read.valid('context', 'prompt')
  if (!v?.context) return []
  const problems: InputProblem[] = []
  if (v.prompt === undefined) {
    problems.push({
      input: 'context',
      message: 'is change, which is sent after `prompt`; set `prompt` to say what the agent should do with the change'
    })
  }
  if (!isChangeEvent(read.eventName)) {
    problems.push({
      input: 'context',
      message: `is change, but this run was triggered by ${shown(read.eventName || 'no event')}; the change is read for ${CHANGE_EVENTS.join(', ')} events`
    })
  }
  return problems
}

/** The checks of inputs together, each independent of the others, in the order their problems are listed. */
export const CHECKS: readonly Check[] = [
  githubWithoutToken,
  contextWithoutChange,
  nothingToDo,
  alertsOverUnreadSections,
  perCentRulesWithoutComparison,
  failOnAlertWithoutRules,
  healthIssueWithoutToken,
  dateRange,
  budgetBelowFirstReads
]
