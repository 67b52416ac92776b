// What the action finds on GitHub and acts on, when others write there too, through the bundle
// against the emulator and the stateful GitHub fake: no number of newer issues another app opens with
// the marker hides the docs health issue; a personal access token's issue is found again by its seal;
// ticks count only for the edit that made them; a reader is refused once on a pull request with 1,500
// comments.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { defaultFeedback } from '../emulator/analytics-data.js'
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { RecordSeal } from '../../src/core/record-seal.js'
import { COMMENT_MARKER, pullMarker, sealedAt } from '../../src/agent/records.js'
import { ACTIONS_WRITER, OTHER_APP, startGitHubFake } from '../support/github-fake.js'
import { renderSummary } from '../support/render.js'
import { node24 } from '../support/runtimes.js'
import { siteTotals, visitorRows } from '../support/visitors.js'
import { docsHealthInputs } from '../support/docs-health-inputs.js'

const KEY = 'mint_takeoverKey2Qm'
const TOKEN = 'ghs_takeoverToken8Lc'
const WEEK_1 = { dateFrom: '2026-11-09', dateTo: '2026-11-16' }
const WEEK_2 = { dateFrom: '2026-11-16', dateTo: '2026-11-23' }
const WEEKS = [WEEK_1, WEEK_2, { dateFrom: '2026-11-23', dateTo: '2026-11-30' }, { dateFrom: '2026-11-30', dateTo: '2026-12-07' }]
const PRIVATE = { repository: { full_name: 'acme/docs', private: true, visibility: 'private' } }
const SCHEDULE = { name: 'schedule', payload: PRIVATE }
const SEARCHES = [
  { searchQuery: 'webhook retries', hits: 900 },
  { searchQuery: 'rotate token', hits: 800 }
].map((row) => ({ ...row, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-10T10:00:00Z' }))

let emu: Emulator
let runId = 88_000
beforeAll(async () => {
  emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
  emu.setVisitors({ totals: siteTotals(20), rows: visitorRows(20) })
  emu.setSearches({ rows: SEARCHES })
  emu.setFeedback(defaultFeedback())
})
afterAll(async () => {
  await emu.close()
})

type GitHubFake = Awaited<ReturnType<typeof startGitHubFake>>

async function fake(): Promise<GitHubFake> {
  const github = await startGitHubFake()
  onTestFinished(() => github.close())
  return github
}

const run = (
  github: GitHubFake,
  event: { name: string; payload: unknown },
  inputs: Record<string, string> = {},
  env: Record<string, string> = {}
) =>
  runAction({
    node: node24(),
    onTestFinished,
    inputs: docsHealthInputs(emu.url, { apiKey: KEY, githubToken: TOKEN }, { wait: 'false', ...WEEK_1, ...inputs }),
    event,
    env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: String(++runId), ...env }
  })

/** The prompts of the agent jobs created since `from` requests. */
const promptsSince = (from: number): string[] =>
  emu.requests
    .slice(from)
    .filter((r) => r.method === 'POST' && r.path === '/v2/agent/proj_docs/job')
    .map((r) => JSON.stringify(r.body))

const GAP_LINE = /^- \[ \] (.*<!-- gap:[0-9a-f]{12} -->)$/gm
/** The subject of a gap line: its page, or its search. */
const subjectOf = (line: string): string => /<code>([^<]+)<\/code>|“([^”]+)”/.exec(line)?.slice(1).find(Boolean) ?? line

describe('a run started by an edit acts only on the boxes that edit ticked', () => {
  it("[node 24] asks nothing for boxes another app ticked when a writer renames the issue; the writer's own tick alone; the rest on schedule", async () => {
    const github = await fake()
    github.setPermission('docs-lead', 'write')
    const weekly = await run(github, SCHEDULE)
    expect(weekly.code, weekly.stdout).toBe(0)
    const issue = github.issues[0]
    if (!issue) throw new Error('no docs health issue')
    const lines = issue.body.match(GAP_LINE) ?? []
    expect(lines.length).toBeGreaterThanOrEqual(3)
    const [writers = '', ...others] = lines
    // Another app ticks every box but the first; its own edit starts a run that does nothing (a bot's).
    const untouched = issue.body
    issue.body = others.reduce((body, line) => body.replace(line, line.replace('- [ ]', '- [x]')), issue.body)
    const edit = (login: string, type: string, changes: unknown) => ({
      name: 'issues',
      payload: { action: 'edited', issue: { number: issue.number, body: issue.body }, changes, sender: { login, type }, ...PRIVATE }
    })
    const from = emu.requests.length
    const appRun = await run(github, edit('helpful-bot[bot]', 'Bot', { body: { from: untouched } }))
    expect(appRun.code, appRun.stdout).toBe(0)
    expect(appRun.stdout).toContain('edited by a bot')

    // A writer renames the issue: the edit ticks nothing, so nothing is asked.
    issue.title = 'Docs health (renamed)'
    const rename = await run(github, edit('docs-lead', 'User', { title: { from: 'Docs health' } }))
    expect(rename.code, rename.stdout).toBe(0)
    expect(promptsSince(from)).toEqual([])
    expect(rename.stdout).toContain(
      `${others.length} boxes asking the agent were ticked before this edit, not by it: a run started by an edit acts only on the boxes that edit ticked, so these wait for the next scheduled run.`
    )

    // The writer ticks the first box: that gap alone is asked for.
    const before = issue.body
    issue.body = issue.body.replace(writers, writers.replace('- [ ]', '- [x]'))
    emu.planJobs({ finishAfterMs: 0 })
    const tick = await run(github, edit('docs-lead', 'User', { body: { from: before } }))
    expect(tick.code, tick.stdout).toBe(0)
    const asked = promptsSince(from)
    expect(asked).toHaveLength(1)
    expect(asked[0]).toContain(subjectOf(writers))
    for (const line of others) expect(asked[0]).not.toContain(subjectOf(line))

    // The next scheduled run asks for the boxes the app ticked, as the docs say.
    emu.planJobs({ finishAfterMs: 0 })
    const scheduled = await run(github, SCHEDULE, WEEK_2)
    expect(scheduled.code, scheduled.stdout).toBe(0)
    const later = promptsSince(from)
    expect(later).toHaveLength(2)
    for (const line of others) expect(later[1]).toContain(subjectOf(line))
  })
})

describe('the docs health issue is found by its seal, oldest first', () => {
  const issuePosts = (github: GitHubFake) => github.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/issues'))
  const issueLists = (github: GitHubFake, from: number) =>
    github.requests.slice(from).filter((r) => r.method === 'GET' && r.path.includes('/issues?'))

  it('[node 24] keeps its issue and its history when another app opens 500 newer labelled issues with the marker', async () => {
    const github = await fake()
    const first = await run(github, SCHEDULE)
    expect(first.code, first.stdout).toBe(0)
    const real = github.issues[0]
    if (!real) throw new Error('no docs health issue')
    const unsealed = real.body.replace(/<!-- docs-agent-action:state-seal [\w-]+ -->/, '')
    for (let i = 0; i < 500; i++)
      github.addIssue({
        title: `Docs health ${i}`,
        body: unsealed,
        state: 'open',
        labels: ['docs-health'],
        user: OTHER_APP.user,
        performed_via_github_app: OTHER_APP.app
      })
    const from = github.requests.length
    const second = await run(github, SCHEDULE, WEEK_2)
    expect(second.code, second.stdout).toBe(0)
    expect(second.outputs.healthIssueUrl).toBe(`https://github.com/acme/docs/issues/${real.number}`)
    expect(second.stdout).not.toContain('holds no state this action can verify')
    expect(renderSummary(real.body).text).toContain('2 weeks since')
    expect(issuePosts(github)).toHaveLength(1)
    // Oldest first, the issue is on the first page read: the 500 newer ones cost no request.
    expect(issueLists(github, from).map((r) => r.path)).toEqual([
      expect.stringMatching(/labels=docs-health.*direction=asc|direction=asc.*labels=docs-health/)
    ])
    // The app's issues are left as they were.
    expect(github.issues.filter((issue) => issue.number !== real.number).every((issue) => issue.body === unsealed)).toBe(true)
  })

  it('[node 24] finds its own issue again, by its seal, in every run with a personal access token, and warns only when it opens one', async () => {
    const github = await fake()
    // A personal access token acts as its person: GitHub reports the issue as theirs, not a bot's.
    github.actAs({ user: { login: 'docs-lead', type: 'User', id: 5 }, app: null })
    const results = []
    for (const week of WEEKS) results.push(await run(github, SCHEDULE, week, {}))
    for (const result of results) expect(result.code, result.stdout).toBe(0)
    expect(issuePosts(github)).toHaveLength(1)
    expect(github.issues).toHaveLength(1)
    expect(github.issues[0]?.user.type).toBe('User')
    expect(new Set(results.map((result) => result.outputs.healthIssueUrl))).toEqual(new Set([`https://github.com/acme/docs/issues/1`]))
    expect(renderSummary(github.issues[0]?.body ?? '').text).toContain(`${WEEKS.length} weeks since`)
    const warned = (text: string) => text.includes('::warning::No docs health issue of this action was found')
    expect(results.map((result) => warned(result.stdout))).toEqual([true, false, false, false])
    expect(results[0]?.stdout).toContain('a new one is opened')
  })
})

describe('one refusal per person on a busy pull request', () => {
  const JOB = 'job_busy_thread'
  const PULL = 80
  const commentEvent = (login: string, body: string, id: number) => ({
    name: 'issue_comment',
    payload: {
      action: 'created',
      issue: { number: PULL, pull_request: { url: `https://api.github.com/repos/acme/docs/pulls/${PULL}` } },
      comment: { id, body, user: { login, type: 'User' } },
      repository: { private: false }
    }
  })
  const followUp = (github: GitHubFake, event: { name: string; payload: unknown }) =>
    runAction({
      node: node24(),
      onTestFinished,
      inputs: { apiKey: KEY, projectId: 'proj_docs', baseUrl: emu.url, githubToken: TOKEN, command: '/docs' },
      event,
      env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: String(++runId) }
    })

  it("[node 24] answers a reader's four /docs once on a pull request with 1,500 comments, reading its newest pages first", async () => {
    const github = await fake()
    emu.addJob(JOB, { finishAfterMs: 0, prLink: `https://github.com/acme/docs/pull/${PULL}` })
    const note = `${COMMENT_MARKER}${pullMarker(JOB, sealedAt(RecordSeal.fromApiKey(KEY), 'acme/docs', `pull ${PULL}`))}\nThe agent opened this.`
    github.addComment(PULL, note, ACTIONS_WRITER.user, ACTIONS_WRITER.app)
    for (let i = 0; i < 1500; i++) github.addComment(PULL, `Review comment ${i}`, { login: `reviewer-${i % 7}`, type: 'User' })
    github.setPermission('reader-person', 'read')
    const before = github.comments.filter((c) => c.issue === PULL).length
    const from = emu.requests.length
    const results = []
    for (const id of [1601, 1602, 1603, 1604])
      results.push(await followUp(github, commentEvent('reader-person', '/docs rewrite everything', id)))
    for (const result of results) expect(result.code, result.stdout).toBe(0)
    expect(emu.requests.slice(from).filter((r) => r.method === 'POST' && r.path.endsWith('/message'))).toEqual([])
    const answers = github.comments.filter((c) => c.issue === PULL).slice(before)
    expect(answers).toHaveLength(1)
    expect(results[0]?.stdout).toContain(`::notice::reader-person may not push to acme/docs, so the follow-up was refused in #${PULL}`)
    for (const result of results.slice(1))
      expect(result.stdout).toContain(
        `::notice::reader-person may not push to acme/docs: the follow-up was refused, and not answered again in #${PULL}`
      )
    // The last run read the first ten pages for the note (the first asked for without a page number,
    // the others by the Link header's next), then the first page again for its Link header and the
    // last page, which held the refusal: 12 pages of a thread of 16.
    const lists = github.requests.filter((r) => r.method === 'GET' && r.path.includes(`/issues/${PULL}/comments`))
    const lastRun = lists.slice(-12)
    expect(lastRun.map((r) => new URL(r.path, github.url).searchParams.get('page'))).toEqual([
      null,
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '1',
      '16'
    ])
    // Each run reads the first ten pages for the note; the first, finding no refusal, the first page and
    // the ten latest (16 to 7); each later one the first page and the last. Never the whole thread.
    expect(lists).toHaveLength(4 * 10 + (1 + 10) + 3 * 2)
  })
})
