// A verdict told to the people who asked for the fix. GitHub notifies nobody of an edit to an issue's
// body, so when a run judges a gap's fix fixed, not fixed or back, it posts one comment on the docs
// health issue: the gaps (a page by its path, or its label where reader text is hidden; a search by no
// word of it), each verdict with its pull request, and an `@` mention of the person whose edit ticked
// the gap's box (ledger.ts, `tickedBy`), never of anyone else. Which gaps a run announces is found by
// comparing each gap's verdict at the end of the run with the verdict of the state it read: the issue
// is written before the comment is posted, so a run that reads that state again (a re-run, the next
// week) finds no change and posts nothing. Pure: run/health-issue.ts posts it.
import { linkHtml } from '../render/html.js'
import { shortRange } from '../text/dates.js'
import { htmlText } from '../text/escape.js'
import { num } from '../text/format.js'
import { cameBackSince, notEnough, unitOf } from './body.js'
import type { GapRecord, HealthState, Verdict } from './state.js'

/**
 * The verdicts a person hears of, in the order a comment names them: a fix proven first, then one that
 * did not work, then a fixed gap whose trouble returned.
 */
export const ANNOUNCED_VERDICTS: readonly Verdict[] = ['fixed', 'not-fixed', 'back']

/** Gaps a comment names at most; the others are counted (the issue lists them all). */
export const ANNOUNCED_GAPS = 10

/** The marker a verdict comment starts with: which of the issue's comments are the action's announcements. */
export const ANNOUNCEMENT_MARKER = '<!-- docs-agent-action:verdicts -->'

/**
 * The gaps of `end` (the state the run writes) whose verdict is one a person hears of and is not the
 * verdict they had in `start` (the state the run read): the verdicts this run gave, the fixes that
 * worked first, each kind in the ledger's order. A gap asked again has no verdict, and one whose
 * verdict stands is not news.
 */
export function verdictNews(start: HealthState, end: HealthState): GapRecord[] {
  const was = new Map(start.gaps.map((gap) => [gap.id, gap.verdict]))
  // -1 for a verdict nobody hears of, and for none.
  const rank = (gap: GapRecord): number => (ANNOUNCED_VERDICTS as readonly (Verdict | undefined)[]).indexOf(gap.verdict)
  return end.gaps.filter((gap) => rank(gap) >= 0 && was.get(gap.id) !== gap.verdict).sort((a, b) => rank(a) - rank(b))
}

/** A login as GitHub allows one: letters, digits and single hyphens inside, at most 39 characters. */
const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/

/**
 * The mention of the person who ticked a gap, when the state names one as GitHub allows a login to
 * be; undefined otherwise. Whatever else the field holds (the state is sealed, yet a login is text) is
 * never written: escaped, it would be no mention, and a mention of something else is never made.
 */
export function mentionOf(gap: Pick<GapRecord, 'tickedBy'>): string | undefined {
  const login = gap.tickedBy
  return login !== undefined && GITHUB_LOGIN.test(login) ? `@${login}` : undefined
}

/** The people a comment on `gaps` mentions: those who ticked them, once each, in the order of the gaps. */
export function mentioned(gaps: readonly Pick<GapRecord, 'tickedBy'>[]): string[] {
  return [...new Set(gaps.flatMap((gap) => mentionOf(gap) ?? []))]
}

/** A gap as the comment names it: a page by its path (a label where reader text is hidden), a search by no word of it. */
function gapHtml(gap: GapRecord): string {
  return gap.kind === 'page' ? `<code>${htmlText(gap.subject, 200)}</code>` : 'a search (named in the issue)'
}

/** A gap's pull request as a link: "pull request #60"; "its pull request" when the state keeps none. */
function pullHtml(gap: GapRecord): string {
  if (gap.prLink === undefined) return 'its pull request'
  const number = /\/pull\/(\d+)$/.exec(gap.prLink)?.[1]
  return linkHtml(gap.prLink, number === undefined ? 'pull request' : `pull request ${htmlText(`#${number}`)}`)
}

/** One gap's verdict, as a line of the comment's list, in the words the issue gives it (body.ts). */
function newsLine(gap: GapRecord, unit: string): string {
  const mention = mentionOf(gap)
  const by = mention === undefined ? '' : ` · ticked by ${mention}`
  if (gap.verdict === 'fixed') return `- ✅ <strong>Fixed:</strong> ${gapHtml(gap)} by ${pullHtml(gap)}${by}`
  const again = 'Tick it in the issue to ask the agent again'
  if (gap.verdict === 'back') {
    const since = cameBackSince(gap, unit)
    return `- ❌ <strong>The trouble came back:</strong> ${gapHtml(gap)}, ${pullHtml(gap)}${since === '' ? '' : `: ${since}`}. ${again}${by}`
  }
  const { verdict, change } = notEnough(gap)
  return `- ❌ <strong>${verdict}:</strong> ${gapHtml(gap)}, ${pullHtml(gap)}: ${change}. ${again}${by}`
}

/** What the footer names: the action, its version, and the workflow run's link when known. */
export interface AnnouncementFooter {
  action: string
  version: string
  runUrl?: string
}

/**
 * The comment that announces `news` (verdictNews, not empty), in Markdown as GitHub renders it: the
 * marker, one sentence with the period the verdicts were read over, one line per gap (at most
 * ANNOUNCED_GAPS, the others counted), and a footer. Every text from the state is escaped.
 */
export function announcementBody(news: readonly GapRecord[], state: HealthState, footer: AnnouncementFooter): string {
  const last = state.periods.at(-1)
  const over = last === undefined ? '' : ` (the analytics of ${htmlText(shortRange(last.dateFrom, last.dateTo), 60)})`
  const count = news.length === 1 ? 'A fix has its verdict' : `${num(news.length)} fixes have their verdicts`
  const unit = unitOf(state)
  const lines = news.slice(0, ANNOUNCED_GAPS).map((gap) => newsLine(gap, unit))
  const more = news.length - lines.length
  if (more > 0) lines.push(`- and ${num(more)} more, in the issue`)
  const run = footer.runUrl === undefined ? '' : ` · ${linkHtml(footer.runUrl, 'workflow run')}`
  return [
    ANNOUNCEMENT_MARKER,
    '',
    `<strong>${count}</strong>${over}:`,
    '',
    ...lines,
    '',
    `<sub>Each gap’s numbers before and since its fix are in the issue above. Posted by ${htmlText(footer.action, 60)} ${htmlText(footer.version, 40)}${run}.</sub>`,
    ''
  ].join('\n')
}
