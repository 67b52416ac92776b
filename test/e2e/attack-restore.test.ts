// Attacks the docs health issue's "Bring it back" box end to end: the bundle run as a workflow step
// against the emulator of the API and the stateful fake of GitHub's REST API, both on loopback, with
// real GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and event files. A maintainer whose login is hostile text
// says a page is not a gap; then a person without push rights, a bot, an edit that did not tick the
// box, a box written outside the action's part and a forged box with an unknown gap's id each try to
// bring it back. None is acted on, now or by the next scheduled run; the maintainer's own tick is.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'
import { siteTotals, visitorRows } from '../support/visitors.js'
import { type WeeklyLoop, startWeeklyLoop, week } from '../support/weekly-loop.js'

const WEEK = week(1)
const END = '<!-- /docs-agent-action:dashboard -->'
/** A login as hostile as text can be: a mention, a link, HTML, an autolink, bidi and zero-width characters. */
const HOSTILE_LOGIN = '@octocat [x](https://evil.example) <img src=x> www.evil.example #1 \u202egpj\u200b'
const [first] = runtimes()

describe('attacks on "Bring it back"', () => {
  let loop: WeeklyLoop
  beforeAll(async () => {
    loop = await startWeeklyLoop({ node: first?.node, onTestFinished })
    loop.emu.setVisitors({ totals: siteTotals(20), rows: visitorRows(20) })
  })
  afterAll(async () => {
    await loop.close()
  })

  const run = (event?: { name: string; payload: unknown }) => loop.run(WEEK, event)
  const healthIssue = () => loop.issue()
  /** An edit of the issue from its body to `change(body)`, as GitHub sends it, by `login`. */
  const edit = (change: (body: string) => string, login: string, type: 'User' | 'Bot' = 'User') =>
    loop.edit(
      (before) => {
        const after = change(before)
        expect(after).not.toBe(before)
        return after
      },
      login,
      type
    )
  const tickLine = (line: string) => (body: string) => body.replace(line, line.replace('[ ]', '[x]'))
  const gapState = async (id: string): Promise<'open' | 'dismissed'> => {
    const week = await run()
    expect(week.code, week.stdout).toBe(0)
    return healthIssue().body.includes(`<!-- gap:${id} -->`) ? 'open' : 'dismissed'
  }

  it('acts only on the tick of a person who may push, made by that edit, in the action’s part, of a dismissed gap', async () => {
    const week = await run()
    expect(week.code, week.stdout).toBe(0)
    const lines = healthIssue().body.split('\n')
    const at = lines.findIndex((l) => l.startsWith('- [ ] <code>'))
    const id = /<!-- gap:([0-9a-f]{12}) -->/.exec(lines[at] ?? '')?.[1] ?? ''
    const page = /<code>([^<]+)<\/code>/.exec(lines[at] ?? '')?.[1] ?? ''
    expect(id).toMatch(/^[0-9a-f]{12}$/)

    // A maintainer with a hostile login says it is not a gap: named, escaped, pinging and linking nothing.
    loop.github.setPermission(HOSTILE_LOGIN, 'write')
    const dismissed = await run(edit(tickLine(`  - [ ] Not a gap <!-- dismiss:${id} -->`), HOSTILE_LOGIN))
    expect(dismissed.code, dismissed.stdout).toBe(0)
    const seen = renderSummary(healthIssue().body)
    // Cut to 40 characters, as the state keeps a login.
    expect(seen.text).toMatch(
      new RegExp(`${page}: not a gap, said by @octocat \\[x\\]\\(https://evil\\.example\\) <img… on \\d+ \\w+ \\d{4}`)
    )
    expect(seen.text).not.toMatch(/[\u202e\u200b]/)
    expect(seen.references).toEqual([])
    expect(seen.links.map((link) => link.href).filter((href) => href.includes('evil'))).toEqual([])
    const restoreLine = `  - [ ] Bring it back <!-- restore:${id} -->`
    expect(healthIssue().body).toContain(restoreLine)

    // A person without push rights ticks it: not acted on, and written unticked for the next scheduled run.
    const driveBy = await run(edit(tickLine(restoreLine), 'drive-by'))
    expect(driveBy.code, driveBy.stdout).toBe(0)
    expect(driveBy.stdout).toContain('may not push to the repository')
    expect(healthIssue().body).toContain(restoreLine)
    expect(await gapState(id)).toBe('dismissed')

    // A bot ticks it: its run does nothing.
    const bot = await run(edit(tickLine(restoreLine), 'some-app[bot]', 'Bot'))
    expect(bot.code, bot.stdout).toBe(0)
    expect(bot.stdout).not.toContain('brought back')
    // The maintainer then edits something else: their edit did not tick the box, so their run does not act on it.
    const other = await run(edit((body) => `${body}\n\nA note.`, HOSTILE_LOGIN))
    expect(other.code, other.stdout).toBe(0)
    expect(other.stdout).not.toContain('brought back')
    expect(other.stdout).toContain('1 box saying "Bring it back" was ticked before this edit, not by it')
    // Untick the bot's box, as a person would, so that the scheduled run below tells the next attacks apart.
    healthIssue().body = healthIssue().body.replace(restoreLine.replace('[ ]', '[x]'), restoreLine)

    // A maintainer writes a ticked box outside the action's part, and one for an unknown gap inside it.
    const forged = await run(
      edit(
        (body) =>
          body.replace(END, `  - [x] Bring it back <!-- restore:0123456789ab -->\n${END}`) +
          `\n\n- [x] Bring it back <!-- restore:${id} -->`,
        HOSTILE_LOGIN
      )
    )
    expect(forged.code, forged.stdout).toBe(0)
    expect(forged.stdout).not.toContain('brought back')
    expect(await gapState(id)).toBe('dismissed')

    // The maintainer ticks the action's box: the gap is back.
    const restored = await run(edit(tickLine(restoreLine), HOSTILE_LOGIN))
    expect(restored.code, restored.stdout).toBe(0)
    expect(restored.stdout).toContain('1 gap was brought back in the docs health issue.')
    expect(await gapState(id)).toBe('open')
  })
})
