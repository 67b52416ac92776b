// The docs health issue attacked once more through the bundle, against the emulator and the stateful
// GitHub fake: the top of the issue that a run reading no analytics keeps (title, lead sentence,
// alerts, headlines, "How this was read") is kept only as the action wrote it. Another app or a
// person who rewrites it with a link, a mention or a forged "fix first" does not get it re-published
// by the next tick's run under the action's name; nor is a top written with reader text once reader
// text is hidden.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { defaultFeedback } from '../emulator/analytics-data.js'
import { OTHER_APP } from '../support/github-fake.js'
import { gfmToHtml, linksIn } from '../support/gfm.js'
import { node24 } from '../support/runtimes.js'
import { siteTotals, visitorRows } from '../support/visitors.js'
import { type WeeklyLoop, startWeeklyLoop, story, week } from '../support/weekly-loop.js'

const WEEK_1 = week(1)
/** The repository as the events' payloads give it. */
const PRIVATE = { full_name: 'acme/docs', private: true, visibility: 'private' }
const SEARCHES = [
  { searchQuery: 'webhook retries', hits: 900 },
  { searchQuery: 'rotate token', hits: 800 }
].map((row) => ({ ...row, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-10T10:00:00Z' }))
const INJECTED = '<p><a href="https://evil.example/reset">Fix first: reset your API key here</a> @acme/everyone</p>'

describe('the kept top of the docs health issue', () => {
  let loop: WeeklyLoop
  beforeAll(async () => {
    loop = await startWeeklyLoop({ node: node24(), onTestFinished, repository: PRIVATE, inputs: { wait: 'false' } })
    loop.emu.setVisitors({ totals: siteTotals(20), rows: visitorRows(20) })
    loop.emu.setSearches({ rows: SEARCHES })
    loop.emu.setFeedback(defaultFeedback())
  })
  afterAll(async () => {
    await loop.close()
  })

  const run = (event?: { name: string; payload: unknown }, inputs: Record<string, string> = {}) => loop.run(WEEK_1, event, { inputs })
  const healthIssue = () => loop.healthIssue()
  /** The issue the first weekly run makes, once. */
  const reach = story({ made: () => run() })
  const topOf = (body: string) => /<!-- docs-agent-action:top -->\n([\s\S]*?)\n<!-- \/docs-agent-action:top -->/.exec(body)?.[1]
  /** The body with its first open gap ticked, as a person ticks it. */
  const tickOne = (body: string) => body.replace(/^- \[ \] (.*<!-- gap:[0-9a-f]{12} -->)$/m, '- [x] $1')

  it('[node 24] keeps the top as the action wrote it through a tick run', async () => {
    const weekly = await reach('made')
    expect(weekly.code, weekly.stdout).toBe(0)
    const top = topOf(loop.issue().body)
    expect(top).toBeDefined()
    loop.emu.planJobs({ finishAfterMs: 0 })
    const jobs = loop.emu.jobCount()
    const tick = await run(loop.edit(tickOne))
    expect(tick.code, tick.stdout).toBe(0)
    expect(loop.emu.jobCount()).toBe(jobs + 1)
    expect(topOf(healthIssue()?.body ?? '')).toBe(top)
  })

  it('[node 24] does not re-publish a top another app rewrote with a link and a mention', async () => {
    expect((await reach('made')).code).toBe(0)
    // Another app (or a person) rewrites the top; then a person who may push ticks a gap.
    const edit = loop.edit((body) =>
      tickOne(body.replace(/(<!-- docs-agent-action:top -->\n)[\s\S]*?(\n<!-- \/docs-agent-action:top -->)/, `$1${INJECTED}$2`))
    )
    expect(loop.issue().body).toContain('evil.example')
    loop.emu.planJobs({ finishAfterMs: 0 })
    const jobs = loop.emu.jobCount()
    const tick = await run(edit)
    expect(tick.code, tick.stdout).toBe(0)
    expect(loop.emu.jobCount()).toBe(jobs + 1)
    const written = loop.github.requests.filter((r) => r.method === 'PATCH' && /\/issues\/\d+$/.test(r.path)).at(-1)?.body
    expect(JSON.stringify(written)).not.toContain('evil.example')
    const body = healthIssue()?.body ?? ''
    expect(body).not.toContain('evil.example')
    expect(body).not.toContain('@acme/everyone')
    expect(linksIn(gfmToHtml(body)).filter((href) => href.includes('evil'))).toEqual([])
    expect(tick.stdout).toContain('top of the docs health issue')
  })

  it('[node 24] leaves out a top written with reader text once a tick run finds reader text hidden', async () => {
    const weekly = await run()
    expect(weekly.code, weekly.stdout).toBe(0)
    expect(topOf(loop.issue().body)).toContain('webhook retries')
    loop.emu.planJobs({ finishAfterMs: 0 })
    const tick = await run(loop.edit(tickOne), { readerText: 'hide' })
    expect(tick.code, tick.stdout).toBe(0)
    const body = healthIssue()?.body ?? ''
    expect(body).not.toContain('webhook retries')
    expect(Buffer.from(/docs-agent-action:state (\S+)/.exec(body)?.[1] ?? '', 'base64').toString()).not.toContain('webhook retries')
  })
})

describe('a sealed state copied into another issue', () => {
  let loop: WeeklyLoop
  beforeAll(async () => {
    loop = await startWeeklyLoop({ node: node24(), onTestFinished, repository: PRIVATE })
    loop.emu.setVisitors({ totals: siteTotals(20), rows: visitorRows(20) })
  })
  afterAll(async () => {
    await loop.close()
  })

  it('[node 24] keeps updating its own issue when another app pastes the sealed state into an older issue', async () => {
    // An issue another app opened long before the docs health issue (a weekly link report, say).
    const { github } = loop
    const older = github.addIssue({
      title: 'Weekly link report',
      body: 'No broken links.',
      state: 'open',
      labels: [],
      user: OTHER_APP.user,
      performed_via_github_app: OTHER_APP.app
    })
    const first = await loop.run(WEEK_1)
    expect(first.code, first.stdout).toBe(0)
    const own = github.issues.find((issue) => issue.number !== older.number)
    if (!own) throw new Error('no docs health issue')
    expect(own.number).toBeGreaterThan(older.number)
    // The app copies the docs health issue's body, sealed state and all, into its older issue, and labels it.
    const copied = `${own.body}\n\nEverything above is ours now.`
    older.body = copied
    older.labels = ['docs-health']
    const second = await loop.run(week(2))
    expect(second.code, second.stdout).toBe(0)
    expect(second.outputs.healthIssueUrl).toBe(`https://github.com/acme/docs/issues/${own.number}`)
    expect(github.issues.find((issue) => issue.number === older.number)?.body).toBe(copied)
    expect(github.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/issues/${older.number}`))).toEqual([])
  })
})
