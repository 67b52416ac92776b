// Tests the comment thread on the triggering issue or pull request (src/github/comment.ts): where it
// goes for each event, and the thread's calls to an in-memory fake of the GitHub client's comments
// (what src/github/client.ts sends for them is tested in github-client.test.ts), with the warnings the
// runner shows when a comment cannot be posted. What the comment says is tested in comment-body.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import type { JobReport } from '../../../src/agent/outcome.js'
import type { VisitorsReport } from '../../../src/sections/traffic/read-visitors.js'
import type { IssueComment } from '../../../src/github/client.js'
import { COMMENT_MARKER } from '../../../src/agent/records.js'
import { CommentThread, commentTarget, type ThreadComments } from '../../../src/github/comment.js'
import { readRunner } from '../../../src/github/runner.js'
import { endBody, startBody } from '../../../src/render/comment-body.js'
import { JOB_REPORTS } from '../../support/job-reports.js'
import { SEAL } from '../../support/seal.js'

/** Where the comments of thread 8 are sealed for. */
const AT = { seal: SEAL, place: 'acme/docs thread 8' }

const EVENTS = 'issues, issue_comment, pull_request, pull_request_target'
const RUN = 'https://github.com/acme/docs/actions/runs/77'

describe('commentTarget', () => {
  it('comments on the issue of an issues event', () => {
    expect(commentTarget('issues', { issue: { number: 7 } }, 'acme/docs')).toEqual({
      owner: 'acme',
      repo: 'docs',
      number: 7,
      isPullRequest: false
    })
  })

  it('comments on the issue or pull request an issue comment was made on', () => {
    expect(commentTarget('issue_comment', { issue: { number: 8 } }, 'acme/docs')).toEqual({
      owner: 'acme',
      repo: 'docs',
      number: 8,
      isPullRequest: false
    })
    expect(commentTarget('issue_comment', { issue: { number: 8, pull_request: { url: 'x' } } }, 'acme/docs')).toEqual({
      owner: 'acme',
      repo: 'docs',
      number: 8,
      isPullRequest: true
    })
  })

  it('comments on the pull request of a pull_request or pull_request_target event', () => {
    for (const event of ['pull_request', 'pull_request_target'])
      expect(commentTarget(event, { number: 9, pull_request: { number: 9 } }, 'acme/docs')).toEqual({
        owner: 'acme',
        repo: 'docs',
        number: 9,
        isPullRequest: true
      })
  })

  it('takes the pull request’s number first, then the issue’s, then the event’s', () => {
    expect(commentTarget('pull_request', { pull_request: { number: 1 }, issue: { number: 2 }, number: 3 }, 'a/b')).toMatchObject({
      number: 1
    })
    expect(commentTarget('issue_comment', { pull_request: {}, issue: { number: 2 }, number: 3 }, 'a/b')).toMatchObject({ number: 2 })
    expect(commentTarget('issues', { issue: {}, number: 3 }, 'a/b')).toMatchObject({ number: 3, isPullRequest: false })
    expect(commentTarget('pull_request', { number: 4 }, 'a/b')).toEqual({ owner: 'a', repo: 'b', number: 4, isPullRequest: false })
  })

  it('says which events work when the run was triggered by another', () => {
    expect(commentTarget('push', { number: 1 }, 'acme/docs')).toBe(
      `comment is true, but this run was triggered by "push"; comments work for ${EVENTS}.`
    )
  })

  it('says so when the event names no issue or pull request, or the repository is not owner/name', () => {
    const none = 'comment is true, but the issues event names no issue or pull request.'
    expect(commentTarget('issues', {}, 'acme/docs')).toBe(none)
    expect(commentTarget('issues', { issue: { number: '7' as unknown as number } }, 'acme/docs')).toBe(none)
    for (const repository of ['', 'acme', 'acme/', '/docs'])
      expect(commentTarget('issues', { issue: { number: 7 } }, repository)).toBe(none)
  })
})

// Read before each test, never at load: see test/support/job-reports.ts.
let job: JobReport
beforeEach(() => {
  job = JOB_REPORTS.noPr
})

/** The comments of acme/docs, in memory, with every call recorded as the request the client would send; `failWith` makes each call fail with that status. */
class FakeComments implements ThreadComments {
  readonly requests: { method: string; path: string; body: { body: string } }[] = []
  readonly stored: (IssueComment & { issue: number })[] = []
  failWith: number | undefined
  nextId = 1000

  private call(method: string, path: string, body: string): Promise<void> {
    this.requests.push({ method, path, body: { body } })
    if (this.failWith === undefined) return Promise.resolve()
    return Promise.reject(Object.assign(new Error('Resource not accessible by integration'), { status: this.failWith }))
  }

  comments(number: number): Promise<IssueComment[]> {
    return Promise.resolve(this.stored.filter((c) => c.issue === number))
  }

  async createComment(number: number, body: string): Promise<number> {
    await this.call('POST', `/repos/acme/docs/issues/${number}/comments`, body)
    const id = this.nextId++
    this.stored.push({ id, issue: number, body, login: 'github-actions[bot]', isBot: true })
    return id
  }

  async updateComment(id: number, body: string): Promise<void> {
    await this.call('PATCH', `/repos/acme/docs/issues/comments/${id}`, body)
  }

  /** A stopping run's client: the same comments. */
  detached(): this {
    return this
  }
}

describe('CommentThread', () => {
  let github: FakeComments
  let dir: string
  let warnings: string[]

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'comment-test-'))
  })
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  /** Sets the run's event: its name and a payload file. */
  function event(name: string, payload: unknown): void {
    const file = join(dir, `${name}.json`)
    writeFileSync(file, JSON.stringify(payload))
    vi.stubEnv('GITHUB_EVENT_NAME', name)
    vi.stubEnv('GITHUB_EVENT_PATH', file)
  }

  beforeEach(() => {
    vi.stubEnv('GITHUB_REPOSITORY', 'acme/docs')
    vi.stubEnv('GITHUB_SERVER_URL', 'https://github.com')
    vi.stubEnv('GITHUB_RUN_ID', '77')
    event('issue_comment', { issue: { number: 8, pull_request: { url: 'x' } } })
    github = new FakeComments()
    warnings = []
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      const text = String(chunk)
      for (const line of text.split('\n')) if (line.startsWith('::warning::')) warnings.push(line.slice('::warning::'.length))
      return true
    })
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  /** The thread of the run the environment describes, through the one GitHub client (src/github/client.ts). */
  async function openThread(token: string, signal = new AbortController().signal): Promise<CommentThread | undefined> {
    const runner = await readRunner()
    return CommentThread.open(runner, token, signal, SEAL, () => Promise.resolve(github))
  }

  const open = async (signal = new AbortController().signal): Promise<CommentThread> => {
    const thread = await openThread('ghs_token', signal)
    if (!thread) throw new Error(`no thread: ${warnings.join('; ')}`)
    return thread
  }
  const requests = () => github.requests.map((r) => `${r.method} ${r.path}`)

  it('takes the job a bot’s sealed comment records, and edits that comment; a person’s copy counts for nothing', async () => {
    const key = 'proj_docs:comment/5:abc'
    const target = { owner: 'acme', repo: 'docs', number: 8, isPullRequest: true }
    github.stored.push(
      { id: 1, issue: 8, body: startBody('job_forged', RUN, key, AT), login: 'someone', isBot: false },
      { id: 2, issue: 8, body: startBody('job_1', RUN, key, AT), login: 'github-actions[bot]', isBot: true },
      { id: 3, issue: 8, body: startBody('job_later', RUN, key, AT), login: 'github-actions[bot]', isBot: true }
    )
    const thread = new CommentThread(github, github, target, new AbortController().signal, SEAL, key, RUN)
    expect((await thread.recordedJob())?.jobId).toBe('job_1')
    await thread.start('job_1')
    expect(requests()).toEqual(['PATCH /repos/acme/docs/issues/comments/2'])
    const other = new CommentThread(github, github, target, new AbortController().signal, SEAL, 'proj_docs:comment/6:abc', RUN)
    expect(await other.recordedJob()).toBeUndefined()
  })

  it('takes a record an earlier build sealed for the thread alone, and names a bot’s record with no seal in one warning', async () => {
    const key = 'proj_docs:comment/7:abc'
    const target = { owner: 'acme', repo: 'docs', number: 8, isPullRequest: true }
    const bare = `${COMMENT_MARKER}<!-- docs-agent-action job=job_bare -->\nWorking`
    github.stored.push(
      { id: 11, issue: 8, body: `${COMMENT_MARKER}<!-- docs-agent-action job=job_person -->`, login: 'someone', isBot: false },
      { id: 12, issue: 8, body: bare, login: 'github-actions[bot]', isBot: true },
      {
        id: 13,
        issue: 8,
        body: startBody('job_earlier', RUN, key, { seal: SEAL, place: 'thread 8' }),
        login: 'github-actions[bot]',
        isBot: true
      }
    )
    const thread = new CommentThread(github, github, target, new AbortController().signal, SEAL, key, RUN)
    expect(await thread.recordedJob()).toEqual({ jobId: 'job_earlier', key, earlier: true })
    expect(warnings).toEqual([])
    const other = new CommentThread(github, github, target, new AbortController().signal, SEAL, 'proj_docs:comment/9:abc', RUN)
    expect(await other.recordedJob()).toBeUndefined()
    expect(warnings).toEqual([
      'A comment in #8 records job job_bare without a seal, as builds before records were sealed wrote it: ' +
        "nothing proves it is this action's, so it is not watched. To watch it instead of a new job, run with jobId."
    ])
  })

  it('comments when the job starts and edits that comment when it ends', async () => {
    const id = github.nextId
    const thread = await open()
    await thread.start('job_1')
    const ended = JOB_REPORTS.opened
    await thread.finish(ended, false)
    expect(requests()).toEqual(['POST /repos/acme/docs/issues/8/comments', `PATCH /repos/acme/docs/issues/comments/${id}`])
    const [created, edited] = github.requests
    expect(created?.body).toEqual({ body: startBody('job_1', RUN, undefined, AT) })
    expect(edited?.body).toEqual({ body: endBody(ended, RUN, undefined, AT) })
    expect(warnings).toEqual([])
  })

  it('edits the comment it made, not another thread’s', async () => {
    const id = github.nextId
    const first = await open()
    await first.start('a')
    const second = await open()
    await second.start('b')
    await second.finish(job, false)
    await first.finish(job, false)
    expect(requests().slice(2)).toEqual([
      `PATCH /repos/acme/docs/issues/comments/${id + 1}`,
      `PATCH /repos/acme/docs/issues/comments/${id}`
    ])
  })

  it('posts the end as a new comment when no comment was made at the start', async () => {
    const thread = await open()
    await thread.finish(job, false)
    expect(requests()).toEqual(['POST /repos/acme/docs/issues/8/comments'])
    expect(github.requests[0]?.body).toEqual({ body: endBody(job, RUN, undefined, AT) })
  })

  it('takes only the job’s report: no section other than the job can be commented on', () => {
    // work.ts hands the thread the job's report alone; the type keeps every section report out.
    expectTypeOf<Parameters<CommentThread['finish']>[0]>().toEqualTypeOf<JobReport>()
    expectTypeOf<VisitorsReport>().not.toExtend<Parameters<CommentThread['finish']>[0]>()
  })

  it('links no run when the runner does not say which run it is', async () => {
    vi.stubEnv('GITHUB_RUN_ID', '')
    const thread = await open()
    await thread.start('j1')
    await thread.finish(job, false)
    expect(github.requests.map((r) => r.body.body)).toEqual([
      startBody('j1', undefined, undefined, AT),
      endBody(job, undefined, undefined, AT)
    ])
  })

  it('warns once, naming the permission a pull request needs, when GitHub refuses', async () => {
    github.failWith = 403
    const thread = await open()
    await thread.start('j1')
    await thread.finish(job, false)
    expect(github.requests).toHaveLength(2)
    expect(warnings).toEqual([
      'Could not comment on #8 (HTTP 403): give the job `permissions: pull-requests: write` (and `issues: write`), and make sure githubToken may write to acme/docs.'
    ])
  })

  it('names the permission an issue needs when GitHub cannot find the thread', async () => {
    event('issues', { issue: { number: 7 } })
    github.failWith = 404
    const thread = await open()
    await thread.start('j1')
    expect(warnings).toEqual([
      'Could not comment on #7 (HTTP 404): give the job `permissions: issues: write`, and make sure githubToken may write to acme/docs.'
    ])
  })

  it('names no permission for any other error, and gives GitHub’s message', async () => {
    github.failWith = 422
    const thread = await open()
    await thread.start('j1')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toBe('Could not comment on #8: GitHub refused it (HTTP 422, Resource not accessible by integration).')
  })

  it('posts the end once GitHub accepts comments again, after a refused start', async () => {
    github.failWith = 403
    const thread = await open()
    await thread.start('j1')
    github.failWith = undefined
    await thread.finish(job, false)
    expect(requests()).toEqual(['POST /repos/acme/docs/issues/8/comments', 'POST /repos/acme/docs/issues/8/comments'])
    expect(warnings).toHaveLength(1)
  })

  it('makes no request and no warning once the run is stopped, while the job is still running', async () => {
    const run = new AbortController()
    const thread = await open(run.signal)
    run.abort(new Error('cancelled'))
    await thread.start('j1')
    await thread.finish(job, false)
    expect(github.requests).toEqual([])
    expect(warnings).toEqual([])
  })

  it('leaves the comment as it is when the run was stopped and the end is not reported as stopping', async () => {
    const run = new AbortController()
    const thread = await open(run.signal)
    await thread.start('j1')
    run.abort(new Error('cancelled'))
    await thread.finish(job, false)
    expect(requests()).toEqual(['POST /repos/acme/docs/issues/8/comments'])
    expect(warnings).toEqual([])
  })

  it('still says how the job ended when the run is stopping, and warns if GitHub refuses', async () => {
    const id = github.nextId
    const run = new AbortController()
    const thread = await open(run.signal)
    await thread.start('j1')
    run.abort(new Error('cancelled'))
    await thread.finish(job, true)
    expect(requests()).toEqual(['POST /repos/acme/docs/issues/8/comments', `PATCH /repos/acme/docs/issues/comments/${id}`])
    expect(warnings).toEqual([])
    github.failWith = 403
    await thread.finish(job, true)
    expect(warnings).toEqual([
      'Could not comment on #8 (HTTP 403): give the job `permissions: pull-requests: write` (and `issues: write`), and make sure githubToken may write to acme/docs.'
    ])
  })

  describe('open', () => {
    it('warns and gives no thread for an event it cannot comment on', async () => {
      event('push', { ref: 'refs/heads/main' })
      expect(await openThread('ghs_token')).toBeUndefined()
      expect(warnings).toEqual([`comment is true, but this run was triggered by "push"; comments work for ${EVENTS}.`])
    })

    it('names an empty event when the runner gives none', async () => {
      vi.stubEnv('GITHUB_EVENT_NAME', undefined)
      expect(await openThread('ghs_token')).toBeUndefined()
      expect(warnings).toEqual([`comment is true, but this run was triggered by ""; comments work for ${EVENTS}.`])
    })

    it('warns when the event payload cannot be read or is not JSON', async () => {
      vi.stubEnv('GITHUB_EVENT_PATH', join(dir, 'missing.json'))
      expect(await openThread('ghs_token')).toBeUndefined()
      const bad = join(dir, 'bad.json')
      writeFileSync(bad, '{not json')
      vi.stubEnv('GITHUB_EVENT_PATH', bad)
      expect(await openThread('ghs_token')).toBeUndefined()
      expect(warnings).toHaveLength(2)
      expect(warnings[0]).toMatch(/^comment is true, but the event payload could not be read: ENOENT/)
      expect(warnings[1]).toMatch(/^comment is true, but the event payload could not be read: .*JSON/)
    })

    it('reads no payload when the runner names no file, and so finds nowhere to comment', async () => {
      vi.stubEnv('GITHUB_EVENT_PATH', undefined)
      expect(await openThread('ghs_token')).toBeUndefined()
      expect(warnings).toEqual(['comment is true, but the issue_comment event names no issue or pull request.'])
    })

    it('finds nowhere to comment when the runner names no repository', async () => {
      vi.stubEnv('GITHUB_REPOSITORY', undefined)
      expect(await openThread('ghs_token')).toBeUndefined()
      expect(warnings).toEqual(['comment is true, but the issue_comment event names no issue or pull request.'])
    })

    it('warns and gives no thread when there is no token', async () => {
      expect(await openThread('')).toBeUndefined()
      expect(warnings).toEqual(['comment is true, but githubToken is empty; pass ${{ github.token }} or a token that may comment.'])
      expect(github.requests).toEqual([])
    })
  })
})
