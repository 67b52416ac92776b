// The feedback section in every place the run shows it: the summary (feedback-summary.ts), its
// object in analytics.json and its CSV files, its outputs, its lines in the log, and its gaps: the
// pages with the most negative feedback.
import { addCounts } from '../../core/counts.js'
import { SECTION_CATALOG } from '../../core/catalog.js'
import { feedbackCounts, type FeedbackReport } from './read.js'
import { counted } from '../../text/format.js'
import { notHelpfulText, thumbsDownText, thumbsUpText, unhappyReaders, unhappyReadersText } from '../../text/measures.js'
import { OTHER_PAGE } from '../../text/page-path.js'
import { csvOf } from '../../render/csv.js'
import { gapPage } from '../../render/docs-gaps.js'
import { feedbackReadNotes, feedbackSummaryHtml } from './summary.js'
import { GAP_WEIGHT, pageWeights, type Signal, visitorsOf, withVisitors } from '../../render/fix-first.js'
import { type GapList, type Headline, headline, previousOf, type SectionRenderer } from '../../render/renderer.js'
import { baseJson, partialMark, previousJson, readPhrase } from '../../render/section-data.js'

/** Something was read of the feedback: the counts per page, or at least one request of rows. */
const feedbackRead = (report: FeedbackReport): boolean => report.pages !== undefined || report.requests > 0

function feedbackGaps(report: FeedbackReport, site: readonly Signal[] = []): GapList | undefined {
  const byPage = new Map<string, { down: number; up: number; unhelpful: number }>()
  const counts = (path: string): { down: number; up: number; unhelpful: number } => {
    let seen = byPage.get(path)
    if (!seen) byPage.set(path, (seen = { down: 0, up: 0, unhelpful: 0 }))
    return seen
  }
  for (const page of report.pages ?? []) {
    counts(page.path).down = addCounts(counts(page.path).down, Math.max(0, page.thumbsDown))
    counts(page.path).up = addCounts(counts(page.path).up, Math.max(0, page.thumbsUp))
  }
  for (const entry of report.entries) if (entry.helpful === false) counts(entry.path).unhelpful++
  // One rule with Fix first (pageWeights): a page is listed when it weighs at least GAP_WEIGHT against
  // the site's norm, the median page readers voted on; a page most readers like weighs nothing, however
  // many thumbs down it has; its thumbs up count as far as its visitors, where read, can give them.
  const entries = [...byPage.entries()]
  const visitors = visitorsOf(site)
  const weights = pageWeights(
    entries.map(([path, n]) =>
      withVisitors({ down: n.down, up: n.up, notHelpful: n.unhelpful, unanswered: 0, noClick: 0 }, visitors.get(path))
    )
  )
  const pages = entries
    .map(([path, n], at) => ({ path, n, weight: weights[at] ?? 0 }))
    .filter((page) => page.weight >= GAP_WEIGHT)
    .sort((a, b) => b.weight - a.weight || unhappyReaders(b.n.down, b.n.unhelpful) - unhappyReaders(a.n.down, a.n.unhelpful))
    .map(({ path, n }): [string, typeof n] => [path, n])
  if (pages.length === 0) return undefined
  return {
    heading: 'Pages with the most negative feedback',
    items: pages.map(([path, n]) => {
      const parts = [
        n.down > 0 ? thumbsDownText(n.down) : '',
        n.unhelpful > 0 ? notHelpfulText(n.unhelpful) : '',
        n.up > 0 ? thumbsUpText(n.up) : ''
      ]
      return `${gapPage(path)}: ${parts.filter((p) => p !== '').join(', ')}`
    }),
    about: pages.map(([path]) => ({ kind: 'page', subject: path }))
  }
}

/** Rows marked not helpful, by page. */
function notHelpfulByPage(report: FeedbackReport): Map<string, number> {
  const rows = new Map<string, number>()
  for (const entry of report.entries) if (entry.helpful === false) rows.set(entry.path, (rows.get(entry.path) ?? 0) + 1)
  return rows
}

/** The page of the site with the most of `count` (more than none): where an alert on the total fired. */
function mostOn(pages: readonly { path: string; count: number }[]): { page: string; count: number } | undefined {
  const most = pages
    .filter((page) => page.path !== OTHER_PAGE && page.count > 0)
    .reduce<{ path: string; count: number } | undefined>(
      (top, page) => (top === undefined || page.count > top.count ? page : top),
      undefined
    )
  return most && { page: most.path, count: most.count }
}

function feedbackHeadlines(report: FeedbackReport): Headline[] {
  const headlines: Headline[] = []
  if (report.pages) {
    const most = mostOn(report.pages.map((page) => ({ path: page.path, count: page.thumbsDown })))
    headlines.push(
      headline('thumbsDown', feedbackCounts(report).thumbsDown, {
        partial: report.pagesTruncated,
        previous: previousOf(report.previous, (total) => total),
        ...(report.previous?.unlike ? { unlike: true } : {}),
        ...(most ? { where: most } : {})
      })
    )
  }
  if (feedbackRead(report)) {
    // Each page's unhappy readers, the pages with rows alone among them: the same count as the output's.
    const rows = notHelpfulByPage(report)
    const pages = new Map((report.pages ?? []).map((page) => [page.path, page.thumbsDown]))
    for (const path of rows.keys()) if (!pages.has(path)) pages.set(path, 0)
    const most = mostOn([...pages].map(([path, down]) => ({ path, count: unhappyReaders(down, rows.get(path) ?? 0) })))
    headlines.push(
      headline('unhappyReaders', feedbackCounts(report).unhappy, { partial: report.partial, ...(most ? { where: most } : {}) })
    )
  }
  return headlines
}

function feedbackSignals(report: FeedbackReport): Signal[] {
  const signals: Signal[] = (report.pages ?? []).flatMap((page): Signal[] => [
    { kind: 'thumbs-down', count: page.thumbsDown, page: page.path },
    { kind: 'thumbs-up', count: page.thumbsUp, page: page.path }
  ])
  for (const [page, count] of notHelpfulByPage(report)) signals.push({ kind: 'not-helpful', count, page })
  return signals
}

export const feedbackRenderer: SectionRenderer<FeedbackReport> = {
  banner: SECTION_CATALOG.feedback.banner,
  summaryHtml: feedbackSummaryHtml,
  headlines: feedbackHeadlines,
  readNotes: feedbackReadNotes,
  signals: feedbackSignals,
  pageNumbers: (report) => (report.pagesTruncated ? { feedbackPages: (report.pages ?? []).map((page) => page.path) } : {}),
  outputs: (report) => ({ feedbackNegative: feedbackRead(report) ? String(feedbackCounts(report).unhappy) : '' }),
  json: (report) => ({
    ...baseJson(report),
    pagesTruncated: report.pagesTruncated,
    pages: report.pages ?? null,
    previous: previousJson(report.previous, 'thumbsDown'),
    entryCount: report.entries.length,
    entries: report.entries.map((entry) => ({
      path: entry.path,
      source: entry.source,
      status: entry.status,
      helpful: entry.helpful ?? null,
      commented: entry.commented,
      comment: entry.comment ?? null,
      createdAt: entry.createdAt
    }))
  }),
  csv: (report) =>
    report.requests > 0
      ? [
          {
            name: 'feedback-pages.csv',
            content: csvOf(
              ['path', 'thumbsUp', 'thumbsDown', 'code', 'total'],
              (report.pages ?? []).map((row) => [row.path, row.thumbsUp, row.thumbsDown, row.code, row.total])
            )
          },
          {
            name: 'feedback.csv',
            content: csvOf(
              ['path', 'source', 'status', 'helpful', 'commented', 'comment', 'createdAt'],
              report.entries.map((entry) => [
                entry.path,
                entry.source,
                entry.status,
                entry.helpful,
                entry.commented,
                entry.comment,
                entry.createdAt
              ])
            )
          }
        ]
      : [],
  logLine: (report) => {
    if (!feedbackRead(report)) return undefined
    const { unhappy, thumbsDown, notHelpful } = feedbackCounts(report)
    return (
      `Feedback, ${report.rangeText}: ${unhappyReadersText(unhappy, thumbsDown, notHelpful)} over ${counted(report.pages?.length ?? 0, 'page')}, ` +
      `${counted(report.entries.length, 'feedback row')}, in ${counted(report.requests, 'request')}${partialMark(report)}.`
    )
  },
  endPhrase: (report) => readPhrase(SECTION_CATALOG.feedback.noun, report),
  gaps: feedbackGaps
}
