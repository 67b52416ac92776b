// The top of the analytics report, what a docs lead reads first: a title with the period, a banner
// when the run did not read everything, the headline numbers with their change against the previous
// period, the largest move in words, and "Fix first". Changes stand out without colour (GitHub's
// sanitizer drops it): ▲ or ▼ and the per cent, kept on one line with the number.
import { bounded, sumCounts } from '../core/counts.js'
import { MAX_ANALYTICS_REQUESTS } from '../analytics/budget.js'
import { htmlText, markdownCode } from '../text/escape.js'
import { counted, num } from '../text/format.js'
import { DAY_MS, isDateOnly, parseDate, shortRange } from '../text/dates.js'
import { noClickHitsText, pageUnhappyText, thumbsUpText } from '../text/measures.js'
import { gapPage } from './docs-gaps.js'
import { alertsHtml, type FiredAlert } from './alerts.js'
import type { FixItem, Signal } from './fix-first.js'
import { evidenceOf, evidenceText } from './evidence-line.js'
import type { ItemWords } from './gap-words.js'
import { headCell, pageHtml, rightCell } from './html.js'
import type { GapList, Headline } from './renderer.js'

/** What the top of the report is made from, gathered from every section read. */
export interface Overview {
  dateFrom: string
  dateTo: string
  /** The range in words, the exclusive end shown as the last day included. */
  rangeText: string
  /** Requests every section made, together. */
  requests: number
  headlines: Headline[]
  items: FixItem[]
  /** Sections that are partial, failed or unread, by title, with why. */
  incomplete: { banner: string; reason: string }[]
  /** Sections whose comparison was asked for and not read, by title, with why. */
  uncompared: { banner: string; reason: string }[]
  /** When maxRequests cut a read: the limit, and the fewest requests that would have read more. */
  budget?: { maxRequests: number; atLeast: number }
  /** The alert rules that fired, shown first. */
  alerts?: readonly FiredAlert[]
  /** Thumbs up by page, as the feedback section read them: the lead sentence weighs a page's 👎 against them. */
  thumbsUp?: Readonly<Record<string, number>>
  /** Notes on the limits of what was read (HTML), for "How this was read". */
  notes?: string[]
  /** What readers wrote about each item, in the items' order; undefined when reader text is hidden. */
  words?: ItemWords[]
  /** The page whose readers changed most against the period just before, from the docs health issue's history. */
  moved?: PageMove
  /** Each headline's trend over the periods the docs health issue remembers: a column of the headline table. */
  trend?: Trend
}

/** Headlines over several periods: each one's bars (sparkline), from the first period named. */
export interface Trend {
  dateFrom: string
  dateTo: string
  periods: number
  lines: Partial<Record<Headline['key'], { bars: string; first: number }>>
}

/** A page whose readers changed most against the period just before. */
export interface PageMove {
  path: string
  measure: 'visitors' | 'views'
  before: number
  after: number
  /** Signed, in whole percent. */
  changePercent: number
}

/** A rise past this many per cent is shown as a multiple ("▲ 12×"): a per cent that large says less. */
const MULTIPLE_FROM_PERCENT = 900

/** Whether a count can be compared: a whole count of something, not below 0, finite. */
const countable = (n: number): boolean => Number.isFinite(n) && n >= 0

/**
 * The change from `before` to `now` in whole per cent; undefined when it cannot be told: nothing
 * (less than one) before, or a count the service sent that is not one (negative, not finite).
 */
export function changePercent(now: number, before: number): number | undefined {
  if (!countable(now) || !countable(before) || before < 1) return undefined
  return Math.round(bounded(((now - before) / before) * 100))
}

function changeHtml(headline: Headline): string {
  const previous = headline.previous
  // A count from a partial read says nothing of a change.
  if (!previous || headline.partial) return '—'
  const change = changePercent(headline.value, previous.value)
  if (change === undefined) {
    // None before and none now is no change, as the trend shows it ("0 → 0"), not an unknown one.
    if (countable(previous.value) && previous.value < 1) return headline.value >= 1 ? 'new' : headline.value === 0 ? '±0%' : '—'
    return '—'
  }
  if (change === 0) return '±0%'
  if (change > MULTIPLE_FROM_PERCENT) return `▲&nbsp;${num(Math.floor(change / 100 + 1))}×`
  return `${change > 0 ? '▲' : '▼'}&nbsp;${num(Math.abs(change))}%`
}

function valueHtml(headline: Headline): string {
  return `${headline.partial ? '≥&nbsp;' : ''}${num(headline.value)}`
}

/** The largest change in words: "Human visitors fell 11 % against 10–16 Nov 2026."; a rise with where it is most ("…, most on /api-reference/webhooks (14)."). */
export function largestMove(headlines: readonly Headline[]): string | undefined {
  let largest: { headline: Headline; change: number } | undefined
  for (const headline of headlines) {
    const change = headline.previous && !headline.partial ? changePercent(headline.value, headline.previous.value) : undefined
    if (change === undefined || change === 0) continue
    if (!largest || Math.abs(change) > Math.abs(largest.change)) largest = { headline, change }
  }
  if (!largest?.headline.previous) return undefined
  const { headline, change } = largest
  const range = shortRange(headline.previous?.dateFrom ?? '', headline.previous?.dateTo ?? '')
  // A fall to nothing is told as the counts: "fell 100%" reads as a score, not as "none left".
  const by =
    change > MULTIPLE_FROM_PERCENT
      ? `${num(Math.floor(change / 100 + 1))}-fold`
      : headline.value === 0
        ? `from ${num(headline.previous?.value ?? 0)} to none`
        : `${num(Math.abs(change))}%`
  // A rise says where it is most, as an alert does: the question it raises is "where?".
  const where = headline.where
  const most =
    change <= 0 || where === undefined
      ? ''
      : where.page !== undefined
        ? `, most on ${where.page} (${num(where.count)})`
        : where.search !== undefined
          ? `, most for “${where.search}” (${num(where.count)})`
          : ''
  return `${headline.name} ${change > 0 ? 'rose' : 'fell'} ${by} against ${range}${most}.`
}

/** The sum of an item's signals of `kind`. */
const countOf = (item: FixItem, kind: Signal['kind']): number =>
  sumCounts(item.signals.filter((signal) => signal.kind === kind).map((signal) => signal.count))

/** An item's evidence in one line (evidence-line.ts): "14 thumbs down · “webhook retries” searched 31× with no click". */
export function evidenceLine(item: FixItem, quote: (text: string) => string): string {
  return evidenceText(evidenceOf(item), quote)
}

const quoteHtml = (text: string): string => `“${htmlText(text, 80)}”`
/** A search whose words are hidden, where an item names its subject. */
const HIDDEN_SEARCH_HTML = 'A search (its words are hidden)'

/** A search that matches no page: how often it was searched with no click. */
function searchedText(item: FixItem): string {
  return `searched ${num(sumCounts(item.signals.map((signal) => signal.count)))}× with no click`
}

function fixFirstHtml(items: readonly FixItem[]): string[] {
  if (items.length === 0) return []
  const lines = items.map((item) =>
    item.page !== undefined
      ? `<li>${pageHtml(item.page, 120)}: ${evidenceLine(item, quoteHtml)}</li>`
      : `<li>${item.search === undefined ? HIDDEN_SEARCH_HTML : `Search ${quoteHtml(item.search)}`}: ${searchedText(item)}</li>`
  )
  return ['<h3>Fix first</h3>', `<ol>\n${lines.join('\n')}\n</ol>`]
}

/** Text as a sentence: one full stop at its end, whatever it ended with. */
function sentence(text: string): string {
  return `${text.replace(/[.\s]+$/, '')}.`
}

function bannerHtml(overview: Overview): string[] {
  if (overview.incomplete.length === 0) return []
  const items = overview.incomplete.map(({ banner, reason }) => {
    // "Page views: page views: reading stopped…" says the name once.
    const said = reason.toLowerCase().startsWith(`${banner.toLowerCase()}:`) ? reason.slice(banner.length + 1).trimStart() : reason
    return `<li><strong>${htmlText(banner, 60)}:</strong> ${htmlText(sentence(said), 300)}</li>`
  })
  const parts = [
    '<p>⚠️ <strong>This report is incomplete:</strong> its numbers are what the run read. What was not read:</p>',
    `<ul>\n${items.join('\n')}\n</ul>`
  ]
  const budget = overview.budget
  if (budget)
    parts.push(`<p>The request budget ran out: <code>maxRequests</code> is ${num(budget.maxRequests)}. ${budgetAdvice(budget)}</p>`)
  return parts
}

/**
 * What to set maxRequests to, never past the most it may be (an organization's analytics in an
 * hour): beyond that, what is left is read by asking for less at once.
 */
function budgetAdvice(budget: { maxRequests: number; atLeast: number }): string {
  const most = MAX_ANALYTICS_REQUESTS
  if (budget.atLeast <= most)
    return (
      `Set it to at least ${num(budget.atLeast)} to read more (a read it cut may need more than one more request; ` +
      `all analytics share ${most} requests an hour).`
    )
  const rest = `reading everything would take at least ${num(budget.atLeast)}, so a shorter range (<code>dateFrom</code>, <code>dateTo</code>) or fewer sections read the rest`
  return budget.maxRequests < most
    ? `Set it to ${most}, the most a run may make (all analytics share ${most} requests an hour); ${rest}.`
    : `That is the most a run may make (all analytics share ${most} requests an hour); ${rest}.`
}

/** "week" for a range of seven whole days, "period" for any other. */
function periodWord(dateFrom: string, dateTo: string): string {
  const from = parseDate(dateFrom)
  const to = parseDate(dateTo)
  return isDateOnly(dateFrom) && isDateOnly(dateTo) && from !== undefined && to !== undefined && to - from === 7 * DAY_MS
    ? 'week'
    : 'period'
}

/**
 * The sentence that names the problem, right under the title: "/api-reference/webhooks is this
 * week's problem: 17 unhappy readers (14 thumbs down, 17 marked not helpful; a reader counts once)
 * against 21 thumbs up, 6 unanswered questions, 51 searches with no click." From the first item of Fix
 * first; '' when there is none.
 */
export function leadHtml(overview: Pick<Overview, 'items' | 'dateFrom' | 'dateTo' | 'thumbsUp'>): string {
  const [item] = overview.items
  if (!item) return ''
  const facts: string[] = []
  const down = countOf(item, 'thumbs-down')
  const up = item.page === undefined ? undefined : overview.thumbsUp?.[item.page]
  const against = up === undefined ? '' : ` against ${thumbsUpText(up)}`
  // A reader's thumbs down and the not-helpful row left with it are one reader, as the ranking counts
  // them: their unhappy readers, both parts named, never added; in the words Fix first and the log use.
  const unhelpful = countOf(item, 'not-helpful')
  if (unhelpful > 0 || down > 0) facts.push(`${pageUnhappyText(down, unhelpful)}${against}`)
  const unanswered = countOf(item, 'unanswered')
  if (unanswered > 0) facts.push(counted(unanswered, 'unanswered question'))
  const searched = countOf(item, 'no-click')
  if (searched > 0) facts.push(noClickHitsText(searched))
  const subject =
    item.page !== undefined ? pageHtml(item.page, 120) : item.search === undefined ? HIDDEN_SEARCH_HTML : quoteHtml(item.search)
  return `<p><strong>${subject} is this ${periodWord(overview.dateFrom, overview.dateTo)}’s problem:</strong> ${facts.join(', ')}.</p>`
}

/** Characters of a reader's words the top quotes. */
const SAID_CHARS = 160

/**
 * The problem's strongest evidence in the readers' own words, under the sentence that names it: the
 * question asked most that the assistant left unanswered, the comment left most with "not helpful",
 * or else the search made most with no click. '' where reader text is hidden (a public repository):
 * the counts of the sentence above stand alone.
 */
export function readersSayHtml(overview: Pick<Overview, 'words'>): string {
  const words = overview.words?.[0]
  if (!words) return ''
  const said: string[] = []
  const [question] = words.questions
  const times = (count: number | undefined): string => (count !== undefined && count > 1 ? ` ${num(count)} times` : '')
  if (question)
    said.push(`“${htmlText(question.question, SAID_CHARS)}” <sub>asked the assistant${times(question.count)}, left unanswered</sub>`)
  const [comment] = words.comments
  if (comment) said.push(`“${htmlText(comment, SAID_CHARS)}” <sub>left${times(words.commentCounts[0])} with “not helpful”</sub>`)
  const [search] = words.searches
  if (said.length === 0 && search && words.page !== undefined)
    said.push(`“${htmlText(search.search, SAID_CHARS)}” <sub>searched ${num(search.count)}× with no click</sub>`)
  return said.length === 0 ? '' : `<blockquote>\n<p>${said.join('<br>\n')}</p>\n</blockquote>`
}

/** A page's move in words: "/guides/deploy lost 40 % of its human visitors (5,692 → 3,415; AI agents not counted)". */
export function pageMoveHtml(move: PageMove): string {
  const what = move.measure === 'visitors' ? 'human visitors' : 'page views'
  const verb = move.changePercent < 0 ? 'lost' : 'gained'
  const note = move.measure === 'visitors' ? '; AI agents not counted' : ''
  return `${pageHtml(move.path, 120)} ${verb} ${num(Math.abs(move.changePercent))}% of its ${what} (${num(move.before)} → ${num(move.after)}${note})`
}

/**
 * What changed, in one line: the page that moved most (readers a docs lead can act on) before the
 * largest change of a headline. '' when neither is known.
 */
export function changedHtml(overview: Pick<Overview, 'headlines' | 'moved'>): string {
  const parts: string[] = []
  if (overview.moved) parts.push(pageMoveHtml(overview.moved))
  const move = largestMove(overview.headlines)
  if (move !== undefined) parts.push(htmlText(move, 200))
  if (parts.length === 0) return ''
  return `<p><strong>What changed:</strong> ${parts.map((part) => sentence(part)).join(' ')}</p>`
}

/** The title of the report: "📈 Docs health · 17–23 Nov 2026". */
export function titleHtml(overview: Pick<Overview, 'dateFrom' | 'dateTo'>): string {
  return `<h2>📈 Docs health · ${htmlText(shortRange(overview.dateFrom, overview.dateTo), 100)}</h2>`
}

/**
 * What a docs lead reads first: the title, the sentence that names the problem and the readers' words
 * about it, the alerts, the banner when the run did not read everything, `between` (where to act, and
 * whether the fixes worked), then what changed.
 */
export function overviewTopHtml(overview: Overview, between: readonly string[] = []): string {
  return [
    titleHtml(overview),
    leadHtml(overview),
    readersSayHtml(overview),
    alertsHtml(overview.alerts ?? []),
    ...bannerHtml(overview),
    ...between,
    changedHtml(overview)
  ]
    .filter((part) => part !== '')
    .join('\n')
}

/** A headline's trend cell: its bars from zero, and the first period's value ("▆▇█ from 38,380"). */
function trendCell(trend: Trend, key: Headline['key']): string {
  const line = trend.lines[key]
  return line === undefined ? '<td></td>' : `<td><code>${line.bars}</code> from ${num(line.first)}</td>`
}

/**
 * The headline numbers with their change, under a caption; with a trend, one more column of it (so
 * that the headlines are one table, not two). '' when there are none.
 */
export function headlinesHtml(overview: Overview): string {
  if (overview.headlines.length === 0) return ''
  const trend = overview.trend
  const rows = overview.headlines.map(
    (h) =>
      `<tr><td>${htmlText(h.name, 60)}</td>${rightCell(valueHtml(h))}${rightCell(changeHtml(h))}${trend ? trendCell(trend, h.key) : ''}</tr>`
  )
  const before = overview.headlines.find((h) => h.previous)?.previous
  const caption = `How did this ${periodWord(overview.dateFrom, overview.dateTo)} compare${before ? ` with ${htmlText(shortRange(before.dateFrom, before.dateTo), 60)}` : ''}?`
  const trendHead = trend
    ? headCell(
        `${num(trend.periods)} ${periodWord(trend.dateFrom, trend.dateTo)}s since ${htmlText(shortRange(trend.dateFrom, trend.dateTo), 60)}`,
        'left'
      )
    : ''
  return [
    // A caption, not a heading: the sections keep their place among the report's headings.
    `<p><strong>${caption}</strong></p>`,
    `<table>\n<thead><tr>${headCell('', 'left')}${headCell('This period')}${headCell('Change')}${trendHead}</tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`
  ].join('\n')
}

/** The notes on how the report was read, for "How this was read". */
function readNotes(overview: Overview): string[] {
  const notes = [
    `${htmlText(overview.rangeText, 200)}, read in ${counted(overview.requests, 'request')} to the analytics API.`,
    'Every row read is in the run’s analytics files (the <code>analyticsDir</code> output), for a later step to upload or keep.'
  ]
  if (overview.headlines.length > 0) {
    // Sections missing their comparison for one reason are named together.
    const byReason = new Map<string, string[]>()
    for (const { banner, reason } of overview.uncompared) byReason.set(reason, [...(byReason.get(reason) ?? []), banner])
    const uncompared = [...byReason].map(
      ([reason, titles]) => ` ${htmlText(titles.join(', '), 200)} not compared: ${htmlText(sentence(reason), 300)}`
    )
    notes.push(
      'Change is against the period of the same length just before, one request each; — where the earlier value would take more than one request or was not read. ≥ marks a count from a partial read.' +
        uncompared.join('')
    )
  }
  notes.push(...(overview.notes ?? []))
  return notes
}

/** The collapsed block at the end of the report: the range, the requests, the files, and the limits of what was read. */
export function howReadHtml(overview: Overview): string {
  const notes = readNotes(overview).map((note) => `<li>${note}</li>`)
  return `<details><summary>How this was read</summary>\n<ul>\n${notes.join('\n')}\n</ul>\n</details>\n`
}

/** The top of the analytics report, as HTML: the top (`between` in it), Fix first, then the headlines. */
export function overviewHtml(overview: Overview, between: readonly string[] = []): string {
  return `${[overviewTopHtml(overview, between), ...fixFirstHtml(overview.items), headlinesHtml(overview)].filter((part) => part !== '').join('\n')}\n`
}

/** Characters of a search a docsGaps item of the ranking quotes. */
const FIX_FIRST_QUOTE_CHARS = 60

/** The ranking as the first list of docsGaps, its searches as code spans. */
export function fixFirstGaps(items: readonly FixItem[]): GapList | undefined {
  if (items.length === 0) return undefined
  // Shorter than a section list's items: an item may quote three searches.
  const quote = (text: string): string => markdownCode(text, FIX_FIRST_QUOTE_CHARS)
  return {
    heading: 'Fix first (pages and searches ranked by every signal about them)',
    items: items.map((item) =>
      item.page !== undefined
        ? `${gapPage(item.page)}: ${evidenceLine(item, quote)}`
        : `${item.search === undefined ? 'a search (its words are hidden)' : `search ${quote(item.search)}`}: ${searchedText(item)}`
    )
  }
}
