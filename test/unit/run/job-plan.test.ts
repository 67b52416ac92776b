// The key a job is recorded under (src/run/job-plan.ts): the same for every run of the same step on
// the same trigger, different for another project, trigger, prompt or job, and always one a marker can
// hold and read back.
import { describe, expect, it } from 'vitest'
import { readRecord, recordMarker } from '../../../src/agent/records.js'
import type { Lifetime } from '../../../src/core/lifetime.js'
import { type GitHubClient, githubWriteFailure, type IssueComment } from '../../../src/github/client.js'
import type { Runner } from '../../../src/github/runner.js'
import { agentPullBody } from '../../../src/render/comment-body.js'
import type { Inputs } from '../../../src/run/inputs.js'
import { type GitHubTrust, NO_JOB, planJob, recordKey } from '../../../src/run/job-plan.js'
import { JOB_REPORTS } from '../../support/job-reports.js'
import { OTHER_SEAL, SEAL } from '../../support/seal.js'
import { capturedStdout } from '../../support/stdout.js'

const AT = { seal: SEAL, place: 'commit a94a8fe5ccb19ba61c4c0873d391e987982fbbd3' }

const TRIGGER = 'push@a94a8fe5ccb19ba61c4c0873d391e987982fbbd3'

describe('recordKey', () => {
  it('is the same for a re-run, and differs for another project, trigger, prompt or job', () => {
    const key = recordKey('proj', TRIGGER, { prompt: 'Update the docs' })
    expect(recordKey('proj', TRIGGER, { prompt: 'Update the docs' })).toBe(key)
    expect(key.startsWith(`proj:${TRIGGER}:`)).toBe(true)
    const others = [
      recordKey('proj_other', TRIGGER, { prompt: 'Update the docs' }),
      recordKey('proj', 'release@v1', { prompt: 'Update the docs' }),
      recordKey('proj', TRIGGER, { prompt: 'Write the changelog' }),
      recordKey('proj', TRIGGER, { prompt: 'Update the docs', jobId: 'job_1' }),
      recordKey('proj', TRIGGER, {})
    ]
    expect(new Set([key, ...others]).size).toBe(6)
  })

  it('is always a key a marker holds and reads back: a long or ill-formed one by its hash', () => {
    for (const projectId of ['p'.repeat(2000), 'п'.repeat(1400), 'proj\ud800', 'proj'])
      for (const trigger of [TRIGGER, `release@${'版'.repeat(250)}`, 'release@v1\udfff']) {
        const key = recordKey(projectId, trigger, { prompt: 'x' })
        expect(encodeURIComponent(key).length).toBeLessThanOrEqual(1000)
        expect(readRecord(recordMarker({ jobId: 'j1', key }, AT), key, AT)?.jobId).toBe('j1')
      }
    expect(recordKey('p'.repeat(2000), TRIGGER, {})).toMatch(/^sha256:[0-9a-f]{40}$/)
  })
})

describe('githubWriteFailure', () => {
  const permission = 'pull-requests: write'

  it.each([403, 404])('names the permission when GitHub answers %i, as it does to a token without it', (status) => {
    const error = Object.assign(new Error('Resource not accessible by integration'), { status })
    expect(`Could not answer on #7${githubWriteFailure(error, permission)}`).toBe(
      `Could not answer on #7 (HTTP ${status}): give the job \`permissions: pull-requests: write\`.`
    )
    expect(githubWriteFailure(error, permission, ', so that reviewers can send follow-ups from it')).toBe(
      ` (HTTP ${status}): give the job \`permissions: pull-requests: write\`, so that reviewers can send follow-ups from it.`
    )
  })

  it('says GitHub could not be reached or refused it, and why, for any other failure: no permission is blamed', () => {
    // A network failure, as Octokit reports it: HTTP 500, with the network's code in its cause.
    const refused = Object.assign(new Error('fetch failed'), { status: 500, cause: { code: 'ECONNREFUSED' } })
    expect(`Could not answer on #7${githubWriteFailure(refused, permission)}`).toBe(
      'Could not answer on #7: GitHub could not be reached (HTTP 500, fetch failed, ECONNREFUSED).'
    )
    const cases: [unknown, string][] = [
      [Object.assign(new Error('Server Error'), { status: 502 }), ': GitHub could not be reached (HTTP 502, Server Error).'],
      [new Error('getaddrinfo ENOTFOUND api.github.com'), ': GitHub could not be reached (getaddrinfo ENOTFOUND api.github.com).'],
      [Object.assign(new Error('Too many requests'), { status: 429 }), ': GitHub refused it (HTTP 429, Too many requests).']
    ]
    for (const [error, text] of cases) {
      expect(githubWriteFailure(error, permission, ', for follow-ups')).toBe(text)
      expect(githubWriteFailure(error, permission)).not.toContain('permissions')
    }
  })

  it('keeps what GitHub or the network said to one bounded line', () => {
    const text = githubWriteFailure(new Error(`bad\n::error::${'x'.repeat(500)}`), permission)
    expect(text).not.toContain('\n')
    expect(text.length).toBeLessThan(300)
  })
})

// planJob through the interfaces it takes: the runner, and an in-memory fake of the GitHub client's
// comments and permissions, for a follow-up comment on the agent's pull request.
describe('planJob, for a follow-up comment', () => {
  const PULL = 7
  const runnerWith = (body: string, action = 'created'): Runner => ({
    repositoryText: 'acme/docs',
    repository: { owner: 'acme', name: 'docs' },
    eventName: 'issue_comment',
    payload: { action, issue: { number: PULL, pull_request: {} }, comment: { id: 99, body, user: { login: 'alice', type: 'User' } } },
    server: 'https://github.com',
    apiUrl: 'https://api.github.com',
    runUrl: 'https://github.com/acme/docs/actions/runs/5',
    runAttempt: 1
  })
  const inputs = (): Inputs =>
    ({ projectId: 'proj', followUp: true, command: '/docs', githubToken: 'ghs_x', check: false }) as unknown as Inputs
  const lifetime = (): Lifetime => ({ signal: new AbortController().signal }) as unknown as Lifetime

  function fakeGitHub(writers: string[] = ['alice']) {
    const threads = new Map<number, IssueComment[]>()
    const posted: { number: number; body: string }[] = []
    const fail: { canWrite?: Error } = {}
    let next = 1
    const client = {
      repository: { owner: 'acme', name: 'docs' },
      comments: (number: number) => Promise.resolve([...(threads.get(number) ?? [])]),
      createComment: (number: number, body: string) => {
        const id = next++
        threads.set(number, [...(threads.get(number) ?? []), { id, body, login: 'github-actions[bot]', isBot: true }])
        posted.push({ number, body })
        return Promise.resolve(id)
      },
      updateComment: () => Promise.resolve(),
      canWrite: (login: string) => (fail.canWrite ? Promise.reject(fail.canWrite) : Promise.resolve(writers.includes(login))),
      detached: () => client
    }
    const add = (number: number, body: string, isBot = true) => {
      threads.set(number, [...(threads.get(number) ?? []), { id: next++, body, login: isBot ? 'github-actions[bot]' : 'mallory', isBot }])
    }
    return { client: client as unknown as GitHubClient, posted, add, fail }
  }
  const trust = (client: GitHubClient, runner: Runner): GitHubTrust => ({ seal: SEAL, runner, connect: () => Promise.resolve(client) })
  const noted = (jobId: string, seal = SEAL) => agentPullBody(jobId, 'Document it', undefined, '/docs', { seal, place: `pull ${PULL}` })

  const stdout = capturedStdout()

  it('makes no job when nothing is asked', async () => {
    const fake = fakeGitHub()
    const plan = await planJob({ ...inputs(), followUp: false }, lifetime(), trust(fake.client, runnerWith('/docs x')))
    expect(plan).toBe(NO_JOB)
  })

  it('stays quiet about a comment that is no command', async () => {
    const fake = fakeGitHub()
    const plan = await planJob(inputs(), lifetime(), trust(fake.client, runnerWith('/docs x', 'edited')))
    expect(plan.settings).toBeUndefined()
    expect(stdout.text).toContain('The comment was edited, not created: nothing was sent.')
    expect(fake.posted).toEqual([])
  })

  it('sends nothing on a pull request no sealed note of the action names', async () => {
    const fake = fakeGitHub()
    fake.add(PULL, noted('job_forged', OTHER_SEAL))
    fake.add(PULL, noted('job_person'), false)
    const plan = await planJob(inputs(), lifetime(), trust(fake.client, runnerWith('/docs fix it')))
    expect(plan.settings).toBeUndefined()
    expect(stdout.text).toContain(`#${PULL} is not a pull request of the documentation agent`)
  })

  it('sends the text after the command to the last job the action noted, for someone who may push', async () => {
    const fake = fakeGitHub()
    fake.add(PULL, noted('job_1'))
    fake.add(PULL, noted('job_2'))
    const plan = await planJob(inputs(), lifetime(), trust(fake.client, runnerWith('/docs fix the table')))
    expect(plan.settings).toMatchObject({ jobId: 'job_2', prompt: 'fix the table', githubServer: 'https://github.com' })
  })

  it('refuses someone who may not push, once per thread', async () => {
    const fake = fakeGitHub([])
    const runner = runnerWith('/docs fix it')
    expect((await planJob(inputs(), lifetime(), trust(fake.client, runner))).settings).toBeUndefined()
    fake.add(PULL, noted('job_1'))
    stdout.text = ''
    expect((await planJob(inputs(), lifetime(), trust(fake.client, runner))).settings).toBeUndefined()
    expect(fake.posted).toHaveLength(1)
    expect(fake.posted[0]?.body).toContain('only people with write access to this repository can send the documentation agent a follow-up')
    expect(stdout.text).toContain('alice may not push to acme/docs, so the follow-up was refused in #7: nothing was sent.')
    stdout.text = ''
    expect((await planJob(inputs(), lifetime(), trust(fake.client, runner))).settings).toBeUndefined()
    expect(fake.posted).toHaveLength(1)
    expect(stdout.text).toContain('not answered again in #7')
  })

  it('sends nothing when the permission cannot be read, and says why', async () => {
    const fake = fakeGitHub()
    fake.add(PULL, noted('job_1'))
    fake.fail.canWrite = Object.assign(new Error('Server Error'), { status: 502 })
    const plan = await planJob(inputs(), lifetime(), trust(fake.client, runnerWith('/docs fix it')))
    expect(plan.settings).toBeUndefined()
    expect(stdout.text).toContain('::warning::Could not check whether alice may push to acme/docs')
    expect(fake.posted).toEqual([])
  })

  it('asks what to change when the command has nothing after it', async () => {
    const fake = fakeGitHub()
    fake.add(PULL, noted('job_1'))
    const plan = await planJob(inputs(), lifetime(), trust(fake.client, runnerWith('/docs   ')))
    expect(plan.settings).toBeUndefined()
    expect(fake.posted.map((p) => p.number)).toEqual([PULL])
    expect(fake.posted[0]?.body).toContain('Say what to change after')
    expect(stdout.text).toContain('The comment holds /docs and nothing after it: nothing was sent.')
  })
  it('notes the job once on the pull request the agent opened in this repository, and not when the run is stopping', async () => {
    const fake = fakeGitHub()
    fake.add(PULL, noted('job_1'))
    const plan = await planJob(inputs(), lifetime(), trust(fake.client, runnerWith('/docs fix it')))
    const report = { ...JOB_REPORTS.opened, jobId: 'job_1', prRepository: 'ACME/docs', prNumber: '42' }
    await plan.ended({ ...report, prRepository: 'other/docs' }, false)
    expect(fake.posted.filter((p) => p.number === 42)).toEqual([])
    await plan.ended(report, true)
    expect(fake.posted.filter((p) => p.number === 42)).toEqual([])
    await plan.ended(report, false)
    await plan.ended(report, false)
    const notes = fake.posted.filter((p) => p.number === 42)
    expect(notes).toHaveLength(1)
    expect(notes[0]?.body).toBe(
      agentPullBody('job_1', report.prompt, 'https://github.com/acme/docs/actions/runs/5', '/docs', { seal: SEAL, place: 'pull 42' })
    )
  })
})

describe('planJob, for a prompt', () => {
  const SHA = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3'
  const runner = (eventName: string, payload: unknown, runAttempt = 1): Runner => ({
    repositoryText: 'acme/docs',
    repository: { owner: 'acme', name: 'docs' },
    eventName,
    payload,
    server: 'https://github.com',
    apiUrl: 'https://api.github.com',
    runAttempt
  })
  const inputs = (more: Partial<Inputs> = {}): Inputs =>
    ({
      projectId: 'proj',
      prompt: 'Update the docs',
      followUp: false,
      command: '/docs',
      githubToken: '',
      check: false,
      ...more
    }) as unknown as Inputs
  const lifetime = (): Lifetime => ({ signal: new AbortController().signal }) as unknown as Lifetime
  const trust = (r: Runner): GitHubTrust => ({ seal: SEAL, runner: r, connect: () => Promise.reject(new Error('no GitHub in this test')) })

  const stdout = capturedStdout()

  it('makes no job for a pull request closed unmerged, and says why', async () => {
    const closed = { action: 'closed', pull_request: { number: 3, merged: false, head: { sha: SHA } } }
    const plan = await planJob(inputs({ changeContext: { maxBytes: 24000 } }), lifetime(), trust(runner('pull_request', closed)))
    expect(plan.settings).toBeUndefined()
    expect(plan.note).toBe(
      'Pull request #3 was closed without being merged: there is no change for the docs to follow. No agent job was created.'
    )
  })

  it('sends the prompt, and warns on a re-run that nothing records the first job', async () => {
    const push = { after: SHA }
    const first = await planJob(inputs(), lifetime(), trust(runner('push', push)))
    expect(first.settings).toMatchObject({ prompt: 'Update the docs', githubServer: 'https://github.com' })
    expect(stdout.text).not.toContain('::warning::')
    const again = await planJob(inputs(), lifetime(), trust(runner('push', push, 2)))
    expect(again.settings?.prompt).toBe('Update the docs')
    expect(stdout.text).toContain(
      '::warning::This is attempt 2 of the workflow run, and the action keeps no record of the job an earlier attempt created'
    )
  })

  it('warns that no check run is written when the run names no commit', async () => {
    await planJob(inputs({ check: true }), lifetime(), trust(runner('workflow_dispatch', {})))
    expect(stdout.text).toContain('::warning::check is true, but this run names no commit (a comment, say): no check run is written.')
  })
})
