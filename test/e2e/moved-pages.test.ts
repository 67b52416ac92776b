// A fix that moves its page, end to end through the bundle, week after week, against the emulator and
// the stateful fake of GitHub. Three gaps go to the agent in one pull request after three bad weeks;
// the pull request renames the webhooks page's file (its files as GitHub lists them), removes the
// retries page's file while the site's docs.json, in the workspace, redirects that page to its new
// path, and leaves the legacy page, whose readers vanish all the same. After the merge the webhooks
// gap is one line at its new path, judged fixed on the new path's readers; the retries gap is one line
// at its new path, not fixed there; the legacy page's line says it gets no visitors since the merge,
// moved or removed?, and waits no more.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'
import { LIKED, STORY_TIMEOUT, type Week, type WeeklyLoop, setWeek, startWeeklyLoop, story, week } from '../support/weekly-loop.js'

const WEBHOOKS = '/guides/webhooks'
const WEBHOOKS_NOW = '/docs/webhooks'
const RETRIES = '/guides/retries'
const RETRIES_NOW = '/docs/retries'
const LEGACY = '/guides/legacy'
const PR = 'https://github.com/acme/docs/pull/61'

/** One week: each page's thumbs [up, down] and human visitors, by the path readers read it at, beside the liked pages. */
function setPages(loop: WeeklyLoop, range: Week, pages: Record<string, { thumbs: [number, number]; visitors: number }>): void {
  const all = { ...Object.fromEntries(LIKED.map((page) => [page, { thumbs: [200, 4] as [number, number], visitors: 900 }])), ...pages }
  setWeek(loop.emu, range, {
    thumbs: Object.fromEntries(Object.entries(all).map(([path, { thumbs }]) => [path, thumbs])),
    traffic: Object.entries(all)
      .map(([path, { visitors }]) => ({ path, human: visitors, ai: 0, total: visitors }))
      .sort((a, b) => b.total - a.total)
  })
}

const BAD = { thumbs: [1, 26] as [number, number], visitors: 300 }

for (const { name: runtime, node } of runtimes()) {
  describe('a fix that moves its page', { timeout: STORY_TIMEOUT }, () => {
    let loop: WeeklyLoop
    let workspace: string
    beforeAll(async () => {
      workspace = await mkdtemp(join(tmpdir(), 'moved-pages-'))
      loop = await startWeeklyLoop({ node, onTestFinished, env: { GITHUB_WORKSPACE: workspace } })
      await writeFile(
        join(workspace, 'docs.json'),
        JSON.stringify({
          navigation: { pages: ['guides/webhooks', 'docs/webhooks', 'docs/retries', 'guides/legacy'] },
          redirects: [{ source: RETRIES, destination: RETRIES_NOW }]
        })
      )
      for (let n = 0; n < 3; n++) setPages(loop, week(n), { [WEBHOOKS]: BAD, [RETRIES]: BAD, [LEGACY]: BAD })
      // Since the merge: the webhooks page, at its new path, is fixed; the retries page, at its new path, is not; the legacy page has no reader.
      for (let n = 3; n < 5; n++) setPages(loop, week(n), { [WEBHOOKS_NOW]: { thumbs: [30, 1], visitors: 300 }, [RETRIES_NOW]: BAD })
    })
    afterAll(async () => {
      await loop.close()
      await rm(workspace, { recursive: true, force: true })
    })

    const run: WeeklyLoop['runOk'] = (...args) => loop.runOk(...args)
    /** The rendered lines of a page's gaps in the issue's `body`: from its subject to the line's end. */
    const linesOf = (body: string, page: string) =>
      body
        .split('\n')
        .filter((line) =>
          // A gap not on this week's list is in small type, after it.
          ['- ', '- [ ] ', '- [x] '].some(
            (start) => line.startsWith(`${start}<code>${page}</code>`) || line.startsWith(`${start}<sub><code>${page}</code>`)
          )
        )
        .map((line) => renderSummary(line).text)
    /** The story, each step once, as the tests below need it. */
    const reach = story({
      /** Three bad weeks, then one edit ticks the three pages, and its run asks the agent. */
      asked: async () => {
        for (let n = 0; n < 3; n++) await run(week(n))
        loop.emu.planJobs({ finishAfterMs: 300, prLink: PR })
        await run(undefined, loop.tick([WEBHOOKS, RETRIES, LEGACY]))
        return loop.body()
      },
      /** The pull request, which moves and removes pages, merges on the first day of week 3; week 3 is read. */
      merged: async () => {
        loop.github.setPullChange(61, {
          commits: [{ sha: 'c0ffee'.padEnd(40, '0'), commit: { message: 'Move and fix the pages' } }],
          files: [
            { filename: 'docs/webhooks.mdx', previous_filename: 'guides/webhooks.mdx', status: 'renamed', additions: 12, deletions: 4 },
            { filename: 'guides/retries.mdx', status: 'removed', additions: 0, deletions: 40 },
            { filename: 'docs/retries.mdx', status: 'added', additions: 41, deletions: 0 },
            { filename: 'guides/legacy.mdx', status: 'modified', additions: 3, deletions: 1 }
          ]
        })
        loop.github.setPull(61, { state: 'closed', merged_at: `${week(3).dateFrom}T10:00:00Z` })
        const merged = await run(week(3))
        return { stdout: merged.stdout, body: loop.body() }
      },
      /** The week after. */
      next: async () => {
        await run(week(4))
        return loop.body()
      }
    })

    it(`[${runtime}] ranks the three troubled pages over three bad weeks, and asks the agent for them`, async () => {
      const body = await reach('asked')
      for (const page of [WEBHOOKS, RETRIES, LEGACY]) expect(linesOf(body, page).join('\n')).toContain('pull request #61 open')
    })

    it(`[${runtime}] carries each moved gap to its page's new path, judged there, and says the page whose visitors vanished is moved or removed`, async () => {
      const { stdout, body } = await reach('merged')
      expect(stdout).toContain('2 gaps of the docs health issue followed their pages to a new path')
      // One line for the webhooks gap, at its new path, fixed on the new path's readers.
      expect(linesOf(body, WEBHOOKS)).toEqual([])
      expect(linesOf(body, WEBHOOKS_NOW)).toHaveLength(1)
      expect(linesOf(body, WEBHOOKS_NOW)[0]).toMatch(
        new RegExp(
          `^${WEBHOOKS_NOW}: fixed \\d{1,2} \\w{3} \\d{4} · merged 23 Nov 2026 · moved from ${WEBHOOKS} · pull request #61 · before 2–22 Nov 2026 \\(3 weeks\\) → since the merge 23–29 Nov 2026, per week: 👎 26 → 1 · 👍 1 → 30$`
        )
      )
      // One line for the retries gap, at the path the site redirects it to: not fixed there, with a box to ask again.
      expect(linesOf(body, RETRIES)).toEqual([])
      expect(linesOf(body, RETRIES_NOW)).toHaveLength(1)
      expect(linesOf(body, RETRIES_NOW)[0]).toContain(`not fixed: pull request #61, merged 23 Nov 2026, did not help`)
      expect(linesOf(body, RETRIES_NOW)[0]).toContain(`moved from ${RETRIES}`)
      expect(body).toMatch(new RegExp(`- \\[ \\] <code>${RETRIES_NOW}</code>`))
      // The legacy page: no visitor since the merge, and no move known. It waits no more.
      expect(linesOf(body, LEGACY)).toHaveLength(1)
      expect(linesOf(body, LEGACY)[0]).toContain('this page gets no visitors since the merge: moved or removed?')
      expect(linesOf(body, LEGACY)[0]).not.toContain('waiting')
      expect(body).toMatch(new RegExp(`- \\[ \\] (<sub>)?<code>${LEGACY}</code>`))
      // The week after: still one line each, the webhooks gap still fixed at its new path.
      const next = await reach('next')
      expect(linesOf(next, WEBHOOKS)).toEqual([])
      expect(linesOf(next, WEBHOOKS_NOW)).toHaveLength(1)
      expect(linesOf(next, WEBHOOKS_NOW)[0]).toContain(': fixed')
      expect(linesOf(next, RETRIES_NOW)).toHaveLength(1)
      expect(linesOf(next, LEGACY)).toHaveLength(1)
    })
  })
}
