// The assistant section of the job summary: how many questions readers asked, how many went
// unanswered, who asked (the web, the API, other callers), and the unanswered questions, most asked
// first: the gaps in the docs. Questions are text readers typed: shown only when the run keeps reader
// text, escaped and on one line; otherwise the unanswered ones are counted by the page they were asked on.
import type { AssistantReport, QuestionEntry } from './read.js'
import type { CallerStats } from './schema.js'
import { htmlText } from '../../text/escape.js'
import { counted, num } from '../../text/format.js'
import { headCell, pageCellHtml, rightCell } from '../../render/html.js'
import { READER_TEXT_CELL_CHARS, hiddenTextHtml, leftOutHtml, openingHtml, sectionHtml, withinBudget } from '../../render/section-html.js'

const PAGE_CHARS = 120

/** `part` as a share of `whole`, in per cent; "–" when the whole is nothing. */
export function shareText(part: number, whole: number): string {
  return whole > 0 ? `${((Math.max(0, part) / whole) * 100).toFixed(1)}%` : '–'
}

/** Rows that share a key, counted. */
interface Group {
  /** The first row's text: with questions newest first, the latest wording. */
  text: string
  count: number
}

/** The texts grouped by `key`, most first; groups of the same count in the order first seen. */
function groupsOf(texts: readonly string[], key: (text: string) => string = (text) => text): Group[] {
  const groups = new Map<string, Group>()
  for (const text of texts) {
    const k = key(text)
    const group = groups.get(k)
    if (group) group.count++
    else groups.set(k, { text, count: 1 })
  }
  return [...groups.values()].sort((a, b) => b.count - a.count)
}

/** Questions asked alike: the same words, whatever their case and spacing. */
const questionKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase()

/** Where questions were asked: on the docs site (the assistant's window), through the API, or from other tools. */
function callersHtml(callers: CallerStats): string {
  const cell = (n: number): string => rightCell(`${num(n)} (${shareText(n, callers.total)})`)
  return (
    '<h3>Where questions were asked</h3>\n' +
    `<table><tr>${headCell('Docs site')}${headCell('API')}${headCell('Other')}${headCell('Total')}</tr>` +
    `<tr>${cell(callers.web)}${cell(callers.api)}${cell(callers.other)}${rightCell(num(callers.total))}</tr></table>`
  )
}

/** How a table of groups reads: its first column and what its rows are. */
interface GroupTable {
  label: string
  noun: string
  plural: string
  cell: (text: string) => string
}

/** A table of the first `topPages` groups, as many as fit the budget, under its heading. */
function groupsHtml(heading: (shown: string) => string, table: GroupTable, groups: readonly Group[], topPages: number): string[] {
  const listed = groups.slice(0, topPages)
  const kept = withinBudget(listed, (group) => `<tr><td>${table.cell(group.text)}</td>${rightCell(num(group.count))}</tr>`)
  return [
    `<h3>${heading(counted(kept.length, table.noun, table.plural))}</h3>`,
    `<table><tr>${headCell(table.label, 'left')}${headCell('Asked')}</tr>${kept.join('')}</table>`,
    leftOutHtml(listed.length - kept.length, table.noun, table.plural)
  ]
}

const questionHtml = (text: string): string => (text.trim() === '' ? '<em>(empty question)</em>' : htmlText(text, READER_TEXT_CELL_CHARS))
const askedOnHtml = (text: string): string => (text === '' ? '<em>(no page)</em>' : pageCellHtml(text, PAGE_CHARS))

const QUESTIONS: GroupTable = { label: 'Question', noun: 'unanswered question', plural: 'unanswered questions', cell: questionHtml }
const PAGES: GroupTable = { label: 'Page', noun: 'page', plural: 'pages', cell: askedOnHtml }

function unansweredHtml(report: AssistantReport, unanswered: readonly QuestionEntry[]): string[] {
  if (!report.showReaderText) {
    return [
      ...groupsHtml(
        (top) => `Top ${top} of unanswered questions`,
        PAGES,
        groupsOf(unanswered.map((q) => q.pageUrl ?? '')),
        report.topPages
      ),
      hiddenTextHtml('Questions and their categories')
    ]
  }
  const groups = groupsOf(
    unanswered.map((q) => q.query ?? ''),
    questionKey
  )
  return groupsHtml((top) => `Top ${top}`, QUESTIONS, groups, report.topPages)
}

export function assistantSummaryHtml(report: AssistantReport): string {
  const { questions, callers } = report
  const read = callers !== undefined || questions.length > 0
  const parts = openingHtml(report, '🤖', 'Assistant', read)
  if (!read) return sectionHtml(parts)
  // Caller counts come from a request of their own: worth showing even when no question was read.
  const shownCallers = callers && (questions.length > 0 || callers.total > 0) ? callers : undefined
  const unanswered = questions.filter((q) => q.resolutionStatus === 'unanswered')
  if (questions.length > 0) {
    const answered = questions.length - unanswered.length
    parts.push(
      `<p><strong>${counted(questions.length, 'question')}</strong> asked: ${num(answered)} answered (${shareText(answered, questions.length)}), ` +
        `${num(unanswered.length)} unanswered (${shareText(unanswered.length, questions.length)}).</p>`
    )
  } else if (!shownCallers) {
    parts.push('<p>No one asked the assistant a question in this range.</p>')
  }
  if (shownCallers) parts.push(callersHtml(shownCallers))
  if (unanswered.length > 0) parts.push(...unansweredHtml(report, unanswered))
  return sectionHtml(parts)
}
