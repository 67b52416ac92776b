// The key a job is recorded under (src/run/job-plan.ts): the same for every run of the same step on
// the same trigger, different for another project, trigger, prompt or job, and always one a marker can
// hold and read back.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { COMMENT_MARKER, readRecord, recordMarker, refusalMarker } from '../../../src/agent/records.js'
import type { Lifetime } from '../../../src/core/lifetime.js'
import type { ChangedFile } from '../../../src/change/change.js'
import { type CheckRun, type CheckRunFields, type GitHubClient, githubWriteFailure, type IssueComment } from '../../../src/github/client.js'
import type { Runner } from '../../../src/github/runner.js'
import { agentPullBody, refusalBody } from '../../../src/render/comment-body.js'
import type { Inputs } from '../../../src/run/inputs.js'
import { type GitHubTrust, NO_JOB, planJob, recordKey } from '../../../src/run/job-plan.js'
import { counted } from '../../../src/text/format.js'
import { JOB_REPORTS } from '../../support/job-reports.js'
import { OTHER_SEAL, SEAL } from '../../support/seal.js'
import { capturedStdout } from '../../support/stdout.js'

const AT = { seal: SEAL, place: 'acme/docs commit a94a8fe5ccb19ba61c4c0873d391e987982fbbd3' }

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
    expect(recordKey('proj', TRIGGER, { prompt: 'Update the docs', jobId: 'job_2' })).not.toBe(others[3])
  })

  it('is the key every version records: the project, the trigger, and the hash of the job and the prompt', () => {
    const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16)
    expect(recordKey('proj', TRIGGER, { prompt: 'Update the docs' })).toBe(`proj:${TRIGGER}:${hash('\nUpdate the docs')}`)
    expect(recordKey('proj', TRIGGER, { jobId: 'job_1' })).toBe(`proj:${TRIGGER}:${hash('job_1\n')}`)
  })

  it('keeps whole a key of 1,000 characters as a URL carries it, and hashes a longer one', () => {
    // ':' and '@' take three characters each, as a URL carries them: 69 beside the project.
    const whole = recordKey('p'.repeat(931), TRIGGER, {})
    expect(encodeURIComponent(whole)).toHaveLength(1000)
    expect(whole.startsWith('ppp')).toBe(true)
    expect(recordKey('p'.repeat(932), TRIGGER, {})).toMatch(/^sha256:[0-9a-f]{40}$/)
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
    const fail: { canWrite?: Error; createComment?: Error; latestComments?: Error } = {}
    const latestReads: number[] = []
    let next = 1
    const client = {
      repository: { owner: 'acme', name: 'docs' },
      // As the client reads a thread: its first 1,000 comments, and its latest 1,000.
      comments: (number: number) => Promise.resolve([...(threads.get(number) ?? [])].slice(0, 1000)),
      latestComments: (number: number) => {
        latestReads.push(number)
        if (fail.latestComments) return Promise.reject(fail.latestComments)
        return Promise.resolve([...(threads.get(number) ?? [])].slice(-1000))
      },
      createComment: (number: number, body: string) => {
        if (fail.createComment) return Promise.reject(fail.createComment)
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
    return { client: client as unknown as GitHubClient, posted, add, fail, latestReads }
  }
  const trust = (client: GitHubClient, runner: Runner): GitHubTrust => ({ seal: SEAL, runner, connect: () => Promise.resolve(client) })
  const noted = (jobId: string, seal = SEAL) =>
    agentPullBody(jobId, 'Document it', undefined, '/docs', { seal, place: `acme/docs pull ${PULL}` })

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

  it('sends nothing under a note an earlier build sealed for the pull request alone, and says so in one line', async () => {
    const earlierNote = agentPullBody('job_earlier', 'Document it', undefined, '/docs', { seal: SEAL, place: `pull ${PULL}` })
    const fake = fakeGitHub()
    fake.add(PULL, earlierNote)
    fake.add(PULL, agentPullBody('job_person', 'Document it', undefined, '/docs', { seal: SEAL, place: `pull ${PULL}` }), false)
    const plan = await planJob(inputs(), lifetime(), trust(fake.client, runnerWith('/docs fix it')))
    expect(plan).toBe(NO_JOB)
    const lines = stdout.text.split('\n').filter((line) => line.includes('before 1.1.0'))
    expect(lines).toEqual([
      `::notice::#${PULL}'s note of job job_earlier is sealed by a build before 1.1.0, for its place alone, which a copy in another repository that shares the key would verify for too: nothing was sent. Send the follow-up with jobId from a workflow of this repository.`
    ])
    expect(fake.posted).toEqual([])
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
      agentPullBody('job_1', report.prompt, 'https://github.com/acme/docs/actions/runs/5', '/docs', {
        seal: SEAL,
        place: 'acme/docs pull 42'
      })
    )
  })

  it("notes the job although the agent's pull request holds others' comments, even a copy of the note", async () => {
    const fake = fakeGitHub()
    fake.add(PULL, noted('job_1'))
    const plan = await planJob(inputs(), lifetime(), trust(fake.client, runnerWith('/docs fix it')))
    const report = { ...JOB_REPORTS.opened, jobId: 'job_1', prRepository: 'acme/docs', prNumber: '42' }
    const copy = agentPullBody('job_1', report.prompt, undefined, '/docs', { seal: SEAL, place: 'acme/docs pull 42' })
    fake.add(42, copy, false)
    fake.add(42, 'Deployed to preview.')
    await plan.ended(report, false)
    expect(fake.posted.filter((p) => p.number === 42)).toHaveLength(1)
  })

  it('notes nothing for a report with no pull request in this repository, or a job id no note can hold', async () => {
    const fake = fakeGitHub()
    fake.add(PULL, noted('job_1'))
    const plan = await planJob(inputs(), lifetime(), trust(fake.client, runnerWith('/docs fix it')))
    const report = { ...JOB_REPORTS.opened, jobId: 'job_1', prRepository: 'acme/docs', prNumber: '42' }
    await plan.ended({ ...report, prNumber: undefined }, false)
    await plan.ended({ ...report, prRepository: undefined }, false)
    await plan.ended({ ...report, jobId: undefined }, false)
    await plan.ended({ ...report, jobId: '..' }, false)
    expect(fake.posted.filter((p) => p.number !== PULL)).toEqual([])
    expect(stdout.text).not.toContain('::warning::')
  })

  it("warns, and goes on, when the note on the agent's pull request cannot be posted", async () => {
    const fake = fakeGitHub()
    fake.add(PULL, noted('job_1'))
    const plan = await planJob(inputs(), lifetime(), trust(fake.client, runnerWith('/docs fix it')))
    fake.fail.createComment = Object.assign(new Error('Resource not accessible by integration'), { status: 403 })
    await plan.ended({ ...JOB_REPORTS.opened, jobId: 'job_1', prRepository: 'acme/docs', prNumber: '42' }, false)
    expect(stdout.text).toContain(
      "::warning::Could not comment on the agent's pull request #42 (HTTP 403): give the job `permissions: pull-requests: write`, so that reviewers can send follow-ups from it."
    )
  })

  it('needs the repository and a token to read a follow-up', async () => {
    const fake = fakeGitHub()
    const unnamed = { ...runnerWith('/docs fix it'), repositoryText: '', repository: undefined }
    const refused: GitHubTrust = { seal: SEAL, runner: unnamed, connect: () => Promise.reject(new Error('no repository')) }
    const needs = 'the follow-up needs the repository (GITHUB_REPOSITORY) and githubToken'
    await expect(planJob(inputs(), lifetime(), refused)).rejects.toThrow(needs)
    await expect(planJob({ ...inputs(), githubToken: '' }, lifetime(), trust(fake.client, runnerWith('/docs fix it')))).rejects.toThrow(
      needs
    )
  })

  it('counts the refusal an earlier run posted in this thread, and not one copied from another thread', async () => {
    const refusal = (thread: number) =>
      refusalBody('alice', '/docs', refusalMarker('alice', { seal: SEAL, place: `acme/docs thread ${thread}` }))
    const fake = fakeGitHub([])
    fake.add(PULL, noted('job_1'))
    fake.add(PULL, refusal(8))
    await planJob(inputs(), lifetime(), trust(fake.client, runnerWith('/docs fix it')))
    expect(fake.posted).toHaveLength(1)
    const answered = fakeGitHub([])
    answered.add(PULL, noted('job_1'))
    answered.add(PULL, refusal(PULL))
    await planJob(inputs(), lifetime(), trust(answered.client, runnerWith('/docs fix it')))
    expect(answered.posted).toEqual([])
    expect(stdout.text).toContain('not answered again in #7')
  })

  it('finds an earlier refusal past the first 1,000 comments among the latest, and reads them only for a thread that long', async () => {
    const refusal = refusalBody('alice', '/docs', refusalMarker('alice', { seal: SEAL, place: `acme/docs thread ${PULL}` }))
    const busy = fakeGitHub([])
    busy.add(PULL, noted('job_1'))
    for (let i = 0; i < 1200; i++) busy.add(PULL, `review ${i}`, false)
    busy.add(PULL, refusal)
    for (let i = 0; i < 300; i++) busy.add(PULL, `review ${i}`, false)
    const plan = await planJob(inputs(), lifetime(), trust(busy.client, runnerWith('/docs fix it')))
    expect(plan.settings).toBeUndefined()
    expect(busy.posted).toEqual([])
    expect(busy.latestReads).toEqual([PULL])
    expect(stdout.text).toContain('not answered again in #7')
    // A thread of 1,000 comments or fewer was read whole: nothing more is read, and the reader is answered.
    const quiet = fakeGitHub([])
    quiet.add(PULL, noted('job_1'))
    for (let i = 0; i < 998; i++) quiet.add(PULL, `review ${i}`, false)
    await planJob(inputs(), lifetime(), trust(quiet.client, runnerWith('/docs fix it')))
    expect(quiet.latestReads).toEqual([])
    expect(quiet.posted).toHaveLength(1)
    // A thread of exactly 1,000 may be longer: its latest comments are read too.
    const full = fakeGitHub([])
    full.add(PULL, noted('job_1'))
    for (let i = 0; i < 999; i++) full.add(PULL, `review ${i}`, false)
    await planJob(inputs(), lifetime(), trust(full.client, runnerWith('/docs fix it')))
    expect(full.latestReads).toEqual([PULL])
    expect(full.posted).toHaveLength(1)
  })

  it('answers nothing, and warns, when the latest comments of a busy thread cannot be read', async () => {
    const busy = fakeGitHub([])
    busy.add(PULL, noted('job_1'))
    for (let i = 0; i < 1500; i++) busy.add(PULL, `review ${i}`, false)
    busy.fail.latestComments = Object.assign(new Error('Server Error'), { status: 502 })
    const plan = await planJob(inputs(), lifetime(), trust(busy.client, runnerWith('/docs fix it')))
    expect(plan.settings).toBeUndefined()
    expect(busy.posted).toEqual([])
    expect(stdout.text).toContain(
      "::warning::Could not read the latest comments of #7 (HTTP 502): alice's follow-up was refused, and not answered."
    )
  })

  it('warns when the refusal cannot be posted, and sends nothing', async () => {
    const fake = fakeGitHub([])
    fake.add(PULL, noted('job_1'))
    fake.fail.createComment = Object.assign(new Error('Resource not accessible by integration'), { status: 403 })
    const plan = await planJob(inputs(), lifetime(), trust(fake.client, runnerWith('/docs fix it')))
    expect(plan.settings).toBeUndefined()
    expect(stdout.text).toContain('::warning::Could not answer on #7 (HTTP 403): give the job `permissions: pull-requests: write`.')
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
    expect(stdout.text).toContain('::notice::Pull request #3 was closed without being merged')
  })

  it('sends the prompt, and warns on a re-run that nothing records the first job', async () => {
    const push = { after: SHA }
    const first = await planJob(inputs(), lifetime(), trust(runner('push', push)))
    expect(first.settings).toMatchObject({ prompt: 'Update the docs', githubServer: 'https://github.com' })
    expect(stdout.text).not.toContain('::warning::')
    const again = await planJob(inputs(), lifetime(), trust(runner('push', push, 2)))
    expect(again.settings?.prompt).toBe('Update the docs')
    expect(stdout.text).toContain(
      '::warning::This is attempt 2 of the workflow run, and the action keeps no record of the job an earlier attempt created: ' +
        'it sends the prompt again. Set check: true (with `permissions: checks: write`) or comment: true to watch the first job instead.'
    )
  })

  it('warns of nothing on a re-run that watches the job the workflow names', async () => {
    const again = await planJob(inputs({ prompt: undefined, jobId: 'job_7' }), lifetime(), trust(runner('push', { after: SHA }, 2)))
    expect(again.settings).toMatchObject({ jobId: 'job_7' })
    expect(again.settings?.prompt).toBeUndefined()
    expect(stdout.text).not.toContain('::warning::')
  })

  it('needs no GitHub client when the runner names no repository, unless it reads the change', async () => {
    const unnamed = { ...runner('push', { after: SHA }), repositoryText: '', repository: undefined }
    const plan = await planJob(inputs({ githubToken: 'ghs_x' }), lifetime(), trust(unnamed))
    expect(plan.settings?.prompt).toBe('Update the docs')
    await expect(planJob(inputs({ githubToken: 'ghs_x', changeContext: { maxBytes: 24000 } }), lifetime(), trust(unnamed))).rejects.toThrow(
      'context: change needs the repository (GITHUB_REPOSITORY) and githubToken'
    )
  })

  it('warns that no check run is written when the run names no commit', async () => {
    await planJob(inputs({ check: true }), lifetime(), trust(runner('workflow_dispatch', {})))
    expect(stdout.text).toContain('::warning::check is true, but this run names no commit (a comment, say): no check run is written.')
  })
})

// planJob against an in-memory fake of the GitHub client of one repository: the check runs of its
// commits, the comments of its threads, and the changes it compares, as a run for a pull request or a
// push reads and writes them.
describe('planJob, with the records a run keeps on GitHub', () => {
  const SHA = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3'
  const BEFORE = '0b5e2a1c9d8f7e6a5b4c3d2e1f0a9b8c7d6e5f4a'
  const THREAD = 3
  const PULL_TRIGGER = `pull/${THREAD}@${SHA}`
  const RUN_URL = 'https://github.com/acme/docs/actions/runs/5'
  const opened = {
    action: 'opened',
    pull_request: { number: THREAD, title: 'Add retries', base: { ref: 'main' }, head: { ref: 'retries', sha: SHA } }
  }
  const runner = (eventName: string, payload: unknown, more: Partial<Runner> = {}): Runner => ({
    repositoryText: 'acme/docs',
    repository: { owner: 'acme', name: 'docs' },
    eventName,
    payload,
    server: 'https://github.com',
    apiUrl: 'https://api.github.com',
    runUrl: RUN_URL,
    runAttempt: 1,
    ...more
  })
  const inputs = (more: Partial<Inputs> = {}): Inputs =>
    ({
      projectId: 'proj',
      prompt: 'Update the docs',
      followUp: false,
      command: '/docs',
      githubToken: 'ghs_x',
      check: true,
      comment: { token: 'ghs_x' },
      ...more
    }) as unknown as Inputs
  const lifetime = (): Lifetime => ({ signal: new AbortController().signal }) as unknown as Lifetime
  const keyOf = (asked: { prompt?: string; jobId?: string } = { prompt: 'Update the docs' }, trigger = PULL_TRIGGER) =>
    recordKey('proj', trigger, asked)

  type Run = CheckRun & { sha: string }
  function fakeGitHub(files: ChangedFile[] = []) {
    const checks: Run[] = []
    const threads = new Map<number, IssueComment[]>()
    const calls: string[] = []
    const fail: { checks?: Error } = {}
    let next = 100
    const checkFailure = (): Promise<never> => Promise.reject(fail.checks ?? new Error('no failure set'))
    const client = {
      repository: { owner: 'acme', name: 'docs' },
      checkRuns: (sha: string) => {
        calls.push('list check runs')
        if (fail.checks) return checkFailure()
        return Promise.resolve(checks.filter((run) => run.sha === sha).sort((a, b) => b.id - a.id))
      },
      createCheckRun: (sha: string, _name: string, fields: CheckRunFields) => {
        calls.push('create check run')
        if (fail.checks) return checkFailure()
        const run = {
          id: next++,
          sha,
          status: fields.status,
          conclusion: fields.conclusion,
          externalId: fields.externalId,
          summary: fields.summary
        }
        checks.push(run)
        return Promise.resolve(run)
      },
      updateCheckRun: (id: number, fields: CheckRunFields) => {
        calls.push('update check run')
        const run = checks.find((r) => r.id === id)
        if (run) Object.assign(run, { status: fields.status, conclusion: fields.conclusion, summary: fields.summary })
        return Promise.resolve()
      },
      comments: (number: number) => Promise.resolve([...(threads.get(number) ?? [])]),
      createComment: (number: number, body: string) => {
        calls.push(`comment on #${number}`)
        const id = next++
        threads.set(number, [...(threads.get(number) ?? []), { id, body, login: 'github-actions[bot]', isBot: true }])
        return Promise.resolve(id)
      },
      updateComment: (id: number, body: string) => {
        calls.push('edit comment')
        for (const comments of threads.values()) for (const comment of comments) if (comment.id === id) comment.body = body
        return Promise.resolve()
      },
      compare: (base: string, head: string) => {
        calls.push(`compare ${base.slice(0, 7)}...${head.slice(0, 7)}`)
        return Promise.resolve({ commits: [{ sha: SHA, message: 'Add retries' }], files, totalCommits: 1 })
      },
      pullCommits: () => {
        calls.push('read pull request commits')
        return Promise.resolve({ commits: [{ sha: SHA, message: 'Add retries' }], complete: true })
      },
      pullFiles: () => {
        calls.push('read pull request files')
        return Promise.resolve({ files, complete: true })
      },
      canWrite: () => Promise.resolve(true),
      detached: () => client
    }
    /** A check run an earlier run left on `sha`, recording `jobId` under `key`. */
    const recordCheck = (jobId: string, key: string, ended?: string, sha = SHA) =>
      checks.push({
        id: next++,
        sha,
        status: 'completed',
        externalId: jobId,
        summary: recordMarker({ jobId, key, ended }, { seal: SEAL, place: `acme/docs commit ${sha}` })
      })
    /** The comment an earlier run left in the thread, recording `jobId` under `key`. */
    const recordComment = (jobId: string, key: string, ended?: string) =>
      threads.set(THREAD, [
        ...(threads.get(THREAD) ?? []),
        {
          id: next++,
          body: `${COMMENT_MARKER}${recordMarker({ jobId, key, ended }, { seal: SEAL, place: `acme/docs thread ${THREAD}` })}\nThe agent is working.`,
          login: 'github-actions[bot]',
          isBot: true
        }
      ])
    return { client: client as unknown as GitHubClient, checks, threads, calls, fail, recordCheck, recordComment }
  }
  const trust = (client: GitHubClient, r: Runner): GitHubTrust => ({ seal: SEAL, runner: r, connect: () => Promise.resolve(client) })
  const file = (path: string, patch: string): ChangedFile => ({ path, status: 'modified', additions: 1, deletions: 0, patch })

  const stdout = capturedStdout()

  it('records the job in a comment and a check run as it starts, and how it ended in both as it ends', async () => {
    const fake = fakeGitHub()
    const plan = await planJob(inputs(), lifetime(), trust(fake.client, runner('pull_request', opened)))
    expect(plan.settings).toMatchObject({ prompt: 'Update the docs' })
    expect(plan.settings?.reusedFrom).toBeUndefined()
    await plan.started('job_1')
    const key = keyOf()
    const [comment] = fake.threads.get(THREAD) ?? []
    expect(readRecord(comment?.body ?? '', key, { seal: SEAL, place: `acme/docs thread ${THREAD}` }, COMMENT_MARKER)).toEqual({
      jobId: 'job_1',
      key
    })
    expect(fake.checks).toMatchObject([{ sha: SHA, status: 'in_progress', externalId: 'job_1' }])
    expect(readRecord(fake.checks[0]?.summary ?? '', key, AT)).toEqual({ jobId: 'job_1', key })

    await plan.ended({ ...JOB_REPORTS.opened, jobId: 'job_1' }, false)
    expect(fake.threads.get(THREAD)).toHaveLength(1)
    expect(
      readRecord(fake.threads.get(THREAD)?.[0]?.body ?? '', key, { seal: SEAL, place: `acme/docs thread ${THREAD}` }, COMMENT_MARKER)
    ).toEqual({
      jobId: 'job_1',
      key,
      ended: 'opened'
    })
    expect(fake.checks).toMatchObject([{ status: 'completed', conclusion: 'success' }])
    expect(readRecord(fake.checks[0]?.summary ?? '', key, AT)?.ended).toBe('opened')
    expect(stdout.text).not.toContain('::warning::')
  })

  it('watches the job an earlier run for the trigger recorded in its check run, and sends no change', async () => {
    const fake = fakeGitHub([file('docs/a.md', '+a')])
    fake.recordCheck('job_1', keyOf())
    const plan = await planJob(
      inputs({ changeContext: { maxBytes: 24000 } }),
      lifetime(),
      trust(fake.client, runner('pull_request', opened))
    )
    expect(plan.settings).toMatchObject({ jobId: 'job_1', reusedFrom: 'check run' })
    expect(plan.settings?.prompt).toBeUndefined()
    expect(plan.settings?.contextText).toBeUndefined()
    expect(fake.calls).not.toContain('read pull request files')
    expect(stdout.text).toContain(
      'An earlier run for this trigger recorded job job_1 in its check run: watching it instead of sending the prompt again.'
    )
    await plan.started('job_1')
    expect(fake.checks).toHaveLength(1)
  })

  it('watches the job an earlier run recorded in its comment, when no check run records one', async () => {
    const fake = fakeGitHub()
    fake.recordComment('job_2', keyOf())
    const plan = await planJob(inputs(), lifetime(), trust(fake.client, runner('pull_request', opened)))
    expect(plan.settings).toMatchObject({ jobId: 'job_2', reusedFrom: 'comment' })
    expect(stdout.text).toContain('An earlier run for this trigger recorded job job_2 in its comment: watching it')
    await plan.started('job_2')
    expect(fake.threads.get(THREAD)).toHaveLength(1)
    expect(fake.calls).toContain('edit comment')
  })

  it("takes the check run's record over the comment's, and a record of another trigger or prompt for none", async () => {
    const fake = fakeGitHub()
    fake.recordComment('job_2', keyOf())
    fake.recordCheck('job_1', keyOf())
    const plan = await planJob(inputs(), lifetime(), trust(fake.client, runner('pull_request', opened)))
    expect(plan.settings).toMatchObject({ jobId: 'job_1', reusedFrom: 'check run' })

    const other = fakeGitHub()
    other.recordCheck('job_3', keyOf({ prompt: 'Write the changelog' }))
    other.recordComment('job_4', keyOf(undefined, `pull/${THREAD}@${BEFORE}`))
    const fresh = await planJob(inputs(), lifetime(), trust(other.client, runner('pull_request', opened)))
    expect(fresh.settings).toMatchObject({ prompt: 'Update the docs' })
    expect(fresh.settings?.jobId).toBeUndefined()
  })

  it.each([
    ['failed', 'failed'],
    ['archived', 'was archived']
  ])('sends the prompt again when the recorded job ended %s', async (ended, said) => {
    const fake = fakeGitHub()
    fake.recordCheck('job_1', keyOf(), ended)
    const plan = await planJob(inputs(), lifetime(), trust(fake.client, runner('pull_request', opened)))
    expect(plan.settings).toMatchObject({ prompt: 'Update the docs' })
    expect(plan.settings?.jobId).toBeUndefined()
    expect(stdout.text).toContain(`Job job_1, which an earlier run for this trigger created, ${said}: sending the prompt again.`)
  })

  it('watches a recorded job that ended with a pull request rather than send the prompt again', async () => {
    const fake = fakeGitHub()
    fake.recordComment('job_1', keyOf(), 'opened')
    const plan = await planJob(inputs({ check: false }), lifetime(), trust(fake.client, runner('pull_request', opened)))
    expect(plan.settings).toMatchObject({ jobId: 'job_1', reusedFrom: 'comment' })
  })

  it("sends a prompt to the workflow's job unless a record names that same job", async () => {
    const asked = { prompt: 'Update the docs', jobId: 'job_7' }
    const fake = fakeGitHub()
    fake.recordCheck('job_8', keyOf(asked))
    const plan = await planJob(inputs({ jobId: 'job_7' }), lifetime(), trust(fake.client, runner('pull_request', opened)))
    expect(plan.settings).toMatchObject({ jobId: 'job_7', prompt: 'Update the docs' })
    expect(plan.settings?.reusedFrom).toBeUndefined()

    const same = fakeGitHub()
    same.recordCheck('job_7', keyOf(asked))
    const watched = await planJob(inputs({ jobId: 'job_7' }), lifetime(), trust(same.client, runner('pull_request', opened)))
    expect(watched.settings).toMatchObject({ jobId: 'job_7', reusedFrom: 'check run' })
    expect(watched.settings?.prompt).toBeUndefined()
  })

  it('watches the job the workflow names without reading records or the change', async () => {
    const fake = fakeGitHub([file('docs/a.md', '+a')])
    fake.recordCheck('job_7', keyOf({ jobId: 'job_7' }))
    const plan = await planJob(
      inputs({ prompt: undefined, jobId: 'job_7', changeContext: { maxBytes: 24000 } }),
      lifetime(),
      trust(fake.client, runner('pull_request', opened))
    )
    expect(plan.settings?.jobId).toBe('job_7')
    expect(plan.settings?.reusedFrom).toBeUndefined()
    expect(plan.settings?.contextText).toBeUndefined()
    expect(fake.calls).toEqual([])
  })

  it('writes no check run unless asked, and warns that no commit is named only when one is asked', async () => {
    const fake = fakeGitHub()
    const plan = await planJob(
      inputs({ check: false, comment: undefined }),
      lifetime(),
      trust(fake.client, runner('workflow_dispatch', {}))
    )
    await plan.started('job_1')
    await plan.ended({ ...JOB_REPORTS.noPr, jobId: 'job_1' }, false)
    expect(fake.calls).toEqual([])
    expect(stdout.text).not.toContain('::warning::')

    const asked = await planJob(inputs({ comment: undefined }), lifetime(), trust(fake.client, runner('push', { after: SHA })))
    await asked.started('job_1')
    expect(fake.checks).toMatchObject([{ sha: SHA, externalId: 'job_1' }])
    expect(stdout.text).not.toContain('::warning::')
  })

  it.each([
    ['a run that names no trigger', runner('workflow_dispatch', {})],
    ['a release with no commit', runner('release', { release: { tag_name: 'v1.2.0' } }, { runId: '5' })]
  ])('writes no check run for %s, and says why', async (_what, r) => {
    const fake = fakeGitHub()
    const plan = await planJob(inputs({ comment: undefined }), lifetime(), trust(fake.client, r))
    await plan.started('job_1')
    expect(fake.calls).toEqual([])
    expect(stdout.text).toContain('::warning::check is true, but this run names no commit (a comment, say): no check run is written.')
  })

  it('comments on an issue when the run names no trigger, with no record to find again', async () => {
    const fake = fakeGitHub()
    const issue = runner('issues', { action: 'opened', issue: { number: THREAD } })
    const plan = await planJob(inputs({ check: false }), lifetime(), trust(fake.client, issue))
    expect(plan.settings?.prompt).toBe('Update the docs')
    await plan.started('job_1')
    const [comment] = fake.threads.get(THREAD) ?? []
    expect(comment?.body).toContain('job `job_1`')
    expect(comment?.body).not.toContain('key=')
  })

  it('warns once, naming the permission, when the check run cannot be written, and goes on', async () => {
    const fake = fakeGitHub()
    fake.fail.checks = Object.assign(new Error('Resource not accessible by integration'), { status: 403 })
    const plan = await planJob(inputs({ comment: undefined }), lifetime(), trust(fake.client, runner('pull_request', opened)))
    expect(plan.settings?.prompt).toBe('Update the docs')
    await plan.started('job_1')
    await plan.ended({ ...JOB_REPORTS.noPr, jobId: 'job_1' }, false)
    expect(stdout.text.split('::warning::')).toHaveLength(2)
    expect(stdout.text).toContain(
      '::warning::Could not write the "Docs agent" check run (HTTP 403): give the job `permissions: checks: write`, or set check: false.'
    )
  })

  it('sends the change after the prompt, framed by a marker nobody can guess, and says what of it was sent', async () => {
    const files = [
      file('docs/retries.md', '+Retries are on by default.'),
      file('package-lock.json', '+{}'),
      file('src/big.ts', `+${'x'.repeat(9000)}`)
    ]
    const fake = fakeGitHub(files)
    const push = { ref: 'refs/heads/main', before: BEFORE, after: SHA }
    const plan = await planJob(
      inputs({ comment: undefined, check: false, changeContext: { maxBytes: 4000 } }),
      lifetime(),
      trust(fake.client, runner('push', push))
    )
    expect(fake.calls).toEqual([`compare ${BEFORE.slice(0, 7)}...${SHA.slice(0, 7)}`])
    const { settings } = plan
    expect(settings?.prompt).toBe('Update the docs')
    expect(settings?.contextText).toMatch(/\nBEGIN CHANGE [0-9a-f]{32}\nPush to main: 0b5e2a1\.\.a94a8fe\n/)
    expect(settings?.contextText).toContain('+Retries are on by default.')
    expect(settings?.context).toMatchObject({ files: 3, diffsCut: 1, leftOut: [{ path: 'package-lock.json', reason: 'lock file' }] })
    expect(stdout.text).toContain(
      `The change is sent after the prompt: 3 changed files, ${counted(settings?.context?.bytes ?? 0, 'byte')}; 1 diff left out; 1 diff cut.\n`
    )

    const again = await planJob(
      inputs({ comment: undefined, check: false, changeContext: { maxBytes: 4000 } }),
      lifetime(),
      trust(fake.client, runner('push', push))
    )
    expect(again.settings?.contextText?.slice(0, 400)).not.toBe(settings?.contextText?.slice(0, 400))
  })

  it('says only how much of the change was sent when all of it was', async () => {
    const fake = fakeGitHub([file('docs/retries.md', '+Retries are on by default.')])
    const plan = await planJob(
      inputs({ comment: undefined, check: false, changeContext: { maxBytes: 24000 } }),
      lifetime(),
      trust(fake.client, runner('pull_request', opened))
    )
    expect(plan.settings?.context).toMatchObject({ files: 1, diffsWhole: 1 })
    expect(stdout.text).toContain(
      `The change is sent after the prompt: 1 changed file, ${counted(plan.settings?.context?.bytes ?? 0, 'byte')}.\n`
    )
  })
})
