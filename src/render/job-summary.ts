// The agent job's section of the job summary: the outcome first, with a real link to the pull
// request; then why the step failed and what to do next, the prompt, and the details. The same
// title, reason and next step make the short form in the comment. Every value from the service is
// escaped; a link is made only from a plain http(s) URL.
import type { JobReport, NextStep } from '../agent/outcome.js'
import type { ContextDigest } from '../change/context.js'
import { dateTimeText } from '../text/dates.js'
import { htmlText, plainHttpUrl, safeHttpUrl } from '../text/escape.js'
import { counted, formatDuration, num } from '../text/format.js'
import { codeHtml, linesHtml, linkHtml, messageHtml, rowHtml } from './html.js'

/** Prompts longer than this, or of more than one line, are collapsed. */
const SHORT_PROMPT = 200
/**
 * Characters of a collapsed prompt shown: even with every character escaped at its longest, the
 * prompt stays under 100 KiB, so that the summary stays under GitHub's 1 MiB limit.
 */
export const PROMPT_SHOWN = 4000

/** What a link the service returned is called when it is not a pull request on the run's GitHub server: its host, and where it came from. */
export function serviceLinkLabel(link: string): string {
  return `${new URL(link).host}: a link the service returned`
}

/** "acme/docs#42" for a pull request on the run's GitHub server; otherwise the link's host, said to be the service's. */
export function pullRequestLabel(job: Pick<JobReport, 'prLink' | 'prRepository' | 'prNumber'>): string | undefined {
  if (job.prRepository !== undefined && job.prNumber !== undefined) return `${job.prRepository}#${job.prNumber}`
  return job.prLink === undefined ? undefined : serviceLinkLabel(job.prLink)
}

/** The repository a job works on (a full URL, as the service gives it), linked and named by its path; its query string and fragment are dropped. */
function repositoryHtml(repository: string): string {
  const url = plainHttpUrl(safeHttpUrl(repository))
  if (!url) return htmlText(repository, 200)
  const path = new URL(url).pathname.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '')
  return linkHtml(url, htmlText(path === '' ? url : path, 200))
}

function pullRequestHtml(job: JobReport): string {
  if (job.prLink) return linkHtml(job.prLink, htmlText(pullRequestLabel(job) ?? job.prLink, 200))
  return 'a pull request'
}

/** The outcome in a few words, with its mark: what a reader takes in first. */
export function jobTitleHtml(job: JobReport): string {
  const failing = job.failure !== undefined
  switch (job.outcome) {
    case 'opened':
      // Only a pull request on the run's GitHub server is called one: any other link is the service's word alone.
      return job.prNumber === undefined && job.prLink ? `✅ Completed with ${pullRequestHtml(job)}` : `✅ Opened ${pullRequestHtml(job)}`
    case 'no-pr':
      // Not a success mark: the job ended, but nothing waits for review.
      return `${failing ? '❌' : 'ℹ️'} Completed without a pull request`
    case 'failed':
      return `${failing ? '❌' : '⚠️'} The agent job failed`
    case 'archived':
      return `${failing ? '❌' : '⚠️'} Archived before it completed`
    case 'running':
      return `⏳ ${job.followUp ? 'Follow-up sent' : 'Started'}; not waited for`
    case 'timeout':
      // The job keeps running on the service; the step fails all the same.
      return job.nextStep?.kind === 'watch' ? '⏳ The agent is still working; the step stopped waiting' : '❌ Timed out'
    case 'cancelled':
      return '❌ Cancelled'
    case 'error':
      if (job.nextStep?.kind === 'find-job') return '❌ No answer to the create request; a job may exist'
      return job.jobId === undefined ? '❌ Could not create the agent job' : '❌ Stopped watching the agent job'
  }
}

/** The sentence under the title, for an ending that does not fail the step (the reason is said then). */
function sentenceHtml(job: JobReport): string {
  switch (job.outcome) {
    case 'opened':
      if (job.prLink && job.prNumber === undefined)
        return `The documentation agent completed the job, and the service returned a link to ${htmlText(new URL(job.prLink).host, 200)}, which is not a pull request on this GitHub server: check where it leads before you follow it.`
      return job.prLink
        ? `The documentation agent completed the job and opened ${pullRequestHtml(job)}. <strong>Next step:</strong> review and merge it.`
        : 'The documentation agent completed the job and opened a pull request, but its link is not a plain http(s) URL, so it is shown below as text and left out of the outputs.'
    case 'no-pr':
      return 'The documentation agent completed the job without a pull request: the agent may have made no change, or pushed straight to the deploy branch.'
    case 'failed':
      return 'The service reports that the job failed, and gives no reason.'
    case 'archived':
      return 'The job was archived on the service before it completed.'
    default:
      return 'The job is running on the service; <code>wait</code> is false, so the step did not wait for it.'
  }
}

/** The endings the service decided, which fail the step only when failOn names them. */
const SERVICE_ENDINGS: readonly JobReport['outcome'][] = ['failed', 'archived', 'no-pr']

/**
 * Why the step failed: the same words as the error annotation; for an ending the service decided,
 * what happened and the failOn word that made it fail, rather than the title again.
 */
export function jobReasonHtml(job: JobReport): string | undefined {
  if (job.failure === undefined) return undefined
  if (SERVICE_ENDINGS.includes(job.outcome))
    return `${sentenceHtml(job)} <strong>The step failed</strong> because <code>failOn</code> includes <code>${job.outcome}</code>.`
  return `<strong>Why the step failed:</strong> ${messageHtml(job.failure, 1500)}`
}

function jobIdBlock(jobId: string, prompt?: string): string {
  return `<pre><code>jobId: ${htmlText(jobId, 200)}${prompt === undefined ? '' : `\nprompt: ${prompt}`}</code></pre>`
}

// Where the inputs of a next step go when the workflow is started by hand: the fields of Run workflow
// that the README's quick start and examples/manual.yml offer.
const RUN_WORKFLOW_ID = ' (in Run workflow, the <code>jobId</code> field)'
const RUN_WORKFLOW_BOTH = ' (in Run workflow, the <code>jobId</code> and <code>prompt</code> fields)'

/** The words of the error line that already say how to keep watching a job (after a timeout). */
const WATCH_SAID = 'To keep watching it, run the action again with jobId'

/**
 * What to do next, in a form that can be copied, and where it goes in Run workflow. `said` is why
 * the step failed: where it already says how to keep watching, the next step adds only where it goes.
 */
export function jobNextStepHtml(step: NextStep | undefined, said?: string): string | undefined {
  if (!step) return undefined
  switch (step.kind) {
    case 'watch':
      if (said?.includes(WATCH_SAID) === true)
        return `<p><strong>Next step:</strong> in Run workflow, put the job's id in the <code>jobId</code> field and leave <code>prompt</code> empty:</p>\n${jobIdBlock(step.jobId)}`
      return `<p><strong>Next step:</strong> to keep watching the job, run the action again with this input and no <code>prompt</code>${RUN_WORKFLOW_ID}:</p>\n${jobIdBlock(step.jobId)}`
    case 'find-job':
      return (
        '<p><strong>Next step:</strong> the request to create the job was sent, so a job may exist although its id never came back. ' +
        "Look for it among the project's agent jobs in the dashboard before running again; if it is there, watch it instead of sending the prompt again" +
        `${RUN_WORKFLOW_ID}:</p>\n` +
        '<pre><code>jobId: &lt;the id the dashboard shows&gt;</code></pre>'
      )
    case 'check-message':
      return (
        '<p><strong>Next step:</strong> the follow-up was sent, so the job may have received it. Check the job in the dashboard before sending it again; ' +
        `to watch the job without sending anything, run the action with this input and no <code>prompt</code>${RUN_WORKFLOW_ID}:</p>\n${jobIdBlock(step.jobId)}`
      )
    case 'retry':
      return (
        '<p><strong>Next step:</strong> send the same job a follow-up that asks for less at once (one page or one change), ' +
        `with these inputs${RUN_WORKFLOW_BOTH}:</p>\n${jobIdBlock(step.jobId, '&lt;a narrower prompt&gt;')}\n` +
        '<p>or re-run the workflow to start a new job with the same prompt.</p>'
      )
    case 'no-pr': {
      const lead = step.failing
        ? '<strong>Next step:</strong> if the job had nothing to change, remove <code>no-pr</code> from <code>failOn</code> so that such a run passes. If you expected a change'
        : 'If you expected a change'
      return (
        `<p>${lead}, look at the job in the Mintlify dashboard, or send it a follow-up that names the pages to change${RUN_WORKFLOW_BOTH}:</p>\n` +
        jobIdBlock(step.jobId, '&lt;the pages and the change&gt;')
      )
    }
  }
}

/** Files left out of the context named in the summary; the rest are counted. */
const LEFT_OUT_SHOWN = 20

/** "acme/app#214" for a pull request's link on GitHub, linked; undefined for any other link. */
function changeLinkHtml(url: string | undefined): string | undefined {
  const match = url === undefined ? null : /^https?:\/\/[^/]+\/([^/]+)\/([^/]+)\/pull\/(\d+)$/.exec(plainHttpUrl(safeHttpUrl(url)) ?? '')
  return match ? linkHtml(url, htmlText(`${match[1] ?? ''}/${match[2] ?? ''}#${match[3] ?? ''}`, 200)) : undefined
}

/** The change by its short name, linked, then its title ("acme/app#214 (merged): Add a retries option"); its title alone when it has no pull request link. */
function changeHtml(digest: ContextDigest): string {
  const link = changeLinkHtml(digest.url)
  // The link names the pull request: the title need not say "Pull request #214" again.
  return link === undefined ? htmlText(digest.title, 200) : `${link} ${htmlText(digest.title.replace(/^Pull request #\d+\s*/, ''), 200)}`
}

/** What of the change was sent with the prompt, collapsed: the change, linked; its files, what was sent in full and shortened, what was left out. */
export function contextHtml(digest: ContextDigest): string {
  const size = digest.bytes >= 10_000 ? `${num(Math.round(digest.bytes / 100) / 10)} KB` : counted(digest.bytes, 'byte')
  const cut = digest.diffsCut > 0 ? `, ${num(digest.diffsCut)} shortened to fit the size limit (<code>contextBytes</code>)` : ''
  const facts = [
    digest.listed === digest.files
      ? `Every changed file is listed (${num(digest.files)}).`
      : `${num(digest.listed)} of ${counted(digest.files, 'changed file')} are listed; the rest did not fit.`,
    `The changes of ${counted(digest.diffsWhole, 'file')} were sent in full${cut}.`
  ]
  if (digest.incomplete !== undefined) facts.push(htmlText(digest.incomplete, 300))
  const shown = digest.leftOut.slice(0, LEFT_OUT_SHOWN).map((file) => `<li>${codeHtml(file.path, 200)}: ${htmlText(file.reason, 50)}</li>`)
  if (digest.leftOut.length > LEFT_OUT_SHOWN) shown.push(`<li>and ${num(digest.leftOut.length - LEFT_OUT_SHOWN)} more</li>`)
  const left = shown.length === 0 ? '' : `\n<p>Diffs left out:</p>\n<ul>${shown.join('')}</ul>`
  return (
    `<details><summary>Sent with the prompt: ${changeHtml(digest)} (${counted(digest.files, 'file')}, ${size})</summary>\n` +
    `<p>${facts.join(' ')} The agent is told it is data, not instructions.</p>${left}\n</details>`
  )
}

/** The line that says the job came from an earlier run for the same change. */
function reusedHtml(job: JobReport): string | undefined {
  if (job.reusedFrom === undefined) return undefined
  return `<p>🔁 An earlier run created this job for the same change and recorded it in its ${job.reusedFrom}: this run watched it instead of creating another.</p>`
}

function promptHtml(prompt: string, followUp: boolean): string {
  const label = followUp ? 'Follow-up prompt' : 'Prompt'
  if (prompt.length <= SHORT_PROMPT && !/[\r\n]/.test(prompt)) return `<p><strong>${label}:</strong> ${htmlText(prompt, SHORT_PROMPT)}</p>`
  const cut = prompt.length > PROMPT_SHOWN
  const size = counted(prompt.length, 'character') + (cut ? `, the first ${num(PROMPT_SHOWN)} shown` : '')
  const shown = cut ? `${prompt.slice(0, PROMPT_SHOWN)}…` : prompt
  return `<details><summary>${label} (${size})</summary>\n<blockquote>${linesHtml(shown, 2000)}</blockquote>\n</details>`
}

/** Endings after which the status is the last one seen, not one the job ended with. */
const STOPPED_WATCHING: readonly JobReport['outcome'][] = ['timeout', 'cancelled', 'error']

function statusHtml(job: JobReport): string {
  let status = job.status ? codeHtml(job.status) : 'unknown'
  if (job.serviceStatus && job.serviceStatus !== job.status) status += ` (the service said ${codeHtml(job.serviceStatus)})`
  if (job.status && STOPPED_WATCHING.includes(job.outcome)) status += ' when last checked'
  return status
}

function pullRequestCell(job: JobReport): string {
  if (job.prLink) return pullRequestHtml(job)
  if (job.unsafePrLink) return `${htmlText(job.unsafePrLink, 200)} (not a plain http(s) URL, so not linked)`
  return job.status === 'active' ? 'not yet' : 'none'
}

function whenHtml(value: string): string {
  return htmlText(dateTimeText(value) ?? value, 60)
}

export function jobSummaryHtml(job: JobReport): string {
  const rows = [rowHtml('Status', statusHtml(job)), rowHtml('Pull request', pullRequestCell(job))]
  if (job.jobId !== undefined) rows.push(rowHtml('Job', codeHtml(job.jobId)))
  if (job.repository) rows.push(rowHtml('Source', repositoryHtml(job.repository) + (job.ref ? ` at ${codeHtml(job.ref)}` : '')))
  if (job.model) rows.push(rowHtml('Model', htmlText(job.model, 100)))
  if (job.createdAt) rows.push(rowHtml('Created', whenHtml(job.createdAt)))
  if (job.archivedAt) rows.push(rowHtml('Archived', whenHtml(job.archivedAt)))
  if (job.waitedMs !== undefined) rows.push(rowHtml('Waited', formatDuration(job.waitedMs)))

  const parts = [`<h2>${jobTitleHtml(job)}</h2>`]
  const reason = jobReasonHtml(job)
  parts.push(`<p>${reason ?? sentenceHtml(job)}</p>`)
  const next = jobNextStepHtml(job.nextStep, job.failure)
  if (next) parts.push(next)
  const reused = reusedHtml(job)
  if (reused) parts.push(reused)
  if (job.prompt !== undefined) parts.push(promptHtml(job.prompt, job.followUp))
  if (job.context) parts.push(contextHtml(job.context))
  // With no job, the table would say only "unknown" and "none" (a status comes only with a job).
  if (job.jobId !== undefined) parts.push(`<table>${rows.join('')}</table>`)
  parts.push('')
  return parts.join('\n')
}
