// Tests the comment on the triggering issue or pull request (src/report/comment-body.ts) as GitHub
// shows it (test/support/render.js): the start, and the short form of the job's summary at the end,
// for every way a run ends (test/support/job-reports.ts), with hostile text from the service.
import { describe, expect, it } from 'vitest'
import type { JobReport } from '../../../src/agent/outcome.js'
import { COMMENT_MARKER, endBody, startBody } from '../../../src/report/comment-body.js'
import { endedOf, recordMarker } from '../../../src/report/job-marker.js'
import {
  ARCHIVED_SENTENCE,
  FAILED_SENTENCE,
  JOB_REPORTS,
  type JobVariant,
  NO_PR_CHECK,
  NO_PR_DROP,
  NO_PR_SENTENCE,
  PR_LINK,
  RETRY,
  WATCH
} from '../../support/job-reports.js'
import { readerText, renderSummary } from '../../support/render.js'

const RUN = 'https://github.com/acme/docs/actions/runs/77'
describe('startBody', () => {
  it('says the agent is working, names the job as written, and links the run', () => {
    const body = startBody('job_1', RUN)
    expect(body).toBe(
      `${COMMENT_MARKER}<!-- docs-agent-action job=job_1 -->\n📝 The documentation agent is working on it: job \`job_1\`.\n\n[Workflow run](${RUN})`
    )
    const seen = renderSummary(body)
    expect(seen.text).toBe('📝 The documentation agent is working on it: job job_1. Workflow run')
    expect(seen.links).toEqual([{ href: RUN, text: 'Workflow run' }])
  })

  it('has no run link when the run is unknown', () => {
    const body = startBody('j1', undefined)
    expect(body).toBe(
      '<!-- docs-agent-action --><!-- docs-agent-action job=j1 -->\n📝 The documentation agent is working on it: job `j1`.\n'
    )
    expect(renderSummary(body).links).toEqual([])
  })

  it('shows a hostile job id as code, with no mention, link or markup', () => {
    const seen = renderSummary(startBody('`x` @team <b>#1</b> https://evil.example', undefined))
    expect(seen.text).toBe('📝 The documentation agent is working on it: job `x` @team <b>#1</b> https://evil.example.')
    expect(seen).toMatchObject({ links: [], references: [] })
  })

  it('cuts a long job id at 100 characters', () => {
    expect(startBody('j'.repeat(101), undefined)).toContain(`job \`${'j'.repeat(99)}…\`.`)
  })
})

describe('endBody', () => {
  it('starts with the marker that finds the comment again, which the reader does not see', () => {
    for (const job of Object.values(JOB_REPORTS)) {
      const body = endBody(job, RUN)
      expect(body.startsWith(`${COMMENT_MARKER}${recordMarker({ jobId: job.jobId, ended: endedOf(job.outcome) })}\n<h3>`)).toBe(true)
      expect(renderSummary(body).html).not.toContain('docs-agent-action')
    }
  })

  it('links the pull request the agent opened, the job and the run', () => {
    const body = endBody(JOB_REPORTS.opened, RUN)
    expect(readerText(body)).toBe('✅ Opened acme/docs#42\n\nJob j1 · workflow run')
    const seen = renderSummary(body)
    expect(seen.headings).toEqual(['✅ Opened acme/docs#42'])
    expect(seen.links).toEqual([
      { href: PR_LINK, text: 'acme/docs#42' },
      { href: RUN, text: 'workflow run' }
    ])
    expect(seen.references).toEqual([])
    expect(body).toBe(
      `${COMMENT_MARKER}<!-- docs-agent-action job=j1 ended=opened -->\n<h3>✅ Opened <a href="${PR_LINK}">acme/docs<span>&#35;</span>42</a></h3>\n` +
        `<p><sub>Job <code>j1</code> · <a href="${RUN}">workflow run</a></sub></p>`
    )
  })

  it('names a link to another host by the link itself, never as a pull request of a repository', () => {
    const link = 'https://evil.example/acme/docs/pull/42'
    const body = endBody({ ...JOB_REPORTS.opened, prLink: link, prRepository: undefined, prNumber: undefined }, RUN)
    const seen = renderSummary(body)
    expect(seen.headings).toEqual([`✅ Opened ${link}`])
    expect(seen.links[0]).toEqual({ href: link, text: link })
    expect(seen.text).not.toContain('acme/docs#42')
    expect(seen.references).toEqual([])
  })

  it('after a timeout, says why the step failed and gives the input that watches the job again', () => {
    expect(readerText(endBody(JOB_REPORTS.timeout, RUN))).toBe(
      [
        '⏳ Still running on the service; the step stopped waiting',
        'Why the step failed: Timed out after 30m 0s (timeoutMinutes) while waiting for job j1. The job keeps running on the service: the API cannot cancel it.',
        WATCH,
        'jobId: j1',
        'Job j1 · workflow run'
      ].join('\n\n')
    )
  })

  it.each<[JobVariant, string]>([
    ['noPr', `✅ Completed without a pull request ${NO_PR_CHECK} Job j1`],
    [
      'noPrFailing',
      `❌ Completed without a pull request ${NO_PR_SENTENCE} The step failed because failOn includes no-pr. ${NO_PR_DROP} ${NO_PR_CHECK} Job j1`
    ],
    ['failed', `❌ The agent job failed ${FAILED_SENTENCE} The step failed because failOn includes failed. ${RETRY} Job j1`],
    ['failedAllowed', `⚠️ The agent job failed ${RETRY} Job j1`],
    ['archived', `⚠️ Archived before it completed ${RETRY} Job j1`],
    [
      'archivedFailing',
      `❌ Archived before it completed ${ARCHIVED_SENTENCE} The step failed because failOn includes archived. ${RETRY} Job j1`
    ],
    ['cancelled', `❌ Cancelled Why the step failed: ${JOB_REPORTS.cancelled.failure ?? ''} ${WATCH} jobId: j1 Job j1`],
    ['timeoutBeforeJob', `❌ Timed out Why the step failed: ${JOB_REPORTS.timeoutBeforeJob.failure ?? ''} No job was created`],
    ['notWaited', `⏳ Started; not waited for ${WATCH} jobId: j1 Job j1`],
    ['followUpNotWaited', `⏳ Follow-up sent; not waited for ${WATCH} jobId: j7 Job j7`],
    [
      'refused',
      `❌ Could not create the agent job Why the step failed: ${(JOB_REPORTS.refused.failure ?? '').replace(/`/g, '')} No job was created`
    ],
    ['lost', `❌ Stopped watching the agent job Why the step failed: ${(JOB_REPORTS.lost.failure ?? '').replace(/`/g, '')} Job j1`]
  ])('%s: says %j', (variant, text) => {
    const seen = renderSummary(endBody(JOB_REPORTS[variant], undefined))
    expect(seen.text).toBe(text)
    expect(seen.links).toEqual([])
  })

  it('after a create request that may have reached the service, says where to look for the job, not that there is none', () => {
    const seen = renderSummary(endBody(JOB_REPORTS.findJob, RUN))
    expect(seen.text).toContain(' jobId: <the id the dashboard shows> No job id came back · workflow run')
    expect(seen.text).not.toContain('No job was created')
  })

  it('after a follow-up that may have reached the job, says to check it before sending it again', () => {
    const seen = renderSummary(endBody(JOB_REPORTS.checkMessage, RUN))
    expect(seen.text).toContain(
      'Next step: the follow-up was sent, so the job may have received it. Check the job in the dashboard before sending it again;'
    )
    expect(seen.text).toMatch(/ jobId: j1 Job j1 · workflow run$/)
  })

  it('shows code spans of the failure as code, and says it in the words of the error annotation', () => {
    const body = endBody(JOB_REPORTS.refused, undefined)
    expect(body).toContain('The key in <code>apiKey</code> is wrong')
    expect(renderSummary(body).text).not.toContain('`')
  })

  it('shows hostile text from the service as written, with nothing linked or mentioned', () => {
    const failure = 'Job j1 failed: <img src=x> [click](https://evil.example) @octo-org/admins #1 **now** ::error::x'
    const job: JobReport = {
      ...JOB_REPORTS.timeout,
      jobId: '<b>@team</b> #2',
      failure,
      nextStep: { kind: 'watch', jobId: '<b>@team</b> #2' }
    }
    const seen = renderSummary(endBody(job, undefined))
    expect(seen.text).toBe(
      `⏳ Still running on the service; the step stopped waiting Why the step failed: ${failure} ${WATCH} jobId: <b>@team</b> #2 Job <b>@team</b> #2`
    )
    expect(seen).toMatchObject({ links: [], references: [] })
    expect(seen.html).not.toMatch(/<(img|b|a)\b/)
  })

  it('links no GH-123 reference or commit SHA of the service, and drops invisible characters', () => {
    const sha = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3'
    const failure = `Job j1 failed: see GH-12, gh-3 and ${sha} (${sha.slice(0, 7)})\u202e.`
    const job: JobReport = {
      ...JOB_REPORTS.timeout,
      jobId: 'job_\u202egpj.exe',
      failure,
      nextStep: { kind: 'watch', jobId: 'job_\u202egpj.exe' }
    }
    const body = endBody(job, undefined)
    const seen = renderSummary(body)
    expect(seen.text).toBe(
      `⏳ Still running on the service; the step stopped waiting Why the step failed: Job j1 failed: see GH-12, gh-3 and ${sha} (${sha.slice(0, 7)}). ${WATCH} jobId: job_gpj.exe Job job_gpj.exe`
    )
    expect(seen).toMatchObject({ links: [], references: [] })
    expect(body).not.toMatch(/[\u202e\u200b]/)
    expect(renderSummary(startBody('job_\u202egpj.exe', undefined)).text).toBe(
      '📝 The documentation agent is working on it: job job_gpj.exe.'
    )
  })

  it('never links a run that is not a plain http(s) URL', () => {
    const seen = renderSummary(endBody(JOB_REPORTS.opened, 'javascript:alert(1)'))
    expect(seen.links).toEqual([{ href: PR_LINK, text: 'acme/docs#42' }])
  })

  it('stays far below GitHub’s 65,536 characters for a comment, whatever the service says', () => {
    const worst = '@'.repeat(100_000)
    const body = endBody({ ...JOB_REPORTS.timeout, jobId: worst, failure: worst, nextStep: { kind: 'watch', jobId: worst } }, RUN)
    expect(body.length).toBeLessThan(40_000)
  })
})
