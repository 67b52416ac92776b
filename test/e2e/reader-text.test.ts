// Tests text, ids and secrets end to end: the bundle run as a workflow step against the emulator of
// the API and the stateful fake of GitHub (test/support/github-fake.js), with real GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY and event files. A search for a `www.` address is shown in the docs health
// issue as text, which a GFM renderer links nowhere; reader text shown in one run is gone from the
// issue's body and state once a run hides it (an internal repository with `readerText: auto`); a
// job id of `..` from the service fails the step clearly, with no request built from it and no
// record of it; and the key echoed in fullwidth reader text, or split by zero-width characters, is
// shown nowhere, in no encoding.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { defaultFeedback } from '../emulator/analytics-data.js'
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { type ActionRun, errorLines, runAction } from '../support/action.js'
import { startGitHubFake } from '../support/github-fake.js'
import { githubReferences, gfmToHtml, linksIn } from '../support/gfm.js'
import { runtimes } from '../support/runtimes.js'
import { siteTotals, visitorRows } from '../support/visitors.js'
import { redactor } from '../../src/text/secret.js'
import { pageLabel } from '../../src/text/page-path.js'
import { docsHealthInputs } from '../support/docs-health-inputs.js'

const KEY = 'mint_readerTextKey4Hq'
const TOKEN = 'ghs_readerTextToken8Lm'
const WEEK_1 = { dateFrom: '2026-11-09', dateTo: '2026-11-16' }
const WEEK_2 = { dateFrom: '2026-11-16', dateTo: '2026-11-23' }
const PRIVATE = { repository: { full_name: 'acme/docs', private: true, visibility: 'private' } }
const INTERNAL = { repository: { full_name: 'acme/docs', private: true, visibility: 'internal' } }

const fullwidth = (text: string) => Array.from(text, (c) => String.fromCodePoint((c.codePointAt(0) as number) + 0xfee0)).join('')
const PHISH = 'log in www.evil-phish.com/reset now'
/** Words readers typed, which no text of the action's own holds. */
const READER_WORDS = ['Qzorbmark', 'Vlexity', 'Plonkwise', 'evil-phish']
const SEARCHES = [
  { searchQuery: PHISH, hits: 9000 },
  { searchQuery: 'how do I Qzorbmark the Vlexity', hits: 8000 },
  // Their words "page" and "reset" name pages: they are quoted in a page's evidence.
  { searchQuery: 'page Plonkwise setup', hits: 7000 },
  { searchQuery: `reset ${fullwidth(KEY)}`, hits: 6000 }
].map((row) => ({ ...row, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-10T10:00:00Z' }))

const redact = redactor(KEY)
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' }
const decoded = (text: string) =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&([a-z]+);/g, (entity, name: string) => NAMED[name] ?? entity)
/** The base64 runs of a text, decoded: the docs health issue's state block. */
const base64Runs = (text: string) =>
  (text.match(/[A-Za-z0-9+/]{40,}={0,2}/g) ?? []).map((run) => Buffer.from(run, 'base64').toString('utf8'))

/** Whether `text` shows the key in any form: as it is, in any encoding the redactor knows, with HTML decoded, folded, or in base64. */
function showsKey(text: string): boolean {
  const views = [text, decoded(text), ...base64Runs(text)]
  return views.some((view) => {
    const folded = view.normalize('NFKC').replace(/[\p{Default_Ignorable_Code_Point}]/gu, '')
    return [view, folded].some((t) => t.includes(KEY) || redact(t) !== t)
  })
}

/** Everything a run showed or wrote, but the lines that tell the runner what to mask. */
function everythingShown(run: ActionRun, issueBody: string): { where: string; text: string }[] {
  const files = run.outputs.analyticsDir
    ? readdirSync(run.outputs.analyticsDir).map((name) => ({
        where: name,
        text: readFileSync(join(run.outputs.analyticsDir ?? '', name), 'utf8')
      }))
    : []
  const log = run.stdout
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n')
  return [
    { where: 'log', text: log },
    { where: 'stderr', text: run.stderr },
    { where: 'outputs', text: run.outputFile },
    { where: 'summary', text: run.summary },
    { where: 'issue', text: issueBody },
    ...files
  ]
}

for (const { name: runtime, node } of runtimes()) {
  describe('text, ids and secrets', () => {
    let emu: Emulator
    let github: Awaited<ReturnType<typeof startGitHubFake>>
    beforeAll(async () => {
      emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
      emu.setVisitors({ totals: siteTotals(20), rows: visitorRows(20) })
      emu.setSearches({ rows: SEARCHES })
      const split = {
        id: 'fb_key',
        path: '/docs/page-3',
        comment: `my key is ${Array.from(KEY).join('\u200b')} help`,
        createdAt: '2026-11-10T10:00:00Z',
        source: 'contextual' as const,
        status: 'pending' as const,
        helpful: false,
        contact: null
      }
      emu.setFeedback([split, ...defaultFeedback()])
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
        event: options.event ?? { name: 'schedule', payload: PRIVATE },
        env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: options.runId ?? String(Math.floor(Math.random() * 1e9)) }
      })
    const healthIssue = () => github.issues.find((issue) => issue.user.type === 'Bot')
    const jobRequests = () => emu.requests.filter((r) => r.path.startsWith('/v2/agent/')).map((r) => `${r.method} ${r.path}`)

    it(`[${runtime}] shows a www. search in the issue as text, which GitHub's Markdown links nowhere, and the key nowhere`, async () => {
      const shown = await run()
      expect(shown.code, shown.stdout).toBe(0)
      const body = healthIssue()?.body ?? ''
      const html = gfmToHtml(body)
      // The search is in a task-list line, as written.
      expect(body.split('\n').some((line) => line.startsWith('- [ ] ') && line.includes('“log in www'))).toBe(true)
      expect(decoded(html)).toContain(`“${PHISH}”`)
      expect.soft(linksIn(html).filter((href) => !href.startsWith('https://github.com/acme/docs/'))).toEqual([])
      expect.soft(githubReferences(html)).toEqual([])

      // The key, echoed in fullwidth in a search and split by zero-width spaces in a comment: nowhere.
      expect.soft(shown.outputs.docsGaps).toContain('reset ***')
      const leaks = everythingShown(shown, body).filter(({ text }) => showsKey(text))
      expect.soft(leaks.map(({ where }) => where)).toEqual([])
    })

    it(`[${runtime}] forgets every reader word in the issue once reader text is hidden (auto, in an internal repository)`, async () => {
      const before = healthIssue()?.body ?? ''
      for (const word of READER_WORDS) expect(before).toContain(word)
      github.setVisibility('acme/docs', 'internal')
      const hidden = await run({ inputs: { ...WEEK_2, readerText: 'auto' }, event: { name: 'schedule', payload: INTERNAL } })
      expect(hidden.code, hidden.stdout).toBe(0)
      expect(hidden.stdout).toContain('is hidden: GitHub says the repository is internal')
      const body = healthIssue()?.body ?? ''
      const texts = [body, decoded(body), ...base64Runs(body)]
      for (const word of READER_WORDS) for (const text of texts) expect(text).not.toContain(word)
      // The search gaps recorded while reader text was shown are counts now; a page's evidence holds counts alone.
      expect(decoded(body)).toMatch(/a search \(its words are hidden\) · searched 8,000× with no click/)
      // The page a client named is shown by its label now.
      expect(decoded(body)).toContain(`- [ ] ${pageLabel('/reset')} · 7 unanswered questions `)
      // One gap, the one kept while its path was shown: one line with a box, none without.
      expect(
        decoded(body)
          .split('\n')
          .filter((line) => line.includes(pageLabel('/reset')) && line.startsWith('- '))
      ).toHaveLength(1)
      expect(decoded(body)).not.toContain('/reset')
      expect(hidden.summary).not.toContain('Qzorbmark')
    })

    it(`[${runtime}] refuses a job id of ".." from the service: a clear failure, no request built from it, no output, no record`, async () => {
      const issue = healthIssue()
      if (!issue) throw new Error('no issue: the tests above make it')
      const line = issue.body.split('\n').find((l) => l.startsWith('- [ ] <code>')) ?? ''
      expect(line).not.toBe('')
      const before = issue.body
      issue.body = issue.body.replace(line, line.replace('- [ ]', '- [x]'))
      github.setPermission('maintainer', 'write')
      emu.fault({
        method: 'POST',
        path: '/v2/agent/proj_docs/job',
        kind: 'status',
        status: 201,
        body: JSON.stringify({ id: '..', status: 'active' })
      })
      const jobsBefore = jobRequests().length
      const edited = {
        name: 'issues',
        payload: {
          action: 'edited',
          issue: { number: issue.number, body: issue.body },
          changes: { body: { from: before } },
          sender: { login: 'maintainer', type: 'User' },
          ...PRIVATE
        }
      }
      const refused = await run({ event: edited, runId: '901' })
      expect(refused.code, refused.stdout).toBe(1)
      expect(errorLines(refused).join('\n')).toContain(
        'its job id ".." cannot be used: a URL reads it as a step in its path, not as a name'
      )
      expect(jobRequests().slice(jobsBefore)).toEqual(['POST /v2/agent/proj_docs/job'])
      expect(refused.outputs.jobId ?? '').toBe('')
      const body = healthIssue()?.body ?? ''
      for (const state of base64Runs(body)) expect(state).not.toContain('"jobId":".."')
      expect(decoded(body)).not.toMatch(/job \.\./)
    })

    it(`[${runtime}] skips a ".." job an older issue's state names, and keeps the issue updated`, async () => {
      const issue = healthIssue()
      if (!issue) throw new Error('no issue: the tests above make it')
      // A state as an older run wrote it, before ids were checked: a gap asked for job "..".
      const match = /(<!-- docs-agent-action:state )([A-Za-z0-9+/=]+)( -->)/.exec(issue.body)
      if (!match) throw new Error('no state block')
      const state = JSON.parse(Buffer.from(match[2] ?? '', 'base64').toString('utf8')) as {
        gaps: { state: string; jobId?: string; askedBy?: string }[]
      }
      const first = state.gaps[0]
      if (!first) throw new Error('no gap')
      Object.assign(first, { state: 'asked', jobId: '..', askedBy: 'older-run' })
      issue.body = issue.body.replace(
        match[0],
        `${match[1] ?? ''}${Buffer.from(JSON.stringify(state)).toString('base64')}${match[3] ?? ''}`
      )
      const jobsBefore = jobRequests().length
      const next = await run({ inputs: { dateFrom: '2026-11-23', dateTo: '2026-11-30' } })
      expect(next.code, next.stdout).toBe(0)
      expect(jobRequests().slice(jobsBefore)).toEqual([])
      expect(healthIssue()?.body).toContain('23–29 Nov 2026')
    })
  })
}
