// Readers' words go to the agent only where every repository it worked in for the docs health issue
// is private: the newest job's and every other the issue records, whatever order the ledger keeps
// its gaps in (a fixed gap, sorted last, can name an older job in a private repository while newer
// jobs ran in a public one). Where the words stay out, the prompt gives counts alone: no search term
// either, a search named by its count and the label the issue gives it.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { RecordSeal } from '../../src/core/record-seal.js'
import { sealState } from '../../src/health/state.js'
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { docsHealthInputs } from '../support/docs-health-inputs.js'
import { startGitHubFake } from '../support/github-fake.js'
import { runtimes } from '../support/runtimes.js'

const KEY = 'mint_agentRepoKey3Vd'
const TOKEN = 'ghs_agentRepoToken6Qm'
const WEEK = { dateFrom: '2026-11-09', dateTo: '2026-11-16' }
const PRIVATE = { repository: { full_name: 'acme/docs', private: true } }
/** A line of what readers wrote, in a prompt. */
const WORDS = /Searched with no click on a result|Question the assistant could not answer|Comment with feedback/

interface Gap {
  id: string
  kind: 'page' | 'search'
  subject: string
  evidence: { searches?: { words?: string }[] }
  state: string
  [field: string]: unknown
}
interface State {
  gaps: Gap[]
  [field: string]: unknown
}

const STATE = /<!-- docs-agent-action:state ([A-Za-z0-9+/=]+) -->/
const SEAL_LINE = /\n<!-- docs-agent-action:state-seal [A-Za-z0-9_-]{43} -->/

const stateOf = (body: string): State => JSON.parse(Buffer.from(STATE.exec(body)?.[1] ?? '', 'base64').toString('utf8')) as State

/** `body` with `state` in place of the one it carries, sealed as the action seals it for issue `number` of acme/docs. */
function withState(body: string, state: State, number: number): string {
  const encoded = `<!-- docs-agent-action:state ${Buffer.from(JSON.stringify(state)).toString('base64')} -->`
  return sealState(body.replace(SEAL_LINE, '').replace(STATE, encoded), RecordSeal.fromApiKey(KEY), `acme/docs#${number}`)
}

/** Every search term the state holds: its search gaps' subjects and the searches its evidence quotes. */
const searchTerms = (state: State): string[] => [
  ...state.gaps.filter((gap) => gap.kind === 'search').map((gap) => gap.subject),
  ...state.gaps.flatMap((gap) => (gap.evidence.searches ?? []).flatMap((search) => (search.words === undefined ? [] : [search.words])))
]

for (const { name: runtime, node } of runtimes()) {
  describe("readers' words and the agent's repositories", () => {
    let emu: Emulator
    let github: Awaited<ReturnType<typeof startGitHubFake>>
    beforeAll(async () => {
      emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
    })
    afterAll(async () => {
      await emu.close()
    })
    beforeEach(async () => {
      github = await startGitHubFake()
      github.setVisibility('acme/docs', 'private')
      github.setVisibility('acme/private-docs', 'private')
      github.setVisibility('acme/public-docs', 'public')
      github.setPermission('docs-lead', 'write')
    })
    afterEach(async () => {
      await github.close()
    })

    let runId = 300
    const run = (more: Record<string, string>, event: { name: string; payload: unknown }) =>
      runAction({
        node,
        onTestFinished,
        inputs: docsHealthInputs(emu.url, { apiKey: KEY, githubToken: TOKEN }, { ...WEEK, readerText: 'auto', ...more }),
        event,
        env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: String(++runId) }
      })

    /** A week read in the private acme/docs: the issue, its state (readers' words kept), and its first search gap. */
    async function week() {
      const weekly = await run({}, { name: 'schedule', payload: PRIVATE })
      expect(weekly.code, weekly.stdout).toBe(0)
      const issue = github.issues.find((i) => i.user.type === 'Bot')
      if (!issue) throw new Error('no docs health issue')
      const state = stateOf(issue.body)
      const search = state.gaps.find((gap) => gap.kind === 'search' && gap.state === 'new')
      if (!search) throw new Error('no search gap')
      expect(search.subject).not.toBe('')
      return { issue, state, search }
    }

    /** A person who may push ticks the box of gap `id`: the prompt of the job it asks for, and the run. */
    async function tick(issue: { number: number; body: string }, id: string) {
      const line = issue.body.split('\n').find((l) => l.startsWith('- [ ] ') && l.includes(`<!-- gap:${id} -->`)) ?? ''
      expect(line).not.toBe('')
      const previous = issue.body
      issue.body = issue.body.replace(line, line.replace('- [ ]', '- [x]'))
      emu.planJobs({ finishAfterMs: 0 })
      const before = emu.requests.length
      const ticked = await run(
        { wait: 'false' },
        {
          name: 'issues',
          payload: {
            action: 'edited',
            issue: { number: issue.number, body: issue.body },
            changes: { body: { from: previous } },
            sender: { login: 'docs-lead', type: 'User' },
            ...PRIVATE
          }
        }
      )
      expect(ticked.code, ticked.stdout).toBe(0)
      const posts = emu.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/v2/agent/proj_docs/job')
      expect(posts).toHaveLength(1)
      return { run: ticked, prompt: JSON.stringify(posts[0]?.body) }
    }

    it(`[${runtime}] keeps the words out when a newer job ran in a public repository, though the fixed gap last in the ledger names a private one`, async () => {
      const { issue, state, search } = await week()
      const others = state.gaps.filter((gap) => gap.id !== search.id)
      const [newer, fixed] = others
      if (!newer || !fixed) throw new Error('too few gaps')
      emu.addJob('job_older_private', { finishAfterMs: 0, repository: 'https://github.com/acme/private-docs' })
      emu.addJob('job_newer_public', { finishAfterMs: 0, repository: 'https://github.com/acme/public-docs' })
      Object.assign(newer, {
        state: 'merged',
        jobId: 'job_newer_public',
        prLink: 'https://github.com/acme/public-docs/pull/9',
        mergedOn: '2026-11-15'
      })
      Object.assign(fixed, {
        state: 'resolved',
        verdict: 'fixed',
        jobId: 'job_older_private',
        prLink: 'https://github.com/acme/private-docs/pull/2',
        mergedOn: '2026-10-20',
        resolvedOn: '2026-11-02'
      })
      // The ledger's order: the fixed gap last.
      state.gaps = [...state.gaps.filter((gap) => gap !== fixed), fixed]
      issue.body = withState(issue.body, state, issue.number)

      const { run: ticked, prompt } = await tick(issue, search.id)
      expect(ticked.stdout).toContain(
        "Readers' words stay out of the agent's prompt: GitHub does not say the agent's repository, acme/public-docs, is private (readerText: auto)."
      )
      expect(prompt).not.toMatch(WORDS)
      // Counts alone: the search by its count and the issue's label, no search term anywhere.
      expect(prompt).toContain('a search (its words are hidden): searched ')
      for (const term of searchTerms(state)) expect(prompt).not.toContain(term)
    })

    it(`[${runtime}] sends the words when every job the issue records ran in a private repository`, async () => {
      const { issue, state, search } = await week()
      const [first, second] = state.gaps.filter((gap) => gap.id !== search.id)
      if (!first || !second) throw new Error('too few gaps')
      emu.addJob('job_private_a', { finishAfterMs: 0, repository: 'https://github.com/acme/private-docs' })
      emu.addJob('job_private_b', { finishAfterMs: 0, repository: 'https://github.com/acme/private-docs' })
      Object.assign(first, {
        state: 'merged',
        jobId: 'job_private_a',
        prLink: 'https://github.com/acme/private-docs/pull/4',
        mergedOn: '2026-11-15'
      })
      Object.assign(second, {
        state: 'merged',
        jobId: 'job_private_b',
        prLink: 'https://github.com/acme/private-docs/pull/5',
        mergedOn: '2026-11-14'
      })
      issue.body = withState(issue.body, state, issue.number)

      const { run: ticked, prompt } = await tick(issue, search.id)
      expect(ticked.stdout).toContain(
        "Readers' words go to the agent with the ticked gaps: GitHub says this repository and the agent's, acme/private-docs, are private (readerText: auto)."
      )
      expect(prompt).toContain(search.subject)
    })

    it(`[${runtime}] keeps the words out when the service cannot say which repository a recorded job ran in`, async () => {
      const { issue, state, search } = await week()
      const [first, second] = state.gaps.filter((gap) => gap.id !== search.id)
      if (!first || !second) throw new Error('too few gaps')
      emu.addJob('job_known_private', { finishAfterMs: 0, repository: 'https://github.com/acme/private-docs' })
      Object.assign(first, {
        state: 'merged',
        jobId: 'job_known_private',
        prLink: 'https://github.com/acme/private-docs/pull/4',
        mergedOn: '2026-11-15'
      })
      Object.assign(second, {
        state: 'merged',
        jobId: 'job_gone',
        prLink: 'https://github.com/acme/private-docs/pull/6',
        mergedOn: '2026-11-14'
      })
      issue.body = withState(issue.body, state, issue.number)
      const { run: ticked, prompt } = await tick(issue, search.id)
      expect(ticked.stdout).toContain(
        "Readers' words stay out of the agent's prompt: the repository of the agent job job_gone the docs health issue records is not known (readerText: auto)."
      )
      expect(prompt).not.toMatch(WORDS)
      for (const term of searchTerms(state)) expect(prompt).not.toContain(term)
    })

    it(`[${runtime}] gives counts alone, no search term, when no job names the agent's repository yet`, async () => {
      const { issue, state, search } = await week()
      const { run: ticked, prompt } = await tick(issue, search.id)
      expect(ticked.stdout).toContain(
        "Readers' words stay out of the agent's prompt: the agent's repository is not known (no earlier job of the docs health issue names it) (readerText: auto)."
      )
      expect(prompt).not.toMatch(WORDS)
      expect(prompt).toContain('a search (its words are hidden): searched ')
      expect(prompt).toContain('(page paths and counts)')
      for (const term of searchTerms(state)) expect(prompt).not.toContain(term)
    })
  })
}
