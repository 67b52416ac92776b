// Alert rules over the report's headline numbers: the `alerts` input read into rules, the rules that
// fire against a run's headlines, and what the run shows of them (a block at the top of the job
// summary, and the `alerts` step output). A rule compares a headline either with a number
// (`searchesNoClick > 30`) or, in per cent, with the period of the same length just before
// (`visitorsHuman < -20%`). The input is untrusted text: it is read in one pass, with no regular
// expression over more than a short token, and every problem quotes it cut to a line.
import { bounded } from '../core/counts.js'
import { htmlText, oneLine } from '../text/escape.js'
import { counted, num } from '../text/format.js'
import { nearMiss } from '../text/near-miss.js'
import { HEADLINE_NAMES, type HeadlineKey } from '../core/catalog.js'
import type { Headline, HeadlineWhere } from './renderer.js'

export type AlertOp = '<' | '<=' | '>' | '>='

/** One rule of the `alerts` input. */
export interface AlertRule {
  key: HeadlineKey
  op: AlertOp
  threshold: number
  /** The threshold is a change in per cent against the previous period, not a value. */
  percent: boolean
  /** The rule as shown: "visitorsHuman < -20%". */
  text: string
}

/** A rule that held for this run's headline. */
export interface FiredAlert {
  rule: AlertRule
  /** The headline's name for people: "Human visitors". */
  name: string
  value: number
  /** The change in whole per cent against the previous period, when the headline can be compared. */
  change?: number
  /** Where most of it happened, when the headline knows: the page or the search, with its own count. */
  where?: HeadlineWhere
  /** What happened, in words: "Thumbs down rose 55%, most on /api-reference/webhooks (14) (rule: thumbsDown > +50%)". */
  sentence: string
}

/** Rules the input may hold: each is one line of the summary, which should stay short. */
const MAX_RULES = 20

/** Characters of a threshold: enough for any number a headline is compared with, and no more to read. */
const MAX_THRESHOLD_CHARS = 20

const KEYS = Object.keys(HEADLINE_NAMES) as HeadlineKey[]

const KEY_LIST = KEYS.join(', ')

const THRESHOLD_FORMS = 'a number, such as 30, or a change in per cent against the previous period, such as -20% or +50%'

/** A number with an optional sign: digits with an optional fraction, or a fraction alone. Only ever tried on a short token. */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/

/** Text of the input, quoted in a problem: one line, cut at 60 characters. */
function shown(text: string): string {
  return JSON.stringify(oneLine(text, 60))
}

const isSpace = (c: string): boolean => c !== '' && c.trim() === ''

function isKey(word: string): word is HeadlineKey {
  return Object.hasOwn(HEADLINE_NAMES, word)
}

function unknownKey(rule: string, key: string): string {
  const lower = key.toLowerCase()
  const sameButCase = KEYS.find((known) => known.toLowerCase() === lower)
  const near = sameButCase ?? nearMiss(key, KEYS)
  const hint =
    sameButCase !== undefined
      ? `; names are case-sensitive: did you mean ${sameButCase}?`
      : near === undefined
        ? ''
        : `; did you mean ${near}?`
  return `rule ${shown(rule)} starts with ${shown(key)}, which is not a headline; the headlines are ${KEY_LIST}${hint}`
}

/** The threshold of a rule, or the problem with it. */
function threshold(rule: string, key: HeadlineKey, op: AlertOp, text: string): Pick<AlertRule, 'threshold' | 'percent'> | string {
  if (text === '')
    return `rule ${shown(rule)} has no threshold after ${op}: write ${key} ${op} 30, or ${key} ${op} -20% for a change in per cent`
  const percent = text.endsWith('%')
  const number = percent ? text.slice(0, -1).trimEnd() : text
  // Not empty without a %: the threshold is not.
  if (number === '') return `rule ${shown(rule)} has % with no number before it: write a change in per cent such as -20% or +50%`
  if (number.length > MAX_THRESHOLD_CHARS || !NUMBER.test(number)) return `rule ${shown(rule)}: ${shown(text)} is not ${THRESHOLD_FORMS}`
  if (!percent && (number.startsWith('+') || number.startsWith('-')))
    return (
      `rule ${shown(rule)} has a signed number without %: a change against the previous period is in per cent, ` +
      'such as -20% or +50%, and a count is a plain number, such as 30'
    )
  // Adding 0 makes -0 plain 0.
  return { threshold: Number(number) + 0, percent }
}

/** One rule, already trimmed and not empty, or the problem with it. */
function parseRule(rule: string): AlertRule | string {
  let at = 0
  while (at < rule.length && !isSpace(rule.charAt(at)) && !'<>=!'.includes(rule.charAt(at))) at++
  const key = rule.slice(0, at)
  if (key === '') return `rule ${shown(rule)} has no headline before its comparison; start it with one of ${KEY_LIST}`
  if (!isKey(key)) return unknownKey(rule, key)
  while (isSpace(rule.charAt(at))) at++
  const first = rule.charAt(at)
  if (first !== '<' && first !== '>')
    return `rule ${shown(rule)} has no comparison after ${key}: write <, <=, > or >= between the headline and the threshold, such as ${key} > 30`
  const orEqual = rule.charAt(at + 1) === '='
  const op: AlertOp = orEqual ? (first === '<' ? '<=' : '>=') : first
  const read = threshold(rule, key, op, rule.slice(at + op.length).trim())
  if (typeof read === 'string') return read
  const shownThreshold = read.percent ? `${read.threshold > 0 ? '+' : ''}${read.threshold}%` : String(read.threshold)
  return { key, op, ...read, text: `${key} ${op} ${shownThreshold}` }
}

/**
 * The `alerts` input: rules separated by commas or newlines, each `<key> <op> <threshold>` (key a
 * headline key, op <, <=, > or >=, threshold a number or a change in per cent such as -20%), blank
 * entries ignored. Every bad rule gives one problem, as does a list of more than 20 rules (the first
 * 20 are still read). Time is linear in the text.
 */
export function parseAlertRules(text: string): { rules: AlertRule[]; problems: string[] } {
  const entries = text
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  const rules: AlertRule[] = []
  const problems: string[] = []
  for (const entry of entries.slice(0, MAX_RULES)) {
    const rule = parseRule(entry)
    if (typeof rule === 'string') problems.push(rule)
    else rules.push(rule)
  }
  if (entries.length > MAX_RULES) problems.push(`holds ${num(entries.length)} rules; at most ${MAX_RULES} are allowed`)
  return { rules, problems }
}

/** The change from `before` to `now` in whole per cent, as the report shows it. */
function changePercent(now: number, before: number): number {
  return Math.round(bounded(((now - before) / before) * 100))
}

/** The headline's change in whole per cent, when it can be judged: an earlier value above 0, and a count read in full. */
function changeOf(headline: Headline): number | undefined {
  const previous = headline.previous
  if (!previous || headline.partial || !(previous.value > 0)) return undefined
  return changePercent(headline.value, previous.value)
}

function holds(value: number, op: AlertOp, threshold: number): boolean {
  switch (op) {
    case '<':
      return value < threshold
    case '<=':
      return value <= threshold
    case '>':
      return value > threshold
    case '>=':
      return value >= threshold
  }
}

const SIDE: Record<AlertOp, string> = { '<': 'below', '<=': 'at or below', '>': 'above', '>=': 'at or above' }

function sentence(rule: AlertRule, headline: Headline, change: number | undefined): string {
  const what =
    rule.percent && change !== undefined
      ? change === 0
        ? 'did not change'
        : `${change > 0 ? 'rose' : 'fell'} ${num(Math.abs(change))}%`
      : `is ${headline.partial ? 'at least ' : ''}${num(headline.value)}, ${SIDE[rule.op]} ${num(rule.threshold)}`
  return `${headline.name} ${what}${whereText(headline.where)} (rule: ${rule.text})`
}

/** ", most on /api-reference/webhooks (14)" or ", most for “webhook retries” (312)"; '' when the headline does not say. */
function whereText(where: HeadlineWhere | undefined): string {
  if (where?.page !== undefined) return `, most on ${oneLine(where.page, 120)} (${num(where.count)})`
  if (where?.search !== undefined) return `, most for “${oneLine(where.search, 80)}” (${num(where.count)})`
  return ''
}

/**
 * The rules that hold for the headlines, in the order given. A rule on a headline the run did not
 * read does not fire. A per-cent rule compares the change as the report shows it (whole per cent) and
 * fires only when there is one: an earlier value above 0, and a count not from a partial read. A
 * partial count is only a lower bound: it may prove a value above a number, never below one.
 */
export function firedAlerts(rules: readonly AlertRule[], headlines: readonly Headline[]): FiredAlert[] {
  const fired: FiredAlert[] = []
  for (const rule of rules) {
    const headline = headlines.find((h) => h.key === rule.key)
    if (!headline) continue
    const change = changeOf(headline)
    if (rule.percent) {
      if (change === undefined || !holds(change, rule.op, rule.threshold)) continue
    } else {
      if (headline.partial && (rule.op === '<' || rule.op === '<=')) continue
      if (!holds(headline.value, rule.op, rule.threshold)) continue
    }
    fired.push({
      rule,
      name: headline.name,
      value: headline.value,
      ...(change === undefined ? {} : { change }),
      ...(headline.where === undefined ? {} : { where: headline.where }),
      sentence: sentence(rule, headline, change)
    })
  }
  return fired
}

/** The alerts for the top of the job summary, as HTML; '' when none fired. */
export function alertsHtml(fired: readonly FiredAlert[]): string {
  if (fired.length === 0) return ''
  const items = fired.map((alert) => `<li>${htmlText(alert.sentence)}</li>`)
  return `<p>🚨 <strong>${counted(fired.length, 'alert')} fired:</strong></p>\n<ul>\n${items.join('\n')}\n</ul>\n`
}

/** The `alerts` step output: a JSON array of the alerts fired, `[]` when none. */
export function alertsJson(fired: readonly FiredAlert[]): string {
  return JSON.stringify(
    fired.map((alert) => ({ rule: alert.rule.text, key: alert.rule.key, value: alert.value, change: alert.change ?? null }))
  )
}
