// The job summary's section for inputs the step cannot run with: each input at fault and what is
// wrong with it, and where inputs are set. Written instead of every other section, since no request
// has been made, and ended by the footer every summary ends with.
import type { InputProblem } from '../core/input-error.js'
import { htmlText } from '../text/escape.js'
import { footerHtml, type RunInfo } from './footer.js'

/** A message as HTML: escaped, its Markdown code spans (`…`) as code elements. */
function messageHtml(message: string): string {
  return htmlText(message, 1000).replace(/&#96;(.+?)&#96;/g, '<code>$1</code>')
}

function problemHtml(problem: InputProblem): string {
  const name = problem.input === undefined ? '' : `<code>${htmlText(problem.input, 100)}</code> `
  return `<li>${name}${messageHtml(problem.message)}</li>`
}

export function inputErrorsSummaryHtml(problems: readonly InputProblem[], run: RunInfo): string {
  return (
    '<h2>❌ Invalid input</h2>\n' +
    '<p>The step stopped before sending any request to the service.</p>\n' +
    `<ul>${problems.map(problemHtml).join('')}</ul>\n` +
    '<p>Inputs are set under <code>with:</code> in the workflow step that uses this action; ' +
    'secrets in Settings → Secrets and variables → Actions of the repository or organization.</p>\n' +
    footerHtml(run)
  )
}
