// Tests the agent job's section of the job summary (src/render/job-summary.ts) as a reader sees it on
// GitHub (test/support/render.js): for every way a run ends (test/support/job-reports.ts), the
// outcome first with a real link, then why the step failed or what happened, the next step in a form
// to copy, the prompt and the details; hostile text from the service; and the section's size.
import { describe, expect, it } from 'vitest'
import type { JobReport } from '../../../src/agent/outcome.js'
import {
  contextHtml,
  jobNextStepHtml,
  jobReasonHtml,
  jobSummaryHtml,
  jobTitleHtml,
  PROMPT_SHOWN,
  pullRequestLabel
} from '../../../src/render/job-summary.js'
import {
  CHECK,
  FIND,
  JOB_REPORTS,
  type JobVariant,
  NO_PR_CHECK,
  NO_PR_DROP,
  NO_PR_SENTENCE,
  PR_LINK,
  PROMPT,
  RETRY,
  WATCH
} from '../../support/job-reports.js'
import { readerText, renderSummary } from '../../support/render.js'

const base: JobReport = {
  kind: 'job',
  outcome: 'no-pr',
  jobId: 'j1',
  status: 'completed',
  followUp: false,
  unknownStatuses: [],
  headline: 'Done.'
}
const seenOf = (job: JobReport) => renderSummary(jobSummaryHtml(job))

describe('the job summary of each way a run ends', () => {
  it('leads a job that opened a pull request with a link to it, then the prompt and the details', () => {
    const html = jobSummaryHtml(JOB_REPORTS.opened)
    expect(readerText(html)).toBe(
      [
        '✅ Opened acme/docs#42\n======================',
        'The documentation agent completed the job and opened acme/docs#42. Next step: review and merge it.',
        `Prompt: ${PROMPT}`,
        [
          'Status        completed',
          'Pull request  acme/docs#42',
          'Job           j1',
          'Source        acme/docs at main',
          'Model         opus',
          'Created       21 Nov 2026, 14:01 UTC',
          'Waited        4m 10s'
        ].join('\n')
      ].join('\n\n')
    )
    const seen = renderSummary(html)
    expect(seen.links).toEqual([
      { href: PR_LINK, text: 'acme/docs#42' },
      { href: PR_LINK, text: 'acme/docs#42' },
      { href: PR_LINK, text: 'acme/docs#42' },
      { href: 'https://github.com/acme/docs', text: 'acme/docs' }
    ])
    expect(seen.references).toEqual([])
  })

  it('after a timeout, says why the step failed, then the input that watches the job again, ready to copy', () => {
    const html = jobSummaryHtml(JOB_REPORTS.timeout)
    expect(readerText(html)).toBe(
      [
        // The job goes on: the title says so, and the step fails all the same.
        '⏳ The agent is still working; the step stopped waiting\n=======================================================',
        'Why the step failed: Timed out after 30m 0s (timeoutMinutes) while waiting for job j1. The job keeps running on the service: the API cannot cancel it. To keep watching it, run the action again with jobId: j1 (and no prompt).',
        // The error line says how to keep watching: the next step adds only where the id goes, not the same words again.
        "Next step: in Run workflow, put the job's id in the jobId field and leave prompt empty:",
        'jobId: j1',
        `Prompt: ${PROMPT}`,
        [
          // The status the job had when the step stopped watching it.
          'Status        active when last checked',
          'Pull request  not yet',
          'Job           j1',
          'Source        acme/docs at main',
          'Model         opus',
          'Created       21 Nov 2026, 14:01 UTC',
          'Waited        30m 0s'
        ].join('\n')
      ].join('\n\n')
    )
    expect(renderSummary(html).html).toContain('<pre><code>jobId: j1</code></pre>')
  })

  it('after a create request that may have reached the service, says where to look for the job', () => {
    const html = jobSummaryHtml(JOB_REPORTS.findJob)
    expect(readerText(html)).toBe(
      [
        '❌ No answer to the create request; a job may exist\n===================================================',
        `Why the step failed: ${(JOB_REPORTS.findJob.failure ?? '').replace(/`/g, '')}`,
        FIND,
        'jobId: <the id the dashboard shows>',
        `Prompt: ${PROMPT}`
      ].join('\n\n')
    )
  })

  it.each<[JobVariant, string, string]>([
    ['opened', '✅ Opened acme/docs#42', 'The documentation agent completed the job and opened acme/docs#42.'],
    ['noPr', 'ℹ️ Completed without a pull request', NO_PR_SENTENCE],
    ['noPrFailing', '❌ Completed without a pull request', `${NO_PR_SENTENCE} The step failed because failOn includes no-pr.`],
    // The service's failure, in other words than the title's, and the failOn word that failed the step.
    [
      'failed',
      '❌ The agent job failed',
      'The service reports that the job failed, and gives no reason. The step failed because failOn includes failed.'
    ],
    ['failedAllowed', '⚠️ The agent job failed', 'The service reports that the job failed, and gives no reason.'],
    ['archived', '⚠️ Archived before it completed', 'The job was archived on the service before it completed.'],
    [
      'archivedFailing',
      '❌ Archived before it completed',
      'The job was archived on the service before it completed. The step failed because failOn includes archived.'
    ],
    [
      'timeout',
      '⏳ The agent is still working; the step stopped waiting',
      'Why the step failed: Timed out after 30m 0s (timeoutMinutes) while waiting for job j1.'
    ],
    ['cancelled', '❌ Cancelled', 'Why the step failed: Cancelled (SIGTERM) while waiting for job j1.'],
    ['timeoutBeforeJob', '❌ Timed out', 'Why the step failed: Timed out after 30m 0s (timeoutMinutes) before a job was created.'],
    [
      'findJob',
      '❌ No answer to the create request; a job may exist',
      'Why the step failed: Creating the agent job failed: the connection was reset.'
    ],
    ['checkMessage', '❌ Timed out', 'Why the step failed: Timed out after 30m 0s (timeoutMinutes) while sending the follow-up to job j1.'],
    ['notWaited', '⏳ Started; not waited for', 'The job is running on the service; wait is false, so the step did not wait for it.'],
    [
      'followUpNotWaited',
      '⏳ Follow-up sent; not waited for',
      'The job is running on the service; wait is false, so the step did not wait for it.'
    ],
    [
      'refused',
      '❌ Could not create the agent job',
      'Why the step failed: Creating the agent job failed: the service rejected the API key'
    ],
    ['lost', '❌ Stopped watching the agent job', 'Why the step failed: Checking job "j1" failed: job "j1" was not found']
  ])('%s: heads the section "%s" and says what happened first', (variant, title, lead) => {
    const seen = seenOf(JOB_REPORTS[variant])
    expect(seen.headings).toEqual([title])
    expect(seen.text.startsWith(`${title} ${lead}`)).toBe(true)
    // A table of details only when there is a job, or a status, to detail.
    expect(seen.tables).toHaveLength(JOB_REPORTS[variant].jobId === undefined ? 0 : 1)
    expect(seen.references).toEqual([])
  })

  it.each<[JobVariant, string | undefined]>([
    ['opened', 'review and merge it.'],
    ['noPr', NO_PR_CHECK],
    ['noPrFailing', `${NO_PR_DROP} ${NO_PR_CHECK}`],
    ['failed', RETRY],
    ['failedAllowed', RETRY],
    ['archived', RETRY],
    ['timeoutBeforeJob', undefined],
    ['refused', undefined],
    ['lost', undefined],
    ['timeout', "Next step: in Run workflow, put the job's id in the jobId field and leave prompt empty: jobId: j1"],
    ['cancelled', `${WATCH} jobId: j1`],
    ['notWaited', `${WATCH} jobId: j1`],
    ['followUpNotWaited', `${WATCH} jobId: j7`],
    ['findJob', `${FIND} jobId: <the id the dashboard shows>`],
    ['checkMessage', `${CHECK} jobId: j1`]
  ])('%s: gives the next step %j', (variant, next) => {
    const seen = seenOf(JOB_REPORTS[variant])
    if (next === undefined) expect(seen.text).not.toMatch(/Next step|If you expected/)
    else expect(`${seen.text} `).toContain(` ${next} `)
  })

  it('says why the step failed in the words of the error annotation, its code spans as code', () => {
    for (const job of Object.values(JOB_REPORTS)) {
      // An ending the service decided says what happened and which failOn word failed the step.
      if (job.failure === undefined || ['failed', 'archived', 'no-pr'].includes(job.outcome)) continue
      const seen = seenOf(job)
      expect(seen.text).toContain(`Why the step failed: ${job.failure.replace(/`/g, '')}`)
      expect(seen.text).not.toContain('`')
    }
    expect(seenOf(JOB_REPORTS.refused).html).toContain('The key in <code>apiKey</code> is wrong')
  })

  it('says once how to keep watching a job after a timeout: the next step adds where the id goes, not the same words again', () => {
    const text = seenOf(JOB_REPORTS.timeout).text
    expect(text.match(/keep watching/g)).toHaveLength(1)
    expect(text).toContain("Next step: in Run workflow, put the job's id in the jobId field and leave prompt empty: jobId: j1 ")
    // A cancellation's error line says nothing of it: its next step says it all.
    expect(seenOf(JOB_REPORTS.cancelled).text).toContain('Next step: to keep watching the job, run the action again')
  })

  it('names the prompt of a follow-up as such', () => {
    expect(seenOf(JOB_REPORTS.followUpNotWaited).text).toContain(' Follow-up prompt: Also document the limits. Status ')
  })
})

describe('jobTitleHtml', () => {
  it.each<[Partial<JobReport>, string]>([
    [
      { outcome: 'opened', prLink: PR_LINK, prRepository: 'acme/docs', prNumber: '42' },
      `✅ Opened <a href="${PR_LINK}">acme/docs<span>&#35;</span>42</a>`
    ],
    [{ outcome: 'opened', prLink: PR_LINK }, `✅ Completed with <a href="${PR_LINK}">github.com&#58; a link the service returned</a>`],
    [{ outcome: 'opened', unsafePrLink: 'javascript:alert(1)' }, '✅ Opened a pull request'],
    [{ outcome: 'no-pr' }, 'ℹ️ Completed without a pull request'],
    [{ outcome: 'no-pr', failure: 'x' }, '❌ Completed without a pull request'],
    [{ outcome: 'failed' }, '⚠️ The agent job failed'],
    [{ outcome: 'failed', failure: 'x' }, '❌ The agent job failed'],
    [{ outcome: 'archived' }, '⚠️ Archived before it completed'],
    [{ outcome: 'archived', failure: 'x' }, '❌ Archived before it completed'],
    [{ outcome: 'running' }, '⏳ Started; not waited for'],
    [{ outcome: 'running', followUp: true }, '⏳ Follow-up sent; not waited for'],
    [{ outcome: 'timeout', failure: 'x' }, '❌ Timed out'],
    [
      { outcome: 'timeout', failure: 'x', nextStep: { kind: 'watch', jobId: 'j1' } },
      '⏳ The agent is still working; the step stopped waiting'
    ],
    [{ outcome: 'cancelled', failure: 'x' }, '❌ Cancelled'],
    [{ outcome: 'error', failure: 'x', jobId: undefined }, '❌ Could not create the agent job'],
    [{ outcome: 'error', failure: 'x' }, '❌ Stopped watching the agent job']
  ])('%j → %s', (job, title) => {
    expect(jobTitleHtml({ ...base, ...job })).toBe(title)
  })

  it("names a link that is not a pull request on the run's GitHub server by its host, as the service's, and never says it opened one", () => {
    const link = 'https://git.example.com/merge_requests/5'
    const title = jobTitleHtml({ ...base, outcome: 'opened', prLink: link })
    expect(title).toMatch(/^✅ Completed with <a href="https:\/\/git\.example\.com\/merge_requests\/5">/)
    const said = 'git.example.com: a link the service returned'
    expect(renderSummary(title)).toMatchObject({ text: `✅ Completed with ${said}`, links: [{ href: link, text: said }] })
  })

  it('names a link to another host by its host, whatever its path says', () => {
    const link = 'https://github.com.evil.example/acme/docs/pull/42'
    const seen = renderSummary(jobTitleHtml({ ...base, outcome: 'opened', prLink: link }))
    const said = 'github.com.evil.example: a link the service returned'
    expect(seen).toMatchObject({ text: `✅ Completed with ${said}`, links: [{ href: link, text: said }] })
    expect(seen.text).not.toContain('#42')
    expect(seen.text).not.toContain('Opened')
  })

  it('says in its sentence where a link the service returned leads, and that it is no pull request', () => {
    const seen = seenOf({ ...base, outcome: 'opened', prLink: 'https://github.com.evil.example/acme/docs/pull/42' })
    expect(seen.text).toContain(
      'the service returned a link to github.com.evil.example, which is not a pull request on this GitHub server: check where it leads before you follow it.'
    )
    expect(seen.text).not.toContain('opened')
  })
})

describe('pullRequestLabel', () => {
  it("names a pull request on the run's GitHub server by its repository and number", () => {
    expect(pullRequestLabel({ prLink: PR_LINK, prRepository: 'acme/docs', prNumber: '42' })).toBe('acme/docs#42')
  })

  it('names any other link by itself', () => {
    expect(pullRequestLabel({ prLink: 'https://evil.example/acme/docs/pull/42' })).toBe('evil.example: a link the service returned')
    expect(pullRequestLabel({ prLink: 'https://evil.example:8443/x' })).toBe('evil.example:8443: a link the service returned')
    expect(pullRequestLabel({ prLink: PR_LINK, prNumber: '42' })).toBe('github.com: a link the service returned')
    expect(pullRequestLabel({ prLink: PR_LINK, prRepository: 'acme/docs' })).toBe('github.com: a link the service returned')
    expect(pullRequestLabel({})).toBeUndefined()
  })
})

describe('jobReasonHtml and jobNextStepHtml', () => {
  it('give nothing when the step does not fail and nothing is left to do', () => {
    expect(jobReasonHtml(base)).toBeUndefined()
    expect(jobNextStepHtml(undefined)).toBeUndefined()
  })

  it('say why the step failed, escaped, with code spans as code', () => {
    expect(jobReasonHtml({ ...base, outcome: 'error', failure: 'Check `jobId` <now>.' })).toBe(
      '<strong>Why the step failed:</strong> Check <code>jobId</code> &lt;now&gt;.'
    )
  })

  it('say what the service decided and the failOn word that failed the step, not the title again', () => {
    const reason = renderSummary(jobReasonHtml({ ...base, outcome: 'failed', failure: 'Job j1 failed on the service.' }) ?? '')
    expect(reason.text).toBe(
      'The service reports that the job failed, and gives no reason. The step failed because failOn includes failed.'
    )
    expect(reason.html).toContain('<code>failOn</code> includes <code>failed</code>')
  })

  it('keep a long failure whole up to 1,500 characters', () => {
    const failure = `${'x'.repeat(1499)}yz`
    expect(renderSummary(jobReasonHtml({ ...base, outcome: 'error', failure }) ?? '').text).toBe(
      `Why the step failed: ${'x'.repeat(1499)}…`
    )
  })

  it('give each next step as a paragraph and a block to copy', () => {
    expect(jobNextStepHtml({ kind: 'watch', jobId: 'j1' })).toMatch(
      /^<p><strong>Next step:<\/strong> .*<\/p>\n<pre><code>jobId: j1<\/code><\/pre>$/
    )
    expect(jobNextStepHtml({ kind: 'check-message', jobId: 'j1' })).toMatch(
      /^<p><strong>Next step:<\/strong> .*<\/p>\n<pre><code>jobId: j1<\/code><\/pre>$/
    )
    expect(jobNextStepHtml({ kind: 'find-job' })).toMatch(
      /^<p><strong>Next step:<\/strong> .*<\/p>\n<pre><code>jobId: &lt;the id the dashboard shows&gt;<\/code><\/pre>$/
    )
    expect(renderSummary(jobNextStepHtml({ kind: 'watch', jobId: 'j1' }) ?? '').html).toContain('<code>prompt</code>')
    // The inputs of a follow-up, both in the block to copy.
    expect(jobNextStepHtml({ kind: 'retry', jobId: 'j1' })).toContain(
      '<pre><code>jobId: j1\nprompt: &lt;a narrower prompt&gt;</code></pre>'
    )
    expect(jobNextStepHtml({ kind: 'no-pr', jobId: 'j1', failing: false })).toMatch(
      /^<p>If you expected a change, .*<\/p>\n<pre><code>jobId: j1\nprompt: &lt;the pages and the change&gt;<\/code><\/pre>$/
    )
    expect(jobNextStepHtml({ kind: 'no-pr', jobId: 'j1', failing: true })).toMatch(
      /^<p><strong>Next step:<\/strong> if the job had nothing/
    )
  })

  it('show a hostile job id in the block to copy as written, cut at 200 characters', () => {
    const id = '<b>@team</b> `x` #1'
    expect(renderSummary(jobNextStepHtml({ kind: 'watch', jobId: id }) ?? '')).toMatchObject({
      text: `${WATCH} jobId: ${id}`,
      links: [],
      references: []
    })
    expect(renderSummary(jobNextStepHtml({ kind: 'watch', jobId: 'j'.repeat(201) }) ?? '').text).toContain(`jobId: ${'j'.repeat(199)}…`)
  })
})

describe('the prompt', () => {
  const promptOf = (prompt: string, followUp = false) => renderSummary(jobSummaryHtml({ ...base, prompt, followUp }))

  it('shows a short prompt of one line in full, in a paragraph of its own', () => {
    const html = jobSummaryHtml({ ...base, prompt: 'Fix the typo in **bold**' })
    expect(html.split('\n')[2]).toBe('<p><strong>Prompt:</strong> Fix the typo in &#42;&#42;bold&#42;&#42;</p>')
    expect(renderSummary(html).text).toContain(' Prompt: Fix the typo in **bold** Status ')
  })

  it('shows a prompt of 200 characters inline, and collapses one of 201 with its length', () => {
    expect(promptOf('p'.repeat(200)).text).toContain(`Prompt: ${'p'.repeat(200)} Status`)
    const long = jobSummaryHtml({ ...base, prompt: 'p'.repeat(201) })
    expect(long).toContain(`<details><summary>Prompt (201 characters)</summary>\n<blockquote>${'p'.repeat(201)}</blockquote>\n</details>`)
    expect(readerText(long)).toContain('\n\n▸ Prompt (201 characters)\n\n')
  })

  it('collapses a prompt of several lines, keeping its lines apart', () => {
    for (const lineBreak of ['\n', '\r\n', '\r']) {
      const html = jobSummaryHtml({ ...base, prompt: `First line${lineBreak}Second line` })
      expect(html).toContain('<details><summary>Prompt (22 characters)</summary>'.replace('22', String(21 + lineBreak.length)))
      expect(html).toContain('<blockquote>First line<br>\nSecond line</blockquote>')
    }
    expect(promptOf('One\nTwo', true).html).toContain('<summary>Follow-up prompt (7 characters)</summary>')
    expect(promptOf('x', true).text).toContain('Follow-up prompt: x')
  })

  it('says a one-character prompt has one character', () => {
    expect(jobSummaryHtml({ ...base, prompt: '\n' })).toContain('<summary>Prompt (1 character)</summary>')
  })

  it(`shows a long prompt's first ${PROMPT_SHOWN} characters and says so`, () => {
    const line = `${'w'.repeat(99)}\n`
    const prompt = line.repeat(50) // 5,000 characters
    const html = jobSummaryHtml({ ...base, prompt })
    expect(html).toContain(`<summary>Prompt (5,000 characters, the first 4,000 shown)</summary>`)
    const quoted = /<blockquote>([\s\S]*)<\/blockquote>/.exec(html)?.[1] ?? ''
    expect(quoted.split('<br>\n')).toEqual([...Array<string>(40).fill('w'.repeat(99)), '…'])
    const exact = jobSummaryHtml({ ...base, prompt: line.repeat(40) })
    expect(exact).toContain('<summary>Prompt (4,000 characters)</summary>')
  })

  it('shows a hostile prompt as written: no markup, link or mention', () => {
    const prompt = 'Ping @octo-org/admins about #1 <img src=x> [x](https://evil.example)\n::error::`rm -rf`'
    const seen = promptOf(prompt)
    expect(seen.links).toEqual([])
    expect(seen.references).toEqual([])
    expect(seen.html).not.toMatch(/<(img|a)\b/)
    expect(seen.text).toContain(prompt.replace('\n', ' '))
  })

  it('leaves the prompt out when there is none', () => {
    expect(jobSummaryHtml(base)).not.toContain('Prompt')
  })
})

describe('the table of details', () => {
  it('leaves the table out when no job is known, rather than say only unknown and none', () => {
    expect(seenOf({ ...base, status: undefined, jobId: undefined }).tables).toEqual([])
  })

  it('says the status is unknown and the pull request missing when only the job is known', () => {
    expect(seenOf({ ...base, status: undefined, jobId: 'j1' }).tables).toEqual([
      [
        ['Status', 'unknown'],
        ['Pull request', 'none'],
        ['Job', 'j1']
      ]
    ])
    expect(seenOf({ ...base, status: 'active' }).tables[0]?.slice(0, 2)).toEqual([
      ['Status', 'active'],
      ['Pull request', 'not yet']
    ])
  })

  it('shows the service’s own word for a status the action does not know', () => {
    expect(seenOf({ ...base, status: 'active', serviceStatus: 'queued' }).tables[0]?.[0]).toEqual([
      'Status',
      'active (the service said queued)'
    ])
    expect(seenOf({ ...base, status: undefined, serviceStatus: 'queued' }).tables[0]?.[0]).toEqual([
      'Status',
      'unknown (the service said queued)'
    ])
    expect(seenOf({ ...base, serviceStatus: 'completed' }).tables[0]?.[0]).toEqual(['Status', 'completed'])
    expect(seenOf({ ...base, serviceStatus: '' }).tables[0]?.[0]).toEqual(['Status', 'completed'])
  })

  it('names the rows as row headers, and the values as code where they are identifiers', () => {
    const html = jobSummaryHtml({ ...base, ref: 'main', repository: 'https://github.com/acme/docs' })
    expect(html).toContain('<tr><th scope="row" align="left">Status</th><td><code>completed</code></td></tr>')
    expect(html).toContain('<tr><th scope="row" align="left">Job</th><td><code>j1</code></td></tr>')
    expect(html).toContain('<a href="https://github.com/acme/docs">acme/docs</a> at <code>main</code>')
  })

  it('names the source repository by its path and links it', () => {
    const source = (repository: string, ref?: string) => {
      const seen = seenOf({ ...base, repository, ref })
      return { cell: seen.tables[0]?.find((row) => row[0] === 'Source')?.[1], links: seen.links }
    }
    expect(source('https://github.com/acme/docs.git', 'v2')).toEqual({
      cell: 'acme/docs at v2',
      links: [{ href: 'https://github.com/acme/docs.git', text: 'acme/docs' }]
    })
    expect(source('https://github.com//acme/docs//')).toMatchObject({ cell: 'acme/docs' })
    expect(source('https://github.com/acme/acme.github.io')).toMatchObject({ cell: 'acme/acme.github.io' })
    expect(source('https://github.com/')).toEqual({
      cell: 'https://github.com/',
      links: [{ href: 'https://github.com/', text: 'https://github.com/' }]
    })
    expect(source('git@github.com:acme/docs.git', 'main')).toEqual({ cell: 'git@github.com:acme/docs.git at main', links: [] })
  })

  it('drops the query string and fragment of the source repository', () => {
    const seen = seenOf({ ...base, repository: 'https://github.com/acme/docs?token=8f2a91&email=alice#readme' })
    expect(seen.tables[0]?.find((row) => row[0] === 'Source')?.[1]).toBe('acme/docs')
    expect(seen.links).toEqual([{ href: 'https://github.com/acme/docs', text: 'acme/docs' }])
    expect(seen.html).not.toContain('8f2a91')
  })

  it('cuts long values from the service: the model at 100 characters, the source and a pull request link at 200', () => {
    const cells = seenOf({ ...base, model: 'm'.repeat(101), repository: `https://github.com/${'r'.repeat(300)}` }).tables[0] ?? []
    expect(cells.find((row) => row[0] === 'Model')?.[1]).toBe(`${'m'.repeat(99)}…`)
    expect(cells.find((row) => row[0] === 'Source')?.[1]).toBe(`${'r'.repeat(199)}…`)
    expect(seenOf({ ...base, model: 'm'.repeat(100) }).tables[0]?.find((row) => row[0] === 'Model')?.[1]).toBe('m'.repeat(100))
    const link = `https://git.example.com/${'p'.repeat(300)}`
    const opened = seenOf({ ...base, outcome: 'opened', prLink: link })
    expect(opened.tables[0]?.[1]).toEqual(['Pull request', 'git.example.com: a link the service returned'])
    expect(opened.links[0]).toEqual({ href: link, text: 'git.example.com: a link the service returned' })
  })

  it('writes when the job was created and archived as people read it, in UTC', () => {
    const seen = seenOf({ ...base, createdAt: '2026-11-21T09:05:00+02:00', archivedAt: '2026-12-01T23:59:59.999Z' })
    expect(seen.tables[0]?.slice(3)).toEqual([
      ['Created', '21 Nov 2026, 07:05 UTC'],
      ['Archived', '1 Dec 2026, 23:59 UTC']
    ])
  })

  it('shows a time it cannot read as the service gave it, cut at 60 characters', () => {
    expect(seenOf({ ...base, createdAt: 'yesterday' }).tables[0]?.[3]).toEqual(['Created', 'yesterday'])
    expect(seenOf({ ...base, archivedAt: 'y'.repeat(61) }).tables[0]?.[3]).toEqual(['Archived', `${'y'.repeat(59)}…`])
  })

  it('shows how long the step waited, even no time at all', () => {
    expect(seenOf({ ...base, waitedMs: 0 }).tables[0]?.[3]).toEqual(['Waited', '0s'])
    expect(seenOf({ ...base, waitedMs: 252_000 }).tables[0]?.[3]).toEqual(['Waited', '4m 12s'])
  })

  it('links a safe pull request, and shows an unsafe one as text that says why it is not linked', () => {
    const safe = seenOf({ ...base, outcome: 'opened', prLink: 'https://github.com/a/b/pull/5', prRepository: 'a/b', prNumber: '5' })
    expect(safe.tables[0]?.[1]).toEqual(['Pull request', 'a/b#5'])
    expect(safe.links.map((l) => l.href)).toEqual(Array<string>(3).fill('https://github.com/a/b/pull/5'))

    const unsafePrLink = 'javascript:alert(1)//https://github.com/a/b/pull/1'
    const unsafe = seenOf({ ...base, outcome: 'opened', unsafePrLink })
    expect(unsafe.links).toEqual([])
    expect(unsafe.headings).toEqual(['✅ Opened a pull request'])
    expect(unsafe.text).toContain(
      'The documentation agent completed the job and opened a pull request, but its link is not a plain http(s) URL, so it is shown below as text and left out of the outputs.'
    )
    expect(unsafe.tables[0]?.[1]).toEqual(['Pull request', `${unsafePrLink} (not a plain http(s) URL, so not linked)`])
  })
})

describe('the layout', () => {
  it('puts the heading, each paragraph, the next step, the prompt and the table on lines of their own, and ends with a line break', () => {
    const tags = (job: JobReport) =>
      jobSummaryHtml(job)
        .split('\n')
        .map((line) => /^<\/?[a-z\d]+/.exec(line)?.[0] ?? line)
    expect(tags(base)).toEqual(['<h2', '<p', '<table', ''])
    expect(tags(JOB_REPORTS.timeout)).toEqual(['<h2', '<p', '<p', '<pre', '<p', '<table', ''])
    expect(tags({ ...JOB_REPORTS.checkMessage, prompt: 'p'.repeat(201) })).toEqual([
      '<h2',
      '<p',
      '<p',
      '<pre',
      '<details',
      '<blockquote',
      '</details',
      '<table',
      ''
    ])
  })
})

describe('hostile text from the service', () => {
  const hostile: JobReport = {
    ...base,
    outcome: 'error',
    jobId: 'j1 <b>x</b> @octocat',
    status: 'active',
    serviceStatus: '| broken | table |',
    unsafePrLink: 'javascript:alert(1)',
    model: '<script>alert(1)</script>',
    repository: 'https://github.com/a/b|c',
    ref: '`main` @octocat',
    createdAt: '</td></tr></table><img src=x>',
    failure: 'Job <b>x</b> for @octo-org/admins, see #1 and [this](https://evil.example) ::error::x',
    nextStep: { kind: 'watch', jobId: '@octo-org/admins #2' },
    prompt: '<script>x</script> @alice #3'
  }

  it('shows it as text: no markup, link, mention or reference, and no broken table', () => {
    const seen = seenOf(hostile)
    expect(seen.links).toEqual([])
    expect(seen.references).toEqual([])
    expect(seen.html).not.toMatch(/<(script|b|img)\b/)
    expect(seen.text).toContain(`Why the step failed: ${hostile.failure ?? ''}`)
    expect(seen.text).toContain('jobId: @octo-org/admins #2')
    expect(seen.text).toContain('Prompt: <script>x</script> @alice #3')
    expect(seen.tables).toEqual([
      [
        ['Status', 'active (the service said | broken | table |) when last checked'],
        ['Pull request', 'javascript:alert(1) (not a plain http(s) URL, so not linked)'],
        ['Job', 'j1 <b>x</b> @octocat'],
        ['Source', 'https://github.com/a/b|c at `main` @octocat'],
        ['Model', '<script>alert(1)</script>'],
        ['Created', '</td></tr></table><img src=x>']
      ]
    ])
  })
})

describe('the size of the section', () => {
  it('stays under 160 KiB with every value at its longest and made of the costliest characters', () => {
    const worst = (n: number) => '@'.repeat(n)
    const html = jobSummaryHtml({
      ...base,
      outcome: 'error',
      jobId: worst(1000),
      status: 'active',
      serviceStatus: worst(1000),
      unsafePrLink: worst(1000),
      model: worst(1000),
      repository: worst(1000),
      ref: worst(1000),
      createdAt: worst(1000),
      archivedAt: worst(1000),
      failure: worst(100_000),
      nextStep: { kind: 'watch', jobId: worst(1000) },
      prompt: `${worst(1999)}\n`.repeat(1000)
    })
    expect(Buffer.byteLength(html)).toBeLessThan(160 * 1024)
  })
})

describe('the status of a job the step stopped watching', () => {
  it('is the last one seen after a timeout, a cancellation or an error, and the final one otherwise', () => {
    const statusOf = (variant: JobVariant): string | undefined => seenOf(JOB_REPORTS[variant]).tables[0]?.[0]?.[1]
    expect(statusOf('timeout')).toBe('active when last checked')
    expect(statusOf('cancelled')).toBe('active when last checked')
    expect(statusOf('lost')).toBe('active when last checked')
    expect(statusOf('opened')).toBe('completed')
    expect(statusOf('notWaited')).toBe('active')
  })
})

describe('the change sent with the prompt', () => {
  const digest = {
    kind: 'pull request' as const,
    title: 'Add a retries option to the client',
    url: 'https://github.com/acme/app/pull/214',
    files: 5,
    listed: 5,
    bytes: 8000,
    diffsWhole: 2,
    diffsCut: 1,
    leftOut: []
  }

  it('links the change by its short name, and says in plain words what was sent in full and what was shortened', () => {
    const seen = renderSummary(contextHtml(digest))
    expect(seen.links).toEqual([{ href: 'https://github.com/acme/app/pull/214', text: 'acme/app#214' }])
    expect(seen.text).toContain('Sent with the prompt: acme/app#214 Add a retries option to the client (5 files, 8,000 bytes)')
    expect(seen.text).toContain('The changes of 2 files were sent in full, 1 shortened to fit the size limit (contextBytes).')
    expect(renderSummary(contextHtml({ ...digest, diffsCut: 0 })).text).toContain('The changes of 2 files were sent in full. ')
  })

  it('links nothing for a change with no pull request link, or a link that is not one', () => {
    expect(renderSummary(contextHtml({ ...digest, url: undefined })).links).toEqual([])
    expect(renderSummary(contextHtml({ ...digest, url: 'javascript:alert(1)//github.com/a/b/pull/1' })).links).toEqual([])
  })
})
