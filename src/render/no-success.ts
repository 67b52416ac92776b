// The top of the job summary of a run in which no request to the service succeeded (run/no-success.ts):
// said first, so that no report heading stands over nothing read.
import { counted } from '../text/format.js'

export function noSuccessHtml(parts: number): string {
  return (
    '<h2>❌ No request to the service succeeded</h2>\n' +
    `<p>Nothing was read, created or sent. Each of the run's ${counted(parts, 'part')} failed before the service answered ` +
    'any of its requests; why is said below.</p>\n'
  )
}
