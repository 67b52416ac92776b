// The work of a run in process when a person ticked gaps in the docs health issue, against the
// service's emulator and the fake GitHub API on loopback: the agent is asked for the ticked gaps,
// the job is written into the issue as soon as it starts, and the step waits for the job unless the
// run also reads the analytics (the next run follows the job then). Also: the alerts a run's numbers
// fire, and a repository the run cannot name. The real toolkit writes the log to stdout, which the
// tests read.
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SECTION_NAMES } from '../../src/core/catalog.js'
import type { JobReport } from '../../src/agent/outcome.js'
import type { Inputs } from '../../src/run/inputs.js'
import { parseAlertRules } from '../../src/render/alerts.js'
import { work } from '../../src/run/work.js'
import { RecordSeal } from '../../src/core/record-seal.js'
import { sealState } from '../../src/health/state.js'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { renderSummary } from '../support/render.js'
import { startGitHubFake } from '../support/github-fake.js'
import { capturedStdout } from '../support/stdout.js'
import { stubRunner } from '../support/runner-env.js'

const KEY = 'mint_tickKeyW4q'
const TOKEN = 'ghs_tickTokenH8'
const PR_LINK = 'https://github.com/acme/docs/pull/41'
const ANALYTICS: NonNullable<Inputs['analytics']> = {
  dateFrom: '2026-11-01',
  dateTo: '2026-11-08',
  topPages: 5,
  maxRequests: 40,
  compare: false,
  sections: SECTION_NAMES,
  readerText: 'hide'
}
const HEALTH_ISSUE = { token: TOKEN, title: 'Docs health' }

let emu: Emulator
let github: Awaited<ReturnType<typeof startGitHubFake>>
let dir: string
const stdout = capturedStdout()
let runId = 900

beforeAll(async () => {
  emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
})
afterAll(async () => {
  await emu.close()
})

beforeEach(async () => {
  // A GitHub of its own for each test: each starts without a docs health issue.
  github = await startGitHubFake()
  dir = await stubRunner({ eventName: 'schedule', runId: ++runId, apiUrl: github.url })
})
afterEach(async () => {
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
  await github.close()
  await rm(dir, { recursive: true, force: true })
})

function inputs(extra: Partial<Inputs> = {}): Inputs {
  return {
    apiKey: KEY,
    projectId: 'proj_docs',
    wait: true,
    timeoutMs: 20_000,
    pollIntervalMs: 200,
    failOn: new Set(['failed']),
    failOnAlert: false,
    alerts: [],
    baseUrl: emu.url,
    check: false,
    followUp: false,
    command: '/docs',
    githubToken: TOKEN,
    warnings: [],
    ...extra
  }
}

/** A new workflow run: a run id of its own, started by `event` (a schedule when none is given). */
async function nextRun(event?: { name: string; payload: unknown }): Promise<void> {
  vi.stubEnv('GITHUB_RUN_ID', String(++runId))
  vi.stubEnv('GITHUB_EVENT_NAME', event?.name ?? 'schedule')
  if (event === undefined) return
  const file = join(dir, `event-${String(runId)}.json`)
  await writeFile(file, JSON.stringify(event.payload))
  vi.stubEnv('GITHUB_EVENT_PATH', file)
}

/** A scheduled run makes the docs health issue; then a person ticks its first page gap. Gives the issue, the page, and the body after and before the tick. */
async function tickedIssue(): Promise<{ number: number; page: string; body: string; before: string }> {
  const made = await work(inputs({ analytics: ANALYTICS, healthIssue: HEALTH_ISSUE }))
  expect(made.healthIssue?.failure).toBeUndefined()
  const issue = github.issues.find((i) => i.title === HEALTH_ISSUE.title)
  if (!issue) throw new Error('the run made no docs health issue')
  const line = issue.body.split('\n').find((l) => l.startsWith('- [ ] <code>')) ?? ''
  const page = /<code>([^<]+)<\/code>/.exec(line)?.[1] ?? ''
  // readerText is hide: the page a client named shows as its label.
  expect(page).toMatch(/^\(page [a-z2-9]{4}-[a-z2-9]{4}\)$/)
  const before = issue.body
  issue.body = issue.body.replace(line, line.replace('- [ ]', '- [x]'))
  return { number: issue.number, page, body: issue.body, before }
}

/** The prompts of the agent jobs created since `before` requests. */
const promptsSince = (before: number): string[] =>
  emu.requests
    .slice(before)
    .filter((r) => r.method === 'POST' && r.path === '/v2/agent/proj_docs/job')
    .map((r) => JSON.stringify(r.body))

/** The issue's body, as GitHub shows it, after each edit the run made since `before` requests. */
const editsSince = (before: number, number: number): string[] =>
  github.requests
    .slice(before)
    .filter((r) => r.method === 'PATCH' && r.path.startsWith(`/repos/acme/docs/issues/${String(number)}`))
    .map((r) => renderSummary((r.body as { body?: string }).body ?? '').text)

describe('work with gaps ticked in the docs health issue', () => {
  it('asks the agent for a gap ticked by someone who may push, waits for the job, and reads no analytics', async () => {
    const { number, page, body, before: from } = await tickedIssue()
    github.setPermission('maintainer', 'write')
    await nextRun({
      name: 'issues',
      payload: {
        action: 'edited',
        issue: { number, body },
        changes: { body: { from } },
        sender: { login: 'maintainer', type: 'User' },
        repository: { full_name: 'acme/docs', private: false }
      }
    })
    emu.planJobs({ finishAfterMs: 300, prLink: PR_LINK })
    const before = { emu: emu.requests.length, github: github.requests.length }
    // The workflow asks for analytics too: a run started by the tick still reads none, and waits for the job.
    const report = await work(inputs({ analytics: ANALYTICS, healthIssue: HEALTH_ISSUE }))
    expect(report.reports.map((r) => r.kind)).toEqual(['job'])
    const job = report.reports[0] as JobReport
    expect(job).toMatchObject({ status: 'completed', prLink: PR_LINK })
    expect(emu.requests.slice(before.emu).filter((r) => r.path.startsWith('/v1/analytics/'))).toEqual([])
    const prompts = promptsSince(before.emu)
    expect(prompts).toHaveLength(1)
    expect(prompts[0]).toContain(page)
    expect(report.healthIssue).toMatchObject({ asked: 1, askedGaps: [{ kind: 'page', subject: page }] })
    // The job is in the issue as soon as it starts, before it ends; at the end, its pull request.
    const edits = editsSince(before.github, number)
    expect(edits.some((text) => text.includes(`${page}: the agent is working on it`))).toBe(true)
    expect(edits.at(-1)).toContain(`${page}: pull request #41 open`)
  })

  it('does not wait for the job of a ticked gap in a run that also reads the analytics: the next run follows it', async () => {
    const { number, page } = await tickedIssue()
    await nextRun()
    emu.planJobs({ finishAfterMs: 300, prLink: PR_LINK })
    const before = { emu: emu.requests.length, github: github.requests.length }
    const report = await work(inputs({ analytics: ANALYTICS, healthIssue: HEALTH_ISSUE }))
    expect(report.reports.map((r) => r.kind)).toEqual(['job', ...SECTION_NAMES])
    const job = report.reports[0] as JobReport
    expect(job.status).toBe('active')
    expect(emu.requests.slice(before.emu).filter((r) => r.method === 'GET' && r.path.startsWith('/v2/agent/'))).toEqual([])
    expect(promptsSince(before.emu)[0]).toContain(page)
    expect(editsSince(before.github, number).at(-1)).toContain(`${page}: the agent is working on it`)
  })

  it('waits for the job of a ticked gap in a run that keeps the issue and reads no analytics', async () => {
    const { number, page } = await tickedIssue()
    await nextRun()
    emu.planJobs({ finishAfterMs: 300, prLink: PR_LINK })
    const before = { emu: emu.requests.length, github: github.requests.length }
    const report = await work(inputs({ healthIssue: HEALTH_ISSUE }))
    expect(report.reports.map((r) => r.kind)).toEqual(['job'])
    const job = report.reports[0] as JobReport
    expect(job).toMatchObject({ status: 'completed', prLink: PR_LINK })
    expect(promptsSince(before.emu)[0]).toContain(page)
    expect(editsSince(before.github, number).at(-1)).toContain(`${page}: pull request #41 open`)
  })
})

describe('work with gaps ticked and a job of the workflow', () => {
  it('runs the prompt of the workflow and leaves the ticked gaps for a run without one', async () => {
    const { page } = await tickedIssue()
    await nextRun()
    emu.planJobs({ finishAfterMs: 0 })
    const before = emu.requests.length
    const report = await work(inputs({ prompt: 'Document the CLI', healthIssue: HEALTH_ISSUE }))
    const prompts = promptsSince(before)
    expect(prompts).toHaveLength(1)
    expect(prompts[0]).toContain('Document the CLI')
    expect(prompts[0]).not.toContain(page)
    expect(report.healthIssue?.asked).toBe(0)
  })

  it('watches the job the workflow names and leaves the ticked gaps for a run without one', async () => {
    await tickedIssue()
    await nextRun()
    emu.addJob('job_ticks_watch', { finishAfterMs: 0 })
    const before = emu.requests.length
    const report = await work(inputs({ jobId: 'job_ticks_watch', healthIssue: HEALTH_ISSUE }))
    expect(report.reports[0]).toMatchObject({ jobId: 'job_ticks_watch', status: 'completed' })
    expect(promptsSince(before)).toEqual([])
    expect(report.healthIssue?.asked).toBe(0)
  })

  it('records the pull request of a job an earlier run asked for and did not wait for', async () => {
    const { number, page } = await tickedIssue()
    await nextRun()
    emu.planJobs({ finishAfterMs: 300, prLink: PR_LINK })
    const asked = await work(inputs({ analytics: ANALYTICS, healthIssue: HEALTH_ISSUE }))
    const jobId = (asked.reports[0] as JobReport).jobId ?? ''
    expect(asked.reports[0]).toMatchObject({ status: 'active' })
    // The emulator's job ends 300 ms after it was made; the next run is a week later.
    await vi.waitFor(
      async () => {
        const response = await fetch(`${emu.url}/v2/agent/proj_docs/job/${jobId}`, { headers: { authorization: `Bearer ${KEY}` } })
        expect(((await response.json()) as { status?: string }).status).toBe('completed')
      },
      { timeout: 10_000, interval: 100 }
    )
    await nextRun()
    const before = github.requests.length
    await work(inputs({ analytics: ANALYTICS, healthIssue: HEALTH_ISSUE }))
    expect(editsSince(before, number).at(-1)).toContain(`${page}: pull request #41 open`)
  })
})

describe('work: alerts and the repository', () => {
  it('warns of each alert that fired, in the log, and gives them back', async () => {
    const { rules, problems } = parseAlertRules('visitorsHuman >= 0, visitorsHuman < 0')
    expect(problems).toEqual([])
    const report = await work(inputs({ analytics: { ...ANALYTICS, sections: ['visitors'] }, alerts: rules }))
    expect(report.alerts?.map((alert) => alert.rule.text)).toEqual(['visitorsHuman >= 0'])
    const warnings = stdout.text.split('\n').filter((line) => line.startsWith('::warning::Alert: '))
    expect(warnings).toEqual([`::warning::Alert: ${report.alerts?.[0]?.sentence ?? ''}`])
  })

  it('gives back no alerts when the workflow has no rules', async () => {
    const report = await work(inputs({ analytics: { ...ANALYTICS, sections: ['visitors'] } }))
    expect(report.reports.map((r) => r.kind)).toEqual(['visitors'])
    expect(report.alerts).toBeUndefined()
    expect(stdout.text).not.toContain('::warning::Alert')
  })

  it('keeps reader text when readerText is show, whatever the repository, and says nothing of it', async () => {
    const report = await work(inputs({ analytics: { ...ANALYTICS, readerText: 'show' } }))
    expect(JSON.stringify(report.reports)).toContain('how to configure feature')
    expect(stdout.text).not.toContain('Reader text')
  })

  it('speaks of reader text under auto with visitors alone: the paths of page loads are reader text', async () => {
    await work(inputs({ analytics: { ...ANALYTICS, sections: ['visitors'], readerText: 'auto' } }))
    expect(stdout.text).toContain(
      "Reader text (search terms, feedback comments, assistant questions and their categories, and page paths the site's navigation does not list) is hidden"
    )
  })

  it('keeps no docs health issue when GITHUB_REPOSITORY names no repository, and says what it held', async () => {
    vi.stubEnv('GITHUB_REPOSITORY', 'not a repository')
    const report = await work(inputs({ analytics: { ...ANALYTICS, sections: ['visitors'] }, healthIssue: HEALTH_ISSUE }))
    expect(report.healthIssue?.failure).toContain('the repository is unknown (GITHUB_REPOSITORY is "not a repository")')
    expect(github.requests).toEqual([])
    expect(report.reports.map((r) => r.kind)).toEqual(['visitors'])
  })
})

describe("work with a tick: readers' words and every repository the issue's jobs ran in", () => {
  const STATE = /<!-- docs-agent-action:state ([A-Za-z0-9+/=]+) -->/
  const AUTO = { ...ANALYTICS, readerText: 'auto' as const }

  /** A week in the private acme/docs, then its first two gaps given jobs in `repositories` (none: a job the service does not know), and a person who may push ticks a third. */
  async function tickWithJobs(repositories: (string | undefined)[]): Promise<void> {
    github.setVisibility('acme/docs', 'private')
    github.setVisibility('acme/private-docs', 'private')
    github.setVisibility('acme/public-docs', 'public')
    github.setPermission('maintainer', 'write')
    await nextRun()
    await work(inputs({ analytics: AUTO, healthIssue: HEALTH_ISSUE }))
    const issue = github.issues.find((i) => i.title === HEALTH_ISSUE.title)
    if (!issue) throw new Error('the run made no docs health issue')
    const state = JSON.parse(Buffer.from(STATE.exec(issue.body)?.[1] ?? '', 'base64').toString('utf8')) as {
      gaps: Record<string, unknown>[]
    }
    repositories.forEach((repository, at) => {
      const jobId = `job_words_${String(runId)}_${String(at)}`
      if (repository !== undefined) emu.addJob(jobId, { finishAfterMs: 0, repository })
      Object.assign(state.gaps[at] ?? {}, {
        state: 'merged',
        jobId,
        prLink: `${repository ?? 'https://github.com/acme/docs'}/pull/${String(at + 1)}`,
        mergedOn: '2026-11-07'
      })
    })
    const encoded = `<!-- docs-agent-action:state ${Buffer.from(JSON.stringify(state)).toString('base64')} -->`
    const body = issue.body.replace(/\n<!-- docs-agent-action:state-seal [A-Za-z0-9_-]{43} -->/, '').replace(STATE, encoded)
    const before = sealState(body, RecordSeal.fromApiKey(KEY), `acme/docs#${String(issue.number)}`)
    const ticked = String(state.gaps[repositories.length]?.id)
    const line = before.split('\n').find((l) => l.startsWith('- [ ] ') && l.includes(`<!-- gap:${ticked} -->`)) ?? ''
    expect(line).not.toBe('')
    issue.body = before.replace(line, line.replace('- [ ]', '- [x]'))
    await nextRun({
      name: 'issues',
      payload: {
        action: 'edited',
        issue: { number: issue.number, body: issue.body },
        changes: { body: { from: before } },
        sender: { login: 'maintainer', type: 'User' },
        repository: { full_name: 'acme/docs', private: true }
      }
    })
    emu.planJobs({ finishAfterMs: 0 })
    stdout.text = ''
    await work(inputs({ analytics: AUTO, healthIssue: HEALTH_ISSUE, wait: false }))
  }

  it('sends them when every job ran in a private repository, each named once', async () => {
    await tickWithJobs(['https://github.com/acme/private-docs', 'https://github.com/acme/private-docs'])
    expect(stdout.text).toContain(
      "Readers' words go to the agent with the ticked gaps: GitHub says this repository and the agent's, acme/private-docs, are private (readerText: auto)."
    )
  })

  it('keeps them out when any job ran in a public repository, the first in the ledger or not', async () => {
    for (const repositories of [
      ['https://github.com/acme/public-docs', 'https://github.com/acme/private-docs'],
      ['https://github.com/acme/private-docs', 'https://github.com/acme/public-docs']
    ]) {
      await tickWithJobs(repositories)
      expect(stdout.text).toContain(
        "Readers' words stay out of the agent's prompt: GitHub does not say the agent's repository, acme/public-docs, is private (readerText: auto). Set readerText: show to send them."
      )
      github.issues.length = 0
    }
  })

  it('keeps them out when the service cannot say which repository a job ran in', async () => {
    await tickWithJobs(['https://github.com/acme/private-docs', undefined])
    expect(stdout.text).toMatch(
      /Readers' words stay out of the agent's prompt: the repository of the agent job job_words_\d+_1 the docs health issue records is not known \(readerText: auto\)\./
    )
  })
})
