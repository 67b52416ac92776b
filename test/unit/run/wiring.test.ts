// Tests what every section's renderer in the table (src/run/wiring.ts) writes to the CSV files:
// no field starts a formula a spreadsheet would run, whatever text the service or readers sent.
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { maskEmails } from '../../../src/text/reader-text.js'
import { HOSTILE_TEXT } from '../../emulator/analytics-data.js'
import {
  assistantReport,
  FEEDBACK_ENTRIES,
  FEEDBACK_PAGES,
  feedbackReport,
  QUESTIONS,
  SEARCH_ROWS,
  searchesReport,
  viewsReport
} from '../../support/section-reports.js'
import { viewsRenderer } from '../../../src/sections/traffic/render-views.js'
import { searchesRenderer } from '../../../src/sections/searches/render.js'
import { feedbackRenderer } from '../../../src/sections/feedback/render.js'
import { assistantRenderer } from '../../../src/sections/assistant/render.js'
import { fileText } from '../../support/renderers.js'

/** The CSV as a CSV reader gets it: rows of fields. */
const readCsv = (csv: string): string[][] => parse(csv)

/** Values a spreadsheet would run as formulas, and the same values as the files hold them. */
const FORMULAS = ['=cmd|"/c calc"!A1', '+1', '-1', '@x', '\tx', '\rx', '=HYPERLINK("https://evil.example")']
/** Reader text as a run that shows it keeps it: e-mail addresses masked. */
// A function, called in the tests: masking at load would run outside every test.
const hostile = (): string[] => HOSTILE_TEXT.map(maskEmails)

describe('every section', () => {
  it('never starts a CSV field with a character a spreadsheet would run as a formula', () => {
    const texts = [...FORMULAS, ...hostile()]
    const files = [
      fileText(viewsRenderer, 'views.csv')(viewsReport({ rows: texts.map((path) => ({ path, human: 1, ai: 1, total: 1 })) })),
      fileText(
        searchesRenderer,
        'searches.csv'
      )(searchesReport({ rows: texts.map((query) => ({ ...SEARCH_ROWS[0], query, topClickedPage: query })) })),
      fileText(feedbackRenderer, 'feedback-pages.csv')(feedbackReport({ pages: texts.map((path) => ({ ...FEEDBACK_PAGES[0], path })) })),
      fileText(
        feedbackRenderer,
        'feedback.csv'
      )(feedbackReport({ entries: texts.map((comment) => ({ ...FEEDBACK_ENTRIES[0], path: comment, comment })) })),
      fileText(
        assistantRenderer,
        'assistant.csv'
      )(assistantReport({ questions: texts.map((query) => ({ ...QUESTIONS[0], query, pageUrl: query })) }))
    ]
    for (const file of files) {
      const cells = readCsv(file).flat()
      expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
      expect(cells.filter((cell) => /^'[=+\-@\t\r]/.test(cell)).length).toBeGreaterThanOrEqual(FORMULAS.length)
    }
  })
})
