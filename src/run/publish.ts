// Step outputs, files and the job summary, produced in one place from the reports of a run, each
// shown by its renderer (wiring.ts).
import { dirname } from 'node:path'
import { errorMessage } from '../core/error-message.js'
import { docsGapsText } from '../render/docs-gaps.js'
import { alertsJson, type FiredAlert } from '../render/alerts.js'
import { fingerprint, itemId } from '../health/ledger.js'
import { moversHtml } from '../health/body.js'
import type { Mover } from '../health/history.js'
import { fixFirst, type FixItem, type RankingContext } from '../render/fix-first.js'
import { itemWordsOf } from '../render/gap-words.js'
import { footerHtml, type RunInfo } from '../render/footer.js'
import { keyRefusalHtml, projectDenialHtml } from '../render/key-refusal.js'
import { refusalOf } from './key-refusal.js'
import { noRequestSucceeded } from './no-success.js'
import { noSuccessHtml } from '../render/no-success.js'
import { fixFirstGaps, howReadHtml, type Overview, overviewHtml } from '../render/overview.js'
import type { HeadlineKey } from '../core/catalog.js'
import type { GapAbout, GapList, Headline } from '../render/renderer.js'
import type { ReportSink } from '../render/sink.js'
import { htmlText, withoutInvisible } from '../text/escape.js'
import { capitalised, counted } from '../text/format.js'
import { linkHtml, pageHtml } from '../render/html.js'
import { isSectionReport, type PartReport, readsReaderText, rendererOf, type SectionReport, sectionRendererOf } from './wiring.js'

/** GitHub drops a job summary of more than 1 MiB whole; the run keeps well under it. */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024
/** Room kept for the footer, "How this was read" and the note on a section left out. */
const SUMMARY_RESERVE_BYTES = 8 * 1024

/**
 * The job summary of a run: each section's part, in order, and the footer when `run` is given. A
 * section that would take the summary past GitHub's limit is replaced by a line that says so (each
 * section keeps to its own budget, so this is a last guard, not the plan).
 */
export function summaryOf(
  reports: readonly PartReport[],
  run?: RunInfo,
  ending = '',
  alerts: readonly FiredAlert[] = [],
  healthIssue?: HealthIssueContext,
  top: readonly string[] = []
): string {
  const sections = reports.filter(isSectionReport)
  // A run in which nothing succeeded says so first, and has no report to head.
  const none = sections.length > 0 && noRequestSucceeded(reports)
  let html = none ? noSuccessHtml(reports.length) : ''
  let bytes = Buffer.byteLength(html)
  // The top of the analytics report comes before its first section, as a piece of its own.
  const first = none ? -1 : reports.findIndex(isSectionReport)
  const pieces = reports.flatMap((report, index) => {
    const piece = { name: `the ${report.kind} section`, html: () => rendererOf(report).summaryHtml(report, sections) }
    const overview = {
      name: 'the overview',
      // Stryker disable next-line StringLiteral: the lines are one HTML block either way, which GitHub shows alike
      html: () => overviewHtml(overviewOf(sections, alerts, healthIssue), top) + moversHtml([...(healthIssue?.movers ?? [])]).join('\n')
    }
    return index === first ? [overview, piece] : [piece]
  })
  for (const piece of pieces) {
    let part = piece.html()
    const size = Buffer.byteLength(part)
    if (bytes + size > SUMMARY_LIMIT_BYTES - SUMMARY_RESERVE_BYTES) {
      part = `<p>${capitalised(piece.name)} is left out: it would take the summary past GitHub's 1 MiB limit. The analytics files hold everything read.</p>\n`
    }
    html += part
    bytes += Buffer.byteLength(part)
  }
  // How the report was read closes it, collapsed: the first screen is for what readers went through.
  // It is a few lines, whatever was read, and takes its room from the reserve, as the footer does.
  if (sections.length > 0 && !none) html += howReadHtml(overviewOf(sections, alerts))
  html += ending
  return html !== '' && run ? html + footerHtml(run) : html
}

/** What the docs health issue adds to the report: the gaps people dismissed, headline changes from its history, the pages that moved. */
export interface HealthIssueContext {
  dismissed?: ReadonlySet<string>
  /** What it adds to the ranking (fix-first.ts, RankingContext): its gaps' pages, each page's earlier counts. */
  ranking?: Omit<RankingContext, 'leftOut'>
  previous?: Partial<Record<HeadlineKey, Headline['previous']>>
  movers?: readonly Mover[]
  /** The period's Fix first as the issue lists it: the summary and docsGaps show this very list. */
  items?: readonly FixItem[]
}

/**
 * "Fix first": the docs health issue's, where it ranked the period (one list for the summary, the
 * issue and docsGaps); else every section's signals, ranked, without the gaps people dismissed.
 */
function rankingOf(sections: readonly SectionReport[], healthIssue?: HealthIssueContext): FixItem[] {
  if (healthIssue?.items) return [...healthIssue.items]
  // An item without an id (itemId) is never among the dismissed.
  const dismissed: ReadonlySet<string | undefined> | undefined = healthIssue?.dismissed
  const leftOut = dismissed ? (item: FixItem) => dismissed.has(itemId(item)) : undefined
  return fixFirst(
    // Stryker disable next-line ArrayDeclaration: fixFirst drops any signal without a count a person can read, so an empty list and such entries give the same
    sections.flatMap((section) => sectionRendererOf(section).signals?.(section) ?? []),
    undefined,
    { ...healthIssue?.ranking, ...(leftOut ? { leftOut } : {}) }
  )
}

/** What maxRequests cut, over every section: the limit, and the fewest requests that would have read more. */
function budgetOf(sections: readonly SectionReport[]): Overview['budget'] {
  const cuts = sections.flatMap((section) => (section.budgetCut ? [section.budgetCut] : []))
  const [first] = cuts
  if (!first) return undefined
  return { maxRequests: first.maxRequests, atLeast: first.maxRequests + cuts.reduce((sum, cut) => sum + cut.moreRequests, 0) }
}

/** The top of the analytics report, from what every section read. */
export function overviewOf(
  sections: readonly SectionReport[],
  alerts: readonly FiredAlert[] = [],
  healthIssue?: HealthIssueContext
): Overview {
  const [first] = sections
  // A change the run could not read comes from the issue's history, where it holds one.
  const fromHistory = (headline: Headline): Headline => {
    const previous = headline.previous ?? healthIssue?.previous?.[headline.key]
    return previous ? { ...headline, previous } : headline
  }
  const items = rankingOf(sections, healthIssue)
  const moved = healthIssue?.movers?.[0]
  return {
    ...(moved ? { moved } : {}),
    dateFrom: first?.dateFrom ?? '',
    dateTo: first?.dateTo ?? '',
    rangeText: first?.rangeText ?? '',
    requests: sections.reduce((sum, section) => sum + section.requests, 0),
    headlines: sections.flatMap((section) => sectionRendererOf(section).headlines(section)).map(fromHistory),
    items,
    words: itemWordsOf(items, {
      feedback: sections.find((section) => section.kind === 'feedback'),
      assistant: sections.find((section) => section.kind === 'assistant')
    }),
    incomplete: sections
      .filter((section) => section.partial || section.failure !== undefined || section.requests === 0)
      .map((section) => ({
        banner: sectionRendererOf(section).banner,
        reason: section.failure ?? section.partialReason ?? (section.requests === 0 ? 'not read' : 'not everything was read')
      })),
    budget: budgetOf(sections),
    alerts,
    thumbsUp: Object.fromEntries(
      sections.flatMap((section) => (section.kind === 'feedback' ? (section.pages ?? []).map((page) => [page.path, page.thumbsUp]) : []))
    ),
    notes: sections.flatMap((section) => sectionRendererOf(section).readNotes?.(section) ?? []),
    uncompared: sections.flatMap((section) =>
      section.previous?.missing === undefined ? [] : [{ banner: sectionRendererOf(section).banner, reason: section.previous.missing }]
    )
  }
}

/** The analytics file: the range, whether reader text is in it, then each section's object under its name. */
function analyticsJson(sections: readonly SectionReport[]): string | undefined {
  const [first] = sections
  // No file when nothing at all was read (the key was refused, say): the failure says why.
  if (!first || !sections.some((section) => section.requests > 0)) return undefined
  const file: Record<string, unknown> = {
    projectId: first.projectId,
    dateFrom: first.dateFrom,
    dateTo: first.dateTo,
    dateToExclusive: true
  }
  const withText = sections.find((section) => readsReaderText([section.kind]))
  if (withText) file.readerText = withText.showReaderText ? 'shown' : 'hidden'
  for (const section of sections) file[section.kind] = sectionRendererOf(section).json(section)
  // Invisible characters (bidirectional controls, zero-width characters) can disguise what a text says.
  const visible = (_key: string, value: unknown): unknown => (typeof value === 'string' ? withoutInvisible(value) : value)
  return `${JSON.stringify(file, visible, 2)}\n`
}

/** docsGaps: the gaps of every section that shows some, in report order, over the range of the first. */
export function docsGapsOf(sections: readonly SectionReport[], healthIssue?: HealthIssueContext): string {
  const lists = sectionGapLists(sections)
  // The ranking the summary shows first comes first here too, then each section's own list.
  const ranked = fixFirstGaps(rankingOf(sections, healthIssue))
  const dismissed = healthIssue?.dismissed
  const leftOut = dismissed ? (about: GapAbout) => dismissed.has(fingerprint(about.kind, about.subject)) : undefined
  return docsGapsText(ranked && lists.length > 0 ? [ranked, ...lists] : lists, sections[0]?.rangeText ?? '', leftOut)
}

/** The list of gaps of every section that shows some, in report order. */
export function sectionGapLists(sections: readonly SectionReport[]): GapList[] {
  const site = sections.flatMap((section) => sectionRendererOf(section).signals?.(section) ?? [])
  return sections.flatMap((section) => {
    const list = sectionRendererOf(section).gaps?.(section, site)
    return list ? [list] : []
  })
}

/** A part in a sentence: "the job", "the views section". */
function partName(report: PartReport): string {
  return report.kind === 'job' ? 'the job' : `the ${report.kind} section`
}

/** A piece of the report that could not be written, and the error annotation that says why. */
export interface Unwritten {
  /** What it is: "analytics.json", "the job summary", "the outputs jobId, status". */
  what: string
  /** "Could not write analytics.json: ENOTDIR: not a directory, …". */
  message: string
}

/**
 * Sets every output, writes the files and appends the summary, and gives back what could not be
 * written. The outputs that name no file are set first, so that nothing after them can lose them; a
 * file's output is set once its file is written (empty when it could not be). Each piece is written
 * whatever happened to the others.
 */
/** What the summary and the outputs say of the docs health issue. */
export interface HealthIssueLine extends HealthIssueContext {
  url?: string
  number?: number
  resolved: number
  /** What the gaps resolved are about, to name them. */
  resolvedNames?: readonly string[]
  asked: number
  /** Why the issue could not be kept: said in the summary, whatever else the run did. */
  failure?: string
  /** What the gaps given to the agent are about; a search's text only where reader text may be shown. */
  askedGaps?: readonly { kind: 'page' | 'search'; subject?: string }[]
  /** Did the fixes work: the issue's verdict lines (HTML). */
  verdicts?: readonly string[]
  /** The gaps open in the issue, each with a box to tick; none says there is nothing to tick. */
  open?: number
}

/** The line that links the docs health issue, where a docs lead acts, or says why it could not be kept. */
export function healthIssueHtml(line: HealthIssueLine): string {
  if (line.failure !== undefined) return `<p>❌ ${htmlText(line.failure, 1000)}</p>\n`
  if (line.url === undefined) return ''
  const issue = linkHtml(line.url, `docs health issue${line.number === undefined ? '' : ` ${htmlText(`#${line.number}`)}`}`)
  // "To act" only where there is a box to tick: the issue says the same.
  const parts = [
    line.open === 0
      ? `📋 Nothing to tick in the ${issue}: no gap is open`
      : `📋 <strong>To act:</strong> tick the gaps to fix in the ${issue}; one agent job takes all ticked gaps`
  ]
  if (line.asked > 0) {
    const named = (line.askedGaps ?? []).map((gap) =>
      gap.subject === undefined ? 'a search' : gap.kind === 'page' ? pageHtml(gap.subject, 120) : `search “${htmlText(gap.subject, 80)}”`
    )
    parts.push(`${counted(line.asked, 'ticked gap')} given to the agent${named.length > 0 ? `: ${named.join(', ')}` : ''}`)
  }
  // With the verdict lines, each fixed gap is named there with its numbers.
  if (line.resolved > 0 && (line.verdicts ?? []).length === 0) {
    const names = (line.resolvedNames ?? []).map((name) => `<code>${htmlText(name, 120)}</code>`)
    parts.push(`${counted(line.resolved, 'gap')} fixed this period${names.length > 0 ? `: ${names.join(', ')}` : ''}`)
  }
  return `<p>${parts.join(' · ')}</p>\n`
}

export async function publish(
  reports: readonly PartReport[],
  sink: ReportSink,
  run?: RunInfo,
  healthIssue?: HealthIssueLine,
  alerts?: readonly FiredAlert[],
  note?: string
): Promise<Unwritten[]> {
  const unwritten: Unwritten[] = []
  const attempt = async <T>(what: string, write: () => T | Promise<T>): Promise<T | undefined> => {
    try {
      return await write()
    } catch (error) {
      unwritten.push({ what, message: `Could not write ${what}: ${errorMessage(error)}` })
      return undefined
    }
  }
  const setOutputs = (outputs: Record<string, string>): void => {
    const failed: string[] = []
    let reason = ''
    for (const [name, value] of Object.entries(outputs)) {
      try {
        sink.setOutput(name, value)
      } catch (error) {
        failed.push(name)
        reason ||= errorMessage(error)
      }
    }
    if (failed.length === 0) return
    const what = `the output${failed.length === 1 ? '' : 's'} ${failed.join(', ')}`
    unwritten.push({ what, message: `Could not set ${what}: ${reason}` })
  }

  const analytics = reports.filter(isSectionReport)
  const outputs: Record<string, string> = {}
  for (const report of reports) {
    Object.assign(outputs, await attempt(`the outputs of ${partName(report)}`, () => rendererOf(report).outputs(report)))
  }
  if (analytics.length > 0) outputs.docsGaps = (await attempt('docsGaps', () => docsGapsOf(analytics, healthIssue))) ?? ''
  // dashboardUrl is healthIssueUrl's old name, set until the old names stop being read (RENAMED_INPUTS).
  if (healthIssue) outputs.healthIssueUrl = outputs.dashboardUrl = healthIssue.url ?? ''
  if (alerts) outputs.alerts = alertsJson(alerts)
  setOutputs(outputs)

  if (analytics.length > 0) {
    // Every analytics output is set in a run that reads analytics, empty when its file was not written.
    const files: Record<string, string> = { analyticsCsvFile: '' }
    for (const section of analytics) {
      for (const file of (await attempt(`the files of ${partName(section)}`, () => sectionRendererOf(section).csv(section))) ?? []) {
        const path = await attempt(file.name, () => sink.writeFile(file.name, file.content))
        if (file.output !== undefined) files[file.output] = path ?? ''
      }
    }
    const path = await attempt('analytics.json', async () => {
      const json = analyticsJson(analytics)
      return json === undefined ? undefined : sink.writeFile('analytics.json', json)
    })
    files.analyticsFile = path ?? ''
    files.analyticsDir = path === undefined ? '' : dirname(path)
    setOutputs(files)
  }

  await attempt('the job summary', async () => {
    const noteHtml = note === undefined ? '' : `<p>ℹ️ ${htmlText(note, 1000)}</p>\n`
    const issueLine = healthIssue ? healthIssueHtml(healthIssue) : ''
    // With a report, where to act and whether the fixes worked come under the problem; without one, last.
    const top = analytics.length > 0 && issueLine !== '' ? [issueLine.trim(), ...(healthIssue?.verdicts ?? [])] : []
    const ending = noteHtml + (top.length > 0 ? '' : issueLine)
    // A key refused, or a project denied, for every part is one cause: one block, not one per part.
    const refusal = refusalOf(reports)
    const refusalHtml = refusal?.cause === 'key' ? keyRefusalHtml(refusal) : refusal && projectDenialHtml(refusal)
    const html =
      refusalHtml === undefined
        ? summaryOf(reports, run, ending, alerts, healthIssue, top)
        : refusalHtml + ending + (run ? footerHtml(run) : '')
    if (html !== '') await sink.appendSummary(html)
  })
  return unwritten
}
