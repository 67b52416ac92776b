// Tests the reading of the change that triggered the run (src/github/change-reader.ts) against an
// in-memory fake of the GitHub reads it makes: a pull request, a push and a release, the changes
// there is nothing to follow in, lists GitHub cut short, and payloads that lack what is needed.
import { describe, expect, it } from 'vitest'
import type { ChangeCommit, ChangedFile } from '../../../src/change/change.js'
import { changePermission, type ChangeReads, readChange } from '../../../src/github/change-reader.js'
import { StopError } from '../../../src/core/lifetime.js'

const BEFORE = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3'
const AFTER = 'b94a8fe5ccb19ba61c4c0873d391e987982fbbd3'
const ZERO = '0'.repeat(40)

const COMMITS: ChangeCommit[] = [
  { sha: BEFORE, message: 'Add retries' },
  { sha: AFTER, message: 'Document retries' }
]
const FILES: ChangedFile[] = [{ path: 'src/retry.ts', status: 'added', additions: 10, deletions: 0, patch: '@@ -0,0 +1 @@\n+retry' }]

interface Release {
  tag: string
  createdAt: string
  draft: boolean
}

/** GitHub's answers for one repository, with every call recorded. */
class FakeReads implements ChangeReads {
  readonly calls: string[] = []
  commitsComplete = true
  filesComplete = true
  comparison = { commits: COMMITS, files: FILES, totalCommits: 2 }
  releaseList: Release[] = []

  pullCommits(number: number) {
    this.calls.push(`pullCommits ${number}`)
    return Promise.resolve({ commits: COMMITS, complete: this.commitsComplete })
  }

  pullFiles(number: number) {
    this.calls.push(`pullFiles ${number}`)
    return Promise.resolve({ files: FILES, complete: this.filesComplete })
  }

  compare(base: string, head: string) {
    this.calls.push(`compare ${base}...${head}`)
    return Promise.resolve(this.comparison)
  }

  commit(ref: string) {
    this.calls.push(`commit ${ref}`)
    return Promise.resolve({ commit: { sha: ref, message: 'Start the branch' }, files: FILES })
  }

  releases() {
    this.calls.push('releases')
    return Promise.resolve(this.releaseList)
  }
}

function pullPayload(action: string, extra: Record<string, unknown> = {}) {
  return {
    action,
    pull_request: {
      number: 42,
      title: 'Add retries',
      body: 'Retries back off.',
      html_url: 'https://github.com/acme/app/pull/42',
      user: { login: 'octocat' },
      merged: false,
      merge_commit_sha: null,
      base: { ref: 'main' },
      head: { ref: 'retries', sha: AFTER, label: 'octocat:retries' },
      ...extra
    }
  }
}

function pushPayload(extra: Record<string, unknown> = {}) {
  return {
    ref: 'refs/heads/main',
    before: BEFORE,
    after: AFTER,
    compare: 'https://github.com/acme/app/compare/a94a8fe5ccb1...b94a8fe5ccb1',
    pusher: { name: 'octocat' },
    sender: { login: 'octocat-sender' },
    ...extra
  }
}

function releasePayload(extra: Record<string, unknown> = {}) {
  return {
    action: 'published',
    release: {
      tag_name: 'v2.1.0',
      name: 'Version 2.1',
      body: 'New: retries.',
      html_url: 'https://github.com/acme/app/releases/tag/v2.1.0',
      created_at: '2026-11-20T10:00:00Z',
      author: { login: 'releaser' },
      ...extra
    }
  }
}

describe('readChange of a pull request', () => {
  it('reads an opened pull request: its commits and files, title, description, author and branches', async () => {
    const reads = new FakeReads()
    expect(await readChange(reads, 'pull_request', pullPayload('opened'))).toEqual({
      change: {
        kind: 'pull request',
        title: 'Pull request #42: Add retries',
        body: 'Retries back off.',
        author: 'octocat',
        base: 'main',
        head: 'octocat:retries',
        url: 'https://github.com/acme/app/pull/42',
        commits: COMMITS,
        files: FILES,
        incomplete: undefined
      }
    })
    expect([...reads.calls].sort()).toEqual(['pullCommits 42', 'pullFiles 42'])
  })

  it('reads a pull request of pull_request_target, and after new commits (synchronize), the same way', async () => {
    for (const [event, action] of [
      ['pull_request_target', 'opened'],
      ['pull_request', 'synchronize'],
      ['pull_request', 'reopened']
    ] as const) {
      const read = await readChange(new FakeReads(), event, pullPayload(action))
      expect(read).toMatchObject({ change: { kind: 'pull request', title: 'Pull request #42: Add retries' } })
    }
  })

  it('says a merged pull request was merged', async () => {
    const read = await readChange(new FakeReads(), 'pull_request', pullPayload('closed', { merged: true, merge_commit_sha: BEFORE }))
    expect(read).toMatchObject({ change: { title: 'Pull request #42 (merged): Add retries', commits: COMMITS, files: FILES } })
  })

  it('skips a pull request closed without being merged, and reads nothing of it', async () => {
    for (const merged of [false, null, undefined]) {
      const reads = new FakeReads()
      expect(await readChange(reads, 'pull_request', pullPayload('closed', { merged }))).toEqual({
        skip: 'Pull request #42 was closed without being merged: there is no change for the docs to follow.'
      })
      expect(reads.calls).toEqual([])
    }
  })

  it('takes the branch name when GitHub gives no label, and leaves out what the payload lacks', async () => {
    const read = await readChange(
      new FakeReads(),
      'pull_request',
      pullPayload('opened', { head: { ref: 'retries', sha: AFTER }, body: null, user: null, html_url: undefined })
    )
    expect(read).toMatchObject({ change: { head: 'retries', body: undefined, author: undefined, url: undefined } })
  })

  it.each([
    [false, true, 'GitHub lists only the first files of a change this large; the rest are not here.'],
    [true, false, 'GitHub lists only the first commits of a change this large; the rest are not here.'],
    [false, false, 'GitHub lists only the first files and commits of a change this large; the rest are not here.']
  ])('says the change is incomplete when GitHub did not list it all (files %s, commits %s)', async (files, commits, note) => {
    const reads = new FakeReads()
    reads.filesComplete = files
    reads.commitsComplete = commits
    expect(await readChange(reads, 'pull_request', pullPayload('opened'))).toMatchObject({ change: { incomplete: note } })
  })
})

describe('readChange of a push', () => {
  it('compares before with after', async () => {
    const reads = new FakeReads()
    expect(await readChange(reads, 'push', pushPayload())).toEqual({
      change: {
        kind: 'push',
        title: 'Push to main: a94a8fe..b94a8fe',
        author: 'octocat',
        url: 'https://github.com/acme/app/compare/a94a8fe5ccb1...b94a8fe5ccb1',
        commits: COMMITS,
        files: FILES,
        incomplete: undefined
      }
    })
    expect(reads.calls).toEqual([`compare ${BEFORE}...${AFTER}`])
  })

  it('names the tag of a pushed tag, and takes the sender when there is no pusher', async () => {
    const read = await readChange(new FakeReads(), 'push', pushPayload({ ref: 'refs/tags/v2', pusher: undefined }))
    expect(read).toMatchObject({ change: { title: 'Push to v2: a94a8fe..b94a8fe', author: 'octocat-sender' } })
  })

  it('reads the last commit of a new branch, whose before is all zeros or missing', async () => {
    for (const before of [ZERO, undefined, 'not-a-sha']) {
      const reads = new FakeReads()
      expect(await readChange(reads, 'push', pushPayload({ ref: 'refs/heads/docs/new', before }))).toEqual({
        change: {
          kind: 'push',
          title: 'Push of a new docs/new at b94a8fe',
          author: 'octocat',
          commits: [{ sha: AFTER, message: 'Start the branch' }],
          files: FILES,
          incomplete: 'The push made a new branch: only its last commit is here.'
        }
      })
      expect(reads.calls).toEqual([`commit ${AFTER}`])
    }
  })

  it('skips a push that deleted a branch, and reads nothing', async () => {
    const reads = new FakeReads()
    expect(await readChange(reads, 'push', pushPayload({ ref: 'refs/heads/old', after: ZERO }))).toEqual({
      skip: 'The push deleted old: there is no change for the docs to follow.'
    })
    expect(reads.calls).toEqual([])
  })

  it('says the comparison is incomplete at 300 files, or when it lists fewer commits than there are', async () => {
    const file = FILES[0] as ChangedFile
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...file, path: `src/f${i}.ts` }))
    const reads = new FakeReads()
    reads.comparison = { commits: COMMITS, files: many(299), totalCommits: 2 }
    expect(await readChange(reads, 'push', pushPayload())).toMatchObject({ change: { incomplete: undefined } })
    reads.comparison = { commits: COMMITS, files: many(300), totalCommits: 2 }
    expect(await readChange(reads, 'push', pushPayload())).toMatchObject({
      change: { incomplete: 'GitHub lists only the first files of a change this large; the rest are not here.' }
    })
    reads.comparison = { commits: COMMITS, files: FILES, totalCommits: 251 }
    expect(await readChange(reads, 'push', pushPayload())).toMatchObject({
      change: { incomplete: 'GitHub lists only the first commits of a change this large; the rest are not here.' }
    })
  })
})

describe('readChange of a release', () => {
  it('compares the release with the latest earlier one that is not a draft', async () => {
    const reads = new FakeReads()
    reads.releaseList = [
      { tag: 'v2.1.0', createdAt: '2026-11-20T10:00:00Z', draft: false },
      { tag: 'v3.0.0-draft', createdAt: '2026-11-19T10:00:00Z', draft: true },
      { tag: 'v2.0.0', createdAt: '2026-10-01T10:00:00Z', draft: false },
      { tag: 'v2.0.1', createdAt: '2026-10-15T10:00:00Z', draft: false },
      { tag: 'v1.0.0', createdAt: '2026-01-01T10:00:00Z', draft: false },
      { tag: 'v9.0.0', createdAt: '2026-12-01T10:00:00Z', draft: false }
    ]
    expect(await readChange(reads, 'release', releasePayload())).toEqual({
      change: {
        kind: 'release',
        title: 'Release Version 2.1',
        body: 'New: retries.',
        author: 'releaser',
        base: 'v2.0.1',
        head: 'v2.1.0',
        url: 'https://github.com/acme/app/releases/tag/v2.1.0',
        commits: COMMITS,
        files: FILES,
        incomplete: undefined
      }
    })
    expect(reads.calls).toEqual(['releases', 'compare v2.0.1...v2.1.0'])
  })

  it('gives only the notes of the first release, with no comparison', async () => {
    const reads = new FakeReads()
    reads.releaseList = [
      { tag: 'v1.0.0', createdAt: '2026-11-20T10:00:00Z', draft: false },
      { tag: 'v0.9.0', createdAt: '2026-11-01T10:00:00Z', draft: true }
    ]
    expect(await readChange(reads, 'release', releasePayload({ tag_name: 'v1.0.0' }))).toEqual({
      change: {
        kind: 'release',
        title: 'Release Version 2.1',
        body: 'New: retries.',
        author: 'releaser',
        base: undefined,
        head: 'v1.0.0',
        url: 'https://github.com/acme/app/releases/tag/v2.1.0',
        commits: [],
        files: [],
        incomplete: 'This is the first release: there is no earlier one to compare with, so only its notes are here.'
      }
    })
    expect(reads.calls).toEqual(['releases'])
  })

  it('names a release without a name by its tag', async () => {
    for (const name of [null, '', '   ', undefined]) {
      const read = await readChange(new FakeReads(), 'release', releasePayload({ name }))
      expect(read).toMatchObject({ change: { title: 'Release v2.1.0' } })
    }
  })

  it('says the comparison with the earlier release is incomplete when GitHub listed 300 files', async () => {
    const reads = new FakeReads()
    reads.releaseList = [{ tag: 'v2.0.0', createdAt: '2026-10-01T10:00:00Z', draft: false }]
    reads.comparison = { commits: COMMITS, files: Array.from({ length: 300 }, () => FILES[0] as ChangedFile), totalCommits: 2 }
    expect(await readChange(reads, 'release', releasePayload())).toMatchObject({
      change: { base: 'v2.0.0', incomplete: 'GitHub lists only the first files of a change this large; the rest are not here.' }
    })
  })
})

describe('readChange of other events and malformed payloads', () => {
  it('refuses an event whose change it cannot read', async () => {
    for (const event of ['issues', 'issue_comment', 'workflow_dispatch', 'schedule', ''])
      await expect(readChange(new FakeReads(), event, {})).rejects.toThrow(
        `context: change reads the change of a pull_request, pull_request_target, push, release event, not of ${event}`
      )
  })

  it.each<[string, unknown, string]>([
    ['pull_request', undefined, 'its fields'],
    ['pull_request', null, 'its fields'],
    ['pull_request', 'x', 'its fields'],
    ['pull_request', {}, 'pull_request'],
    ['pull_request', { pull_request: { ...pullPayload('opened').pull_request, number: '42' } }, 'pull_request.number'],
    [
      'pull_request_target',
      { pull_request: { ...pullPayload('opened').pull_request, head: { ref: 'x', sha: 'HEAD' } } },
      'pull_request.head.sha'
    ],
    ['pull_request', { pull_request: { ...pullPayload('opened').pull_request, base: null } }, 'pull_request.base'],
    ['push', {}, 'ref'],
    ['push', pushPayload({ after: 'main' }), 'after'],
    ['push', pushPayload({ after: undefined }), 'after'],
    ['push', pushPayload({ ref: 7 }), 'ref'],
    ['release', {}, 'release'],
    ['release', releasePayload({ tag_name: '' }), 'release.tag_name'],
    ['release', releasePayload({ created_at: undefined }), 'release.created_at']
  ])('throws a clear Error for a %s payload %j that lacks what the change is read from', async (event, payload, where) => {
    const reads = new FakeReads()
    const error: unknown = await readChange(reads, event, payload).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).not.toBeInstanceOf(TypeError)
    expect((error as Error).message).toBe(`the ${event} event payload lacks what the change is read from (${where})`)
    expect(reads.calls).toEqual([])
  })
})

describe('readChange: a request that fails', () => {
  /** An error as the GitHub library throws it: a status, a message and the answer's headers. */
  const refused = (status: number, headers: Record<string, string> = {}) =>
    Object.assign(new Error('Resource not accessible by integration - https://docs.github.com/rest'), { status, response: { headers } })

  class FailingReads extends FakeReads {
    constructor(private readonly error: Error) {
      super()
    }
    override pullFiles(number: number) {
      this.calls.push(`pullFiles ${number}`)
      return Promise.reject(this.error)
    }
    override compare(base: string, head: string) {
      this.calls.push(`compare ${base}...${head}`)
      return Promise.reject(this.error)
    }
  }

  const advice = ', which `context: change` reads it with; or set context: none.'

  it.each<[string, unknown, string]>([
    ['pull_request', pullPayload('closed', { merged: true }), 'pull-requests: read'],
    ['pull_request_target', pullPayload('opened'), 'pull-requests: read'],
    ['push', pushPayload(), 'contents: read'],
    ['release', releasePayload(), 'contents: read']
  ])('names the permission a %s event is read with on a 403', async (event, payload, permission) => {
    const reads = new FailingReads(refused(403))
    if (event === 'release') reads.releaseList = [{ tag: 'v2.0.0', createdAt: '2026-11-01T00:00:00Z', draft: false }]
    const error = (await readChange(reads, event, payload).catch((e: unknown) => e)) as Error
    expect(error.message).toBe(
      `Could not read the change of the ${event} event (HTTP 403): give the job \`permissions: ${permission}\`${advice}`
    )
    expect(error.cause).toBeInstanceOf(Error)
  })

  it('names the permission on a 404 too, as GitHub answers a private repository', async () => {
    const error = (await readChange(new FailingReads(refused(404)), 'push', pushPayload()).catch((e: unknown) => e)) as Error
    expect(error.message).toBe(
      `Could not read the change of the push event (HTTP 404): give the job \`permissions: contents: read\`${advice}`
    )
  })

  it('says GitHub could not be reached, not a permission, when nothing answered', async () => {
    const error = (await readChange(new FailingReads(new Error('socket hang up')), 'push', pushPayload()).catch((e: unknown) => e)) as Error
    expect(error.message).toBe('Could not read the change of the push event: GitHub could not be reached (socket hang up).')
  })

  it('lets the deadline and cancellation through as they are', async () => {
    const stop = new StopError('timeout')
    expect(await readChange(new FailingReads(stop), 'push', pushPayload()).catch((e: unknown) => e)).toBe(stop)
  })
})

describe('changePermission', () => {
  it('is contents: read for the compared commits of a push or a release, pull-requests: read for a pull request', () => {
    expect(changePermission('push')).toBe('contents: read')
    expect(changePermission('release')).toBe('contents: read')
    expect(changePermission('pull_request')).toBe('pull-requests: read')
    expect(changePermission('pull_request_target')).toBe('pull-requests: read')
  })
})
