// Tests a dismissal and its undo end to end: the bundle run as a workflow step against the emulator
// of the API and the stateful fake of GitHub's REST API, both on loopback, with real GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY and event files. A maintainer ticks "Not a gap" under a page: the issue names
// them, and the next weekly run leaves the page out of docsGaps and Fix first. They tick "Bring it
// back": the page is open again, listed in docsGaps, and a tick sends it to the agent.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { startGitHubFake } from '../support/github-fake.js'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'
import { siteTotals, visitorRows } from '../support/visitors.js'
import { docsHealthInputs } from '../support/docs-health-inputs.js'

const KEY = 'mint_dismissalKey4Rt'
const TOKEN = 'ghs_dismissalToken2Pq'
const WEEK = { dateFrom: '2026-11-09', dateTo: '2026-11-16' }
const [first] = runtimes()

describe('a dismissal and its undo', () => {
  let emu: Emulator
  let github: Awaited<ReturnType<typeof startGitHubFake>>
  beforeAll(async () => {
    emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
    emu.setVisitors({ totals: siteTotals(20), rows: visitorRows(20) })
    github = await startGitHubFake()
  })
  afterAll(async () => {
    await github.close()
    await emu.close()
  })

  const run = (event?: { name: string; payload: unknown }) =>
    runAction({
      node: first?.node,
      onTestFinished,
      inputs: docsHealthInputs(emu.url, { apiKey: KEY, githubToken: TOKEN }, WEEK),
      event: event ?? { name: 'schedule', payload: { repository: { full_name: 'acme/docs', private: true } } },
      env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: String(Math.floor(Math.random() * 1e9)) }
    })
  const healthIssue = () => github.issues.find((issue) => issue.user.type === 'Bot')
  /** A person ticks the box of `line` in the issue: the edit event GitHub sends, the body before and after it. */
  const tick = (line: string, login: string) => {
    const issue = healthIssue()
    if (!issue) throw new Error('no issue')
    const before = issue.body
    expect(before).toContain(line)
    issue.body = before.replace(line, line.replace('[ ]', '[x]'))
    return {
      name: 'issues',
      payload: {
        action: 'edited',
        issue: { number: issue.number, body: issue.body },
        changes: { body: { from: before } },
        sender: { login, type: 'User' },
        repository: { full_name: 'acme/docs', private: true }
      }
    }
  }

  it('leaves a dismissed page out of docsGaps and the prompt, names who dismissed it, and brings it back', async () => {
    const week = await run()
    expect(week.code, week.stdout).toBe(0)
    const body = healthIssue()?.body ?? ''
    const lines = body.split('\n')
    const at = lines.findIndex((l) => l.startsWith('- [ ] <code>'))
    const page = /<code>([^<]+)<\/code>/.exec(lines[at] ?? '')?.[1] ?? ''
    const id = /<!-- gap:([0-9a-f]{12}) -->/.exec(lines[at] ?? '')?.[1] ?? ''
    expect(page).toMatch(/^\//)
    expect(week.outputs.docsGaps).toContain(`\`${page}\``)
    // What a tick would send about it, collapsed under it.
    expect(lines[at + 2]).toMatch(/^ {2}<details><summary>What a tick sends the agent: /)
    expect(lines[at + 2]).toContain(`page ${page}`)

    github.setPermission('maintainer', 'write')
    const dismissed = await run(tick(`  - [ ] Not a gap <!-- dismiss:${id} -->`, 'maintainer'))
    expect(dismissed.code, dismissed.stdout).toBe(0)
    expect(renderSummary(healthIssue()?.body ?? '').text).toMatch(new RegExp(`${page}: not a gap, said by maintainer on \\d+ \\w+ \\d{4}`))

    const later = await run()
    expect(later.code, later.stdout).toBe(0)
    expect(later.outputs.docsGaps).not.toContain(`\`${page}\``)
    expect(healthIssue()?.body).not.toContain(`<!-- gap:${id} -->`)

    const restored = await run(tick(`  - [ ] Bring it back <!-- restore:${id} -->`, 'maintainer'))
    expect(restored.code, restored.stdout).toBe(0)
    expect(restored.stdout).toContain('1 gap was brought back in the docs health issue.')
    const again = await run()
    expect(again.code, again.stdout).toBe(0)
    expect(again.outputs.docsGaps).toContain(`\`${page}\``)

    // Ticked, it is sent to the agent.
    const line = (healthIssue()?.body ?? '').split('\n').find((l) => l.includes(`<!-- gap:${id} -->`)) ?? ''
    emu.planJobs({ finishAfterMs: 200, prLink: 'https://github.com/acme/docs/pull/91' })
    const asked = await run(tick(line, 'maintainer'))
    expect(asked.code, asked.stdout).toBe(0)
    const prompt = emu.requests.filter((r) => r.method === 'POST' && r.path.includes('/agent/')).at(-1)?.body ?? ''
    expect(prompt).toContain(`- page ${page}: `)
  })
})
