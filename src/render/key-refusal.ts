// The job summary's one block for a run whose every request the service refused for the API key
// (run/key-refusal.ts): the cause once, what it stopped, how many requests it refused, and what to do.
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
