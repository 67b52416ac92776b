// Tests a dismissal and its undo end to end: the bundle run as a workflow step against the emulator
// of the API and the stateful fake of GitHub's REST API, both on loopback, with real GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY and event files. A maintainer ticks "Not a gap" under a page: the issue names
// them, and the next weekly run leaves the page out of docsGaps and Fix first. They tick "Bring it
// back": the page is open again, listed in docsGaps, and a tick sends it to the agent.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'
import { siteTotals, visitorRows } from '../support/visitors.js'
import { type WeeklyLoop, startWeeklyLoop, week } from '../support/weekly-loop.js'

const WEEK = week(1)
const [first] = runtimes()

describe('a dismissal and its undo', () => {
  let loop: WeeklyLoop
  beforeAll(async () => {
    loop = await startWeeklyLoop({ node: first?.node, onTestFinished, writers: { maintainer: 'write' } })
    loop.emu.setVisitors({ totals: siteTotals(20), rows: visitorRows(20) })
  })
  afterAll(async () => {
    await loop.close()
  })

  const run = (event?: { name: string; payload: unknown }) => loop.run(WEEK, event)
  const healthIssue = () => loop.healthIssue()
  /** The maintainer ticks the box of `line` in the issue: the edit event GitHub sends. */
  const tick = (line: string) =>
    loop.edit((before) => {
      expect(before).toContain(line)
      return before.replace(line, line.replace('[ ]', '[x]'))
    }, 'maintainer')

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

    const dismissed = await run(tick(`  - [ ] Not a gap <!-- dismiss:${id} -->`))
    expect(dismissed.code, dismissed.stdout).toBe(0)
    expect(renderSummary(healthIssue()?.body ?? '').text).toMatch(new RegExp(`${page}: not a gap, said by maintainer on \\d+ \\w+ \\d{4}`))

    const later = await run()
    expect(later.code, later.stdout).toBe(0)
    expect(later.outputs.docsGaps).not.toContain(`\`${page}\``)
    expect(healthIssue()?.body).not.toContain(`<!-- gap:${id} -->`)

    const restored = await run(tick(`  - [ ] Bring it back <!-- restore:${id} -->`))
    expect(restored.code, restored.stdout).toBe(0)
    expect(restored.stdout).toContain('1 gap was brought back in the docs health issue.')
    const again = await run()
    expect(again.code, again.stdout).toBe(0)
    expect(again.outputs.docsGaps).toContain(`\`${page}\``)

    // Ticked, it is sent to the agent.
    const line = (healthIssue()?.body ?? '').split('\n').find((l) => l.includes(`<!-- gap:${id} -->`)) ?? ''
    loop.emu.planJobs({ finishAfterMs: 200, prLink: 'https://github.com/acme/docs/pull/91' })
    const asked = await run(tick(line))
    expect(asked.code, asked.stdout).toBe(0)
    const prompt = loop.emu.requests.filter((r) => r.method === 'POST' && r.path.includes('/agent/')).at(-1)?.body ?? ''
    expect(prompt).toContain(`- page ${page}: `)
  })
})
