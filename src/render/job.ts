// The agent job in every place the run shows it: the summary (job-summary.ts), its outputs, its
// line in the log, and its clause in the run's last line.
import type { JobReport } from '../agent/outcome.js'
import { logText } from '../text/escape.js'
import { jobSummaryHtml } from './job-summary.js'
import type { Renderer } from './renderer.js'

// A job that does not fail the step: what its last status means.
const STATUS_WORDS: Readonly<Record<string, string>> = {
  active: 'running, not waited for',
  completed: 'completed',
  archived: 'archived',
  failed: 'failed on the service'
}

/**
 * An id as later steps may use it, in a shell or a URL: letters, digits and `_ - . ~` as they are,
 * every other character percent-encoded (UTF-8), so that no quote, `$`, backtick, space or line
 * break of an id from the service reaches a later step's script. An id of those characters alone,
 * as the service gives, is handed on as it is.
 */
export function outputId(jobId: string): string {
  return encodeURIComponent(jobId).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

export const jobRenderer: Renderer<JobReport> = {
  summaryHtml: jobSummaryHtml,
  outputs: (job) => ({
    jobId: job.jobId === undefined ? '' : outputId(job.jobId),
    status: job.status ?? '',
    prLink: job.prLink ?? '',
    prNumber: job.prNumber ?? ''
  }),
  /** The headline, unless the job fails the step (the failure is then the step's error). */
  logLine: (job) => (job.failure ? undefined : job.headline),
  endPhrase: (job) => {
    const status = job.status === undefined ? 'with no status' : (STATUS_WORDS[job.status] ?? logText(job.status, 50))
    if (job.prLink)
      return `agent job ${status}, ${job.prNumber === undefined ? 'a link the service returned' : 'pull request'} ${logText(job.prLink)}`
    return `agent job ${status}${job.status === 'completed' ? ' without a pull request' : ''}`
  }
}
