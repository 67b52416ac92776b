// The job summary's section for an error that stopped the run before it reported anything: what the
// error said, ended by the footer every summary ends with, so that the summary is never left empty
// by a failed step.
import { htmlText } from '../text/escape.js'
import { footerHtml, type RunInfo } from './footer.js'

/** The error's message as HTML: escaped, its Markdown code spans (`…`, permissions and inputs) as code elements. */
function messageHtml(message: string): string {
  return htmlText(message === '' ? 'An unexpected error stopped the run.' : message, 1000).replace(/&#96;(.+?)&#96;/g, '<code>$1</code>')
}

export function runErrorSummaryHtml(message: string, run: RunInfo): string {
  return (
    '<h2>❌ The step failed</h2>\n' +
    `<p>${messageHtml(message)}</p>\n` +
    '<p>It stopped before it could report anything else.</p>\n' +
    footerHtml(run)
  )
}
