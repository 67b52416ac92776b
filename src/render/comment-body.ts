// The comment in the triggering issue or pull request: posted when the job starts, edited into the
// short form of the job's summary when it ends (outcome with link, reason, next step).
import type { JobReport } from '../agent/outcome.js'
import { markdownCode } from '../text/escape.js'
import { codeHtml, linesHtml, linkHtml } from './html.js'
import { COMMENT_MARKER, endedOf, isMarkableJobId, pullMarker, recordMarker, type SealedAt } from '../agent/records.js'
import { jobNextStepHtml, jobReasonHtml, jobTitleHtml } from './job-summary.js'

export { COMMENT_MARKER }

export function startBody(jobId: string, run: string | undefined, key?: string, at?: SealedAt): string {
  return [
    COMMENT_MARKER + recordMarker({ jobId, key }, at),
    `📝 The documentation agent is working on it: job ${markdownCode(jobId, 100)}.`,
    run ? `\n[Workflow run](${run})` : ''
  ].join('\n')
}

export function endBody(job: JobReport, run: string | undefined, key?: string, at?: SealedAt): string {
  const parts = [COMMENT_MARKER + recordMarker({ jobId: job.jobId, key, ended: endedOf(job.outcome) }, at), `<h3>${jobTitleHtml(job)}</h3>`]
  const reason = jobReasonHtml(job)
  if (reason) parts.push(`<p>${reason}</p>`)
  const next = jobNextStepHtml(job.nextStep, job.failure)
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

/** Characters of the prompt quoted in the comment on the agent's pull request. */
const PULL_PROMPT_SHOWN = 1000

/** The start of the prompt the comment quotes, cut between characters, never inside a surrogate pair. */
function shownPrompt(prompt: string): string {
  if (prompt.length <= PULL_PROMPT_SHOWN) return prompt
  const end = /[\uD800-\uDBFF]/.test(prompt.charAt(PULL_PROMPT_SHOWN - 1)) ? PULL_PROMPT_SHOWN - 1 : PULL_PROMPT_SHOWN
  return `${prompt.slice(0, end)}…`
}

/**
 * The comment on the pull request the agent opened: which job it is (hidden, for follow-ups), what
 * it was asked, and how to ask for changes. '' for a job id a marker cannot hold.
 */
export function agentPullBody(jobId: string, prompt: string | undefined, run: string | undefined, command: string, at?: SealedAt): string {
  if (!isMarkableJobId(jobId)) return ''
  const asked =
    prompt === undefined
      ? ''
      : `<details><summary>What the agent was asked</summary>\n<blockquote>${linesHtml(shownPrompt(prompt), 200)}</blockquote>\n</details>\n`
  return (
    `${COMMENT_MARKER}${pullMarker(jobId, at)}\n` +
    `🤖 The documentation agent opened this pull request (job ${codeHtml(jobId, 200)}).\n` +
    asked +
    `\nTo ask for changes, comment ${codeHtml(`${command} <what to change>`, 80)}: people with write access to this repository can.` +
    (run ? ` · ${linkHtml(run, 'workflow run')}` : '')
  )
}

/** The polite answer to a command from someone who may not send the agent follow-ups; `record`, its hidden record (agent/records.ts). */
export function refusalBody(login: string, command: string, record = ''): string {
  return (
    `${COMMENT_MARKER}${record}\n` +
    `Sorry ${codeHtml(`@${login}`, 60)}: only people with write access to this repository can send the documentation agent a follow-up with ${codeHtml(command, 60)}. Nothing was sent.`
  )
}

/** The answer to a command with nothing after it. */
export function emptyCommandBody(command: string): string {
  return `${COMMENT_MARKER}\nSay what to change after ${codeHtml(command, 60)}, for example ${codeHtml(`${command} also document the new retry option`, 120)}. Nothing was sent.`
}
