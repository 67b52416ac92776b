// The small line that ends the job summary: which action and version wrote it, and the run.
import { htmlText } from '../text/escape.js'
import { linkHtml } from './html.js'

export interface RunInfo {
  /** The action's name, and its version with the build and ref (version.ts's versionText). */
  action: string
  version: string
  /** The link to this workflow run, when the runner says where it is. */
  runUrl?: string
}

export function footerHtml(info: RunInfo): string {
  const run = info.runUrl ? ` · ${linkHtml(info.runUrl, 'workflow run')}` : ''
  return `<p><sub>${htmlText(info.action, 100)} ${htmlText(info.version, 100)}${run}</sub></p>\n`
}
