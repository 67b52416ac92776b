// Tests how the docs health issue is found (src/github/issues.ts) through an in-memory fake of the
// GitHub client's issue lists: an issue whose state verifies counts whoever opened it, an unproven one
// only when a bot opened it; the labelled pages are read oldest first until the one that holds an
// issue whose state verifies, then the latest issues; a pull request's
// state that cannot be read counts for nothing unless the run stopped.
import { describe, expect, it } from 'vitest'
import type { IssueData, PullState } from '../../../src/github/client.js'
import { HEALTH_ISSUE_LABEL, HealthIssues, type IssueReads } from '../../../src/github/issues.js'

const MARKER = '<!-- docs-health:proj -->'
const bot = { type: 'Bot', login: 'github-actions[bot]' }
const issue = (number: number, body: string, user = bot): IssueData => ({
  number,
  title: `#${number}`,
  body,
  state: 'open',
  html_url: `https://github.com/acme/docs/issues/${number}`,
  user
})

/** Labelled pages and latest issues as given; every list read is recorded, and `enough` is asked as the client asks it. */
function fake(labelled: IssueData[][], latest: IssueData[] = [], pull?: () => Promise<PullState>, files?: IssueReads['pullFilesOf']) {
  const reads: string[] = []
  const github: IssueReads = {
    issues: (query, enough) => {
      if (query.label === undefined) {
        reads.push(`latest by ${query.sort ?? 'creation'}`)
        return Promise.resolve(latest)
      }
      expect(query.label).toBe(HEALTH_ISSUE_LABEL)
      // Oldest first: no number of newer issues pushes the action's out of the pages read.
      expect(query.direction).toBe('asc')
      const items: IssueData[] = []
      for (const [i, page] of labelled.entries()) {
        reads.push(`labelled page ${i + 1}`)
        items.push(...page)
        if (enough?.(page) === true) break
      }
      return Promise.resolve(items)
    },
    issue: () => Promise.reject(new Error('not read')),
    createIssue: () => Promise.reject(new Error('not made')),
    updateIssue: () => Promise.reject(new Error('not made')),
    createComment: () => Promise.reject(new Error('not made')),
    pullState: pull ?? (() => Promise.resolve({ state: 'open' })),
    pullFilesOf: files ?? (() => Promise.resolve([])),
    canWrite: () => Promise.resolve(false)
  }
  return { github, reads }
}

const owned = (body: string): string => body
const sealed = (i: { body: string }): boolean => i.body.endsWith(' sealed')

describe('HealthIssues.find', () => {
  it('stops at the labelled page that holds the issue whose state verifies, and takes the others as copies', async () => {
    const { github, reads } = fake([[issue(9, `${MARKER} copy`)], [issue(3, `${MARKER} sealed`)], [issue(1, `${MARKER} old`)]])
    const found = await new HealthIssues(github, new AbortController().signal).find(MARKER, owned, sealed)
    expect(found.proven).toBe(true)
    expect(found.issue?.number).toBe(3)
    expect(found.others.map((i) => i.number)).toEqual([9])
    expect(reads).toEqual(['labelled page 1', 'labelled page 2'])
  })

  it('finds the issue whose state verifies on the last labelled page, though the list asks no question of that page', async () => {
    const pages = [[issue(9, `${MARKER} copy`)], [issue(1, `${MARKER} sealed`)]]
    const { github } = fake([])
    const asked: number[][] = []
    github.issues = (query, enough) => {
      if (query.label === undefined) return Promise.resolve([])
      // As a list whose last page is short: that page is given back, not asked about.
      const [first = []] = pages
      asked.push(first.map((i) => i.number))
      enough?.(first)
      return Promise.resolve(pages.flat())
    }
    const found = await new HealthIssues(github, new AbortController().signal).find(MARKER, owned, sealed)
    expect(asked).toEqual([[9]])
    expect(found).toMatchObject({ proven: true, issue: { number: 1 } })
    expect(found.others.map((i) => i.number)).toEqual([9])
  })

  it('looks among the latest issues when no labelled one verifies, and takes the oldest with the marker, unproven', async () => {
    const { github, reads } = fake([[issue(7, `${MARKER} unverified`)]], [issue(5, `${MARKER} unverified`), issue(6, 'no marker')])
    const found = await new HealthIssues(github, new AbortController().signal).find(MARKER, owned, sealed)
    expect(reads).toEqual(['labelled page 1', 'latest by updated'])
    expect(found).toMatchObject({ proven: false, issue: { number: 5 } })
    expect(found.others.map((i) => i.number)).toEqual([7])
  })

  it('never takes a pull request, whatever its marker and seal, nor an unsealed issue a person opened', async () => {
    const person = { type: 'User', login: 'someone' }
    const pull = { ...issue(2, `${MARKER} sealed`), pull_request: {} }
    const { github } = fake([[issue(1, `${MARKER} unverified`, person), pull]])
    const found = await new HealthIssues(github, new AbortController().signal).find(MARKER, owned, sealed)
    expect(found.issue).toBeUndefined()
    expect(found.proven).toBe(false)
    expect(found.others.map((i) => i.number)).toEqual([1])
  })

  it('takes an issue whose state verifies whoever opened it: the action with a personal access token is a person', async () => {
    const person = { type: 'User', login: 'docs-lead' }
    const { github } = fake([[issue(3, `${MARKER} sealed`, person), issue(5, `${MARKER} unverified`)]])
    const found = await new HealthIssues(github, new AbortController().signal).find(MARKER, owned, sealed)
    expect(found).toMatchObject({ proven: true, issue: { number: 3, author: 'docs-lead' } })
    expect(found.others.map((i) => i.number)).toEqual([5])
  })

  it('falls back on no issue whose author GitHub no longer reports (a deleted account), but takes one sealed', async () => {
    const ghost = { ...issue(4, `${MARKER} unverified`), user: null }
    const unproven = await new HealthIssues(fake([[ghost, issue(8, `${MARKER} unverified`)]]).github, new AbortController().signal).find(
      MARKER,
      owned,
      sealed
    )
    expect(unproven).toMatchObject({ proven: false, issue: { number: 8 } })
    const sealedGhost = { ...issue(4, `${MARKER} sealed`), user: null }
    const proven = await new HealthIssues(fake([[sealedGhost]]).github, new AbortController().signal).find(MARKER, owned, sealed)
    expect(proven).toMatchObject({ proven: true, issue: { number: 4 } })
  })

  it("checks each issue's seal once, however many pages are looked at after it", async () => {
    const pages = [[issue(1, `${MARKER} copy`)], [issue(2, `${MARKER} copy`)], [issue(3, `${MARKER} sealed`)]]
    const checked: number[] = []
    const found = await new HealthIssues(fake(pages).github, new AbortController().signal).find(MARKER, owned, (i) => {
      checked.push(i.number)
      return sealed(i)
    })
    expect(found.issue?.number).toBe(3)
    expect(checked.sort((a, b) => a - b)).toEqual([1, 2, 3])
  })

  it('takes the oldest of several issues whose state verifies, wherever the page lists it, and the rest oldest first', async () => {
    const { github } = fake([
      [issue(12, `${MARKER} sealed`), issue(30, `${MARKER} copy`), issue(4, `${MARKER} sealed`), issue(21, `${MARKER} copy`)]
    ])
    const found = await new HealthIssues(github, new AbortController().signal).find(MARKER, owned, sealed)
    expect(found.issue?.number).toBe(4)
    expect(found.others.map((i) => i.number)).toEqual([12, 21, 30])
  })
})

describe('HealthIssues reads and writes', () => {
  const data = (over: Partial<IssueData>): IssueData => ({ ...issue(7, `${MARKER} body`), ...over })

  it('reads an issue as GitHub gives it: closed, without a body, opened through an app', async () => {
    const { github } = fake([])
    github.issue = (number) =>
      Promise.resolve(data({ number, state: 'closed', body: null, performed_via_github_app: { slug: 'docs-app' } }))
    expect(await new HealthIssues(github, new AbortController().signal).get(7)).toEqual({
      number: 7,
      title: '#7',
      body: '',
      state: 'closed',
      url: 'https://github.com/acme/docs/issues/7',
      author: 'github-actions[bot] (app docs-app)'
    })
  })

  it('creates the issue under the docs health label, and reads it as open', async () => {
    const { github } = fake([])
    const made: unknown[] = []
    github.createIssue = (title, body, labels) => {
      made.push({ title, body, labels })
      return Promise.resolve(data({ title, body }))
    }
    const created = await new HealthIssues(github, new AbortController().signal).create('Docs health', 'report')
    expect(made).toEqual([{ title: 'Docs health', body: 'report', labels: ['docs-health'] }])
    expect(created).toMatchObject({ title: 'Docs health', body: 'report', state: 'open', author: 'github-actions[bot]' })
  })

  it('updates the issue and names an author GitHub no longer reports as someone', async () => {
    const { github } = fake([])
    const updates: unknown[] = []
    github.updateIssue = (number, body) => {
      updates.push({ number, body })
      return Promise.resolve(data({ number, body, user: null, state: 'reopened-or-other' }))
    }
    const updated = await new HealthIssues(github, new AbortController().signal).update(7, 'new body')
    expect(updates).toEqual([{ number: 7, body: 'new body' }])
    expect(updated).toMatchObject({ number: 7, body: 'new body', state: 'open', author: 'someone' })
  })

  it('asks the client whether a person may push', async () => {
    const { github } = fake([])
    const asked: string[] = []
    github.canWrite = (login) => {
      asked.push(login)
      return Promise.resolve(login === 'maintainer')
    }
    const issues = new HealthIssues(github, new AbortController().signal)
    expect(await issues.canWrite('maintainer')).toBe(true)
    expect(await issues.canWrite('visitor')).toBe(false)
    expect(asked).toEqual(['maintainer', 'visitor'])
  })
})

describe('HealthIssues.pullState', () => {
  it('counts a pull request that cannot be read as unknown, unless the run stopped', async () => {
    const failing = () => Promise.reject(Object.assign(new Error('Not Found'), { status: 404 }))
    const { github } = fake([], [], failing)
    expect(await new HealthIssues(github, new AbortController().signal).pullState('acme', 'docs', 5)).toBeUndefined()
    const stopped = new AbortController()
    stopped.abort(new Error('cancelled'))
    await expect(new HealthIssues(github, stopped.signal).pullState('acme', 'docs', 5)).rejects.toThrow('Not Found')
  })
})

describe('HealthIssues.pullMoves', () => {
  it('reads the pages a merged pull request renamed or removed from its files, in its own repository', async () => {
    const asked: string[] = []
    const { github } = fake([], [], undefined, (owner, repo, number) => {
      asked.push(`${owner}/${repo}#${number}`)
      return Promise.resolve([
        { path: 'docs/webhooks.mdx', previousPath: 'guides/webhooks.mdx', status: 'renamed', additions: 1, deletions: 1 },
        { path: 'guides/old.md', status: 'removed', additions: 0, deletions: 9 },
        { path: 'guides/edited.mdx', status: 'modified', additions: 1, deletions: 1 }
      ])
    })
    expect(await new HealthIssues(github, new AbortController().signal).pullMoves('acme', 'site', 9)).toEqual([
      { from: '/guides/webhooks', to: '/docs/webhooks' },
      { from: '/guides/old' }
    ])
    expect(asked).toEqual(['acme/site#9'])
  })

  it('counts files that cannot be read as no move, unless the run stopped', async () => {
    const failing = () => Promise.reject(Object.assign(new Error('Not Found'), { status: 404 }))
    const { github } = fake([], [], undefined, failing)
    expect(await new HealthIssues(github, new AbortController().signal).pullMoves('acme', 'docs', 5)).toEqual([])
    const stopped = new AbortController()
    stopped.abort(new Error('cancelled'))
    await expect(new HealthIssues(github, stopped.signal).pullMoves('acme', 'docs', 5)).rejects.toThrow('Not Found')
  })
})
