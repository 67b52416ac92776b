// The comment in the triggering issue or pull request: posted when the job starts, edited into the
// short form of the job's summary when it ends (outcome with link, reason, next step).
import type { JobReport } from '../agent/outcome.js'
import { markdownCode } from '../text/escape.js'
import { codeHtml, linesHtml, linkHtml } from './html.js'
import { jobNextStepHtml, jobReasonHtml, jobTitleHtml } from './job-summary.js'

/** Marks the action's own comment. */
export const COMMENT_MARKER = '<!-- docs-agent-action -->'

/** A job id that a hidden marker can hold as it is: what the service gives, bounded. */
const MARKED_JOB_ID = /^[\w.:-]{1,200}$/

/**
 * The hidden line that records which job a comment is about, and for which trigger (src/github/trigger.ts),
 * so that a second run for the same trigger finds the job; '' for a job id a marker cannot hold.
 */
export function jobMarker(jobId: string | undefined, trigger: string | undefined): string {
  if (jobId === undefined || !MARKED_JOB_ID.test(jobId)) return ''
  return `<!-- docs-agent-action job=${jobId}${trigger === undefined ? '' : ` trigger=${encodeURIComponent(trigger)}`} -->`
}

/** The job a comment's marker records for `trigger` (any trigger when undefined), if it holds one. */
export function markedJob(body: string, trigger: string | undefined): string | undefined {
  // A trigger's key is short but for a release's tag, which may be long and in any script: encoded,
  // each byte of it takes three characters. The marker stands at the start of the body all the same.
  const match = /<!-- docs-agent-action job=([\w.:-]{1,200})(?: trigger=([^\s>]{1,4000}))? -->/.exec(body.slice(0, 5000))
  if (!match) return undefined
  if (trigger !== undefined && match[2] !== encodeURIComponent(trigger)) return undefined
  return match[1]
}

export function startBody(jobId: string, run: string | undefined, trigger?: string): string {
  return [
    COMMENT_MARKER + jobMarker(jobId, trigger),
    `📝 The documentation agent is working on it: job ${markdownCode(jobId, 100)}.`,
    run ? `\n[Workflow run](${run})` : ''
  ].join('\n')
}

export function endBody(job: JobReport, run: string | undefined, trigger?: string): string {
  const parts = [COMMENT_MARKER + jobMarker(job.jobId, trigger), `<h3>${jobTitleHtml(job)}</h3>`]
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

/** The hidden line that marks the action's comment on the agent's pull request, with the job it is about. */
export function pullMarker(jobId: string): string {
  return `<!-- docs-agent-action pull job=${jobId} -->`
}

/** The job the action's comment on an agent's pull request names, if the body holds its marker. */
export function pullMarkedJob(body: string): string | undefined {
  return /<!-- docs-agent-action pull job=([\w.:-]{1,200}) -->/.exec(body.slice(0, 5000))?.[1]
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
export function agentPullBody(jobId: string, prompt: string | undefined, run: string | undefined, command: string): string {
  if (jobMarker(jobId, undefined) === '') return ''
  const asked =
    prompt === undefined
      ? ''
      : `<details><summary>What the agent was asked</summary>\n<blockquote>${linesHtml(shownPrompt(prompt), 200)}</blockquote>\n</details>\n`
  return (
    `${COMMENT_MARKER}${pullMarker(jobId)}\n` +
    `🤖 The documentation agent opened this pull request (job ${codeHtml(jobId, 200)}).\n` +
    asked +
    `\nTo ask for changes, comment ${codeHtml(`${command} <what to change>`, 80)}: people with write access to this repository can.` +
    (run ? ` · ${linkHtml(run, 'workflow run')}` : '')
  )
}

/** The polite answer to a command from someone who may not send the agent follow-ups. */
export function refusalBody(login: string, command: string): string {
  return (
    `${COMMENT_MARKER}\n` +
    `Sorry ${codeHtml(`@${login}`, 60)}: only people with write access to this repository can send the documentation agent a follow-up with ${codeHtml(command, 60)}. Nothing was sent.`
  )
}

/** The answer to a command with nothing after it. */
export function emptyCommandBody(command: string): string {
  return `${COMMENT_MARKER}\nSay what to change after ${codeHtml(command, 60)}, for example ${codeHtml(`${command} also document the new retry option`, 120)}. Nothing was sent.`
}
