// The docs health issue's body: the part the action owns, between two markers, and whatever a person
// wrote around it, kept as it is. The owned part holds the top of the Monday report, the trend of
// each headline, the ledger of gaps (each open one a task-list line a person ticks to ask the
// agent), and the state the next run reads. Every text from the service or a reader is escaped and
// bounded, so that the body stays under GitHub's 65,536 characters whatever it holds.
import { createHash } from 'node:crypto'
import { htmlText } from '../text/escape.js'
import { num } from '../text/format.js'
import { dayText, parseDate, shortRange } from '../text/dates.js'
import { linkHtml } from '../render/html.js'
import { headlinesHtml, howReadHtml, type Overview, overviewTopHtml, type Trend } from '../render/overview.js'
import { HEADLINE_NAMES, type HeadlineKey, type HeadlineKey as Key } from '../core/catalog.js'
import type { Mover } from './history.js'
import { fingerprint, isOpen, itemId, WORSE_BY, WORSE_TIMES } from './ledger.js'
import { encodeState, fittedState, type GapNumbers, type GapRecord, type GapWords, type HealthState, LOGIN_CHARS } from './state.js'
import { gapPart } from './prompt.js'
import { periodsOf, VERDICT_PERIODS } from './verdict.js'
import { FIXED_RATIO } from './evidence.js'
import { DAY_MS } from '../text/dates.js'
import { sparkline } from './trend.js'

/** GitHub's limit on an issue body. */
export const BODY_LIMIT = 65_536
// The markers keep the input's word: issues written earlier carry them.
const START = '<!-- docs-agent-action:dashboard -->'
const END = '<!-- /docs-agent-action:dashboard -->'
/** The marker that says which project a body belongs to; the run finds its issue by it. */
export const projectMarker = (projectId: string): string => `<!-- docs-agent-action:project ${encodeURIComponent(projectId)} -->`

/** HTML of `text`, cut so that it takes at most `maxChars` characters of HTML whatever it holds. */
function boundedHtml(text: string, maxChars: number): string {
  let chars = maxChars
  let html = htmlText(text, chars)
  while (html.length > maxChars && chars > 8) {
    chars = Math.floor(chars / 2)
    html = htmlText(text, chars)
  }
  return html
}

function subjectHtml(gap: GapRecord): string {
  if (gap.kind === 'page') return `<code>${boundedHtml(gap.subject, 200)}</code>`
  // A search whose words were forgotten while reader text is hidden (forgetReaderText): its counts alone.
  return gap.subject === '' ? 'a search (its words are hidden)' : `search “${boundedHtml(gap.subject, 200)}”`
}

/** Characters the lines of the ledger take at most, together: the lines past it are counted, not shown. */
export const LEDGER_LINES_CHARS = 24_000

const STATE_WORDS: Record<GapRecord['state'], string> = {
  new: 'new',
  asked: 'the agent is working on it',
  'pr-open': 'pull request open',
  merged: 'merged',
  resolved: 'fixed',
  back: 'back: its numbers rose again',
  dismissed: 'not a gap'
}

/** A day of the ledger (YYYY-MM-DD) in words: "24 Nov 2026". */
function dayHtml(day: string): string {
  const at = parseDate(day)
  return at === undefined ? htmlText(day, 40) : dayText(at)
}

/** The counts of a gap's numbers, in readers' words, in the order a line shows them. */
const COUNT_WORDS: readonly [Exclude<keyof GapNumbers, 'dateFrom' | 'dateTo' | 'searches'>, string][] = [
  ['down', '👎'],
  ['up', '👍'],
  ['notHelpful', 'marked not helpful'],
  ['unanswered', 'unanswered'],
  ['noClick', 'searches with no click']
]

const percentText = (share: number): string => `${num(Math.round(share * 100))} %`

/**
 * A gap's own numbers in readers' terms: "👎 14 → 0 · unanswered 6 → 0 · “webhook retries” clicked
 * 0 % → 70 %" when there is a `before`, else "👎 6 · unanswered 3". A count its period did not read is
 * "not read"; a count that was and stayed 0 is left out. Searches are named only as the state keeps
 * them (their text only where reader text may be shown).
 */
export function numbersHtml(now: GapNumbers | undefined, before?: GapNumbers): string {
  const value = (count: number | undefined): string => (count === undefined ? 'not read' : num(count))
  const parts: string[] = []
  for (const [key, word] of COUNT_WORDS) {
    const was = before?.[key]
    const is = now?.[key]
    if (!((was ?? 0) > 0 || (is ?? 0) > 0)) continue
    parts.push(`${word} ${before ? `${value(was)} → ${value(is)}` : value(is)}`)
  }
  for (const search of (before ?? now)?.searches ?? []) {
    const quoted = `“${boundedHtml(search.text, 120)}”`
    const later = before ? now?.searches?.find((s) => s.text === search.text) : search
    const clicked = (s: { hits: number; clicked: number } | undefined): string =>
      s && s.hits > 0 ? percentText(s.clicked) : 'not searched'
    parts.push(`${quoted} clicked ${before ? `${clicked(search)} → ${clicked(later)}` : clicked(later)}`)
  }
  return parts.join(' · ')
}

/** Numbers per period (a week, where periods are weeks): each count over the periods they pool, to one decimal. */
function perPeriod(numbers: GapNumbers): GapNumbers {
  const periods = periodsOf(numbers)
  if (periods === 1) return numbers
  const each: GapNumbers = { ...numbers }
  for (const [key] of COUNT_WORDS) {
    const count = numbers[key]
    if (count !== undefined) each[key] = Math.round((count / periods) * 10) / 10
  }
  return each
}

/** The periods numbers cover, in words: "2–8 Nov 2026" or "2–15 Nov 2026, 2 periods". */
function coverHtml(numbers: GapNumbers, unit: string): string {
  const periods = periodsOf(numbers)
  return `${htmlText(shortRange(numbers.dateFrom, numbers.dateTo), 60)}${periods > 1 ? ` (${unitsText(periods, unit)})` : ''}`
}

/**
 * What a fix changed, pooled: "before 2–15 Nov 2026 (2 weeks) → since the merge 16–22 Nov 2026, per
 * week: 👎 14 → 0 · unanswered 6 → 0" (each count over the periods it pools, in the unit periods are); the numbers before alone ("before 2–8 Nov 2026:
 * 👎 14") while no period since has been pooled.
 */
export function beforeAfterHtml(
  before: GapNumbers | undefined,
  after: GapNumbers | undefined,
  since = 'since the merge',
  unit = 'period'
): string {
  if (!before) return ''
  const average = periodsOf(before) > 1 || (after !== undefined && periodsOf(after) > 1) ? `, per ${unit}` : ''
  if (!after) {
    const numbers = numbersHtml(perPeriod(before))
    return numbers === '' ? '' : `before ${coverHtml(before, unit)}${average}: ${numbers}`
  }
  const numbers = numbersHtml(perPeriod(after), perPeriod(before))
  return numbers === '' ? '' : `before ${coverHtml(before, unit)} → ${since} ${coverHtml(after, unit)}${average}: ${numbers}`
}

/** A gap's pull request as a link: "pull request #50"; undefined when it has none. */
function pullHtml(gap: GapRecord): string | undefined {
  if (gap.prLink === undefined) return undefined
  const number = /\/pull\/(\d+)$/.exec(gap.prLink)?.[1]
  return linkHtml(gap.prLink, number === undefined ? 'pull request' : `pull request ${htmlText(`#${number}`)}`)
}

/** What readers went through, in a docs lead's words: what a fix must cut (CUT_WORDS). */
const TROUBLE_WORDS = 'its thumbs down, unanswered questions and searches with no click'
/** How much a fix must cut them to be fixed (evidence.ts, FIXED_RATIO): "by 60 %". */
const CUT_WORDS = `by ${Math.round((1 - FIXED_RATIO) * 100)} %`

/** "week" when the latest period read is seven days long, "period" otherwise: what a line counts in. */
function unitOf(state: HealthState): string {
  const last = state.periods.at(-1)
  const from = last === undefined ? undefined : parseDate(last.dateFrom)
  const to = last === undefined ? undefined : parseDate(last.dateTo)
  return from !== undefined && to !== undefined && to - from === 7 * DAY_MS ? 'week' : 'period'
}

/** "1 week", "3 weeks". */
const unitsText = (count: number, unit: string): string => `${num(count)} ${unit}${count === 1 ? '' : 's'}`

/** What became of the fix of a gap open again, and what to do: its verdict in words, what was tried, its numbers before and since. */
function reopenedHtml(gap: GapRecord, unit: string): string {
  const pull = pullHtml(gap) ?? 'its pull request'
  const merged = gap.mergedOn === undefined ? '' : `, merged ${dayHtml(gap.mergedOn)},`
  let words: string
  if (gap.verdict === 'not-fixed')
    words = `not fixed: ${pull}${merged} did not cut ${TROUBLE_WORDS} ${CUT_WORDS}; tick to ask the agent again`
  else if (gap.verdict === 'could-not-tell')
    words = `can’t tell: too few readers in the ${num(VERDICT_PERIODS)} ${unit}s since ${pull}${merged.replace(/,$/, '')} to tell whether it worked; tick to ask again, or say it is not a gap`
  else if (gap.verdict === 'back') words = `back: ${TROUBLE_WORDS} returned after ${pull}${merged.replace(/,$/, '')}`
  else return ` · ${STATE_WORDS.back}`
  const numbers = beforeAfterHtml(gap.before, gap.after, gap.verdict === 'back' ? 'since it was fixed' : 'since the merge', unit)
  return ` · ${words}${numbers === '' ? '' : ` · ${numbers}`}`
}

/**
 * When a gap was first seen and for how long: "first seen 17 Nov 2026" or "ranked 3 periods since 3
 * Nov 2026"; whether it was ranked in `latest`, the latest period read (by its weight, when no period is known).
 */
function sinceText(gap: GapRecord, latest: string | undefined, unit: string): string {
  const first = dayHtml(gap.firstSeen)
  const seen = gap.periods > 1 ? `on the list ${unitsText(gap.periods, unit)} since ${first}` : `first seen ${first}`
  if (latest === undefined ? gap.score > 0 : gap.lastSeen === latest) return seen
  return `${seen} · not on this ${unit}’s list (last seen ${dayHtml(gap.lastSeen)})`
}

/**
 * An open gap as a task-list line a person ticks (ticked when `ticked`), its id at the end for the
 * next run, and under it a box to say it is not a gap (ticked when `dismissTicked`).
 */
function openLine(
  gap: GapRecord,
  ticked: boolean,
  dismissTicked: boolean,
  latest: string | undefined,
  unit: string,
  words?: GapWords
): string {
  const state = gap.state === 'back' ? reopenedHtml(gap, unit) : ''
  // Not ranked now: its own numbers of the latest period say how it stands.
  const stale = latest !== undefined && gap.lastSeen !== latest && gap.now?.dateFrom === latest
  const numbers = stale ? ` · this ${unit}: ${numbersHtml(gap.now) || 'no complaint'}` : ''
  return (
    `- [${ticked ? 'x' : ' '}] ${subjectHtml(gap)} · ${boundedHtml(gap.evidence, 400)} <sub>${sinceText(gap, latest, unit)}${state}${numbers}</sub> <!-- gap:${gap.id} -->\n` +
    `  - [${dismissTicked ? 'x' : ' '}] Not a gap <!-- dismiss:${gap.id} -->\n` +
    `  ${sentHtml(gap, words)}`
  )
}

/**
 * What a tick sends the agent about a gap, collapsed: its part of the prompt (gapPart), each line
 * escaped, on one line of HTML so that nothing in it reads as Markdown. Readers' words only where
 * the state keeps them (reader text may be shown); the counts alone otherwise.
 */
function sentHtml(gap: GapRecord, words: GapWords | undefined): string {
  const lines = gapPart(gap, words).map((line) => htmlText(line.trim().replace(/^- /, ''), 1000))
  const what = words === undefined ? 'its counts' : 'the readers’ words and the counts'
  return `<details><summary>What a tick sends the agent: ${what}</summary>${lines.join('<br>')}</details>`
}

/**
 * A gap that is with the agent, a pull request, or fixed: what became of it, with its dates, and its
 * own numbers before the ask, then, once a whole period since the merge was read, pooled before → since.
 * `since` counts the periods of the history begun on or after a day.
 */
function progressLine(gap: GapRecord, since: (day: string) => number, unit: string): string {
  const parts: string[] = []
  if (gap.state === 'resolved') parts.push(`fixed${gap.resolvedOn === undefined ? '' : ` ${dayHtml(gap.resolvedOn)}`}`)
  if (gap.state === 'merged' || gap.state === 'resolved') {
    parts.push(`merged${gap.mergedOn === undefined ? '' : ` ${dayHtml(gap.mergedOn)}`}`)
    if (gap.state === 'merged') {
      const left = VERDICT_PERIODS - Math.min(gap.mergedOn === undefined ? 0 : since(gap.mergedOn), VERDICT_PERIODS)
      parts.push(`waiting: ${left > 1 ? 'up to ' : ''}${unitsText(Math.max(left, 1), `more ${unit}`)} of readers to tell`)
    }
  } else if (gap.state !== 'pr-open' || gap.prLink === undefined) parts.push(STATE_WORDS[gap.state])
  const link = pullHtml(gap)
  // "pull request #128 open" first, not "pull request open" and the link again after the job.
  if (link !== undefined && gap.state === 'pr-open') parts.push(`${link} open`)
  if (link !== undefined && gap.state !== 'pr-open') parts.push(link)
  // Before → since only once a period since the merge is pooled; before alone until then.
  const after = gap.state === 'merged' || gap.state === 'resolved' ? gap.after : undefined
  const numbers = beforeAfterHtml(gap.before, after, 'since the merge', unit)
  if (numbers !== '') parts.push(numbers)
  return `- ${subjectHtml(gap)}: ${parts.join(' · ')}`
}

/**
 * A dismissed gap: who said it is not one and when, its numbers then and now, and under it a box to
 * bring it back (ticked when `ticked`). The login is text anyone could have chosen: escaped and cut.
 */
function dismissedLine(gap: GapRecord, ticked: boolean): string {
  const numbers = numbersHtml(gap.now, gap.before)
  const by = gap.dismissedBy === undefined ? '' : ` by ${htmlText(gap.dismissedBy, LOGIN_CHARS)}`
  const on = gap.dismissedOn === undefined ? '' : ` on ${dayHtml(gap.dismissedOn)}`
  const said = by === '' && on === '' ? '' : `, said${by}${on}`
  return (
    `- ${subjectHtml(gap)}: not a gap${said}${numbers === '' ? '' : ` · ${numbers}`}\n` +
    `  - [${ticked ? 'x' : ' '}] Bring it back <!-- restore:${gap.id} -->`
  )
}

/** The pages whose traffic moved most since the period just before: "/guides/deploy ▼ 40 % (250 → 150 human visitors)". */
export function moversHtml(found: readonly Mover[]): string[] {
  if (found.length === 0) return []
  const lines = found.map(
    (mover) =>
      `<li><code>${boundedHtml(mover.path, 200)}</code> ${mover.changePercent < 0 ? '▼' : '▲'} ${num(Math.abs(mover.changePercent))} % ` +
      `(${num(mover.before)} → ${num(mover.after)} ${mover.measure === 'visitors' ? 'human visitors' : 'page views'})</li>`
  )
  return [
    '<h3>Pages that moved</h3>',
    `<ul>\n${lines.join('\n')}\n</ul>`,
    "<p><sub>Against the period just before, from the docs health issue's history: pages with at least 50 before that changed by at least 20 %. Human visitors leave AI agents out; the page table counts both.</sub></p>"
  ]
}

/** Each headline's trend over the periods the issue remembers, for the headline table; undefined with fewer than two periods. */
export function trendOf(state: HealthState): Trend | undefined {
  const periods = state.periods
  const [first] = periods
  if (!first || periods.length < 2) return undefined
  const lines: Trend['lines'] = {}
  for (const key of Object.keys(HEADLINE_NAMES) as HeadlineKey[]) {
    if (periods.at(-1)?.headlines[key] === undefined) continue
    const values = periods.map((period) => period.headlines[key])
    lines[key] = { bars: sparkline(values), first: values.find((value) => value !== undefined) ?? 0 }
  }
  return { dateFrom: first.dateFrom, dateTo: first.dateTo, periods: periods.length, lines }
}

/** The pieces of the weekly overview, as the body carries them between markers: what a run that reads no analytics keeps. */
export interface OverviewBlocks {
  /** Title, the sentence that names the problem, alerts, the banner, what changed. */
  top: string
  /** The headline numbers, their change and their trend. */
  figures: string
  /** "How this was read", collapsed. */
  howRead: string
  /** "Pages that moved": kept by a run that reads no analytics, which cannot tell them again. */
  movers?: string
}

const BLOCK_NAMES = ['top', 'figures', 'howRead', 'movers'] as const
/** The most characters a kept block may take: one a person made longer is not kept. */
const BLOCK_MAX_CHARS = 16_000
const blockStart = (name: string): string => `<!-- docs-agent-action:${name} -->`
const blockEnd = (name: string): string => `<!-- /docs-agent-action:${name} -->`

/** A piece of the overview between its markers, followed by a blank line; '' for none. */
function block(name: keyof OverviewBlocks, html = ''): string {
  return html.trim() === '' ? '' : `${blockStart(name)}\n${html.trim()}\n${blockEnd(name)}\n`
}

/** The pieces of the overview the owned part of a body carries (each '' when it has none, or one too long to keep). */
export function overviewBlocks(owned: string): OverviewBlocks {
  const found: OverviewBlocks = { top: '', figures: '', howRead: '', movers: '' }
  for (const name of BLOCK_NAMES) {
    const start = owned.indexOf(blockStart(name))
    const end = start < 0 ? -1 : owned.indexOf(blockEnd(name), start)
    if (start < 0 || end < 0) continue
    const html = owned.slice(start + blockStart(name).length, end).trim()
    if (html.length <= BLOCK_MAX_CHARS) found[name] = html
  }
  return found
}

/** The pieces of the overview of a period just read, with the trend `state` remembers and the pages that moved. */
export function blocksOf(overview: Overview, state?: HealthState, moved: readonly Mover[] = []): OverviewBlocks {
  const trend = state === undefined ? undefined : trendOf(state)
  const [top] = moved
  const read: Overview = { ...overview, ...(trend ? { trend } : {}), ...(top ? { moved: top } : {}) }
  return {
    top: overviewTopHtml(read),
    figures: headlinesHtml(read),
    howRead: howReadHtml(read),
    movers: moversHtml(moved).join('\n')
  }
}

/**
 * The SHA-256 (hex) of the pieces of an overview as the body carries them: what the sealed state
 * remembers, so that a run that reads no analytics keeps only the pieces the action wrote.
 */
export function overviewDigest(blocks: OverviewBlocks): string {
  // The movers count only when there are some: a body written before they were kept has the same digest.
  const names = BLOCK_NAMES.filter((name) => name !== 'movers' || (blocks.movers ?? '').trim() !== '')
  return createHash('sha256')
    .update(JSON.stringify(names.map((name) => (blocks[name] ?? '').trim())), 'utf8')
    .digest('hex')
}

/** The sentence above the boxes: what a tick starts, what is sent, and when. */
function tickSentence(words: boolean): string {
  const sent = words
    ? 'each gap’s page or search, its counts, and what readers wrote about it (their questions, comments and searches)'
    : 'each gap’s page or search and its counts (what readers wrote stays out: the repository is public, or reader text is hidden)'
  return (
    '<p>Tick the gaps to fix: the workflow starts <strong>one agent job for all ticked gaps</strong>, which opens <strong>one pull request</strong> ' +
    `in the docs repository (at once, if the workflow runs when this issue is edited; else at its next run). The agent is sent ${sent}.</p>`
  )
}

/**
 * The gap the top names as the problem: the first item of the overview's Fix first, or, for a run that
 * read no analytics and keeps the top, the weightiest gap of the latest period that nobody dismissed.
 */
function leadGap(overview: Overview | undefined, state: HealthState): GapRecord | undefined {
  if (overview) {
    const [item] = overview.items
    const about = item?.page !== undefined ? fingerprint('page', item.page) : item?.search ? fingerprint('search', item.search) : undefined
    return about === undefined ? undefined : state.gaps.find((g) => g.id === about)
  }
  const latest = state.periods.at(-1)?.dateFrom
  return state.gaps
    .filter((gap) => gap.lastSeen === latest && gap.state !== 'dismissed' && gap.state !== 'resolved')
    .reduce<GapRecord | undefined>((best, gap) => (best === undefined || gap.score > best.score ? gap : best), undefined)
}

/**
 * When the problem the top names is already with the agent, a line that says so, so that the top and
 * an empty Fix first do not read as a problem nobody acts on; '' otherwise.
 */
export function leadStatusHtml(overview: Overview | undefined, state: HealthState): string {
  const gap = leadGap(overview, state)
  if (!gap) return ''
  const number = gap.prLink === undefined ? undefined : /\/pull\/(\d+)$/.exec(gap.prLink)?.[1]
  const pr = number === undefined ? 'its pull request' : `pull request #${num(Number(number))}`
  let status: string
  if (gap.state === 'asked') status = 'the agent is working on it'
  else if (gap.state === 'pr-open') status = `${pr} is open: review and merge it`
  else if (gap.state === 'merged')
    status = `${pr} merged${gap.mergedOn === undefined ? '' : ` ${dayHtml(gap.mergedOn)}`}; the ${unitOf(state)}s since the merge will tell whether it worked`
  else return ''
  return `<p>⏳ <strong>Already under way:</strong> ${subjectHtml(gap)}: ${status} (see <strong>With the agent</strong>).</p>`
}

/**
 * Gaps in the order of the period's Fix first, the summary's order: the first box is the gap the top
 * names. Gaps the ranking does not hold follow in the ledger's order, as do all of them for a run that
 * read no analytics.
 */
export function inRankOrder(gaps: readonly GapRecord[], overview: Pick<Overview, 'items'> | undefined): GapRecord[] {
  const items = overview?.items ?? []
  const rank = new Map(items.map((item, at) => [itemId(item), at]))
  const place = (gap: GapRecord): number => rank.get(gap.id) ?? items.length
  return [...gaps].sort((a, b) => place(a) - place(b))
}

/** Verdict lines the top shows at most of each kind; the ledger below holds them all. */
const VERDICTS_SHOWN = 3

/**
 * Did the fixes work: each gap fixed this period with its numbers before → since, and each fix that
 * did not work (open again) with where to ask again (`askAgain`: "tick it below"). Empty when there is none.
 */
export function verdictLines(state: HealthState, resolvedIds: ReadonlySet<string>, askAgain: string): string[] {
  const fixed = state.gaps.filter((gap) => gap.state === 'resolved' && resolvedIds.has(gap.id)).slice(0, VERDICTS_SHOWN)
  const failed = state.gaps
    .filter((gap) => gap.state === 'back' && (gap.verdict === 'not-fixed' || gap.verdict === 'back'))
    .slice(0, VERDICTS_SHOWN)
  const lines = fixed.map((gap) => {
    const numbers = beforeAfterHtml(gap.before, gap.after, 'since the merge', unitOf(state))
    return `<p>✅ <strong>Fixed:</strong> ${subjectHtml(gap)}${pullHtml(gap) === undefined ? '' : ` by ${pullHtml(gap) ?? ''}`}${numbers === '' ? '' : ` · ${numbers}`}</p>`
  })
  for (const gap of failed) {
    const numbers = beforeAfterHtml(gap.before, gap.after, gap.verdict === 'back' ? 'since it was fixed' : 'since the merge', unitOf(state))
    const what = gap.verdict === 'back' ? 'came back' : 'did not work'
    lines.push(
      `<p>❌ <strong>Not fixed:</strong> ${subjectHtml(gap)}: ${pullHtml(gap) ?? 'its pull request'} ${what}${numbers === '' ? '' : ` · ${numbers}`}. ${askAgain}</p>`
    )
  }
  return lines
}

/** What the owned part is made from. */
export interface HealthIssueView {
  overview?: Overview
  /** The overview the body carried, kept by a run that read no analytics. */
  kept?: OverviewBlocks
  state: HealthState
  /** Gaps resolved in the period just read. */
  resolved: number
  /** Which gaps those are, to name them. */
  resolvedIds?: ReadonlySet<string>
  /** "Updated 24 Nov 2026 by docs-agent-action 1.2.3 · workflow run" (HTML). */
  footerHtml: string
  /** Open gaps a person ticked since the run read the issue: they stay ticked, for the run their edit started. */
  ticked?: ReadonlySet<string>
  /** Open gaps a person ticked "Not a gap" for since the run read the issue: they stay ticked. */
  dismissTicked?: ReadonlySet<string>
  /** Dismissed gaps a person ticked "Bring it back" for since the run read the issue: they stay ticked. */
  restoreTicked?: ReadonlySet<string>
  /** The pages whose traffic moved most since the period just before. */
  movers?: readonly Mover[]
  /** The headlines whose change comes from the issue's history. */
  filled?: readonly Key[]
}

/** Gaps a line names at most when the state could not keep them. */
const LOST_NAMED = 5

/**
 * What the issue says when the state could not keep a gap a person decided on, or whose verdict is
 * owed (state.ts, fittedState): how many, the first few named; '' when it kept them all.
 */
export function lostHtml(lost: readonly GapRecord[]): string {
  if (lost.length === 0) return ''
  const named = lost.slice(0, LOST_NAMED).map(subjectHtml).join(', ')
  const more = lost.length > LOST_NAMED ? ` and ${num(lost.length - LOST_NAMED)} more` : ''
  return (
    `<p>⚠️ <strong>${lost.length === 1 ? '1 gap' : `${num(lost.length)} gaps`} dropped from this issue’s state:</strong> ${named}${more}. ` +
    'A person said it is not a gap, or its fix awaits a verdict, but the state had no room left for it: it is no longer listed, and a fix of it is not judged.</p>'
  )
}

/**
 * The part of the body the action owns, markers included: made from the state as its block carries it
 * (fittedState), so that every box it shows is one of a gap the sealed state holds.
 */
export function ownedBody(view: HealthIssueView): string {
  const { state, lost } = fittedState(view.state)
  const parts = [START, projectMarker(state.projectId), '']
  const unit = unitOf(state)
  // The top of the weekly report first, kept as it was by a run that read no analytics; then whether
  // the fixes worked and what is with the agent; the ledger below is the "Fix first" of the issue,
  // with a box to tick; the long lists after it.
  const blocks = view.overview
    ? blocksOf(view.overview, state, view.movers ?? [])
    : (view.kept ?? { top: '', figures: '', howRead: '', movers: '' })
  if (blocks.top !== '') parts.push(block('top', blocks.top))
  const underWay = leadStatusHtml(view.overview, state)
  if (underWay !== '') parts.push(underWay, '')
  const resolvedIds = view.resolvedIds ?? new Set<string>()
  // Gaps resolved that the state cannot name are counted.
  if (view.resolved > 0 && !state.gaps.some((gap) => gap.state === 'resolved' && resolvedIds.has(gap.id)))
    parts.push(`<p>✅ ${num(view.resolved)} ${view.resolved === 1 ? 'gap' : 'gaps'} fixed this period.</p>`, '')
  const verdicts = verdictLines(state, resolvedIds, 'Tick it under <strong>Fix first</strong> to ask the agent again.')
  if (verdicts.length > 0) parts.push(...verdicts, '')
  const dropped = lostHtml(lost)
  if (dropped !== '') parts.push(dropped, '')
  let room = LEDGER_LINES_CHARS
  let left = 0
  /** The lines that fit what is left of the ledger's room; the others are counted. */
  const fitting = (lines: string[]): string[] =>
    lines.filter((line) => {
      if (line.length > room) {
        left++
        return false
      }
      room -= line.length
      return true
    })
  const latest = state.periods.at(-1)?.dateFrom
  const since = (day: string): number => state.periods.filter((period) => period.dateFrom >= day).length
  const moving = fitting(
    state.gaps
      .filter((gap) => !isOpen(gap) && gap.state !== 'resolved' && gap.state !== 'dismissed')
      .map((gap) => progressLine(gap, since, unit))
  )
  const open = fitting(
    inRankOrder(state.gaps.filter(isOpen), view.overview).map((gap) =>
      openLine(
        gap,
        view.ticked?.has(gap.id) === true,
        view.dismissTicked?.has(gap.id) === true,
        latest,
        unit,
        state.readerWords?.gaps.find((words) => words.id === gap.id)
      )
    )
  )
  const resolved = fitting(state.gaps.filter((gap) => gap.state === 'resolved').map((gap) => progressLine(gap, since, unit)))
  const dismissed = fitting(
    state.gaps.filter((gap) => gap.state === 'dismissed').map((gap) => dismissedLine(gap, view.restoreTicked?.has(gap.id) === true))
  )
  // What the agent works on, before the long lists: a few lines.
  if (moving.length > 0) parts.push('### With the agent', '', ...moving, '')
  parts.push('### Fix first: tick a gap to ask the agent', '')
  // "Waiting for the agent" would also describe the gaps with it: say only that nothing is to tick.
  if (open.length === 0) parts.push('Nothing to tick: no gap is open.', '')
  else parts.push(tickSentence(state.readerWords !== undefined), '', ...open, '')
  // After what to fix: the pages whose traffic moved, kept by a run that read no analytics.
  const kept = blocks.movers ?? ''
  const movers = kept === '' ? moversHtml(view.movers ?? []).join('\n') : kept
  if (movers !== '') parts.push(block('movers', movers))
  if (blocks.figures !== '') parts.push(block('figures', blocks.figures))
  if (view.overview && (view.filled?.length ?? 0) > 0) {
    const names = (view.filled ?? []).map((key) => HEADLINE_NAMES[key]).join(', ')
    parts.push(`<p><sub>${htmlText(names, 200)}: change against the period just before, from this issue's history.</sub></p>`, '')
  }
  if (resolved.length > 0) parts.push('### Fixed', '', ...resolved, '')
  if (dismissed.length > 0)
    parts.push(
      `<details><summary>Not gaps, as people said (${num(dismissed.length)})</summary>`,
      '',
      ...dismissed,
      '',
      `<sub>A gap marked “Not a gap” is left off Fix first, out of docsGaps and out of what the agent is sent, until ${TROUBLE_WORDS} are at least ${num(WORSE_TIMES)} times as many as when it was dismissed, and at least ${num(WORSE_BY)} more: then it is back.</sub>`,
      '<sub>Tick “Bring it back” under a gap to open it again.</sub>',
      '</details>',
      ''
    )
  if (left > 0)
    parts.push(
      `<sub>${num(left)} more ${left === 1 ? 'gap is' : 'gaps are'} kept in the ledger but not listed, to keep the issue under GitHub's limit.</sub>`,
      ''
    )
  if (blocks.howRead !== '') parts.push(block('howRead', blocks.howRead))
  parts.push(view.footerHtml, encodeState(state), END)
  return parts.join('\n')
}

/** The body with its owned part replaced (or added, at the end), a person's text around it kept as it is. */
export function withOwned(body: string, owned: string): string {
  const start = body.indexOf(START)
  const end = start < 0 ? -1 : body.indexOf(END, start)
  if (start < 0 || end < 0) return body.trim() === '' ? owned : `${body.trimEnd()}\n\n${owned}`
  return body.slice(0, start) + owned + body.slice(end + END.length)
}

/** The part of a body the action owns, markers included; '' when it has none. */
export function ownedPart(body: string): string {
  const start = body.indexOf(START)
  const end = start < 0 ? -1 : body.indexOf(END, start)
  return start < 0 || end < 0 ? '' : body.slice(start, end + END.length)
}

/** The ids of the boxes ticked in the owned part of a body whose whole line `pattern` matches, the id its first group. */
function boxTicks(body: string, pattern: RegExp): Set<string> {
  const start = body.indexOf(START)
  const end = start < 0 ? -1 : body.indexOf(END, start)
  const ticked = new Set<string>()
  if (start < 0 || end < 0) return ticked
  for (const line of body.slice(start, end).split('\n')) {
    const match = pattern.exec(line)
    if (match?.[1]) ticked.add(match[1])
  }
  return ticked
}

/** The ids of the gaps ticked "Not a gap" in the owned part of a body. */
export function dismissTicks(body: string): Set<string> {
  return boxTicks(body, /^\s*[-*+] \[[xX]\] Not a gap <!-- dismiss:([0-9a-f]{12}) -->\s*$/)
}

/** The ids of the dismissed gaps ticked "Bring it back" in the owned part of a body. */
export function restoreTicks(body: string): Set<string> {
  return boxTicks(body, /^\s*[-*+] \[[xX]\] Bring it back <!-- restore:([0-9a-f]{12}) -->\s*$/)
}

/** The ids of the gaps ticked in the owned part of a body. */
export function tickedGaps(body: string): Set<string> {
  const start = body.indexOf(START)
  const end = start < 0 ? -1 : body.indexOf(END, start)
  const ticked = new Set<string>()
  if (start < 0 || end < 0) return ticked
  for (const line of body.slice(start, end).split('\n')) {
    const match = /^\s*[-*+] \[[xX]\] .*<!-- gap:([0-9a-f]{12}) -->\s*$/.exec(line)
    if (match?.[1]) ticked.add(match[1])
  }
  return ticked
}
