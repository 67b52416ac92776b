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
import type { FixItem } from '../render/fix-first.js'
import { HEADLINE_NAMES, type HeadlineKey, type HeadlineKey as Key } from '../core/catalog.js'
import type { Mover } from './history.js'
import { gapsByItemId, isHiddenSearch, isOpen, itemId, WORSE_BY, WORSE_TIMES } from './ledger.js'
import {
  encodeState,
  fittedState,
  type GapEvent,
  type GapNumbers,
  type GapRecord,
  type GapWords,
  type HealthState,
  LOGIN_CHARS
} from './state.js'
import { gapPart } from './prompt.js'
import { exposureOf, periodsOf, poolOf, pooled, readsAll, troubleIn, VERDICT_PERIODS } from './verdict.js'
import { FIXED_RATIO } from './evidence.js'
import { evidenceOf, evidenceText } from '../render/evidence-line.js'
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

/** Where a gap's page was before its fix moved it (moves.ts): "moved from /old". */
const movedHtml = (from: string): string => `moved from <code>${boundedHtml(from, 200)}</code>`

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
  unit = 'period',
  was = 'before'
): string {
  if (!before) return ''
  const average = periodsOf(before) > 1 || (after !== undefined && periodsOf(after) > 1) ? `, per ${unit}` : ''
  if (!after) {
    const numbers = numbersHtml(perPeriod(before))
    return numbers === '' ? '' : `${was} ${coverHtml(before, unit)}${average}: ${numbers}`
  }
  const numbers = numbersHtml(perPeriod(after), perPeriod(before))
  return numbers === '' ? '' : `${was} ${coverHtml(before, unit)} → ${since} ${coverHtml(after, unit)}${average}: ${numbers}`
}

/** Text with its first letter in lower case, to follow a colon inside a line. */
const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1)

/** A gap's pull request as a link: "pull request #50"; undefined when it has none. */
function pullHtml(gap: GapRecord): string | undefined {
  if (gap.prLink === undefined) return undefined
  const number = /\/pull\/(\d+)$/.exec(gap.prLink)?.[1]
  return linkHtml(gap.prLink, number === undefined ? 'pull request' : `pull request ${htmlText(`#${number}`)}`)
}

/** What a verdict counts, in a docs lead's words: each reader once (a thumbs down and its not-helpful row are one). */
const COUNTED = 'thumbs down, unanswered questions and searches with no click'
/** What readers went through, in a docs lead's words: what makes a dismissed gap come back. */
const TROUBLE_WORDS = 'its thumbs down, unanswered questions and searches with no click'

/** "week" when the latest period read is seven days long, "period" otherwise: what a line counts in. */
export function unitOf(state: HealthState): string {
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
  if (gap.verdict === 'not-fixed') words = `not fixed: ${pull}${merged} ${lowerFirst(notEnoughText(gap))}; tick to ask the agent again`
  else if (gap.verdict === 'could-not-tell')
    words = `can’t tell: too few readers in the ${num(VERDICT_PERIODS)} ${unit}s since ${pull}${merged.replace(/,$/, '')} to tell whether it worked; tick to ask again, or say it is not a gap`
  else if (gap.verdict === 'back') words = `${lowerFirst(cameBackHtml(gap, unit))} (${pull}${merged.replace(/,$/, '')})`
  else if (gap.verdict === 'gone')
    words = `this page gets no visitors since the merge: moved or removed? No move is known of ${pull}${merged.replace(/,$/, '')}; if it moved, say it is not a gap, or tick to ask again`
  else return ` · ${STATE_WORDS.back}`
  // The trouble back is set against the weeks the fix held, not the weeks before it.
  const numbers = reopenedNumbers(gap, unit)
  const moved = gap.movedFrom === undefined ? '' : ` · ${movedHtml(gap.movedFrom)}`
  return ` · ${words}${moved}${numbers === '' ? '' : ` · ${numbers}`}`
}

/** When a gap was first seen and for how long: "first seen 17 Nov 2026" or "on the list 3 weeks since 3 Nov 2026". */
function sinceText(gap: GapRecord, unit: string): string {
  const first = dayHtml(gap.firstSeen)
  return gap.periods > 1 ? `on the list ${unitsText(gap.periods, unit)} since ${first}` : `first seen ${first}`
}

/** What a search whose words are hidden is: the ranking's of one period (so it has no "Not a gap" box). */
const hiddenSearchNote = (unit: string): string =>
  `its words are hidden, so no later ${unit} can be matched to it: it is this ${unit}’s alone`

/** The boxes a person may tick, and the words each gap's tick sends: what every line of the ledger is written with. */
interface Boxes {
  ticked?: ReadonlySet<string>
  dismissTicked?: ReadonlySet<string>
  words: (gap: GapRecord) => GapWords | undefined
}

/**
 * A gap's boxes after its line: its id at the end of the line (`line`) for the next run, a box to say
 * it is not a gap (ticked when a person ticked it), none for a search whose words are hidden (nothing
 * later could hold it to that), and what a tick sends the agent, collapsed.
 */
function withBoxes(line: string, gap: GapRecord, boxes: Boxes): string {
  const dismiss = isHiddenSearch(gap)
    ? ''
    : `  - [${boxes.dismissTicked?.has(gap.id) === true ? 'x' : ' '}] Not a gap <!-- dismiss:${gap.id} -->\n`
  return `- [${boxes.ticked?.has(gap.id) === true ? 'x' : ' '}] ${line} <!-- gap:${gap.id} -->\n${dismiss}  ${sentHtml(gap, boxes.words(gap))}`
}

/** A gap's evidence as its line tells it (render/evidence-line.ts), its searches' words in quotes. */
const evidenceHtml = (gap: GapRecord): string =>
  boundedHtml(
    evidenceText(gap.evidence, (words) => `“${words}”`),
    400
  )

/** An open gap of the period's Fix first, as a task-list line a person ticks, with its boxes (withBoxes). */
function openLine(gap: GapRecord, unit: string, boxes: Boxes): string {
  const state = gap.state === 'back' ? reopenedHtml(gap, unit) : ''
  const hidden = isHiddenSearch(gap) ? ` · ${hiddenSearchNote(unit)}` : ''
  return withBoxes(`${subjectHtml(gap)} · ${evidenceHtml(gap)} <sub>${sinceText(gap, unit)}${state}${hidden}</sub>`, gap, boxes)
}

/**
 * An open gap the period's Fix first does not hold, small: how long ago it was last on the list, its
 * evidence then, and its own numbers of the latest period when they were read; with its boxes.
 */
function staleLine(gap: GapRecord, state: HealthState, unit: string, boxes: Boxes): string {
  const latest = state.periods.at(-1)?.dateFrom
  const ago = state.periods.filter((period) => period.dateFrom > gap.lastSeen).length
  const seen = ago > 0 ? `last seen ${unitsText(ago, unit)} ago` : `last seen ${dayHtml(gap.lastSeen)}`
  const reopened = gap.state === 'back' ? reopenedHtml(gap, unit) : ''
  const now = latest !== undefined && gap.now?.dateFrom === latest ? ` · this ${unit}: ${numbersHtml(gap.now) || 'no complaint'}` : ''
  return withBoxes(`<sub>${subjectHtml(gap)} · ${seen}: ${evidenceHtml(gap)}${reopened}${now}</sub>`, gap, boxes)
}

/**
 * What became of a gap of the period's Fix first that has no box: with the agent (its pull request is
 * linked under With the agent, once), or fixed.
 */
function underWayText(gap: GapRecord, unit: string): string {
  if (gap.state === 'pr-open') return 'its pull request is open (see <strong>With the agent</strong>)'
  if (gap.state === 'merged')
    return `merged${gap.mergedOn === undefined ? '' : ` ${dayHtml(gap.mergedOn)}`}: the ${unit}s since will tell whether it worked`
  if (gap.state === 'resolved')
    return `fixed${gap.resolvedOn === undefined ? '' : ` ${dayHtml(gap.resolvedOn)}`}: the ${unit}s since tell whether it holds`
  return STATE_WORDS[gap.state]
}

/** A line of the period's Fix first: its gap, or, for an item the state keeps no gap of, the item itself. */
export interface FixFirstEntry {
  item?: FixItem
  gap?: GapRecord
}

/**
 * The issue's Fix first: the period's, the summary's (`overview.items`), item for item in its order,
 * each with its gap (none for an item the state keeps no gap of). For a run that read no analytics,
 * the gaps the latest period ranked, in its order (`rank`; an open gap of a state written before it
 * was kept has none, and follows, the weightiest first).
 */
export function fixFirstEntries(state: HealthState, overview: Pick<Overview, 'items'> | undefined): FixFirstEntry[] {
  if (overview) {
    const byId = gapsByItemId(state.gaps)
    return overview.items.map((item) => {
      const gap = byId.get(itemId(item) ?? '')
      return gap ? { item, gap } : { item }
    })
  }
  // With no period known, a gap of some weight was ranked by the latest read.
  const latest = state.periods.at(-1)?.dateFrom
  const ranked = (gap: GapRecord): boolean => (latest === undefined ? gap.score > 0 : gap.lastSeen === latest)
  const place = (gap: GapRecord): number => gap.rank ?? Number.MAX_SAFE_INTEGER
  // A gap that is not open is the period's only by its place (a state written before places were kept lists the open ones).
  return state.gaps
    .filter((gap) => ranked(gap) && (isOpen(gap) || (gap.rank !== undefined && gap.state !== 'dismissed')))
    .sort((a, b) => place(a) - place(b) || b.score - a.score)
    .map((gap) => ({ gap }))
}

/** An entry of the period's Fix first as the issue shows it: a box for an open gap, what became of one that is not open. */
function entryLine(entry: FixFirstEntry, unit: string, boxes: Boxes): string {
  const { gap, item } = entry
  if (gap && isOpen(gap)) return openLine(gap, unit, boxes)
  if (gap) return `- ⏳ ${subjectHtml(gap)} · ${evidenceHtml(gap)} <sub>${underWayText(gap, unit)}</sub>`
  // An item the state keeps no gap of (a search too long to find again by its kept words): no box.
  const subject =
    item?.page !== undefined ? `<code>${boundedHtml(item.page, 200)}</code>` : `search “${boundedHtml(item?.search ?? '', 80)}”`
  // Its evidence as the summary's item gives it: a search, how often nobody clicked.
  const evidence = item === undefined ? '' : evidenceText(evidenceOf(item), (text) => `“${text}”`)
  return `- ${subject} · ${boundedHtml(evidence, 400)} <sub>no box: too long for the issue to follow</sub>`
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
  if (gap.movedFrom !== undefined) parts.push(movedHtml(gap.movedFrom))
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
    const about = item === undefined ? undefined : itemId(item)
    return about === undefined ? undefined : gapsByItemId(state.gaps).get(about)
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

/** The ratio of the trouble since a fix to the trouble before it, each over who could have had trouble (verdict.ts); undefined when there was none before. */
export function troubleRatio(before: GapNumbers, after: GapNumbers): number | undefined {
  const exposure = exposureOf(before, after)
  const was = poolOf(before, exposure)
  const is = poolOf(after, exposure)
  if (was.trouble <= 0 || was.exposure <= 0 || is.exposure <= 0) return undefined
  return is.trouble / is.exposure / (was.trouble / was.exposure)
}

/** A change in whole percent with its sign, as people write it: "−45 %", "+10 %", "0 %". */
export function changeText(ratio: number): string {
  const percent = Math.round((ratio - 1) * 100)
  return `${percent < 0 ? '−' : percent > 0 ? '+' : ''}${num(Math.abs(percent))} %`
}

/** The cut a fix needs to be fixed, as a change: "−60 %". */
const FIXED_NEEDS = `fixed needs ${changeText(FIXED_RATIO)}`

/** Readers in trouble per period in `numbers`, whole (one decimal below 10). */
function troublePerPeriod(numbers: GapNumbers): number {
  const each = troubleIn(numbers) / periodsOf(numbers)
  return each >= 10 ? Math.round(each) : Math.round(each * 10) / 10
}

/** The latest numbers of a fixed gap since the periods that proved it, pooled; else those periods. */
function sinceFixed(gap: GapRecord): GapNumbers | undefined {
  const from = gap.after?.dateTo
  const before = gap.before
  const later =
    from === undefined || before === undefined
      ? []
      : [...(gap.recent ?? []), ...(gap.now ? [gap.now] : [])].filter((n) => n.dateFrom >= from && readsAll(n, before))
  return pooled(later) ?? gap.after
}

/**
 * What a fix that worked changed for readers: "25 fewer thumbs down, unanswered questions and searches
 * with no click a week" (readers, each counted once, as a verdict counts them), with `counts`
 * "(26 → 1)" after it; '' without numbers.
 */
export function helpedHtml(gap: GapRecord, unit: string, counts = true): string {
  const after = sinceFixed(gap)
  if (!gap.before || !after) return ''
  const was = troublePerPeriod(gap.before)
  const is = troublePerPeriod(after)
  const fewer = Math.round((was - is) * 10) / 10
  if (fewer <= 0) return ''
  return `${num(fewer)} fewer ${COUNTED} a ${unit}${counts ? ` (${num(was)} → ${num(is)})` : ''}`
}

/**
 * How far a fix that did not work went: its verdict ("Helped, but not enough", or "Did not help" when
 * the trouble did not fall) and its change against the bar ("−45 % (fixed needs −60 %)").
 */
export function notEnough(gap: GapRecord): { verdict: string; change: string } {
  const ratio = gap.before && gap.after ? troubleRatio(gap.before, gap.after) : undefined
  if (ratio === undefined) return { verdict: 'Not fixed', change: `not enough (${FIXED_NEEDS})` }
  return { verdict: ratio < 1 ? 'Helped, but not enough' : 'Did not help', change: `${changeText(ratio)} (${FIXED_NEEDS})` }
}

/** "Helped, but not enough: −45 % (fixed needs −60 %)". */
export function notEnoughText(gap: GapRecord): string {
  const { verdict, change } = notEnough(gap)
  return `${verdict}: ${change}`
}

/**
 * A fixed gap whose trouble returned: "The trouble came back: since 21 Dec 2026, 27 a week, against 1
 * while the fix held (thumbs down, unanswered questions and searches with no click)": the weeks since
 * against the weeks the fix held, not the weeks before it.
 */
export function cameBackHtml(gap: GapRecord, unit: string): string {
  const since = cameBackSince(gap, unit)
  return `The trouble came back${since === '' ? '' : `: ${since}`}`
}

/** "since 21 Dec 2026, 27 a week, against 1 while the fix held (thumbs down, …)"; '' without numbers. */
export function cameBackSince(gap: GapRecord, unit: string): string {
  const since = gap.after
  if (!since) return ''
  const against = gap.held === undefined ? '' : `, against ${num(troublePerPeriod(gap.held))} while the fix held`
  const now = troublePerPeriod(since)
  return `since ${dayHtml(since.dateFrom)}, ${num(now)} a ${unit}${against} (${COUNTED})`
}

/** The numbers of a gap open again: those while its fix held against those since the trouble came back, else before → since the merge. */
function reopenedNumbers(gap: GapRecord, unit: string): string {
  return gap.verdict === 'back' && gap.held !== undefined
    ? beforeAfterHtml(gap.held, gap.after, 'since it came back', unit, 'while the fix held')
    : beforeAfterHtml(gap.before, gap.after, gap.verdict === 'back' ? 'since it was fixed' : 'since the merge', unit)
}

const EVENT_WORDS: Record<GapEvent, string> = {
  asked: 'asked',
  merged: 'merged',
  fixed: 'fixed',
  'not-fixed': 'not fixed',
  'could-not-tell': 'could not tell',
  back: 'the trouble came back',
  gone: 'no visitors since the merge',
  dismissed: 'said not a gap'
}

/** A gap's timeline: "asked 16 Nov 2026 → merged 23 Nov 2026 → fixed 30 Nov 2026"; '' for none. */
export function timelineHtml(gap: GapRecord): string {
  // A gap judged before its events were kept: the days its record still holds.
  const events = gap.events ?? [
    ...(gap.mergedOn === undefined ? [] : [{ what: 'merged' as const, on: gap.mergedOn }]),
    ...(gap.resolvedOn === undefined ? [] : [{ what: 'fixed' as const, on: gap.resolvedOn }])
  ]
  return events.map((event) => `${EVENT_WORDS[event.what]} ${dayHtml(event.on)}`).join(' → ')
}

/** The verdicts a gap can stand at. */
type Standing = 'fixed' | 'not-fixed' | 'waiting'

/** Where a gap with the agent or judged stands; undefined for one never asked for, or dismissed. */
function standingOf(gap: GapRecord): Standing | undefined {
  if (gap.state === 'resolved') return 'fixed'
  if (gap.state === 'back' && gap.verdict !== undefined && gap.verdict !== 'too-few' && gap.verdict !== 'fixed') return 'not-fixed'
  return gap.state === 'merged' ? 'waiting' : undefined
}

/** The periods that tell what is news: the latest read, and the one before it. */
interface NewsFrom {
  latest: string
  before: string
}

const newsFrom = (state: HealthState): NewsFrom => ({
  latest: state.periods.at(-1)?.dateFrom ?? '',
  before: state.periods.at(-2)?.dateFrom ?? ''
})

/** What a person did: news from the report before it to the next. */
const BY_A_PERSON: ReadonlySet<GapEvent> = new Set(['asked', 'dismissed'])

/**
 * The events of a gap since last week's report: a verdict of the latest period's run (or of a run
 * after it), and what a person did since the report before (after it, or after the latest).
 */
const newsOf = (gap: GapRecord, from: NewsFrom): GapEvent[] =>
  (gap.events ?? [])
    .filter(
      (event) =>
        event.period !== undefined &&
        from.latest !== '' &&
        (BY_A_PERSON.has(event.what) ? event.period >= from.before : event.period === from.latest)
    )
    .map((event) => event.what)

/** What a verdict says of a gap, in a person's words, with its pull request and where to ask again (`askAgain`). */
function verdictHtml(gap: GapRecord, unit: string, askAgain: string): string {
  const pull = pullHtml(gap)
  if (gap.state === 'resolved') {
    const helped = helpedHtml(gap, unit)
    return `✅ <strong>Fixed:</strong> ${subjectHtml(gap)}${pull === undefined ? '' : ` by ${pull}`}${helped === '' ? '' : `: ${helped}`}`
  }
  const by = pull === undefined ? '' : `, ${pull}`
  const again = askAgain === '' ? '' : ` ${askAgain}`
  if (gap.verdict === 'back') {
    const since = cameBackSince(gap, unit)
    return `❌ <strong>The trouble came back:</strong> ${subjectHtml(gap)}${by}${since === '' ? '' : `: ${since}`}.${again}`
  }
  if (gap.verdict === 'gone')
    return `📭 <strong>Moved or removed?</strong> ${subjectHtml(gap)}${by}: this page gets no visitors since the merge.${again}`
  if (gap.verdict === 'could-not-tell')
    return `❔ <strong>Can’t tell:</strong> ${subjectHtml(gap)}${by}: too few readers in the ${num(VERDICT_PERIODS)} ${unit}s since the merge to tell whether it worked; ask again, or say it is not a gap.${again}`
  // Its numbers before → since are in its line under Fix first, and folded once the verdict stands.
  const { verdict, change } = notEnough(gap)
  return `❌ <strong>${verdict}:</strong> ${subjectHtml(gap)}${by}: ${change}.${again}`
}

/** Gaps each line of the news names at most; the standing state below holds them all. */
const NEWS_SHOWN = 3

/**
 * What changed since last week's report, first: each fix judged since (fixed, with the readers it
 * helped; not fixed, and how far it went; the trouble back; could not tell) and the gaps newly given
 * to the agent. A gap resolved by this run whose state holds no events yet (`resolvedIds`) is news too.
 * Once the ledger holds a fix judged, one line says when nothing changed, so that the news does not
 * come and go; before, nothing.
 */
export function newsLines(state: HealthState, resolvedIds: ReadonlySet<string>, askAgain: string, fixedUnnamed = 0): string[] {
  const unit = unitOf(state)
  const from = newsFrom(state)
  const news = state.gaps.filter((gap) => isNews(gap, from, resolvedIds))
  // The fixes that worked first.
  const judged = [...news.filter((gap) => gap.state === 'resolved'), ...news.filter((gap) => gap.state === 'back')]
  const asked = news.filter((gap) => gap.state === 'asked' || gap.state === 'pr-open' || gap.state === 'merged')
  const dismissed = news.filter((gap) => gap.state === 'dismissed')
  const items = judged.slice(0, NEWS_SHOWN * 2).map((gap) => `<li>${verdictHtml(gap, unit, askAgain)}</li>`)
  /** "<code>/a</code>, <code>/b</code> and 2 more". */
  const named = (gaps: GapRecord[]): string =>
    gaps.slice(0, NEWS_SHOWN).map(subjectHtml).join(', ') + (gaps.length > NEWS_SHOWN ? ` and ${num(gaps.length - NEWS_SHOWN)} more` : '')
  if (asked.length > 0) items.push(`<li>🤖 <strong>Given to the agent:</strong> ${named(asked)}</li>`)
  if (dismissed.length > 0) items.push(`<li>🙅 <strong>Not a gap, as people said:</strong> ${named(dismissed)}</li>`)
  // Once a fix stands judged, the news says when nothing changed (fixes the state cannot name are counted apart).
  if (items.length === 0)
    return anyJudged(state) && fixedUnnamed === 0
      ? [`<p><strong>Since last ${unit}:</strong> no fix was judged, and no gap given to the agent.</p>`]
      : []
  return [`<p><strong>Since last ${unit}:</strong></p>`, `<ul>\n${items.join('\n')}\n</ul>`]
}

/** Whether the ledger holds a fix judged, fixed or not: until then, what is with the agent says all. */
const anyJudged = (state: HealthState): boolean => state.gaps.some((gap) => standingOf(gap) === 'fixed' || standingOf(gap) === 'not-fixed')

/** One standing gap, folded: its verdict as a summary, its timeline and numbers inside. */
function standingItem(gap: GapRecord, unit: string): string {
  const standing = standingOf(gap)
  const pull = pullHtml(gap)
  let said: string
  if (standing === 'fixed') {
    const helped = helpedHtml(gap, unit)
    said = `✅ ${subjectHtml(gap)}: fixed${helped === '' ? '' : `, ${helped}`}`
  } else if (standing === 'not-fixed')
    said =
      gap.verdict === 'back'
        ? `❌ ${subjectHtml(gap)}: ${lowerFirst(cameBackHtml(gap, unit))}`
        : gap.verdict === 'could-not-tell'
          ? `❔ ${subjectHtml(gap)}: can’t tell, too few readers`
          : gap.verdict === 'gone'
            ? `📭 ${subjectHtml(gap)}: no visitors since the merge, moved or removed?`
            : `❌ ${subjectHtml(gap)}: ${lowerFirst(notEnoughText(gap))}`
  else said = `⏳ ${subjectHtml(gap)}: ${gap.state === 'merged' ? 'merged, waiting for readers to tell' : STATE_WORDS[gap.state]}`
  const timeline = timelineHtml(gap)
  const numbers = standing === 'not-fixed' ? reopenedNumbers(gap, unit) : beforeAfterHtml(gap.before, gap.after, 'since the merge', unit)
  const inside = [timeline, pull ?? '', numbers].filter((part) => part !== '').join(' · ')
  return inside === '' ? `<li>${said}</li>` : `<li><details><summary>${said}</summary>${inside}</details></li>`
}

/**
 * The verdicts that stand since before last week, folded into one line ("✅ 2 fixed · ❌ 3 still not
 * fixed · ⏳ 1 waiting"), the fix that helped most named in it with its pull request and the readers it
 * helped; each gap inside, folded again, with its timeline. '' when no fix judged stands, or no fix
 * was ever judged (a fix waiting for readers is then under "With the agent" alone).
 */
export function standingHtml(state: HealthState, resolvedIds: ReadonlySet<string>): string {
  const unit = unitOf(state)
  const from = newsFrom(state)
  const standing = state.gaps.filter((gap) => standingOf(gap) !== undefined && !isNews(gap, from, resolvedIds))
  const of = (kind: Standing): GapRecord[] => standing.filter((gap) => standingOf(gap) === kind)
  // Fixes waiting alone are under "With the agent", with their numbers: a line of them says it twice.
  if (!anyJudged(state) || (of('fixed').length === 0 && of('not-fixed').length === 0)) return ''
  const fixed = of('fixed')
  const parts: string[] = []
  if (fixed.length > 0) {
    const best = [...fixed].sort((a, b) => helpedBy(b) - helpedBy(a))[0] as GapRecord
    const helped = helpedHtml(best, unit, false)
    // Its link, never a bare "#60": GitHub reads that as this repository's, and the agent's may be another.
    const pull = pullHtml(best)
    const credit = `${pull === undefined ? '' : ` by ${pull}`}${helped === '' ? '' : `, ${helped}`}`
    parts.push(`✅ ${num(fixed.length)} fixed${fixed.length > 1 ? ', the most' : ''}: ${subjectHtml(best)}${credit}`)
  }
  const failed = of('not-fixed')
  if (failed.length > 0) parts.push(`❌ ${num(failed.length)} still not fixed`)
  const waiting = of('waiting')
  if (waiting.length > 0) parts.push(`⏳ ${num(waiting.length)} waiting`)
  const items = [...fixed, ...failed, ...waiting].map((gap) => standingItem(gap, unit))
  return `<details><summary><strong>So far:</strong> ${parts.join(' · ')}</summary>\n<ul>\n${items.join('\n')}\n</ul>\n</details>`
}

/** Readers in trouble a fixed gap spared per period: what names the fix that helped most. */
function helpedBy(gap: GapRecord): number {
  const after = sinceFixed(gap)
  return gap.before && after ? troublePerPeriod(gap.before) - troublePerPeriod(after) : 0
}

/** Whether what became of a gap is news since last week's report (newsLines). */
function isNews(gap: GapRecord, from: NewsFrom, resolvedIds: ReadonlySet<string>): boolean {
  const events = newsOf(gap, from)
  const last = events.at(-1)
  if (gap.state === 'resolved') return last === 'fixed' || resolvedIds.has(gap.id)
  if (gap.state === 'back') return last === 'not-fixed' || last === 'could-not-tell' || last === 'back' || last === 'gone'
  if (gap.state === 'dismissed') return last === 'dismissed'
  return (gap.state === 'asked' || gap.state === 'pr-open' || gap.state === 'merged') && events.includes('asked')
}

/**
 * Did the fixes work: what changed since last week's report first (newsLines), then the verdicts that
 * stand, folded into one line (standingHtml). Empty before a fix was judged and with no news.
 * `fixedUnnamed` counts gaps fixed by this run that the state cannot name (said apart).
 */
export function verdictLines(state: HealthState, resolvedIds: ReadonlySet<string>, askAgain: string, fixedUnnamed = 0): string[] {
  const standing = standingHtml(state, resolvedIds)
  return [...newsLines(state, resolvedIds, askAgain, fixedUnnamed), ...(standing === '' ? [] : [standing])]
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
  const unnamed = view.resolved > 0 && !state.gaps.some((gap) => gap.state === 'resolved' && resolvedIds.has(gap.id)) ? view.resolved : 0
  if (unnamed > 0) parts.push(`<p>✅ ${num(unnamed)} ${unnamed === 1 ? 'gap' : 'gaps'} fixed this period.</p>`, '')
  const verdicts = verdictLines(state, resolvedIds, 'Tick it under <strong>Fix first</strong> to ask the agent again.', unnamed)
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
  const since = (day: string): number => state.periods.filter((period) => period.dateFrom >= day).length
  const moving = fitting(
    state.gaps
      .filter((gap) => !isOpen(gap) && gap.state !== 'resolved' && gap.state !== 'dismissed')
      .map((gap) => progressLine(gap, since, unit))
  )
  const boxes: Boxes = {
    ...(view.ticked ? { ticked: view.ticked } : {}),
    ...(view.dismissTicked ? { dismissTicked: view.dismissTicked } : {}),
    words: (gap) => state.readerWords?.gaps.find((words) => words.id === gap.id)
  }
  // The period's Fix first, the summary's, item for item; then, small, the open gaps it does not hold.
  const entries = fixFirstEntries(state, view.overview)
  const listed = new Set(entries.flatMap((entry) => (entry.gap ? [entry.gap.id] : [])))
  const ranked = fitting(entries.map((entry) => entryLine(entry, unit, boxes)))
  const stale = fitting(state.gaps.filter((gap) => isOpen(gap) && !listed.has(gap.id)).map((gap) => staleLine(gap, state, unit, boxes)))
  const openCount = state.gaps.filter(isOpen).length
  const resolved = fitting(state.gaps.filter((gap) => gap.state === 'resolved').map((gap) => progressLine(gap, since, unit)))
  const dismissed = fitting(
    state.gaps.filter((gap) => gap.state === 'dismissed').map((gap) => dismissedLine(gap, view.restoreTicked?.has(gap.id) === true))
  )
  // What the agent works on, before the long lists: a few lines.
  if (moving.length > 0) parts.push('### With the agent', '', ...moving, '')
  parts.push('### Fix first: tick a gap to ask the agent', '')
  // "Waiting for the agent" would also describe the gaps with it: say only that nothing is to tick.
  if (openCount === 0) parts.push('Nothing to tick: no gap is open.', '')
  else parts.push(tickSentence(state.readerWords !== undefined), '')
  if (ranked.length > 0) parts.push(...ranked, '')
  if (stale.length > 0)
    parts.push(
      `<p><sub><strong>Not on this ${unit}’s list</strong>: gaps still open from earlier ${unit}s, with when they were last on it.</sub></p>`,
      '',
      ...stale,
      ''
    )
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
