// The job summary's one block for a run whose every request the service refused for the API key
// (run/key-refusal.ts), or denied access to the project: the cause once, what it stopped, how many
// requests it refused, and what to do.
import { KEY_REFUSED_ADVICE } from '../api/errors.js'
import { htmlText } from '../text/escape.js'
import { counted } from '../text/format.js'

/** The message's Markdown code spans (`apiKey`) as code elements, the rest escaped. */
function adviceHtml(advice: string): string {
  return htmlText(advice, 1000).replace(/&#96;(.+?)&#96;/g, '<code>$1</code>')
}

export function keyRefusalHtml(refusal: { parts: readonly string[]; requests: number }): string {
  return (
    '<h2>❌ The API key was refused (401)</h2>\n' +
    `<p>The service refused the API key for every request the run made: ${counted(refusal.requests, 'request')}, ` +
    `one for each of ${htmlText(refusal.parts.join(', '), 500)}. Nothing was read, created or sent.</p>\n` +
    `<p>${adviceHtml(KEY_REFUSED_ADVICE)}</p>\n`
  )
}

/** The summary's one block for a run whose every request the service denied for the project (403). */
export function projectDenialHtml(denial: {
  projectId: string
  reason?: string
  parts: readonly string[]
  requests: number
  advice: string
}): string {
  const said = denial.reason === undefined ? '' : ` The service said: “${htmlText(denial.reason, 300)}”.`
  return (
    `<h2>❌ Access to project <code>${htmlText(denial.projectId, 100)}</code> was denied (403)</h2>\n` +
    `<p>The service denied access to the project for every request the run made: ${counted(denial.requests, 'request')}, ` +
    `one for each of ${htmlText(denial.parts.join(', '), 500)}. Nothing was read, created or sent.${said}</p>\n` +
    `<p>${adviceHtml(denial.advice)}</p>\n`
  )
}
