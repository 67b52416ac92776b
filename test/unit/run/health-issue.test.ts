// Tests the docs health issue over one run (src/run/health-issue.ts) in process, through an in-memory
// fake of the GitHub client's issue interface: which issue is taken (only a bot's whose sealed state
// verifies; a person's issue or a planted marker never), who may tick (the event and the push rule),
// the prompt from ticked gaps (reader words only where reader text may be shown), dismissals, the
// jobs followed, what finish writes, the kept top of the issue, and what a failure of GitHub reports.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { JobReport } from '../../../src/agent/outcome.js'
import { ApiError } from '../../../src/api/errors.js'
import type { AgentJob } from '../../../src/api/schemas.js'
import type { GitHubClient, IssueData, PullState } from '../../../src/github/client.js'
import { renderSummary } from '../../support/render.js'
import type { Runner } from '../../../src/github/runner.js'
import { BODY_LIMIT, ownedBody, ownedPart, projectMarker } from '../../../src/health/body.js'
import { fingerprint } from '../../../src/health/ledger.js'
import { type GapRecord, type HealthState, emptyState, openState, sealState } from '../../../src/health/state.js'
import type { Overview } from '../../../src/render/overview.js'
import { HealthIssueRun, statePlace, statePlaces } from '../../../src/run/health-issue.js'
import type { SectionReport } from '../../../src/run/wiring.js'
import type { AssistantReport } from '../../../src/sections/assistant/read.js'
import type { FeedbackReport } from '../../../src/sections/feedback/read.js'
import type { SearchesReport } from '../../../src/sections/searches/read.js'
import type { RecordSeal } from '../../../src/core/record-seal.js'
import { OTHER_SEAL, SEAL } from '../../support/seal.js'
import { capturedStdout } from '../../support/stdout.js'
import { TEST_EPOCH } from '../../support/test-clock.js'
import { pageLabel } from '../../../src/text/page-path.js'
import { assistantReport, feedbackReport, searchesReport, viewsReport, visitorsReport } from '../../support/section-reports.js'

const PROJECT = 'proj'
const TITLE = 'Docs health'
const SERVER = 'https://github.com'
const BOT = { type: 'Bot', login: 'github-actions[bot]' }
const PERSON = { type: 'User', login: 'mallory' }

interface Stored {
  data: IssueData
  labels: string[]
}

/** An in-memory repository's issues, pull requests and pushers, as the GitHub client's issue interface gives them. */
function fakeGitHub() {
  const issues = new Map<number, Stored>()
  const writes: { op: 'create' | 'update'; number: number; body: string }[] = []
  const created: { title: string; labels: string[] }[] = []
  const pulls = new Map<string, PullState>()
  const pullReads: string[] = []
  const pushers = new Set<string>()
  const fail: { list?: Error; read?: Error; write?: Error; canWrite?: Error; comment?: Error } = {}
  const comments: { number: number; body: string }[] = []
  let next = 1
  const run = new AbortController()
  const dataOf = (number: number, body: string, user: IssueData['user'], state = 'open'): IssueData => ({
    number,
    title: TITLE,
    body,
    state,
    html_url: `https://github.com/acme/docs/issues/${number}`,
    user
  })
  const client = {
    signal: run.signal,
    issues: (query: { label?: string; direction?: 'asc' }, enough?: (page: IssueData[]) => boolean): Promise<IssueData[]> => {
      if (fail.list) return Promise.reject(fail.list)
      const oldestFirst = [...issues.values()]
        .filter((s) => query.label === undefined || s.labels.includes(query.label))
        .map((s) => ({ ...s.data }))
      const list = query.direction === 'asc' ? oldestFirst : oldestFirst.reverse()
      if (query.label !== undefined) enough?.(list)
      return Promise.resolve(list)
    },
    issue: (number: number): Promise<IssueData> => {
      const stored = issues.get(number)
      if (fail.read) return Promise.reject(fail.read)
      return stored ? Promise.resolve({ ...stored.data }) : Promise.reject(new Error('Not Found'))
    },
    createIssue: (title: string, body: string, labels: string[]): Promise<IssueData> => {
      if (fail.write) return Promise.reject(fail.write)
      const number = next++
      issues.set(number, { data: dataOf(number, body, BOT), labels })
      writes.push({ op: 'create', number, body })
      created.push({ title, labels })
      return Promise.resolve({ ...dataOf(number, body, BOT) })
    },
    updateIssue: (number: number, body: string): Promise<IssueData> => {
      const stored = issues.get(number)
      if (fail.write) return Promise.reject(fail.write)
      if (!stored) return Promise.reject(new Error('Not Found'))
      stored.data = { ...stored.data, body }
      writes.push({ op: 'update', number, body })
      return Promise.resolve({ ...stored.data })
    },
    createComment: (number: number, body: string): Promise<number> => {
      if (fail.comment) return Promise.reject(fail.comment)
      comments.push({ number, body })
      return Promise.resolve(comments.length)
    },
    pullState: (owner: string, repo: string, number: number): Promise<PullState> => {
      const key = `${owner}/${repo}#${number}`
      pullReads.push(key)
      const state = pulls.get(key)
      return state ? Promise.resolve(state) : Promise.reject(new Error('Not Found'))
    },
    canWrite: (login: string): Promise<boolean> => (fail.canWrite ? Promise.reject(fail.canWrite) : Promise.resolve(pushers.has(login)))
  }
  return {
    issues,
    comments,
    writes,
    created,
    pulls,
    pullReads,
    pushers,
    fail,
    /** The run stops: its signal ends. */
    stop: () => {
      run.abort(new Error('The run was cancelled'))
    },
    client: client as unknown as GitHubClient,
    /** Adds an issue, its body made for its number. */
    add(body: (number: number) => string, options: { user?: IssueData['user']; state?: string; labels?: string[] } = {}): number {
      const number = next++
      issues.set(number, {
        data: dataOf(number, body(number), options.user ?? BOT, options.state),
        labels: options.labels ?? ['docs-health']
      })
      return number
    },
    body: (number: number): string => issues.get(number)?.data.body ?? ''
  }
}
type Fake = ReturnType<typeof fakeGitHub>

const runnerOf = (eventName = 'schedule', payload?: unknown, runId = '7'): Runner => ({
  repositoryText: 'acme/docs',
  repository: { owner: 'acme', name: 'docs' },
  eventName,
  payload,
  server: SERVER,
  apiUrl: 'https://api.github.com',
  runUrl: `https://github.com/acme/docs/actions/runs/${runId}`,
  runId,
  runAttempt: 1
})

/**
 * The edit of issue `number` by `login` that ticked every box ticked in its body now: the payload's
 * body after the edit, and in `changes.body.from` the same body with none ticked.
 */
const tickEdit = (fake: Fake, number: number, login = 'alice') => {
  const body = fake.body(number)
  return {
    action: 'edited',
    issue: { number, body },
    changes: { body: { from: body.replace(/^(\s*[-*+] )\[[xX]\]/gm, '$1[ ]') } },
    sender: { login, type: 'User' }
  }
}

/** An edit of issue `number` by `login` (a person unless said otherwise) that changed no box. */
const edit = (number: number, login = 'alice', type = 'User', action = 'edited') => ({
  action,
  issue: { number },
  sender: { login, type }
})

function open(fake: Fake, options: { runner?: Runner; showWords?: boolean; seal?: RecordSeal } = {}): Promise<HealthIssueRun> {
  return HealthIssueRun.open(
    { token: 'ghs_token', title: TITLE },
    PROJECT,
    { seal: options.seal ?? SEAL, runner: options.runner ?? runnerOf(), connect: () => Promise.resolve(fake.client) },
    options.showWords ?? true
  )
}

const gap = (more: Partial<GapRecord> = {}): GapRecord => ({
  id: fingerprint('page', '/guides/webhooks'),
  kind: 'page',
  subject: '/guides/webhooks',
  firstSeen: '2026-11-09',
  lastSeen: '2026-11-16',
  periods: 1,
  score: 12,
  evidence: { down: 7 },
  state: 'new',
  ...more
})

const stateWith = (gaps: GapRecord[], more: Partial<HealthState> = {}): HealthState => ({
  ...emptyState(PROJECT),
  periods: [{ dateFrom: '2026-11-16', dateTo: '2026-11-23', headlines: { visitorsHuman: 100 } }],
  gaps,
  ...more
})

/** The body the action would have written for `state` on issue `number`, sealed, with the boxes ticked as given. */
const sealedBody =
  (
    state: HealthState,
    options: { ticked?: string[]; dismissed?: string[]; seal?: RecordSeal; around?: string; repository?: string } = {}
  ) =>
  (number: number): string => {
    const owned = ownedBody({
      state,
      resolved: 0,
      footerHtml: '<sub>footer</sub>',
      ticked: new Set(options.ticked ?? []),
      dismissTicked: new Set(options.dismissed ?? [])
    })
    const sealed = sealState(owned, options.seal ?? SEAL, `${options.repository ?? 'acme/docs'}#${number}`)
    return options.around === undefined ? sealed : `${options.around}\n\n${sealed}`
  }

/** The state issue `number`'s body holds, read only when its seal verifies for that issue. */
const stateIn = (fake: Fake, number: number): HealthState | undefined =>
  openState(ownedPart(fake.body(number)), PROJECT, SEAL, `acme/docs#${number}`).state

const gapIn = (fake: Fake, number: number, id: string): GapRecord | undefined => stateIn(fake, number)?.gaps.find((g) => g.id === id)

const overviewWith = (page: string, more: Partial<Overview> = {}): Overview => ({
  dateFrom: '2026-11-23',
  dateTo: '2026-11-30',
  rangeText: '23–29 Nov 2026',
  requests: 3,
  headlines: [{ key: 'visitorsHuman', name: 'Human visitors', value: 240 }],
  items: [{ page, score: 9, signals: [{ kind: 'thumbs-down', count: 6, page }] }],
  incomplete: [],
  uncompared: [],
  ...more
})

const stdout = capturedStdout()
afterEach(() => {
  vi.useRealTimers()
})

describe("the state's place: the repository in the case GitHub ignores, or by its id", () => {
  const runnerAs = (repositoryText: string, repositoryId?: string): Runner => ({
    ...runnerOf(),
    repositoryText,
    ...(repositoryId === undefined ? {} : { repositoryId })
  })

  it('names the repository by its id when the runner gives it, else by owner/name in lower case', () => {
    expect(statePlace(runnerAs('Acme/Docs'), 12)).toBe('acme/docs#12')
    expect(statePlace(runnerAs('Acme/Docs', '4242'), 12)).toBe('repository 4242#12')
    expect(statePlaces(runnerAs('Acme/Docs', '4242'), 12)).toEqual(['repository 4242#12', 'acme/docs#12', 'Acme/Docs#12'])
    expect(statePlaces(runnerAs('acme/docs'), 3)).toEqual(['acme/docs#3'])
  })

  it.each([
    ['sealed for acme/docs, read as Acme/Docs', 'acme/docs', 'Acme/Docs'],
    ['sealed for Acme/Docs as builds before sealed it, read as Acme/Docs', 'Acme/Docs', 'Acme/Docs']
  ])('keeps the history of a state %s, and seals it again for the place of now', async (_case, sealedFor, runAs) => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap()]), { repository: sealedFor }))
    const run = await open(fake, { runner: runnerAs(runAs, '4242') })
    await run.finish(SERVER)
    expect(stdout.text).not.toContain('::notice::')
    expect(stdout.text).toContain(
      `The docs health issue's state was sealed for ${sealedFor}#${number}: it is read, and sealed for repository 4242#${number} from this run on.`
    )
    const state = openState(ownedPart(fake.body(number)), PROJECT, SEAL, `repository 4242#${number}`).state
    expect(state?.gaps.map((g) => g.id)).toEqual([gap().id])
  })

  it('keeps the history of a state sealed for acme/docs when the runner names no id, sealed again as it was', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap()])))
    await (await open(fake, { runner: runnerAs('Acme/Docs') })).finish(SERVER)
    expect(stdout.text).not.toContain('::notice::')
    expect(stdout.text).not.toContain('was sealed for')
    expect(stateIn(fake, number)?.gaps.map((g) => g.id)).toEqual([gap().id])
  })

  it('keeps the history through a rename or a transfer: the id is the same', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap()])))
    await (await open(fake, { runner: runnerAs('acme/docs', '4242') })).finish(SERVER)
    stdout.text = ''
    await (await open(fake, { runner: runnerAs('newco/handbook', '4242') })).finish(SERVER)
    expect(stdout.text).not.toContain('::notice::')
    expect(stdout.text).not.toContain('was sealed for')
    expect(openState(ownedPart(fake.body(number)), PROJECT, SEAL, `repository 4242#${number}`).state?.gaps.map((g) => g.id)).toEqual([
      gap().id
    ])
  })

  it("reads no state sealed for another repository, nor for another repository's id", async () => {
    for (const [sealedFor, runner] of [
      ['acme/handbook', runnerAs('acme/docs', '4242')],
      ['repository 4243', runnerAs('acme/docs', '4242')],
      ['repository 4242', runnerAs('acme/docs')]
    ] as const) {
      stdout.text = ''
      const fake = fakeGitHub()
      const number = fake.add(sealedBody(stateWith([gap()]), { repository: sealedFor }))
      await open(fake, { runner })
      expect(stdout.text).toContain(`::notice::The docs health issue #${number} holds no state this action can verify`)
    }
  })

  it('logs nothing of the place when the state is sealed for the place of now', async () => {
    const fake = fakeGitHub()
    fake.add(sealedBody(stateWith([gap()]), { repository: 'repository 4242' }))
    await (await open(fake, { runner: runnerAs('Acme/Docs', '4242') })).finish(SERVER)
    expect(stdout.text).not.toContain('::notice::')
    expect(stdout.text).not.toContain('was sealed for')
  })
})

describe('finding the docs health issue', () => {
  it('creates the issue when there is none, labelled, sealed for the number GitHub gave it', async () => {
    const fake = fakeGitHub()
    const run = await open(fake)
    run.recordPeriod(overviewWith('/quickstart'))
    const report = await run.finish(SERVER)
    expect(fake.created).toEqual([{ title: TITLE, labels: ['docs-health'] }])
    expect(fake.writes.map((w) => `${w.op} #${w.number}`)).toEqual(['create #1', 'update #1'])
    expect(report).toMatchObject({ url: 'https://github.com/acme/docs/issues/1', number: 1, asked: 0, resolved: 0 })
    expect(report.failure).toBeUndefined()
    const state = stateIn(fake, 1)
    expect(state?.periods.map((p) => p.dateFrom)).toEqual(['2026-11-23'])
    expect(state?.gaps.map((g) => [g.subject, g.state])).toEqual([['/quickstart', 'new']])
    // Sealed for its own number: it does not verify as another issue's.
    expect(openState(ownedPart(fake.body(1)), PROJECT, SEAL, 'acme/docs#0').state).toBeUndefined()
    expect(fake.body(1)).toMatch(/<sub>Updated with [^<]+ by docs-agent-action /)
    expect(fake.body(1)).toContain('<a href="https://github.com/acme/docs/actions/runs/7">workflow run</a>')
    expect(stdout.text).not.toContain('::notice::')
    expect(stdout.text).not.toContain('is closed')
  })

  it('takes the bot’s issue whose sealed state verifies, keeps its history, and names the copies it leaves', async () => {
    const fake = fakeGitHub()
    const own = fake.add(sealedBody(stateWith([gap()])))
    const copy = fake.add(sealedBody(stateWith([]), { seal: OTHER_SEAL }))
    const run = await open(fake)
    const report = await run.finish(SERVER)
    expect(report.number).toBe(own)
    expect(fake.writes.map((w) => w.number)).toEqual([own])
    expect(stateIn(fake, own)?.periods.map((p) => p.dateFrom)).toEqual(['2026-11-16'])
    expect(gapIn(fake, own, gap().id)?.state).toBe('new')
    expect(stdout.text).toContain(`Issue #${copy}, opened by github-actions[bot], carries the docs health issue's marker`)
    expect(stdout.text).not.toContain('::notice::')
    expect(stdout.text).not.toContain('The top of the docs health issue')
    expect(fake.body(own)).toMatch(/<sub>Updated by docs-agent-action /)
  })

  it('links no workflow run when the runner names none', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([])))
    const runner = runnerOf()
    delete runner.runUrl
    await (await open(fake, { runner })).finish(SERVER)
    expect(fake.body(number)).not.toContain('workflow run')
    expect(fake.body(number)).toMatch(/<sub>Updated by docs-agent-action [^<]+<\/sub>/)
  })

  it('finds its issue among the latest ones when the label was taken off, and updates it in place', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap()])), { labels: [] })
    const report = await (await open(fake)).finish(SERVER)
    expect(report.number).toBe(number)
    expect(fake.created).toEqual([])
    expect(gapIn(fake, number, gap().id)?.state).toBe('new')
  })

  it('names three copies one by one and counts the rest', async () => {
    for (const [copies, more] of [
      [3, undefined],
      [4, '1 more issues carry'],
      [5, '2 more issues carry']
    ] as const) {
      stdout.text = ''
      const fake = fakeGitHub()
      fake.add(sealedBody(stateWith([])))
      for (let i = 0; i < copies; i++) fake.add(sealedBody(stateWith([]), { seal: OTHER_SEAL }))
      await open(fake)
      expect(stdout.text.match(/^Issue #\d+, opened by/gm)?.length).toBe(3)
      expect(stdout.text.match(/more issues carry/g)?.length).toBe(more === undefined ? undefined : 1)
      if (more !== undefined)
        expect(stdout.text).toContain(`${more} the docs health issue's marker without its seal, and are left as they are.`)
    }
  })

  it("takes an issue a person opened when its state is sealed for it (a personal access token's), never one unsealed", async () => {
    const fake = fakeGitHub()
    const unsealed = fake.add(() => `${projectMarker(PROJECT)} copied by hand`, { user: PERSON })
    const persons = fake.add(sealedBody(stateWith([gap()])), { user: PERSON })
    const schedule = await open(fake)
    const report = await schedule.finish(SERVER)
    expect(report.number).toBe(persons)
    expect(stdout.text).not.toContain('::warning::')
    expect(fake.writes.every((w) => w.number !== unsealed)).toBe(true)
    expect(stateIn(fake, persons)?.gaps.map((g) => g.id)).toEqual([gap().id])
  })

  it("opens a new issue, with a warning that says so, when none of the action's is found", async () => {
    const fake = fakeGitHub()
    fake.add(() => `${projectMarker(PROJECT)} copied by hand`, { user: PERSON })
    const report = await (await open(fake)).finish(SERVER)
    expect(report.number).toBe(2)
    expect(fake.created).toHaveLength(1)
    expect(stdout.text).toContain(
      "::warning::No docs health issue of this action was found (no issue with its marker and its sealed state under the label docs-health, oldest first, nor among the 100 latest issues): a new one is opened. On the first run this is expected; otherwise give the action's issue the label docs-health again, and keep the same apiKey."
    )
  })

  it('keeps a bot’s issue with the marker but no state it can verify, with its history started again and its ticks not acted on', async () => {
    const fake = fakeGitHub()
    fake.pushers.add('alice')
    const planted = fake.add(sealedBody(stateWith([gap()]), { ticked: [gap().id], seal: OTHER_SEAL }))
    const run = await open(fake, { runner: runnerOf('issues', edit(planted)) })
    expect(stdout.text).toContain(
      `::notice::The docs health issue #${planted} holds no state this action can verify (the apiKey changed, or the state was edited or written by someone else): the issue is kept and updated, but its history and ledger start again, and its ticks are not acted on.`
    )
    expect(await run.ask()).toBeUndefined()
    const schedule = await open(fake)
    const report = await schedule.finish(SERVER)
    expect(report.number).toBe(planted)
    expect(stateIn(fake, planted)).toMatchObject({ periods: [], gaps: [] })
  })

  it('updates a closed issue and says it stays closed', async () => {
    const fake = fakeGitHub()
    const closed = fake.add(sealedBody(stateWith([])), { state: 'closed' })
    const run = await open(fake)
    await run.finish(SERVER)
    expect(stdout.text).toContain(`The docs health issue #${closed} is closed`)
    expect(fake.writes.map((w) => w.number)).toEqual([closed])
  })

  it('fails to open when the issues cannot be listed', async () => {
    const fake = fakeGitHub()
    fake.fail.list = new Error('GitHub answered 500')
    await expect(open(fake)).rejects.toThrow('GitHub answered 500')
  })
})

describe('who may tick', () => {
  it('asks for the gaps a person who may push ticked, marking them asked before the prompt is given', async () => {
    const fake = fakeGitHub()
    fake.pushers.add('alice')
    const second = gap({ id: fingerprint('page', '/guides/sso'), subject: '/guides/sso', evidence: { unanswered: 3 } })
    const number = fake.add(sealedBody(stateWith([gap(), second]), { ticked: [gap().id] }))
    const run = await open(fake, { runner: runnerOf('issues', tickEdit(fake, number)) })
    expect(run.issueEvent).toBe(true)
    const prompt = await run.ask()
    expect(prompt).toContain('- page /guides/webhooks: 7 thumbs down')
    expect(prompt).not.toContain('/guides/sso')
    // The period the gap was last ranked in, named.
    expect(prompt).toContain('docs health report of ')
    expect(fake.writes).toHaveLength(1)
    expect(gapIn(fake, number, gap().id)).toMatchObject({ state: 'asked', askedBy: '7' })
    expect(gapIn(fake, number, second.id)?.state).toBe('new')
    expect(stdout.text).toContain('Asking the agent for 1 ticked gap of the docs health issue.')
    await run.started('job-42')
    expect(gapIn(fake, number, gap().id)).toMatchObject({ state: 'asked', jobId: 'job-42' })
    const report = await run.finish(SERVER)
    expect(report).toMatchObject({ number, asked: 1, askedGaps: [{ kind: 'page', subject: '/guides/webhooks' }] })
    expect(fake.writes).toHaveLength(3)
  })

  it.each([
    ['a person who may not push', edit(1, 'mallory'), 'mallory ticked gaps in the docs health issue but may not push'],
    ['a person who may not push, named with markup', edit(1, '<b>x</b>'), '::warning::&lt;b&gt;x&lt;/b&gt; ticked gaps'],
    ['a bot', edit(1, 'docs-bot[bot]', 'Bot'), 'edited by a bot'],
    ['no sender', { action: 'edited', issue: { number: 1 }, sender: {} }, 'edited by a bot'],
    ['an issue opened, not edited', edit(1, 'alice', 'User', 'opened'), 'not by an edit'],
    ['an edit of another issue', edit(2), 'an event on another issue'],
    ['an event without a payload', undefined, 'not by an edit']
  ])('acts on no tick or dismissal from %s, and writes nothing', async (_name, payload, said) => {
    const fake = fakeGitHub()
    fake.pushers.add('alice')
    const second = gap({ id: fingerprint('page', '/guides/sso'), subject: '/guides/sso' })
    const number = fake.add(sealedBody(stateWith([gap(), second]), { ticked: [gap().id], dismissed: [second.id] }))
    expect(number).toBe(1)
    const run = await open(fake, { runner: runnerOf('issues', payload) })
    expect(stdout.text).toContain(said)
    expect(await run.ask()).toBeUndefined()
    const report = await run.finish(SERVER)
    expect(fake.writes).toEqual([])
    expect(report).toMatchObject({ number, asked: 0 })
    expect([...(report.dismissed ?? [])]).toEqual([])
  })

  it('acts only on the boxes the edit that started the run ticked; the others wait for a scheduled run', async () => {
    const fake = fakeGitHub()
    fake.pushers.add('alice')
    const second = gap({ id: fingerprint('page', '/guides/sso'), subject: '/guides/sso', evidence: { unanswered: 3 } })
    const third = gap({ id: fingerprint('page', '/guides/auth'), subject: '/guides/auth', evidence: { unanswered: 2 } })
    // Another app ticked two boxes (its own edit started nothing); then alice renames the issue.
    const number = fake.add(sealedBody(stateWith([gap(), second, third]), { ticked: [gap().id, second.id], dismissed: [third.id] }))
    const renamed = {
      action: 'edited',
      issue: { number, body: fake.body(number) },
      changes: { title: { from: 'Old' } },
      sender: { login: 'alice', type: 'User' }
    }
    const rename = await open(fake, { runner: runnerOf('issues', renamed) })
    expect(await rename.ask()).toBeUndefined()
    expect(stdout.text).toContain(
      '2 boxes asking the agent were ticked before this edit, not by it: a run started by an edit acts only on the boxes that edit ticked, so these wait for the next scheduled run.'
    )
    expect(stdout.text).toContain('1 box saying "Not a gap" was ticked before this edit, not by it')
    expect((await rename.finish(SERVER)).asked).toBe(0)
    expect(stateIn(fake, number)?.gaps.map((g) => g.state)).toEqual(['new', 'new', 'new'])

    // alice then ticks the second box herself: that one is asked for, not the first.
    const body = fake.body(number)
    const ticking = {
      action: 'edited',
      issue: { number, body },
      changes: { body: { from: body.replace(`- [x] <code>/guides/sso</code>`, `- [ ] <code>/guides/sso</code>`) } },
      sender: { login: 'alice', type: 'User' }
    }
    expect(ticking.changes.body.from).not.toBe(body)
    const edited = await open(fake, { runner: runnerOf('issues', ticking, '8') })
    const prompt = await edited.ask()
    expect(prompt).toContain('/guides/sso')
    expect(prompt).not.toContain('/guides/webhooks')
    expect(stdout.text).toContain('1 box asking the agent was ticked before this edit, not by it')
    expect(stateIn(fake, number)?.gaps.map((g) => g.state)).toEqual(['new', 'asked', 'new'])
    await edited.started('job-sso')

    // A scheduled run acts on every tick left.
    const scheduled = await open(fake, { runner: runnerOf('schedule', undefined, '9') })
    expect(await scheduled.ask()).toContain('/guides/webhooks')
    expect(stateIn(fake, number)?.gaps.map((g) => g.state)).toEqual(['asked', 'asked', 'dismissed'])
  })

  it("acts on no box, and does not fail, when the edit's payload holds no body or another type where a body goes", async () => {
    const fake = fakeGitHub()
    fake.pushers.add('alice')
    const number = fake.add(sealedBody(stateWith([gap()]), { ticked: [gap().id], dismissed: [gap().id] }))
    const body = fake.body(number)
    const unticked = body.replace(/^(\s*[-*+] )\[[xX]\]/gm, '$1[ ]')
    for (const [after, before] of [
      [undefined, unticked],
      [42, unticked],
      [body, 42],
      [body, ['not a body']],
      [body, undefined]
    ]) {
      const payload = {
        action: 'edited',
        issue: { number, body: after },
        changes: { body: { from: before } },
        sender: { login: 'alice', type: 'User' }
      }
      const run = await open(fake, { runner: runnerOf('issues', payload) })
      expect(await run.ask()).toBeUndefined()
      expect((await run.finish(SERVER)).dismissed?.size).toBe(0)
    }
    expect(gapIn(fake, number, gap().id)?.state).toBe('new')
  })

  it("counts as waiting only the open gaps' boxes ticked before the edit, and says nothing when none wait", async () => {
    const fake = fakeGitHub()
    fake.pushers.add('alice')
    const asked = gap({ id: fingerprint('page', '/guides/sso'), subject: '/guides/sso', state: 'asked', askedBy: '3', jobId: 'job-3' })
    const stray = 'abcdefabcdef'
    const number = fake.add((n) =>
      sealedBody(stateWith([gap(), asked]), { ticked: [gap().id] })(n).replace(
        projectMarker(PROJECT),
        `${projectMarker(PROJECT)}\n- [x] <code>/guides/sso</code> <!-- gap:${asked.id} -->\n- [x] <code>/stray</code> <!-- gap:${stray} -->`
      )
    )
    // The edit ticked the open gap's box: the asked gap's and a stray box, ticked before, do not wait.
    const body = fake.body(number)
    const from = body.replace('- [x] <code>/guides/webhooks</code>', '- [ ] <code>/guides/webhooks</code>')
    expect(from).not.toBe(body)
    const edit = { action: 'edited', issue: { number, body }, changes: { body: { from } }, sender: { login: 'alice', type: 'User' } }
    const run = await open(fake, { runner: runnerOf('issues', edit) })
    expect(await run.ask()).toContain('/guides/webhooks')
    expect(stdout.text).not.toContain('ticked before this edit')
    // An edit that ticked nothing: the one open gap's box waits, counted alone.
    const again = fakeGitHub()
    again.pushers.add('alice')
    const other = again.add(sealedBody(stateWith([gap(), asked]), { ticked: [gap().id] }))
    const renamed = {
      action: 'edited',
      issue: { number: other, body: again.body(other) },
      changes: {},
      sender: { login: 'alice', type: 'User' }
    }
    expect(await (await open(again, { runner: runnerOf('issues', renamed) })).ask()).toBeUndefined()
    expect(stdout.text).toContain('1 box asking the agent was ticked before this edit, not by it')
  })

  it('acts on no tick when who ticked cannot be checked, and still updates the issue', async () => {
    const fake = fakeGitHub()
    fake.pushers.add('alice')
    // A deleted account: GitHub answers the permission check with a 404.
    fake.fail.canWrite = Object.assign(new Error('Not Found'), { status: 404 })
    const number = fake.add(sealedBody(stateWith([gap()]), { ticked: [gap().id] }))
    const run = await open(fake, { runner: runnerOf('issues', tickEdit(fake, number)) })
    expect(stdout.text).toContain(
      '::warning::Could not check whether alice may push to acme/docs (HTTP 404): the ticks in the docs health issue are not acted on.'
    )
    expect(stdout.text).not.toContain('issues: write')
    expect(await run.ask()).toBeUndefined()
    const report = await run.finish(SERVER)
    expect(report).toMatchObject({ number, asked: 0 })
    expect(report.failure).toBeUndefined()
    expect(gapIn(fake, number, gap().id)?.state).toBe('new')
  })

  it('names the latest period in which any of the ticked gaps was ranked, and none it does not hold', async () => {
    const fake = fakeGitHub()
    const older = gap({ id: fingerprint('page', '/a'), subject: '/a', lastSeen: '2026-11-09' })
    const periods = [
      { dateFrom: '2026-11-09', dateTo: '2026-11-16', headlines: {} },
      { dateFrom: '2026-11-16', dateTo: '2026-11-23', headlines: {} }
    ]
    fake.add(sealedBody(stateWith([older, gap()], { periods }), { ticked: [older.id, gap().id] }))
    const prompt = await (await open(fake)).ask()
    expect(prompt).toContain('from the docs health report of 16–22 Nov 2026 and asks you')

    const other = fakeGitHub()
    other.add(sealedBody(stateWith([older], { periods: periods.slice(1) }), { ticked: [older.id] }))
    const unnamed = await (await open(other)).ask()
    expect(unnamed).toContain('from the docs health report and asks you')
  })

  it('asks nothing, and writes nothing before the end, when there is no issue yet', async () => {
    const fake = fakeGitHub()
    const run = await open(fake)
    expect(await run.ask()).toBeUndefined()
    await run.started('job-1')
    expect(fake.writes).toEqual([])
  })

  it('marks the gaps asked by the workflow run, or by a local run when the runner names none', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap()]), { ticked: [gap().id] }))
    const runner = runnerOf()
    delete runner.runId
    await (await open(fake, { runner })).ask()
    expect(gapIn(fake, number, gap().id)).toMatchObject({ state: 'asked', askedBy: 'local' })
  })

  it('acts on ticks from a scheduled run, which an edit cannot start', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap()]), { ticked: [gap().id] }))
    const run = await open(fake, { runner: runnerOf('schedule') })
    expect(run.issueEvent).toBe(false)
    expect(await run.ask()).toContain('page /guides/webhooks')
    expect(gapIn(fake, number, gap().id)?.state).toBe('asked')
  })

  it('asks nothing twice: a gap this workflow run already asked for, or one not open, is not asked again', async () => {
    const fake = fakeGitHub()
    fake.pushers.add('alice')
    const merged = gap({ id: fingerprint('page', '/a'), subject: '/a', state: 'merged' })
    const number = fake.add(
      sealedBody(stateWith([gap({ state: 'asked', askedBy: '7', jobId: 'job-1' }), merged]), { ticked: [gap().id, merged.id] })
    )
    const run = await open(fake, { runner: runnerOf('issues', tickEdit(fake, number)) })
    expect(await run.ask()).toBeUndefined()
    expect(fake.writes).toEqual([])
  })

  it('asks nothing when nothing is ticked', async () => {
    const fake = fakeGitHub()
    fake.pushers.add('alice')
    const number = fake.add(sealedBody(stateWith([gap()])))
    const run = await open(fake, { runner: runnerOf('issues', tickEdit(fake, number)) })
    expect(await run.ask()).toBeUndefined()
    await run.finish(SERVER)
    expect(fake.writes).toEqual([])
  })

  it('reopens a gap a run asked for without getting a job id, for a person to tick again', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap({ state: 'asked', askedBy: '3' })])))
    const run = await open(fake)
    await run.finish(SERVER)
    expect(gapIn(fake, number, gap().id)?.state).toBe('new')
  })
})

describe('the prompt and reader text', () => {
  const words = () => ({
    dateFrom: '2026-11-16',
    dateTo: '2026-11-23',
    gaps: [{ id: gap().id, questions: [], comments: ['the retry header is not documented'], searches: [] }]
  })

  it('gives the readers’ words where reader text may be shown, and names a search', async () => {
    const fake = fakeGitHub()
    const search = gap({
      id: fingerprint('search', 'webhook retries'),
      kind: 'search',
      subject: 'webhook retries',
      evidence: { noClick: 9 }
    })
    const number = fake.add(sealedBody(stateWith([gap(), search], { readerWords: words() }), { ticked: [gap().id, search.id] }))
    const run = await open(fake, { showWords: true })
    const prompt = await run.ask()
    expect(stdout.text).toContain('Asking the agent for 2 ticked gaps of the docs health issue.')
    expect(prompt).toContain('the retry header is not documented')
    expect(prompt).toContain('search "webhook retries"')
    const report = await run.finish(SERVER)
    expect(report.askedGaps).toEqual([
      { kind: 'page', subject: '/guides/webhooks' },
      { kind: 'search', subject: 'webhook retries' }
    ])
    expect(fake.body(number)).toContain('webhook retries')
  })

  it('where reader text is hidden, sends and writes back no word a reader typed, and names no search', async () => {
    const fake = fakeGitHub()
    const search = gap({ id: 'aaaaaaaaaaaa', kind: 'search', subject: '', evidence: { noClick: 9 } })
    const typed = gap({
      id: fingerprint('search', 'webhook retries'),
      kind: 'search',
      subject: 'webhook retries',
      evidence: { noClick: 4 }
    })
    // A page a client named is reader text too: its label stands for it, as a run that hid reader text wrote it.
    const page = gap({ id: fingerprint('page', pageLabel('/guides/webhooks')), subject: pageLabel('/guides/webhooks') })
    const number = fake.add(
      sealedBody(stateWith([page, search, typed], { readerWords: words() }), { ticked: [page.id, search.id, typed.id] })
    )
    const run = await open(fake, { showWords: false })
    const prompt = await run.ask()
    expect(prompt).toContain(`page ${pageLabel('/guides/webhooks')}`)
    expect(prompt).not.toContain('/guides/webhooks')
    expect(prompt).not.toContain('the retry header')
    expect(prompt).not.toContain('webhook retries')
    const report = await run.finish(SERVER)
    expect(report.askedGaps).toEqual([{ kind: 'page', subject: pageLabel('/guides/webhooks') }, { kind: 'search' }])
    expect(fake.body(number)).not.toContain('/guides/webhooks')
    expect(fake.body(number)).not.toContain('webhook retries')
    expect(fake.body(number)).not.toContain('the retry header')
    expect(stateIn(fake, number)?.readerWords).toBeUndefined()
  })
})

describe('dismissals', () => {
  it('takes “Not a gap” from a scheduled run, reports it and writes it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(TEST_EPOCH)
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap()]), { dismissed: [gap().id] }))
    const run = await open(fake)
    expect(stdout.text).toContain('1 gap was marked not a gap in the docs health issue.')
    const report = await run.finish(SERVER)
    expect([...(report.dismissed ?? [])]).toEqual([gap().id])
    expect(gapIn(fake, number, gap().id)).toMatchObject({ state: 'dismissed', dismissedOn: '2026-11-26' })
  })

  it('writes the issue for a dismissal alone on an edit by a person who may push, and counts several', async () => {
    const fake = fakeGitHub()
    fake.pushers.add('alice')
    const second = gap({ id: fingerprint('page', '/guides/sso'), subject: '/guides/sso' })
    const number = fake.add(sealedBody(stateWith([gap(), second]), { dismissed: [gap().id, second.id] }))
    const run = await open(fake, { runner: runnerOf('issues', tickEdit(fake, number)) })
    expect(stdout.text).toContain('2 gaps were marked not a gap')
    expect(await run.ask()).toBeUndefined()
    await run.finish(SERVER)
    expect(fake.writes).toHaveLength(1)
    expect(stateIn(fake, number)?.gaps.map((g) => g.state)).toEqual(['dismissed', 'dismissed'])
  })

  it('counts no gap dismissed before, and writes nothing on an edit that dismisses nothing new', async () => {
    const fake = fakeGitHub()
    fake.pushers.add('alice')
    const dismissed = gap({ state: 'dismissed', dismissedOn: '2026-11-20' })
    const tick = `- [x] Not a gap <!-- dismiss:${dismissed.id} -->`
    const number = fake.add((n) =>
      sealedBody(stateWith([dismissed]))(n).replace(projectMarker(PROJECT), `${projectMarker(PROJECT)}\n${tick}`)
    )
    expect(fake.body(number)).toContain(tick)
    const run = await open(fake, { runner: runnerOf('issues', tickEdit(fake, number)) })
    await run.finish(SERVER)
    expect(stdout.text).not.toContain('marked not a gap')
    expect(fake.writes).toEqual([])
  })

  it('names who dismissed a gap and when, the login escaped, and brings it back when its box is ticked by an edit of someone who may push', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(TEST_EPOCH)
    const fake = fakeGitHub()
    // A login cannot hold Markdown or HTML; this one is treated as if it could.
    const login = '*al*<img src=x>[a](b)@org'
    fake.pushers.add(login)
    const number = fake.add(sealedBody(stateWith([gap()]), { dismissed: [gap().id] }))
    await (await open(fake, { runner: runnerOf('issues', tickEdit(fake, number, login)) })).finish(SERVER)
    expect(gapIn(fake, number, gap().id)).toMatchObject({ state: 'dismissed', dismissedOn: '2026-11-26', dismissedBy: login })
    const seen = renderSummary(fake.body(number))
    expect(seen.text).toContain(`/guides/webhooks: not a gap, said by ${login} on 26 Nov 2026`)
    expect(fake.body(number)).not.toContain('<img')
    expect(seen.links.filter((link) => link.href.endsWith('b'))).toEqual([])
    // Dismissed: out of the report's Fix first and docsGaps (report.dismissed), until it comes back.
    const dismissedReport = await (await open(fake)).finish(SERVER)
    expect([...(dismissedReport.dismissed ?? [])]).toEqual([gap().id])

    // Someone who may not push ticks "Bring it back": nothing happens.
    const setBody = (body: string): void => {
      const stored = fake.issues.get(number)
      if (stored) stored.data = { ...stored.data, body }
    }
    const restoreBox = `- [ ] Bring it back <!-- restore:${gap().id} -->`
    expect(fake.body(number)).toContain(restoreBox)
    setBody(fake.body(number).replace(restoreBox, restoreBox.replace('[ ]', '[x]')))
    const refused = await open(fake, { runner: runnerOf('issues', tickEdit(fake, number, 'mallory')) })
    await refused.finish(SERVER)
    expect(gapIn(fake, number, gap().id)?.state).toBe('dismissed')
    // Their tick is written unticked, so that no scheduled run acts on it; the person who may push ticks it again.
    expect(fake.body(number)).toContain(restoreBox)
    setBody(fake.body(number).replace(restoreBox, restoreBox.replace('[ ]', '[x]')))

    // Someone who may push: open again, as new, who and when let go, in Fix first and the prompt again.
    const run = await open(fake, { runner: runnerOf('issues', tickEdit(fake, number, login)) })
    expect(stdout.text).toContain('1 gap was brought back in the docs health issue.')
    const report = await run.finish(SERVER)
    expect([...(report.dismissed ?? [])]).toEqual([])
    const back = gapIn(fake, number, gap().id)
    expect(back?.state).toBe('new')
    expect(back).not.toHaveProperty('dismissedBy')
    expect(back).not.toHaveProperty('dismissedOn')
    expect(fake.body(number)).toContain(`- [ ] Not a gap <!-- dismiss:${gap().id} -->`)
    expect(fake.body(number)).not.toContain('Bring it back <!--')
    // Ticked now, it is asked for: the prompt names it.
    const askBox = `<!-- gap:${gap().id} -->`
    setBody(fake.body(number).replace(/^- \[ \](.*<!-- gap:)/m, '- [x]$1'))
    expect(fake.body(number)).toContain(askBox)
    const asking = await open(fake, { runner: runnerOf('issues', tickEdit(fake, number, login)) })
    expect(await asking.ask()).toContain('- page /guides/webhooks: 7 thumbs down')
  })

  it('keeps a gap people dismissed dismissed, and reports it, when the period read ranks its page again', async () => {
    const fake = fakeGitHub()
    const dismissed = gap({ id: fingerprint('page', '/quickstart'), subject: '/quickstart', state: 'dismissed', dismissedOn: '2026-11-20' })
    const number = fake.add(sealedBody(stateWith([dismissed])))
    const run = await open(fake)
    run.recordPeriod(overviewWith('/quickstart'))
    const report = await run.finish(SERVER)
    expect([...(report.dismissed ?? [])]).toEqual([dismissed.id])
    expect(gapIn(fake, number, dismissed.id)?.state).toBe('dismissed')
  })
})

describe('jobs and pull requests', () => {
  it('records the pull request of the job it asked for, or opens the gaps again when the job ended without one', async () => {
    for (const [job, state] of [
      [{ kind: 'job', outcome: 'opened', jobId: 'job-9', prLink: 'https://github.com/acme/docs/pull/5', prNumber: '5' }, 'pr-open'],
      // A link the service returned that is no pull request on the run's GitHub server opens no pull request.
      [{ kind: 'job', outcome: 'opened', jobId: 'job-9', prLink: 'https://github.com.evil.example/acme/docs/pull/5' }, 'new'],
      [{ kind: 'job', outcome: 'opened', jobId: 'job-9', unsafePrLink: 'javascript:alert(1)' }, 'new'],
      [{ kind: 'job', outcome: 'no-pr', jobId: 'job-9' }, 'new'],
      [{ kind: 'job', outcome: 'failed', jobId: 'job-9' }, 'new'],
      [{ kind: 'job', outcome: 'archived', jobId: 'job-9' }, 'new'],
      [{ kind: 'job', outcome: 'running', jobId: 'job-9' }, 'asked']
    ] as const) {
      const fake = fakeGitHub()
      fake.pulls.set('acme/docs#5', { state: 'open' })
      const number = fake.add(sealedBody(stateWith([gap()]), { ticked: [gap().id] }))
      const run = await open(fake)
      await run.ask()
      run.recordJob(job as unknown as JobReport)
      await run.finish(SERVER)
      expect(gapIn(fake, number, gap().id)?.state, job.outcome).toBe(state)
    }
  })

  it('records no job for a run that asked for none, not even on a re-run of the run that did', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap({ state: 'asked', askedBy: '7', jobId: 'job-1' })])))
    const run = await open(fake)
    await run.started('job-2')
    expect(fake.writes).toEqual([])
    run.recordJob({ kind: 'job', outcome: 'no-pr', jobId: 'job-2' } as unknown as JobReport)
    await run.finish(SERVER)
    expect(gapIn(fake, number, gap().id)).toMatchObject({ state: 'asked', jobId: 'job-1' })
  })

  it('follows the jobs earlier runs left running: an ended one is recorded, the others are left as they are', async () => {
    const fake = fakeGitHub()
    const page = (path: string, more: Partial<GapRecord>) => gap({ id: fingerprint('page', path), subject: path, ...more })
    const gaps = [
      page('/a', { state: 'asked', askedBy: '3', jobId: 'done' }),
      page('/b', { state: 'asked', askedBy: '3', jobId: 'empty' }),
      page('/c', { state: 'asked', askedBy: '3', jobId: 'running' }),
      page('/d', { state: 'asked', askedBy: '3', jobId: 'unknown' }),
      page('/e', { state: 'asked', askedBy: '3', jobId: '..' }),
      page('/f', { state: 'asked', askedBy: '7', jobId: 'mine' }),
      page('/g', { state: 'asked', askedBy: '3', jobId: 'archived' }),
      page('/h', { state: 'asked', askedBy: '3', jobId: 'unsafe' }),
      page('/i', { state: 'new', askedBy: '3', jobId: 'old' }),
      page('/j', { state: 'asked', askedBy: '3', jobId: 'elsewhere' })
    ]
    const number = fake.add(sealedBody(stateWith(gaps)))
    const run = await open(fake)
    const asked: string[] = []
    const jobs: Record<string, AgentJob> = {
      done: { status: 'completed', prLink: 'https://github.com/acme/docs/pull/8' },
      empty: { status: 'failed' },
      running: { status: 'running' },
      archived: { status: 'archived' },
      unsafe: { status: 'completed', prLink: 'javascript:alert(1)' },
      elsewhere: { status: 'completed', prLink: 'https://github.com.evil.example/acme/docs/pull/8' }
    }
    await run.followJobs((jobId) => {
      asked.push(jobId)
      const job = jobs[jobId]
      return job ? Promise.resolve(job) : Promise.reject(new ApiError('job not found', { status: 404, transient: false }))
    }, SERVER)
    expect(asked.sort()).toEqual(['archived', 'done', 'elsewhere', 'empty', 'running', 'unknown', 'unsafe'])
    expect(stdout.text).toContain('names an agent job the run cannot follow, ".."')
    expect(stdout.text).toContain('The agent job unknown of the docs health issue could not be read: job not found')
    fake.pulls.set('acme/docs#8', { state: 'open' })
    await run.finish(SERVER)
    const states = stateIn(fake, number)?.gaps.map((g) => [g.subject, g.state, g.prLink])
    expect(states).toEqual([
      ['/a', 'pr-open', 'https://github.com/acme/docs/pull/8'],
      ['/b', 'new', undefined],
      ['/c', 'asked', undefined],
      ['/d', 'asked', undefined],
      ['/e', 'asked', undefined],
      ['/f', 'asked', undefined],
      ['/g', 'new', undefined],
      ['/h', 'new', undefined],
      ['/i', 'new', undefined],
      ['/j', 'new', undefined]
    ])
  })

  it('stops following jobs on an error that is not the service’s', async () => {
    const fake = fakeGitHub()
    fake.add(sealedBody(stateWith([gap({ state: 'asked', askedBy: '3', jobId: 'j1' })])))
    const run = await open(fake)
    await expect(run.followJobs(() => Promise.reject(new Error('stopped')), SERVER)).rejects.toThrow('stopped')
  })

  it('reads each pull request the ledger waits on once, on the run’s server only, and records its merge', async () => {
    const fake = fakeGitHub()
    const pr = 'https://github.com/acme/docs/pull/7'
    const page = (path: string, more: Partial<GapRecord>) => gap({ id: fingerprint('page', path), subject: path, ...more })
    const gaps = [
      page('/a', { state: 'pr-open', prLink: pr, jobId: 'j' }),
      page('/b', { state: 'pr-open', prLink: pr, jobId: 'j' }),
      page('/c', { state: 'pr-open', prLink: 'https://elsewhere.example/acme/docs/pull/3', jobId: 'k' }),
      page('/d', { state: 'pr-open', prLink: 'https://github.com/acme/docs/pull/11', jobId: 'l' }),
      page('/e', { state: 'new', prLink: 'https://github.com/acme/docs/pull/12' })
    ]
    const number = fake.add(sealedBody(stateWith(gaps)))
    fake.pulls.set('acme/docs#7', { state: 'merged', mergedOn: '2026-11-25' })
    const run = await open(fake)
    await run.finish(SERVER)
    expect(fake.pullReads).toEqual(['acme/docs#7', 'acme/docs#11'])
    expect(stateIn(fake, number)?.gaps.map((g) => g.state)).toEqual(['merged', 'merged', 'pr-open', 'pr-open', 'new'])
  })
})

describe('a pull request that cannot be read', () => {
  it('counts for nothing, unless the run stopped: then the issue is not written', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap({ state: 'pr-open', prLink: 'https://github.com/acme/docs/pull/4', jobId: 'j' })])))
    await (await open(fake)).finish(SERVER)
    expect(gapIn(fake, number, gap().id)?.state).toBe('pr-open')
    expect(fake.writes).toHaveLength(1)
    const run = await open(fake)
    fake.stop()
    expect((await run.finish(SERVER)).failure).toBe('The docs health issue could not be written: Not Found')
    expect(fake.writes).toHaveLength(1)
  })
})

describe('the period the analytics read', () => {
  /** The sections of 14–20 Nov 2026 (test/support/section-reports.ts), each read whole unless given otherwise. */
  const sections = (
    feedback: Partial<FeedbackReport> = {},
    more: { searches?: Partial<SearchesReport>; assistant?: Partial<AssistantReport> } = {}
  ): SectionReport[] => [
    visitorsReport(),
    viewsReport(),
    searchesReport(more.searches),
    feedbackReport(feedback),
    assistantReport(more.assistant)
  ]
  const period = (more: Partial<Overview> = {}): Overview =>
    overviewWith('/docs/api', { dateFrom: '2026-11-14', dateTo: '2026-11-21', items: [], ...more })
  const page = (path: string, more: Partial<GapRecord> = {}) => gap({ id: fingerprint('page', path), subject: path, ...more })

  it('counts a merged gap fixed once the evidence since the merge shows it, and names it', async () => {
    const fake = fakeGitHub()
    const faq = page('/docs/faq', {
      state: 'merged',
      mergedOn: '2026-11-01',
      prLink: 'https://github.com/acme/docs/pull/50',
      before: { dateFrom: '2026-10-01', dateTo: '2026-10-08', down: 14 }
    })
    const number = fake.add(sealedBody(stateWith([faq])))
    const run = await open(fake)
    run.recordPeriod(period(), sections())
    const report = await run.finish(SERVER)
    expect(gapIn(fake, number, faq.id)?.state).toBe('resolved')
    expect(report).toMatchObject({ resolved: 1, resolvedNames: ['/docs/faq'] })
    // The news of the week names it.
    expect(fake.body(number)).toContain('<li>✅ <strong>Fixed:</strong> <code>/docs/faq</code>')
    // The summary gets the same line, to say at its top that the fix worked.
    expect(report.verdicts?.join('')).toContain('✅ <strong>Fixed:</strong> <code>/docs/faq</code>')
    expect(stateIn(fake, number)?.periods.at(-1)?.resolved).toBe(1)
  })

  it('ranks the gaps from every section’s signals, with each gap’s own numbers, leaving out those people dismissed', async () => {
    const fake = fakeGitHub()
    const dismissed = page('/docs/api', {
      state: 'dismissed',
      dismissedOn: '2026-11-10',
      before: { dateFrom: '2026-11-07', dateTo: '2026-11-14', down: 5, up: 2 }
    })
    const number = fake.add(sealedBody(stateWith([dismissed])))
    const run = await open(fake)
    run.recordPeriod(period(), sections())
    await run.finish(SERVER)
    const gaps = stateIn(fake, number)?.gaps ?? []
    // Its numbers are followed, but it is not ranked: neither seen again nor counted in this period.
    expect(gaps.find((g) => g.subject === '/docs/api')).toMatchObject({
      state: 'dismissed',
      lastSeen: '2026-11-16',
      periods: 1,
      now: { down: 5, up: 2 }
    })
    expect(gaps.map((g) => [g.subject, g.state, g.lastSeen])).toEqual([
      ['/docs/api', 'dismissed', '2026-11-16'],
      ['pricing', 'new', '2026-11-14'],
      ['sso', 'new', '2026-11-14']
    ])
  })

  it('counts no thumbs of a page whose feedback was not read whole', async () => {
    for (const [feedback, down] of [
      [{}, 0],
      [{ partial: true }, undefined],
      [{ failure: 'failed' }, undefined],
      [{ requests: 0 }, undefined],
      [{ pagesTruncated: true }, undefined]
    ] as const) {
      const fake = fakeGitHub()
      const keys = page('/docs/keys', { state: 'merged', mergedOn: '2026-11-01', quiet: 0 })
      const number = fake.add(sealedBody(stateWith([keys])))
      const run = await open(fake)
      run.recordPeriod(period(), sections(feedback))
      await run.finish(SERVER)
      expect(gapIn(fake, number, keys.id)?.now?.down, JSON.stringify(feedback)).toBe(down)
      // The assistant was read whole in every case.
      expect(gapIn(fake, number, keys.id)?.now?.unanswered).toBe(2)
    }
  })

  it('counts no searches or questions of a section not read whole', async () => {
    for (const [more, noClick, unanswered] of [
      [{}, 40, 2],
      [{ searches: { partial: true } }, undefined, 2],
      [{ searches: { requests: 0 } }, undefined, 2],
      [{ assistant: { failure: 'failed' } }, 40, undefined],
      [{ assistant: { partial: true } }, 40, undefined]
    ] as const) {
      const fake = fakeGitHub()
      const search = gap({ id: fingerprint('search', 'pricing'), kind: 'search', subject: 'pricing', state: 'merged', quiet: 0 })
      const keys = page('/docs/keys', { state: 'merged', mergedOn: '2026-11-01', quiet: 0 })
      const number = fake.add(sealedBody(stateWith([search, keys])))
      const run = await open(fake)
      run.recordPeriod(period(), sections({}, more))
      await run.finish(SERVER)
      expect(gapIn(fake, number, search.id)?.now?.noClick, JSON.stringify(more)).toBe(noClick)
      expect(gapIn(fake, number, keys.id)?.now?.unanswered, JSON.stringify(more)).toBe(unanswered)
    }
  })

  it('keeps what readers wrote about the gaps only where reader text may be shown', async () => {
    for (const showWords of [true, false]) {
      const fake = fakeGitHub()
      const number = fake.add(sealedBody(stateWith([])))
      const run = await open(fake, { showWords })
      run.recordPeriod(
        overviewWith('/quickstart', {
          words: [{ page: '/quickstart', questions: [], comments: ['cannot find the token'], commentCounts: [1], searches: [] }]
        })
      )
      await run.finish(SERVER)
      const kept = stateIn(fake, number)?.readerWords
      if (showWords) expect(kept?.gaps.map((g) => g.comments)).toEqual([['cannot find the token']])
      else expect(kept).toBeUndefined()
    }
  })

  it('takes a headline’s change from the history, keeps the top pages and names those that moved', async () => {
    const fake = fakeGitHub()
    const number = fake.add(
      sealedBody(
        stateWith([], {
          periods: [{ dateFrom: '2026-11-07', dateTo: '2026-11-14', headlines: { visitorsHuman: 600 } }],
          topPages: { dateFrom: '2026-11-07', dateTo: '2026-11-14', pages: [{ path: '/docs/quickstart', visitors: 400 }] }
        })
      )
    )
    const run = await open(fake)
    run.recordPeriod(
      period({
        headlines: [
          { key: 'visitorsHuman', name: 'Human visitors', value: 1200 },
          { key: 'views', name: 'Page views', value: 6900, partial: true }
        ]
      }),
      sections()
    )
    const report = await run.finish(SERVER)
    expect(report.previous).toEqual({ visitorsHuman: { value: 600, dateFrom: '2026-11-07', dateTo: '2026-11-14' } })
    expect(report.movers).toEqual([expect.objectContaining({ path: '/docs/quickstart', measure: 'visitors', before: 400, after: 1000 })])
    const state = stateIn(fake, number)
    // A partial headline is not history.
    expect(state?.periods.at(-1)).toMatchObject({ dateFrom: '2026-11-14', headlines: { visitorsHuman: 1200 } })
    expect(state?.periods.at(-1)?.headlines.views).toBeUndefined()
    expect(state?.topPages).toEqual({
      dateFrom: '2026-11-14',
      dateTo: '2026-11-21',
      pages: [
        { path: '/docs/install', views: 5800 },
        { path: '/docs/quickstart', visitors: 1000 },
        { path: '/docs/api', visitors: 300, views: 1100 }
      ]
    })
  })

  it('records nothing of a period that read no headline and no item', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap()])))
    const run = await open(fake)
    run.recordPeriod(period({ headlines: [] }))
    await run.finish(SERVER)
    expect(stateIn(fake, number)?.periods.map((p) => p.dateFrom)).toEqual(['2026-11-16'])
    expect(fake.body(number)).not.toContain('docs-agent-action:top -->')
  })

  it('records a period that ranked gaps though it read no headline', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([])))
    const run = await open(fake)
    run.recordPeriod(overviewWith('/quickstart', { headlines: [] }))
    await run.finish(SERVER)
    expect(stateIn(fake, number)?.periods.map((p) => p.dateFrom)).toEqual(['2026-11-16', '2026-11-23'])
    expect(stateIn(fake, number)?.gaps.map((g) => g.subject)).toEqual(['/quickstart'])
  })
})

describe('what the issue keeps of its top', () => {
  /** A first run that reads the analytics writes the top; returns the issue's number. */
  async function weekly(fake: Fake, showWords = true): Promise<number> {
    const run = await open(fake, { showWords })
    run.recordPeriod(overviewWith('/quickstart'))
    return (await run.finish(SERVER)).number ?? 0
  }
  const top = (body: string): string => /<!-- docs-agent-action:top -->[\s\S]*?<!-- \/docs-agent-action:top -->/.exec(body)?.[0] ?? ''

  it('copies the top of the last weekly report into a run that reads no analytics, when its digest is sealed', async () => {
    const fake = fakeGitHub()
    const number = await weekly(fake)
    const before = top(fake.body(number))
    expect(before).not.toBe('')
    const run = await open(fake)
    await run.finish(SERVER)
    expect(top(fake.body(number))).toBe(before)
    // And again: what it wrote is still the action's own.
    await (await open(fake)).finish(SERVER)
    expect(top(fake.body(number))).toBe(before)
    expect(stdout.text).not.toContain('The top of the docs health issue')
  })

  it('leaves out a top someone edited, and says so once, however often the run writes', async () => {
    const fake = fakeGitHub()
    const number = await weekly(fake)
    const stored = fake.issues.get(number)
    if (!stored) throw new Error('no issue')
    const body = fake.body(number)
    // The top rewritten, and a gap ticked: the run writes twice (the ask, which fails, then the end).
    stored.data = {
      ...stored.data,
      body: body.replace(top(body), top(body).replace('</', '<a href="https://evil.example">fix here</a></')).replace('- [ ]', '- [x]')
    }
    const run = await open(fake)
    fake.fail.write = new Error('GitHub answered 502')
    expect(await run.ask()).toBeUndefined()
    delete fake.fail.write
    await run.finish(SERVER)
    expect(fake.writes.filter((w) => w.number === number)).toHaveLength(3)
    expect(top(fake.body(number))).toBe('')
    expect(fake.body(number)).not.toContain('evil.example')
    expect(stdout.text.match(/The top of the docs health issue is not as the action wrote it/g)).toHaveLength(1)
  })

  it('writes a new top over an edited one in a run that reads the analytics, and says nothing of the old', async () => {
    const fake = fakeGitHub()
    const number = await weekly(fake)
    const stored = fake.issues.get(number)
    if (!stored) throw new Error('no issue')
    const body = fake.body(number)
    const before = top(body)
    stored.data = { ...stored.data, body: body.replace(before, before.replace('</', 'edited</')) }
    await weekly(fake)
    expect(top(fake.body(number))).toBe(before)
    expect(stdout.text).not.toContain('The top of the docs health issue')
  })

  it('leaves out a top written while reader text was shown once it is hidden, and keeps one written while hidden', async () => {
    const fake = fakeGitHub()
    const shown = await weekly(fake, true)
    // Kept as it was by a run that shows reader text, it still holds reader text.
    const before = top(fake.body(shown))
    await (await open(fake, { showWords: true })).finish(SERVER)
    expect(top(fake.body(shown))).toBe(before)
    await (await open(fake, { showWords: false })).finish(SERVER)
    expect(top(fake.body(shown))).toBe('')
    expect(stdout.text).toContain('The top of the docs health issue held reader text, which is now hidden')

    const other = fakeGitHub()
    const hidden = await weekly(other, false)
    const hiddenTop = top(other.body(hidden))
    await (await open(other, { showWords: false })).finish(SERVER)
    expect(top(other.body(hidden))).toBe(hiddenTop)
    await (await open(other, { showWords: true })).finish(SERVER)
    expect(top(other.body(hidden))).toBe(hiddenTop)
  })
})

describe('failures to write', () => {
  it('reports why the issue could not be written, keeping what it knows', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap()])))
    fake.fail.write = new Error('GitHub refused it (422)')
    const run = await open(fake)
    const report = await run.finish(SERVER)
    expect(report).toMatchObject({ number, failure: 'The docs health issue could not be written: GitHub refused it (422)' })
  })

  it('reports an issue that cannot be read again before it is written', async () => {
    const fake = fakeGitHub()
    fake.add(sealedBody(stateWith([gap()])))
    const run = await open(fake)
    fake.fail.read = new Error('GitHub answered 502')
    expect((await run.finish(SERVER)).failure).toBe('The docs health issue could not be written: GitHub answered 502')
    expect(fake.writes).toEqual([])
  })

  it('does not ask the agent when the ticks cannot be recorded, and says why', async () => {
    const fake = fakeGitHub()
    fake.pushers.add('alice')
    const number = fake.add(sealedBody(stateWith([gap()]), { ticked: [gap().id] }))
    fake.fail.write = new Error('GitHub answered 503')
    const run = await open(fake, { runner: runnerOf('issues', tickEdit(fake, number)) })
    expect(await run.ask()).toBeUndefined()
    const report = await run.finish(SERVER)
    expect(report).toMatchObject({
      asked: 0,
      failure: 'The docs health issue could not record the ticked gaps, so the agent was not asked: GitHub answered 503'
    })
    expect(report.askedGaps).toBeUndefined()
    // The next run may ask: the gap is still open.
    delete fake.fail.write
    const again = await open(fake, { runner: runnerOf('issues', tickEdit(fake, number), '8') })
    expect(await again.ask()).toContain('page /guides/webhooks')
  })

  it('keeps the gaps open when the ticks could not be recorded, though the end of the run writes the issue', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap()]), { ticked: [gap().id] }))
    const run = await open(fake)
    fake.fail.write = new Error('GitHub answered 503')
    expect(await run.ask()).toBeUndefined()
    delete fake.fail.write
    const report = await run.finish(SERVER)
    expect(report.failure).toContain('could not record the ticked gaps')
    expect(gapIn(fake, number, gap().id)).toMatchObject({ state: 'new' })
    expect(gapIn(fake, number, gap().id)?.askedBy).toBeUndefined()
  })

  it('writes a body of exactly GitHub’s limit, and refuses one character more', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap()])))
    await (await open(fake)).finish(SERVER)
    const owned = fake.body(number)
    const stored = fake.issues.get(number)
    if (!stored) throw new Error('no issue')
    const fill = (chars: number) => {
      stored.data = { ...stored.data, body: `${'x'.repeat(chars)}\n\n${owned}` }
    }
    fill(BODY_LIMIT - owned.length - 2)
    expect((await (await open(fake)).finish(SERVER)).failure).toBeUndefined()
    expect(fake.body(number)).toHaveLength(BODY_LIMIT)
    fill(BODY_LIMIT - owned.length - 1)
    expect((await (await open(fake)).finish(SERVER)).failure).toContain(`its body would be ${BODY_LIMIT + 1} characters`)
  })

  it('warns, and goes on, when the job’s id cannot be recorded', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap()]), { ticked: [gap().id] }))
    const run = await open(fake)
    await run.ask()
    fake.fail.write = new Error('GitHub answered 500')
    await run.started('job-5')
    expect(stdout.text).toContain('::warning::The docs health issue could not record job job-5: GitHub answered 500')
    expect(gapIn(fake, number, gap().id)?.jobId).toBeUndefined()
  })

  it('refuses a body over GitHub’s limit and says what to shorten', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap()]), { around: 'x'.repeat(BODY_LIMIT) }))
    const run = await open(fake)
    const report = await run.finish(SERVER)
    expect(report.failure).toMatch(/^The docs health issue could not be written: its body would be \d+ characters, over GitHub's 65536/)
    expect(fake.writes).toEqual([])
    expect(fake.issues.get(number)?.data.body).toContain('x'.repeat(100))
  })

  it('names the permission when GitHub answers 403 or 404, and what GitHub said otherwise', async () => {
    const answered = (status: number, message: string) => Object.assign(new Error(message), { status })
    const fake = fakeGitHub()
    fake.pushers.add('alice')
    const number = fake.add(sealedBody(stateWith([gap()]), { ticked: [gap().id] }))
    fake.fail.write = answered(403, 'Resource not accessible by integration')
    const run = await open(fake, { runner: runnerOf('issues', tickEdit(fake, number)) })
    expect(await run.ask()).toBeUndefined()
    expect((await run.finish(SERVER)).failure).toBe(
      'The docs health issue could not record the ticked gaps, so the agent was not asked (HTTP 403): ' +
        'give the job `permissions: issues: write`, or set healthIssue: false.'
    )
    fake.fail.write = answered(404, 'Not Found')
    expect((await (await open(fake)).finish(SERVER)).failure).toBe(
      'The docs health issue could not be written (HTTP 404): give the job `permissions: issues: write`, or set healthIssue: false.'
    )
    fake.fail.write = answered(422, 'Validation Failed')
    expect((await (await open(fake)).finish(SERVER)).failure).toBe(
      'The docs health issue could not be written: GitHub refused it (HTTP 422, Validation Failed).'
    )
    const asking = await open(fake)
    delete fake.fail.write
    await asking.ask()
    fake.fail.write = answered(403, 'Resource not accessible by integration')
    await asking.started('job-6')
    expect(stdout.text).toContain(
      '::warning::The docs health issue could not record job job-6 (HTTP 403): give the job `permissions: issues: write`, or set healthIssue: false.'
    )
  })

  it('keeps the boxes a person ticked during the run ticked, for the run their edit starts', async () => {
    const fake = fakeGitHub()
    const second = gap({ id: fingerprint('page', '/guides/sso'), subject: '/guides/sso' })
    const number = fake.add(sealedBody(stateWith([gap(), second])))
    const run = await open(fake)
    const stored = fake.issues.get(number)
    if (!stored) throw new Error('no issue')
    stored.data = { ...stored.data, body: sealedBody(stateWith([gap(), second]), { ticked: [gap().id], dismissed: [second.id] })(number) }
    await run.finish(SERVER)
    const written = fake.body(number)
    expect(written).toMatch(new RegExp(`- \\[x\\] .*<!-- gap:${gap().id} -->`))
    expect(written).toContain(`- [x] Not a gap <!-- dismiss:${second.id} -->`)
    expect(written).toMatch(new RegExp(`- \\[ \\] .*<!-- gap:${second.id} -->`))
    expect(stateIn(fake, number)?.gaps.map((g) => g.state)).toEqual(['new', 'new'])
  })

  it('keeps a person’s text around the owned part, and an edit made during the run', async () => {
    const fake = fakeGitHub()
    const number = fake.add(sealedBody(stateWith([gap()]), { around: 'Notes from the docs team.' }))
    const run = await open(fake)
    const stored = fake.issues.get(number)
    if (!stored) throw new Error('no issue')
    stored.data = { ...stored.data, body: `Edited during the run.\n\n${fake.body(number)}` }
    await run.finish(SERVER)
    expect(fake.body(number)).toMatch(/^Edited during the run\.\n\nNotes from the docs team\./)
  })
})

describe('a verdict announced', () => {
  const merged = (more: Partial<GapRecord> = {}): GapRecord =>
    gap({
      state: 'merged',
      verdict: 'too-few',
      mergedOn: '2026-11-01',
      prLink: 'https://github.com/acme/docs/pull/50',
      before: { dateFrom: '2026-10-01', dateTo: '2026-10-08', down: 14 },
      tickedBy: 'alice',
      ...more
    })
  /** A week since the merge in which nobody is in trouble on the page: its fix is judged fixed. */
  const quietWeek = (): Overview => overviewWith('/docs/api', { dateFrom: '2026-11-14', dateTo: '2026-11-21', items: [] })
  const judging = async (fake: Fake, gaps: GapRecord[] = [merged()]) => {
    const number = fake.add(sealedBody(stateWith(gaps)))
    const run = await open(fake)
    run.recordPeriod(quietWeek(), [feedbackReport({ pages: [] })])
    return { number, run }
  }

  it('posts one comment after the issue is written, naming the gap and mentioning who ticked it; a run that reads that issue again posts none', async () => {
    const fake = fakeGitHub()
    const { number, run } = await judging(fake)
    const report = await run.finish(SERVER)
    expect(report.failure).toBeUndefined()
    expect(gapIn(fake, number, gap().id)).toMatchObject({ state: 'resolved', verdict: 'fixed', tickedBy: 'alice' })
    expect(fake.comments).toHaveLength(1)
    expect(fake.comments[0]?.number).toBe(number)
    expect(renderSummary(fake.comments[0]?.body ?? '').text).toContain('✅ Fixed: /guides/webhooks by pull request #50 · ticked by @alice')
    expect(stdout.text).toContain('Announced a verdict in a comment on the docs health issue, mentioning the person who ticked them.')
    const again = await open(fake)
    again.recordPeriod(quietWeek(), [feedbackReport({ pages: [] })])
    await again.finish(SERVER)
    expect(fake.comments).toHaveLength(1)
  })

  it('posts nothing when the issue could not be written: the next run judges again, and tells', async () => {
    const fake = fakeGitHub()
    const { run } = await judging(fake)
    fake.fail.write = new Error('GitHub answered 500')
    expect((await run.finish(SERVER)).failure).toBeDefined()
    expect(fake.comments).toEqual([])
  })

  it('warns, and does not fail the run, when the comment cannot be posted', async () => {
    const fake = fakeGitHub()
    const { number, run } = await judging(fake)
    fake.fail.comment = Object.assign(new Error('Resource not accessible by integration'), { status: 403 })
    const report = await run.finish(SERVER)
    expect(report.failure).toBeUndefined()
    expect(gapIn(fake, number, gap().id)?.verdict).toBe('fixed')
    expect(stdout.text).toContain(
      "::warning::The docs health issue holds this run's verdicts, but they could not be announced in a comment (HTTP 403): give the job `permissions: issues: write`, or set healthIssue: false."
    )
  })

  it('names every verdict of the run in the one comment, and each person who ticked once', async () => {
    const fake = fakeGitHub()
    const second = (path: string, tickedBy: string) => merged({ id: fingerprint('page', path), subject: path, tickedBy })
    const { run } = await judging(fake, [merged(), second('/docs/faq', 'bob'), second('/docs/sso', 'alice')])
    await run.finish(SERVER)
    expect(fake.comments).toHaveLength(1)
    expect(renderSummary(fake.comments[0]?.body ?? '').references.sort()).toEqual(['@alice', '@alice', '@bob'])
    expect(stdout.text).toContain('Announced 3 verdicts in a comment on the docs health issue, mentioning the 2 people who ticked them.')
  })

  it('names nobody it cannot mention, and says so', async () => {
    const fake = fakeGitHub()
    const { run } = await judging(fake, [merged({ tickedBy: undefined })])
    await run.finish(SERVER)
    expect(fake.comments).toHaveLength(1)
    expect(renderSummary(fake.comments[0]?.body ?? '').references).toEqual([])
    expect(stdout.text).toContain('mentioning nobody: no edit is known to have ticked them.')
  })
})
