// Tests the comment on the triggering issue or pull request (src/render/comment-body.ts) as GitHub
// shows it (test/support/render.js): the start, and the short form of the job's summary at the end,
// for every way a run ends (test/support/job-reports.ts), with hostile text from the service.
import { describe, expect, it } from 'vitest'
import type { JobReport } from '../../../src/agent/outcome.js'
import { agentPullBody, COMMENT_MARKER, emptyCommandBody, endBody, refusalBody, startBody } from '../../../src/render/comment-body.js'
import { endedOf, pullMarkedJob, recordMarker } from '../../../src/agent/records.js'
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
import { SEAL } from '../../support/seal.js'

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

  it('names a link to another host by its host, as a link the service returned, never as a pull request', () => {
    const link = 'https://evil.example/acme/docs/pull/42'
    const body = endBody({ ...JOB_REPORTS.opened, prLink: link, prRepository: undefined, prNumber: undefined }, RUN)
    const seen = renderSummary(body)
    expect(seen.headings).toEqual(['✅ Completed with evil.example: a link the service returned'])
    expect(seen.links[0]).toEqual({ href: link, text: 'evil.example: a link the service returned' })
    expect(seen.text).not.toContain('acme/docs#42')
    expect(seen.references).toEqual([])
  })

  it('after a timeout, says why the step failed and gives the input that watches the job again', () => {
    expect(readerText(endBody(JOB_REPORTS.timeout, RUN))).toBe(
      [
        '⏳ The agent is still working; the step stopped waiting',
        'Why the step failed: Timed out after 30m 0s (timeoutMinutes) while waiting for job j1. The job keeps running on the service: the API cannot cancel it. To keep watching it, run the action again with jobId: j1 (and no prompt).',
        // The error line says how to keep watching: the next step adds only where the id goes, not the same words again.
        "Next step: in Run workflow, put the job's id in the jobId field and leave prompt empty:",
        'jobId: j1',
        'Job j1 · workflow run'
      ].join('\n\n')
    )
  })

  it.each<[JobVariant, string]>([
    ['noPr', `ℹ️ Completed without a pull request ${NO_PR_CHECK} Job j1`],
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
    ['cancelled', `❌ Cancelled Why the step failed: {failure} ${WATCH} jobId: j1 Job j1`],
    ['timeoutBeforeJob', `❌ Timed out Why the step failed: {failure} No job was created`],
    ['notWaited', `⏳ Started; not waited for ${WATCH} jobId: j1 Job j1`],
    ['followUpNotWaited', `⏳ Follow-up sent; not waited for ${WATCH} jobId: j7 Job j7`],
    ['refused', `❌ Could not create the agent job Why the step failed: {failure} No job was created`],
    ['lost', `❌ Stopped watching the agent job Why the step failed: {failure} Job j1`]
  ])('%s: says %j', (variant, expected) => {
    // {failure} stands for the report's failure as a reader sees it (code spans show without backticks):
    // read here, in the test, since the table is made when the file loads.
    const report = JOB_REPORTS[variant]
    const text = expected.replace('{failure}', (report.failure ?? '').replace(/`/g, ''))
    const seen = renderSummary(endBody(report, undefined))
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
      `⏳ The agent is still working; the step stopped waiting Why the step failed: ${failure} ${WATCH} jobId: <b>@team</b> #2 Job <b>@team</b> #2`
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
      `⏳ The agent is still working; the step stopped waiting Why the step failed: Job j1 failed: see GH-12, gh-3 and ${sha} (${sha.slice(0, 7)}). ${WATCH} jobId: job_gpj.exe Job job_gpj.exe`
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

describe('agentPullBody', () => {
  it('names the job in a hidden marker, quotes the prompt, and says how to ask for changes', () => {
    const at = { seal: SEAL, place: 'pull 8' }
    const body = agentPullBody('job_1', 'Document the retry option.\nKeep it short.', RUN, '/docs', at)
    expect(body).toMatch(new RegExp(`^${COMMENT_MARKER}<!-- docs-agent-action pull job=job_1 seal=[\\w-]{43} -->\n`))
    expect(pullMarkedJob(body, at)).toBe('job_1')
    expect(readerText(body)).toBe(
      [
        '🤖 The documentation agent opened this pull request (job job_1).',
        '▸ What the agent was asked',
        'To ask for changes, comment /docs <what to change>: people with write access to this repository can. · workflow run'
      ].join('\n\n')
    )
    const seen = renderSummary(body)
    expect(seen.text).toContain('What the agent was asked Document the retry option. Keep it short.')
    expect(seen.links).toEqual([{ href: RUN, text: 'workflow run' }])
    expect(seen.references).toEqual([])
  })

  it('has no quote without a prompt, and no link without a run', () => {
    const body = agentPullBody('job_1', undefined, undefined, '/docs')
    expect(body).not.toContain('<details>')
    expect(renderSummary(body)).toMatchObject({
      text: '🤖 The documentation agent opened this pull request (job job_1). To ask for changes, comment /docs <what to change>: people with write access to this repository can.',
      links: []
    })
  })

  it('is empty for a job id a marker cannot hold', () => {
    expect(agentPullBody('..', 'x', RUN, '/docs')).toBe('')
    expect(agentPullBody('', 'x', RUN, '/docs')).toBe('')
  })

  it('marks a job id with markup encoded and shows it as text: no element, mention or end of the marker comes of it', () => {
    const body = agentPullBody('a --> <b>@team</b>', 'x', RUN, '/docs')
    expect(body.startsWith(`${COMMENT_MARKER}<!-- docs-agent-action pull job=a%20--%3E%20%3Cb%3E%40team%3C%2Fb%3E -->`)).toBe(true)
    const seen = renderSummary(body)
    expect(seen.html).not.toContain('<b>')
    expect(seen.text).toContain('a --> <b>@team</b>')
  })

  it('quotes a hostile prompt as plain text: no link, mention, reference or markup', () => {
    const prompt = [
      '<img src=x onerror=alert(1)> [click](https://evil.example) https://evil.example/bare',
      '@octo-org/admins please review #1 GH-12 a94a8fe5ccb19ba61c4c0873d391e987982fbbd3',
      '</blockquote></details><h1>Approved</h1> **bold** `code` <!-- -->',
      '| a | b |\n|---|---|'
    ].join('\n')
    const body = agentPullBody('job_1', prompt, 'javascript:alert(1)', '/docs')
    const seen = renderSummary(body)
    expect(seen).toMatchObject({ links: [], references: [], headings: [] })
    expect(seen.html).not.toMatch(/<(img|a|h1|strong|table)\b/)
    expect(seen.tables).toEqual([])
    expect(seen.text).toContain('<img src=x onerror=alert(1)> [click](https://evil.example) https://evil.example/bare')
    expect(seen.text).toContain('</blockquote></details><h1>Approved</h1> **bold** `code` <!-- -->')
  })

  it('quotes at most the first 1,000 characters of the prompt, and 60 lines', () => {
    const long = renderSummary(agentPullBody('j1', `${'q'.repeat(150)}\n`.repeat(7), RUN, '/docs')).text
    expect(long).toContain(`What the agent was asked ${`${'q'.repeat(150)} `.repeat(6)}${'q'.repeat(94)}…`)
    expect(long).not.toContain('q'.repeat(151))
    const lines = renderSummary(agentPullBody('j1', Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n'), RUN, '/docs')).text
    expect(lines).toContain('line 59 …')
    expect(lines).not.toContain('line 60')
  })

  it('cuts a prompt of emoji between characters', () => {
    // Short lines, so that the cut at 1,000 characters falls inside the emoji that starts at 999.
    const prompt = `${`${'q'.repeat(199)}\n`.repeat(4)}c\n${'r'.repeat(197)}${'😀'.repeat(10)}`
    expect(prompt.codePointAt(999)).toBe(0x1f600)
    const body = agentPullBody('j1', prompt, RUN, '/docs')
    expect(renderSummary(body).text).toContain(` c ${'r'.repeat(197)}…`)
    expect(body).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/)
  })

  it('shows a hostile command as code', () => {
    const seen = renderSummary(agentPullBody('j1', undefined, RUN, '@team <b>x</b>'))
    expect(seen.text).toContain('comment @team <b>x</b> <what to change>:')
    expect(seen.references).toEqual([])
    expect(seen.html).not.toMatch(/<b>/)
  })
})

describe('refusalBody and emptyCommandBody', () => {
  it('answers a command from someone without write access politely, naming them without a mention', () => {
    const body = refusalBody('octocat', '/docs')
    expect(body.startsWith(`${COMMENT_MARKER}\n`)).toBe(true)
    const seen = renderSummary(body)
    expect(seen.text).toBe(
      'Sorry @octocat: only people with write access to this repository can send the documentation agent a follow-up with /docs. Nothing was sent.'
    )
    expect(seen).toMatchObject({ links: [], references: [] })
  })

  it('shows a hostile login as code, with no mention, link or markup', () => {
    const seen = renderSummary(refusalBody('x` @team <img src=x> [a](https://evil.example) #1\u202e', '/docs'))
    expect(seen).toMatchObject({ links: [], references: [] })
    expect(seen.html).not.toMatch(/<(img|a)\b/)
    expect(seen.text).toContain('Sorry @x` @team <img src=x> [a](https://evil.example) #1: only people')
  })

  it('asks what to change when the command has nothing after it', () => {
    const body = emptyCommandBody('/docs')
    expect(body.startsWith(`${COMMENT_MARKER}\n`)).toBe(true)
    expect(renderSummary(body)).toMatchObject({
      text: 'Say what to change after /docs, for example /docs also document the new retry option. Nothing was sent.',
      links: [],
      references: []
    })
  })

  it('shows a hostile command as code there too', () => {
    const seen = renderSummary(emptyCommandBody('@team [a](https://evil.example)'))
    expect(seen).toMatchObject({ links: [], references: [] })
  })
})
