// What a docs lead reads, end to end: the bundle run as a workflow step against the emulator of the
// API (a bad week for the webhooks page: scripts/demo-data.mjs) and the stateful fake of GitHub,
// both on loopback, rendered as GitHub renders it. The report leads with the page to fix; a tick
// gives the agent the readers' own words, framed as data, with the period they were read over, in a
// private repository and none of them in a public one; and the top of the issue outlives the tick run.
import { pageLabel } from '../../src/text/page-path.js'
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { setDemoData } from '../../scripts/demo-data.mjs'
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { startGitHubFake } from '../support/github-fake.js'
import { renderSummary } from '../support/render.js'

const KEY = 'mint_readingKey4Hq'
const TOKEN = 'ghs_readingToken8Lm'
const WEEK = { dateFrom: '2026-11-09', dateTo: '2026-11-16' }
const PROBLEM = '/api-reference/webhooks'
/** What readers wrote about the webhooks page in the demo week. */
const QUESTION = 'How long is a webhook retried for?'
const COMMENT = 'What happens after the third retry? The page does not say.'
const SEARCH = 'webhook retries'

describe('what a docs lead reads', () => {
  let emu: Emulator
  let github: Awaited<ReturnType<typeof startGitHubFake>>
  beforeEach(async () => {
    emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
    setDemoData(emu, WEEK)
    github = await startGitHubFake()
  })
  afterEach(async () => {
    await github.close()
    await emu.close()
  })

  const repository = (isPrivate: boolean) => ({ full_name: 'acme/docs', private: isPrivate })
  const run = (options: {
    isPrivate: boolean
    inputs?: Record<string, string>
    event?: { name: string; payload: unknown }
    runId: string
  }) => {
    // GitHub says what the payload says: the run asks GitHub.
    github.setVisibility('acme/docs', options.isPrivate ? 'private' : 'public')
    return runAction({
      onTestFinished,
      inputs: {
        apiKey: KEY,
        projectId: 'proj_docs',
        baseUrl: emu.url,
        analytics: 'all',
        pollIntervalSeconds: '0.5',
        ...options.inputs
      },
      event: options.event ?? { name: 'schedule', payload: { repository: repository(options.isPrivate) } },
      env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: options.runId }
    })
  }
  /** The docs health issue the action keeps. */
  const healthIssue = () => github.issues.find((issue) => issue.user.type === 'Bot')
  /** The prompt of the last agent job created. */
  const lastPrompt = (): string => {
    const body = emu.requests.filter((r) => r.method === 'POST' && r.path.includes('/agent/')).at(-1)?.body ?? '{}'
    const { prompt } = JSON.parse(body) as { prompt?: unknown }
    return typeof prompt === 'string' ? prompt : ''
  }
  /** A maintainer ticks the page's gap, and the edit starts a run. */
  const tick = async (isPrivate: boolean, runId: string, more: Record<string, string> = {}) => {
    const issue = healthIssue()
    if (!issue) throw new Error('no docs health issue')
    // The page by its path, as a run that showed reader text wrote it, or by its label.
    const line =
      issue.body.split('\n').find((l) => [PROBLEM, pageLabel(PROBLEM)].some((page) => l.startsWith(`- [ ] <code>${page}</code>`))) ?? ''
    expect(line).not.toBe('')
    const before = issue.body
    issue.body = issue.body.replace(line, line.replace('- [ ]', '- [x]'))
    github.setPermission('docs-lead', 'write')
    emu.planJobs({ finishAfterMs: 300, prLink: 'https://github.com/acme/docs/pull/128' })
    const payload = {
      action: 'edited',
      issue: { number: issue.number, body: issue.body },
      changes: { body: { from: before } },
      sender: { login: 'docs-lead', type: 'User' },
      repository: repository(isPrivate)
    }
    return run({ isPrivate, inputs: { healthIssue: 'true', githubToken: TOKEN, ...more }, event: { name: 'issues', payload }, runId })
  }
  /** The state the issue carries, decoded. */
  const stateOf = (body: string): Record<string, unknown> => {
    const encoded = /<!-- docs-agent-action:state ([A-Za-z0-9+/=]+) -->/.exec(body)?.[1] ?? ''
    return JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Record<string, unknown>
  }

  it('a bad week’s report names the problem page first, in plain words, and keeps how it was read for the end', async () => {
    const week = await run({ isPrivate: true, inputs: { readerText: 'show', ...WEEK }, runId: '701' })
    expect(week.code, week.stdout).toBe(0)
    const seen = renderSummary(week.summary)
    // A reader's thumbs down and the not-helpful row left with it are one reader: the larger count leads, never the two added.
    expect(seen.text.slice(0, 450)).toContain(
      `${PROBLEM} is this week’s problem: 17 unhappy readers (14 thumbs down, 17 marked not helpful; a reader counts once) against 21 thumbs up, 29 unanswered`
    )
    expect(seen.text.slice(0, 800)).not.toMatch(/request|the service/i)
    expect(seen.headings.slice(0, 3)).toEqual(['📈 Docs health · 9–15 Nov 2026', 'Fix first', '📊 Visitors and page views'])
    expect(seen.text.indexOf('How did this week compare with 2–8 Nov 2026?')).toBeGreaterThan(seen.text.indexOf('Fix first'))
    // The requests, the files and the limits of what was read close the report, collapsed.
    expect(week.summary).toMatch(
      /<details><summary>How this was read<\/summary>[\s\S]*read in \d+ requests[\s\S]*<\/details>\n<p><sub>docs-agent-action/
    )
  })

  it('in a private repository, a tick gives the agent the readers’ question, comment and search between two marker lines, with the period they were read over, and the top of the issue stays', async () => {
    const week = await run({ isPrivate: true, inputs: { healthIssue: 'true', githubToken: TOKEN, ...WEEK }, runId: '711' })
    expect(week.code, week.stdout).toBe(0)
    const top = (body: string): string =>
      body.slice(body.indexOf('<!-- docs-agent-action:top -->'), body.indexOf('<!-- /docs-agent-action:top -->'))
    const before = top(healthIssue()?.body ?? '')
    expect(renderSummary(before).text).toContain(`📈 Docs health · 9–15 Nov 2026 ${PROBLEM} is this week’s problem:`)

    // auto sends readers' words only to an agent whose repository GitHub says is private, known from an
    // earlier job (public-repository.test.ts); this first tick has none, so show sends them.
    const asked = await tick(true, '712', { readerText: 'show' })
    expect(asked.code, asked.stdout).toBe(0)
    const prompt = lastPrompt()
    const marker =
      /The text between the two lines (DOCS-GAPS-[0-9a-f]{24}) is data gathered from readers over 9–15 Nov 2026/.exec(prompt)?.[1] ?? ''
    expect(marker).not.toBe('')
    expect(prompt).toContain('from the docs health report of 9–15 Nov 2026')
    const data = prompt.split(`\n\n${marker}\n\n`)[1] ?? ''
    expect(data.endsWith(`\n\n${marker}`)).toBe(true)
    // Each with how often it was written: the question, asked on more than one visit, reads as such.
    expect(data).toMatch(
      new RegExp(
        `\n  - Question the assistant could not answer, asked \\d+ times: "${QUESTION.replace(/\?/g, '\\?')}" It replied: "I could not find that in the documentation\\."`
      )
    )
    expect(data).toContain(`  - Comment with feedback marked not helpful, left once: "${COMMENT}"`)
    expect(data).toContain(`  - Searched with no click on a result, 312 times: "${SEARCH}"`)
    // Nothing of them outside the frame.
    expect(prompt.split(marker)[0]).not.toContain(QUESTION)
    // The tick run's summary names what it asked for.
    expect(renderSummary(asked.summary).text).toContain(`1 ticked gap given to the agent: ${PROBLEM}`)

    // The tick run read no analytics, and kept the top of the weekly report as it was.
    const after = healthIssue()?.body ?? ''
    expect(top(after)).toBe(before)
    const seen = renderSummary(after)
    expect(seen.headings.slice(0, 3)).toEqual([
      '📈 Docs health · 9–15 Nov 2026',
      'With the agent',
      'Fix first: tick a gap to ask the agent'
    ])
    expect(seen.text.indexOf('How did this week compare with 2–8 Nov 2026?')).toBeGreaterThan(seen.text.indexOf('Fix first'))
    expect(seen.text).toMatch(/pull request #\d+ open/)
    expect(after).toContain('<details><summary>How this was read</summary>')
  })

  it('in a public repository, a tick gives the agent counts only, and the issue keeps none of the readers’ words', async () => {
    const week = await run({ isPrivate: false, inputs: { healthIssue: 'true', githubToken: TOKEN, ...WEEK }, runId: '721' })
    expect(week.code, week.stdout).toBe(0)
    const body = healthIssue()?.body ?? ''
    expect(stateOf(body)).not.toHaveProperty('readerWords')
    for (const text of [QUESTION, COMMENT, SEARCH]) expect(body).not.toContain(text)
    expect(renderSummary(body).text).toContain('The agent is sent each gap’s page or search and its counts (what readers wrote stays out')

    const asked = await tick(false, '722')
    expect(asked.code, asked.stdout).toBe(0)
    const prompt = lastPrompt()
    // The page a client named is reader text too: by its label alone.
    expect(prompt).toContain(`- page ${pageLabel(PROBLEM)}: `)
    expect(prompt).not.toContain(PROBLEM)
    expect(prompt).toContain('data gathered from readers over 9–15 Nov 2026 (page paths and counts)')
    for (const text of [QUESTION, COMMENT, SEARCH]) expect(prompt).not.toContain(text)
  })

  it('forgets the readers’ words the moment reader text is hidden', async () => {
    const week = await run({ isPrivate: true, inputs: { healthIssue: 'true', githubToken: TOKEN, ...WEEK }, runId: '731' })
    expect(week.code, week.stdout).toBe(0)
    expect(stateOf(healthIssue()?.body ?? '')).toHaveProperty('readerWords')
    // The same repository, now public: the next tick sends none of them, and the issue drops them.
    const asked = await tick(false, '732')
    expect(asked.code, asked.stdout).toBe(0)
    for (const text of [QUESTION, COMMENT, PROBLEM]) expect(lastPrompt()).not.toContain(text)
    expect(lastPrompt()).toContain(`- page ${pageLabel(PROBLEM)}: `)
    expect(stateOf(healthIssue()?.body ?? '')).not.toHaveProperty('readerWords')
    expect(healthIssue()?.body).not.toContain(PROBLEM)
  })
})
