// The docs health issue's state is sealed for its place: the repository and the issue's number. GitHub
// reads `Acme/Docs` and `acme/docs` as one repository, and a rename or a transfer keeps the repository's
// id (GITHUB_REPOSITORY_ID): neither may make the history and ledger start again. A box ticked for a gap
// the state does not hold asks nothing, and the log says why.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { docsHealthInputs } from '../support/docs-health-inputs.js'
import { startGitHubFake } from '../support/github-fake.js'
import { runtimes } from '../support/runtimes.js'
import { siteTotals, visitorRows } from '../support/visitors.js'

const KEY = 'mint_placeKey5Rt'
const TOKEN = 'ghs_placeToken8Wc'
const WEEK_1 = { dateFrom: '2026-11-09', dateTo: '2026-11-16' }
const WEEK_2 = { dateFrom: '2026-11-16', dateTo: '2026-11-23' }
const UNVERIFIED = 'holds no state this action can verify'

for (const { name: runtime, node } of runtimes()) {
  describe("the docs health issue's place", () => {
    let emu: Emulator
    let github: Awaited<ReturnType<typeof startGitHubFake>>
    beforeAll(async () => {
      emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
      emu.setVisitors({ totals: siteTotals(20), rows: visitorRows(20) })
    })
    afterAll(async () => {
      await emu.close()
    })
    beforeEach(async () => {
      github = await startGitHubFake()
    })
    afterEach(async () => {
      await github.close()
    })

    const run = (
      repository: string,
      week: Record<string, string>,
      more: { id?: string; event?: { name: string; payload: unknown } } = {}
    ) =>
      runAction({
        node,
        onTestFinished,
        inputs: docsHealthInputs(emu.url, { apiKey: KEY, githubToken: TOKEN }, week),
        event: more.event ?? { name: 'schedule', payload: { repository: { full_name: repository, private: true } } },
        env: {
          GITHUB_API_URL: github.url,
          GITHUB_REPOSITORY: repository,
          GITHUB_RUN_ID: String(Math.floor(Math.random() * 1e9)),
          ...(more.id === undefined ? {} : { GITHUB_REPOSITORY_ID: more.id })
        }
      })
    const issues = () => github.issues.filter((issue) => issue.user.type === 'Bot')

    it(`[${runtime}] keeps the history when the runner names the repository in another case, then through a rename or a transfer`, async () => {
      const first = await run('acme/docs', WEEK_1)
      expect(first.code, first.stdout).toBe(0)
      expect(issues()).toHaveLength(1)

      // The same repository, as the runner names it in another case.
      const cased = await run('Acme/Docs', WEEK_2)
      expect(cased.code, cased.stdout).toBe(0)
      expect(cased.stdout).not.toContain(UNVERIFIED)
      expect(issues()).toHaveLength(1)
      expect(cased.stdout).not.toContain('::notice::')

      // The runner names the repository's id: the state is sealed for it from then on.
      const withId = await run('Acme/Docs', WEEK_2, { id: '4242' })
      expect(withId.stdout).toContain(
        "The docs health issue's state was sealed for acme/docs#1: it is read, and sealed for repository 4242#1 from this run on."
      )
      // Renamed and transferred: the id is the same, and so is the history.
      const renamed = await run('newco/handbook', WEEK_2, { id: '4242' })
      expect(renamed.code, renamed.stdout).toBe(0)
      expect(renamed.stdout).not.toContain(UNVERIFIED)
      expect(renamed.stdout).not.toContain('was sealed for')
      expect(issues()).toHaveLength(1)

      // Another repository's id: the state is not this one's.
      const other = await run('newco/handbook', WEEK_2, { id: '9999' })
      expect(other.stdout).toContain(UNVERIFIED)
    })

    it(`[${runtime}] says why a ticked box of a gap the state does not hold asks nothing`, async () => {
      github.setPermission('maintainer', 'write')
      const first = await run('acme/docs', WEEK_1)
      expect(first.code, first.stdout).toBe(0)
      const issue = issues().at(-1)
      if (!issue) throw new Error('no issue')
      const before = issue.body
      // A box of a gap the state does not hold (written before the repository turned public, say).
      const line = before.split('\n').find((l) => /^- \[ \] .*<!-- gap:[0-9a-f]{12} -->$/.test(l)) ?? ''
      expect(line).not.toBe('')
      issue.body = before.replace(line, line.replace('- [ ]', '- [x]').replace(/gap:[0-9a-f]{12}/, 'gap:0123456789ab'))
      const jobsBefore = emu.jobCount()
      const edited = await run('acme/docs', WEEK_1, {
        event: {
          name: 'issues',
          payload: {
            action: 'edited',
            issue: { number: issue.number, body: issue.body },
            changes: { body: { from: before } },
            sender: { login: 'maintainer', type: 'User' },
            repository: { full_name: 'acme/docs', private: true }
          }
        }
      })
      expect(edited.code, edited.stdout).toBe(0)
      expect(emu.jobCount()).toBe(jobsBefore)
      expect(edited.stdout).toContain(
        "1 ticked box names no gap the docs health issue's state holds (gap 0123456789ab), so nothing is asked for it"
      )
    })
  })
}
