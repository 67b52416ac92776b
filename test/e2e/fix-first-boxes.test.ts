// One Fix first, end to end through the bundle in a public repository: the period's top problem a
// search whose words are hidden, which has a box in the docs health issue like every item of Fix first;
// ticking it (an edit of the issue by a person who may push) asks the agent for it by its count and
// its label, no word of it; and the job summary's Fix first is the issue's, item for item, numbers
// and all, with "To act" only while something is left to tick.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { defaultSearches } from '../emulator/analytics-data.js'
import { runtimes } from '../support/runtimes.js'
import { type WeeklyLoop, startWeeklyLoop, week } from '../support/weekly-loop.js'

const WEEK = week(1)
/** The search readers made most with no click: words no page path shares, hidden in a public repository. */
const SEARCH = 'okta saml single sign-on'
const SEARCH_WORDS = ['okta', 'saml', 'sign-on']
/** The repository as the events' payloads, a snapshot, give it: private. GitHub says otherwise. */
const PRIVATE = { full_name: 'acme/docs', private: true }
/** The event of a scheduled run whose payload says the repository is private. */
const PRIVATE_EVENT = { name: 'schedule', payload: { repository: { ...PRIVATE, visibility: 'private' } } }

/** Text as a person reads it, tags and entities aside, one space apart. */
const plain = (html: string): string =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/\s+/g, ' ')
    .trim()

/** An item as both lists must agree on it: what it names (up to ": " or " · "), then every number of its evidence, in order. */
const itemOf = (text: string): { subject: string; numbers: string[] } => {
  const read = plain(text)
  const at = /: | · /.exec(read)?.index ?? read.length
  return {
    subject: read
      .slice(0, at)
      .replace(/^search /i, '')
      .toLowerCase(),
    numbers: read.slice(at).match(/\d[\d,]*/g) ?? []
  }
}

/** The summary's Fix first: each item of its list. */
const summaryItems = (summary: string): ReturnType<typeof itemOf>[] =>
  (/<h3>Fix first<\/h3>\n<ol>\n([\s\S]*?)\n<\/ol>/.exec(summary)?.[1]?.split('\n') ?? []).map((li) => itemOf(li))

/** The issue's Fix first: each line of the period's list, with a box or not, up to the gaps not on it. */
function issueItems(body: string): ReturnType<typeof itemOf>[] {
  const start = body.indexOf('### Fix first')
  const rest = body.slice(start)
  const end = [rest.indexOf('Not on this'), rest.indexOf('<!-- docs-agent-action:movers'), rest.indexOf('<!-- docs-agent-action:figures')]
    .filter((at) => at > 0)
    .reduce((a, b) => Math.min(a, b), rest.length)
  return rest
    .slice(0, end)
    .split('\n')
    .filter((line) => /^- (\[[ x]\] |⏳ )?(<code>|a search|search)/.test(line))
    .map((line) => itemOf(line.replace(/^- (\[[ x]\] |⏳ )?/, '').replace(/ <sub>.*$/, '')))
}

for (const { name: runtime, node } of runtimes()) {
  describe('one Fix first with a box for each item', () => {
    let loop: WeeklyLoop
    beforeAll(async () => {
      loop = await startWeeklyLoop({ node, onTestFinished, visibility: 'public', repository: PRIVATE, inputs: { readerText: 'auto' } })
      // The default searches, and one made most with no click that matches no page.
      const { rows } = defaultSearches()
      loop.emu.setSearches({
        rows: [{ searchQuery: SEARCH, hits: 5_000, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-10T09:00:00Z' }, ...rows]
      })
    })
    afterAll(async () => {
      await loop.close()
    })

    it(`[${runtime}] gives the hidden search that tops Fix first a box, asks the agent for it by its count alone, and shows one Fix first`, async () => {
      const weekly = await loop.run(WEEK, PRIVATE_EVENT)
      expect(weekly.code, weekly.stdout).toBe(0)
      expect(weekly.stdout).toContain('is hidden: GitHub says the repository is public (readerText: auto)')
      const issue = loop.issue()

      // The summary and the issue: one Fix first, item for item, the same numbers.
      const summary = summaryItems(weekly.summary)
      expect(summary.length).toBeGreaterThan(1)
      expect(summary[0]).toEqual({ subject: 'a search (its words are hidden)', numbers: ['5,000'] })
      expect(issueItems(issue.body)).toEqual(summary)

      // The search has a box; its words are nowhere.
      const line =
        issue.body.split('\n').find((l) => l.startsWith('- [ ] a search (its words are hidden) · searched 5,000× with no click')) ?? ''
      expect(line).toMatch(/<!-- gap:[0-9a-f]{12} -->$/)
      for (const word of SEARCH_WORDS) expect(`${weekly.summary}\n${issue.body}\n${weekly.outputFile}`).not.toContain(word)
      expect(weekly.summary).toContain('<strong>To act:</strong>')

      // A writer ticks every box: one job, the search by its count and label, none of its words.
      loop.emu.planJobs({ finishAfterMs: 0, prLink: 'https://github.com/acme/docs/pull/9' })
      const before = loop.emu.requests.length
      const tick = await loop.run(
        WEEK,
        loop.edit((body) => body.replace(/^- \[ \] /gm, '- [x] ').replace(/^( {2}- )\[x\] Not a gap/gm, '$1[ ] Not a gap'))
      )
      expect(tick.code, tick.stdout).toBe(0)
      const jobs = loop.emu.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/v2/agent/proj_docs/job')
      expect(jobs).toHaveLength(1)
      const prompt = JSON.stringify(jobs[0]?.body)
      expect(prompt).toContain('- a search (its words are hidden): searched 5,000× with no click')
      for (const word of SEARCH_WORDS) expect(prompt.toLowerCase()).not.toContain(word)
      // Nothing is left to tick: the tick run's own summary does not say "To act".
      expect(tick.summary).not.toContain('To act')
      expect(tick.summary).toContain('Nothing to tick')
      const after = loop.body()
      expect(after).not.toMatch(/^- \[[ x]\] /m)
    })
  })
}
