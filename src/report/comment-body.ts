// The comment in the triggering issue or pull request: posted when the job starts, edited into the
// short form of the job's summary when it ends (outcome with link, reason, next step).
import type { JobReport } from '../agent/outcome.js'
import { markdownCode } from '../text/escape.js'
import { codeHtml, linkHtml } from './html.js'
import { jobNextStepHtml, jobReasonHtml, jobTitleHtml } from './job-summary.js'

/** Marks the action's own comment. */
export const COMMENT_MARKER = '<!-- docs-agent-action -->'

export function startBody(jobId: string, run: string | undefined): string {
  return [
    COMMENT_MARKER,
    `📝 The documentation agent is working on it: job ${markdownCode(jobId, 100)}.`,
    run ? `\n[Workflow run](${run})` : ''
  ].join('\n')
}

export function endBody(job: JobReport, run: string | undefined): string {
  const parts = [COMMENT_MARKER, `<h3>${jobTitleHtml(job)}</h3>`]
  const reason = jobReasonHtml(job)
  if (reason) parts.push(`<p>${reason}</p>`)
  const next = jobNextStepHtml(job.nextStep)
  if (next) parts.push(next)
  const facts = [
    job.jobId !== undefined
      ? `Job ${codeHtml(job.jobId, 100)}`
      : job.nextStep?.kind === 'find-job'
        ? 'No job id came back'
        : 'No job was created'
  ]
  if (run) facts.push(linkHtml(run, 'workflow run'))
  parts.push(`<p><sub>${facts.join(' · ')}</sub></p>`)
  return parts.join('\n')
}
