// The job summary's section for an error that stopped the run before it reported anything: what the
// error said, ended by the footer every summary ends with, so that the summary is never left empty
// by a failed step.
import { htmlText } from '../text/escape.js'
import { footerHtml, type RunInfo } from './footer.js'

export function runErrorSummaryHtml(message: string, run: RunInfo): string {
  return (
    '<h2>❌ The step failed</h2>\n' +
    `<p>${htmlText(message === '' ? 'An unexpected error stopped the run.' : message, 1000)}</p>\n` +
    '<p>It stopped before it could report anything else; the log has the details.</p>\n' +
    footerHtml(run)
  )
}
