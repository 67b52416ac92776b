// What the action finds on GitHub and acts on, when others write there too, through the bundle
// against the emulator and the stateful GitHub fake: ticks count only for the edit that made them.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { defaultFeedback } from '../emulator/analytics-data.js'
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { startGitHubFake } from '../support/github-fake.js'
import { node24 } from '../support/runtimes.js'
import { siteTotals, visitorRows } from '../support/visitors.js'
import { docsHealthInputs } from '../support/docs-health-inputs.js'

const KEY = 'mint_takeoverKey2Qm'
const TOKEN = 'ghs_takeoverToken8Lc'
const WEEK_1 = { dateFrom: '2026-11-09', dateTo: '2026-11-16' }
const WEEK_2 = { dateFrom: '2026-11-16', dateTo: '2026-11-23' }
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
