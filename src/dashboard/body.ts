// The dashboard issue's body: the part the action owns, between two markers, and whatever a person
// wrote around it, kept as it is. The owned part holds the top of the Monday report, the trend of
// each headline, the ledger of gaps (each open one a task-list line a person ticks to ask the
// agent), and the state the next run reads. Every text from the service or a reader is escaped and
// bounded, so that the body stays under GitHub's 65,536 characters whatever it holds.
import { htmlText } from '../text/escape.js'
import { num } from '../text/format.js'
import { dayText, parseDate, shortRange } from '../text/dates.js'
import { linkHtml } from '../report/html.js'
import { type Overview, overviewHtml } from '../report/overview.js'
import { HEADLINE_NAMES, type HeadlineKey } from '../report/renderer.js'
import { isOpen } from './ledger.js'
import { boundedState, type DashboardState, encodeState, type GapRecord } from './state.js'
import { sparkline } from './trend.js'

/** GitHub's limit on an issue body. */
export const BODY_LIMIT = 65_536
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
  asked: 'asked the agent',
  'pr-open': 'pull request open',
  merged: 'merged, waiting for proof',
  resolved: 'resolved',
  back: 'back after it was resolved'
}

/** When a gap was first seen and for how long: "new · first seen 17 Nov 2026" or "ranked 3 periods since 3 Nov 2026". */
function sinceText(gap: GapRecord): string {
  const at = parseDate(gap.firstSeen)
  const first = at === undefined ? htmlText(gap.firstSeen, 40) : dayText(at)
  const seen = gap.periods > 1 ? `ranked ${num(gap.periods)} periods since ${first}` : `first seen ${first}`
  if (gap.score > 0) return seen
  const lastAt = parseDate(gap.lastSeen)
  return `${seen} · not ranked in the latest period (last ${lastAt === undefined ? htmlText(gap.lastSeen, 40) : dayText(lastAt)})`
}

/** An open gap as a task-list line a person ticks (ticked when `ticked`); its id at the end, for the next run. */
function openLine(gap: GapRecord, ticked: boolean): string {
  const state = gap.state === 'back' ? ' · back after it was resolved' : ''
  return `- [${ticked ? 'x' : ' '}] Ask the agent: ${subjectHtml(gap)} · ${boundedHtml(gap.evidence, 400)} <sub>${sinceText(gap)}${state}</sub> <!-- gap:${gap.id} -->`
}

/** A gap that is with the agent, a pull request, or resolved: what became of it, with the proof when there is one. */
function progressLine(gap: GapRecord): string {
  const parts = [STATE_WORDS[gap.state]]
  if (gap.jobId !== undefined) parts.push(`job <code>${htmlText(gap.jobId, 60)}</code>`)
  if (gap.prLink !== undefined) {
    const number = /\/pull\/(\d+)$/.exec(gap.prLink)?.[1]
    parts.push(linkHtml(gap.prLink, number === undefined ? 'pull request' : `pull request ${htmlText(`#${number}`)}`))
  }
  if (gap.scoreBefore !== undefined && (gap.state === 'merged' || gap.state === 'resolved'))
    parts.push(`score ${num(gap.scoreBefore)} before the fix, ${num(gap.score)} now`)
  return `- ${subjectHtml(gap)}: ${parts.join(' · ')}`
}

function trendHtml(state: DashboardState): string[] {
  const periods = state.periods
  if (periods.length < 2) return []
  const keys = (Object.keys(HEADLINE_NAMES) as HeadlineKey[]).filter((key) => periods.at(-1)?.headlines[key] !== undefined)
  if (keys.length === 0) return []
  const rows = keys.map((key) => {
    const values = periods.map((period) => period.headlines[key])
    const known = values.filter((v) => v !== undefined)
    return `<tr><td>${HEADLINE_NAMES[key]}</td><td><code>${sparkline(values)}</code></td><td align="right">${num(known[0] ?? 0)} → ${num(known.at(-1) ?? 0)}</td></tr>`
  })
  const first = periods[0] as DashboardState['periods'][number]
  return [
    `<h3>Trend over ${num(periods.length)} periods</h3>`,
    `<table>\n<tr><th align="left">Headline</th><th align="left">Since ${htmlText(shortRange(first.dateFrom, first.dateTo), 60)}</th><th align="right">First → last</th></tr>\n${rows.join('\n')}\n</table>`
  ]
}

/** What the owned part is made from. */
export interface DashboardView {
  overview?: Overview
  state: DashboardState
  /** Gaps resolved in the period just read. */
  resolved: number
  /** "Updated 24 Nov 2026 by docs-agent-action 1.2.3 · workflow run" (HTML). */
  footerHtml: string
  /** Open gaps a person ticked since the run read the issue: they stay ticked, for the run their edit started. */
  ticked?: ReadonlySet<string>
}

/** The part of the body the action owns, markers included. */
export function ownedBody(view: DashboardView): string {
  const { state } = view
  const parts = [START, projectMarker(state.projectId), '']
  // The ledger below is the "Fix first" of the issue, with a box to tick: the overview leaves its own out.
  if (view.overview) parts.push(overviewHtml({ ...view.overview, items: [] }))
  if (view.resolved > 0) parts.push(`<p>✅ ${num(view.resolved)} ${view.resolved === 1 ? 'gap' : 'gaps'} resolved this period.</p>`)
  parts.push(...trendHtml(state), '')
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
  const open = fitting(state.gaps.filter(isOpen).map((gap) => openLine(gap, view.ticked?.has(gap.id) === true)))
  const moving = fitting(state.gaps.filter((gap) => !isOpen(gap) && gap.state !== 'resolved').map(progressLine))
  const resolved = fitting(state.gaps.filter((gap) => gap.state === 'resolved').map(progressLine))
  parts.push('### Fix first: tick a gap to ask the agent', '')
  if (open.length === 0) parts.push('Nothing open: no gap is waiting for the agent.', '')
  else parts.push(...open, '')
  if (moving.length > 0) parts.push('### With the agent', '', ...moving, '')
  if (resolved.length > 0) parts.push('### Resolved', '', ...resolved, '')
  if (left > 0)
    parts.push(
      `<sub>${num(left)} more ${left === 1 ? 'gap is' : 'gaps are'} kept in the ledger but not listed, to keep the issue under GitHub's limit.</sub>`,
      ''
    )
  parts.push(
    '<sub>A tick asks the agent for every ticked gap in one job, on the next run (or at once, when the workflow runs on <code>issues: edited</code>).</sub>',
    '',
    view.footerHtml,
    encodeState(boundedState(state)),
    END
  )
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

/** The ids of the gaps ticked in the owned part of a body. */
export function tickedGaps(body: string): Set<string> {
  const start = body.indexOf(START)
  const end = start < 0 ? -1 : body.indexOf(END, start)
  const ticked = new Set<string>()
  if (start < 0 || end < 0) return ticked
  for (const line of body.slice(start, end).split('\n')) {
    const match = /^\s*[-*+] \[[xX]\] Ask the agent: .*<!-- gap:([0-9a-f]{12}) -->\s*$/.exec(line)
    if (match?.[1]) ticked.add(match[1])
  }
  return ticked
}
