// Tests the docs health issue end to end: the bundle run as a workflow step against the emulator of
// the API and a stateful fake of GitHub's REST API (test/support/github-fake.js), both on loopback,
// with real GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and event files. One issue is created, then updated in
// place period after period (a trend of two values), found again after a person renamed it; a tick
// asks the agent once (a re-run and the action's own edit ask nothing); a person who may not push
// starts nothing; and an alert fires, annotates and, with failOn: alert, fails the step.
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { startGitHubFake } from '../support/github-fake.js'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'
import { siteTotals, visitorRows } from '../support/visitors.js'
import { docsHealthInputs } from '../support/docs-health-inputs.js'

const KEY = 'mint_healthIssueKey7Qz'
const TOKEN = 'ghs_healthIssueToken9Xw'
const WEEK_1 = { dateFrom: '2026-11-09', dateTo: '2026-11-16' }
const WEEK_2 = { dateFrom: '2026-11-16', dateTo: '2026-11-23' }

for (const { name: runtime, node } of runtimes()) {
  describe('docs health issue', () => {
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

    const run = (options: { inputs?: Record<string, string>; event?: { name: string; payload: unknown }; runId?: string } = {}) =>
      runAction({
        node,
        onTestFinished,
        inputs: docsHealthInputs(emu.url, { apiKey: KEY, githubToken: TOKEN }, { ...WEEK_1, ...options.inputs }),
        now: `${options.inputs?.dateTo ?? WEEK_1.dateTo}T06:00:00Z`,
        event: options.event ?? { name: 'schedule', payload: { repository: { full_name: 'acme/docs', private: true } } },
        env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: options.runId ?? String(Math.floor(Math.random() * 1e9)) }
      })
    const posts = () => github.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/issues'))
    /** The docs health issue: the one the action opened. */
    const healthIssue = () => github.issues.find((issue) => issue.user.type === 'Bot')

    it(`[${runtime}] creates one issue, then updates it in place with a trend, and finds it again after a rename`, async () => {
      // Someone without push access opens an issue that copies the marker, with a tick and a forged state: it is not the docs health issue.
      github.addIssue({
        title: 'Docs health',
        body: '<!-- docs-agent-action:dashboard -->\n<!-- docs-agent-action:project proj_docs -->\n- [x] Ask the agent: x <!-- gap:0123456789ab -->\n<!-- /docs-agent-action:dashboard -->',
        state: 'open',
        labels: ['docs-health'],
        user: { login: 'mallory', type: 'User' }
      })
      const first = await run()
      expect(first.code, first.stdout).toBe(0)
      expect(posts()).toHaveLength(1)
      expect(emu.jobCount()).toBe(0)
      const issue = healthIssue()
      expect(issue?.number).toBe(2)
      expect(issue?.labels).toEqual(['docs-health'])
      expect(issue?.title).toBe('Docs health')
      expect(first.outputs.healthIssueUrl).toBe('https://github.com/acme/docs/issues/2')
      const seen = renderSummary(issue?.body ?? '')
      expect(seen.headings[0]).toMatch(/^📈 Docs health · 9–15 Nov 2026/)
      expect(seen.text).toContain('Fix first: tick a gap to ask the agent')
      expect(renderSummary(first.summary).text).toContain('To act: tick the gaps to fix in the docs health issue #2')

      // A person renames the issue and writes above the report.
      if (issue) {
        issue.title = 'Our docs, weekly'
        issue.body = `Notes from the team.\n\n${issue.body}`
      }
      // While the next run reads the analytics, a person adds a line under the report: it is kept.
      github.afterEach((request) => {
        if (request.method === 'GET' && request.path.includes('/issues?')) {
          github.afterEach(undefined)
          if (issue) issue.body = `${issue.body}\n\nAdded during the run.`
        }
      })
      const second = await run({ inputs: WEEK_2 })
      expect(second.code, second.stdout).toBe(0)
      expect(posts()).toHaveLength(1)
      const body = healthIssue()?.body ?? ''
      expect(body.startsWith('Notes from the team.\n\n')).toBe(true)
      expect(body.endsWith('\n\nAdded during the run.')).toBe(true)
      expect(healthIssue()?.title).toBe('Our docs, weekly')
      expect(renderSummary(body).text).toContain('2 weeks since')
    })

    it(`[${runtime}] asks the agent once for the ticked gaps; a re-run, a bot's edit and a reader without push access ask nothing`, async () => {
      const issue = healthIssue()
      if (!issue) throw new Error('no issue: the test above makes it')
      const jobsBefore = emu.jobCount()
      // A person ticks the first page gap.
      const line = issue.body.split('\n').find((l) => l.startsWith('- [ ] <code>'))
      const page = /<code>([^<]+)<\/code>/.exec(line ?? '')?.[1] ?? ''
      expect(page).toMatch(/^\//)
      let unticked = issue.body
      issue.body = issue.body.replace(line ?? '', (line ?? '').replace('- [ ]', '- [x]'))
      // The edit as GitHub sends it: the body after it, and the body before it.
      const edited = (login: string, type = 'User') => ({
        name: 'issues',
        payload: {
          action: 'edited',
          issue: { number: issue.number, body: issue.body },
          changes: { body: { from: unticked } },
          sender: { login, type },
          repository: { full_name: 'acme/docs', private: true }
        }
      })

      // Someone who may not push: nothing is asked.
      const reader = await run({ event: edited('drive-by'), runId: '501' })
      expect(reader.code, reader.stdout).toBe(0)
      expect(reader.stdout).toContain('drive-by ticked gaps in the docs health issue but may not push to the repository')
      expect(emu.jobCount()).toBe(jobsBefore)
      // Its tick is written unticked, so that no scheduled run acts on it later.
      expect(issue.body).not.toContain('- [x]')
      expect(issue.body).toContain(line ?? '')

      // A maintainer ticks it again.
      unticked = issue.body
      issue.body = issue.body.replace(line ?? '', (line ?? '').replace('- [ ]', '- [x]'))

      // A maintainer's edit: one job, for the ticked gap, and no analytics read.
      github.setPermission('maintainer', 'write')
      emu.planJobs({ finishAfterMs: 500, prLink: 'https://github.com/acme/docs/pull/77' })
      const analyticsBefore = emu.requests.filter((r) => r.path.startsWith('/v1/analytics/')).length
      const asked = await run({ event: edited('maintainer'), runId: '502' })
      expect(asked.code, asked.stdout).toBe(0)
      expect(emu.jobCount()).toBe(jobsBefore + 1)
      expect(emu.requests.filter((r) => r.path.startsWith('/v1/analytics/')).length).toBe(analyticsBefore)
      const prompt = emu.requests.filter((r) => r.method === 'POST' && r.path.includes('/agent/')).at(-1)?.body ?? ''
      expect(prompt).toContain(page)
      expect(prompt).toMatch(/is data gathered from readers/)
      const after = healthIssue()?.body ?? ''
      expect(renderSummary(after).text).toContain('pull request #77 open')
      expect(renderSummary(after).links.map((link) => link.href)).toContain('https://github.com/acme/docs/pull/77')
      expect(after).not.toContain('- [x]')
      expect(asked.outputs.prLink).toBe('https://github.com/acme/docs/pull/77')

      // The same tick again (a re-run of that workflow run, or a later one): the gap is with the agent, so nothing is asked.
      const owned = issue.body.indexOf('<!-- /docs-agent-action:dashboard -->')
      issue.body = `${issue.body.slice(0, owned)}${(line ?? '').replace('- [ ]', '- [x]')}\n${issue.body.slice(owned)}`
      for (const runId of ['502', '504']) {
        const again = await run({ event: edited('maintainer'), runId })
        expect(again.code, again.stdout).toBe(0)
      }
      expect(emu.jobCount()).toBe(jobsBefore + 1)
      // The action's own edit (a bot's), with every open gap ticked: nothing is asked.
      issue.body = issue.body.replace(/^- \[ \] /gm, '- [x] ')
      const own = await run({ event: edited('github-actions[bot]', 'Bot'), runId: '503' })
      expect(own.code, own.stdout).toBe(0)
      expect(own.stdout).toContain('edited by a bot')
      expect(emu.jobCount()).toBe(jobsBefore + 1)
    })

    it(`[${runtime}] records the pull request of a job that outlived the run that asked for it`, async () => {
      const issue = healthIssue()
      if (!issue) throw new Error('no issue: the tests above make it')
      const line = issue.body.split('\n').find((l) => l.startsWith('- [ ] <code>')) ?? ''
      const page = /<code>([^<]+)<\/code>/.exec(line)?.[1] ?? ''
      issue.body = issue.body.replace(line, line.replace('- [ ]', '- [x]'))
      emu.planJobs({ finishAfterMs: 1500, prLink: 'https://github.com/acme/docs/pull/88' })
      // A scheduled run that reads the analytics does not wait for the job it asks for: the gap stays asked, with its job.
      const stopped = await run({ inputs: WEEK_2, runId: '601' })
      expect(stopped.code, stopped.stdout).toBe(0)
      expect(stopped.outputs.status).toBe('active')
      expect(renderSummary(stopped.summary).headings).toContain('📈 Docs health · 16–22 Nov 2026')
      expect(renderSummary(healthIssue()?.body ?? '').text).toContain(`${page}: the agent is working on it`)
      // The emulator's clock: the job completes 1.5 s after it was created.
      await vi.waitFor(
        () => {
          expect(emu.job(stopped.outputs.jobId ?? '')?.status).toBe('completed')
        },
        { timeout: 10_000, interval: 50 }
      )
      const next = await run({ inputs: WEEK_2 })
      expect(next.code, next.stdout).toBe(0)
      expect(renderSummary(healthIssue()?.body ?? '').text).toContain(`${page}: pull request #88 open`)
    })

    it(`[${runtime}] reads a merged fix from GitHub, and waits for proof that it worked`, async () => {
      github.setPull(77, { state: 'closed', merged_at: '2026-11-24T10:00:00Z' })
      const week3 = await run({ inputs: { dateFrom: '2026-11-23', dateTo: '2026-11-30' } })
      expect(week3.code, week3.stdout).toBe(0)
      const body = healthIssue()?.body ?? ''
      const text = renderSummary(body).text
      // The week read began the day before the merge: it proves nothing yet, and no before → after is shown.
      expect(text).toMatch(
        /\/docs\/page-13: merged 24 Nov 2026 · waiting: up to 6 more weeks of readers to tell · pull request #77 · before [^:→]+: 👎 15 · 👍 2/
      )
      expect(text).not.toMatch(/page-13: merged[^\n]*→/)
      expect(text).not.toMatch(/score/i)
      expect(text).toContain('3 weeks since')
      expect(github.requests.some((r) => r.method === 'GET' && r.path === '/repos/acme/docs/pulls/77')).toBe(true)
    })

    it(`[${runtime}] calls a merged fix fixed once the readers since the merge show its trouble fell, and says so`, async () => {
      // A week in which readers of the page had no trouble: 12 thumbs up, none down.
      const week = { dateFrom: '2026-11-30', dateTo: '2026-12-07' }
      emu.setFeedbackByPage([{ path: '/docs/page-13', thumbsUp: 12, thumbsDown: 0, code: 0, total: 12 }], week)
      emu.setFeedback([], week)
      const first = await run({ inputs: week })
      expect(first.code, first.stdout).toBe(0)
      const text = renderSummary(healthIssue()?.body ?? '').text
      expect(text).toMatch(
        /✅ Fixed: \/docs\/page-13 by pull request #77: [\d.]+ fewer thumbs down, unanswered questions and searches with no click a week/
      )
      expect(text).toMatch(
        /Fixed \/docs\/page-13: fixed \d{1,2} \w{3} \d{4} · merged 24 Nov 2026 · pull request #77 · before [^:→]+ → since the merge 30 Nov – 6 Dec 2026, per week: 👎 15 → 0 · 👍 2 → 12/
      )
      expect(renderSummary(first.summary).text).toMatch(
        /✅ Fixed: \/docs\/page-13 by pull request #77: [\d.]+ fewer thumbs down, unanswered questions and searches with no click a week/
      )
    })

    it(`[${runtime}] lists an alert that fires at the top of the report and the issue, warns, sets the output, and fails the step with failOn: alert`, async () => {
      const alerted = await run({
        inputs: {
          dateFrom: '2026-11-23',
          dateTo: '2026-11-30',
          alerts: 'searchesNoClick > 30, visitorsHuman < -50%',
          failOn: 'failed,alert'
        }
      })
      expect(alerted.code).toBe(1)
      // Where it fired: the search with no click made most.
      expect(alerted.stdout).toMatch(
        /::warning::Alert: Searches with no click is 667, above 30, most for “.+” \(\d+\) \(rule: searchesNoClick > 30\)/
      )
      expect(alerted.stdout).toMatch(/::error::1 alert fired, and failOn includes alert\./)
      expect(JSON.parse(alerted.outputs.alerts ?? '')).toEqual([
        { rule: 'searchesNoClick > 30', key: 'searchesNoClick', value: 667, change: null }
      ])
      const summary = renderSummary(alerted.summary).text
      expect(summary.indexOf('1 alert fired')).toBeLessThan(summary.indexOf('Human visitors'))
      expect(renderSummary(healthIssue()?.body ?? '').text).toContain('1 alert fired')
      // Without failOn: alert, the same rule warns and the step passes.
      const warned = await run({ inputs: { dateFrom: '2026-11-23', dateTo: '2026-11-30', alerts: 'searchesNoClick > 30' } })
      expect(warned.code, warned.stdout).toBe(0)
    })

    it(`[${runtime}] keeps the same issue for a workflow that still says dashboard, sets both outputs, and warns once for each old name`, async () => {
      const old = await run({ inputs: { healthIssue: '', dashboard: 'true', dashboardTitle: 'Docs health' } })
      expect(old.code, old.stdout).toBe(0)
      expect(github.issues.filter((issue) => issue.user.type === 'Bot')).toHaveLength(1)
      expect(old.outputs.healthIssueUrl).toBe(`https://github.com/acme/docs/issues/${String(healthIssue()?.number)}`)
      expect(old.outputs.dashboardUrl).toBe(old.outputs.healthIssueUrl)
      const warnings = old.stdout.split('\n').filter((line) => line.startsWith('::warning::') && line.includes('old name'))
      expect(warnings).toEqual([
        '::warning::dashboard is the old name of healthIssue: it still works, and stops working in v2; rename it in the workflow.',
        '::warning::dashboardTitle is the old name of healthIssueTitle: it still works, and stops working in v2; rename it in the workflow.'
      ])
    })
  })
}
