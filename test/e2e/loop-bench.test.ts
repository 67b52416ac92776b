// Tests the loop's benchmark (bench/loop/drive.mjs) end to end on one short seed: the bundle run as a
// workflow step week after week against the emulator and the GitHub fake, a writer's tick, the agent
// asked once and its pull request merged. It checks that the benchmark reads what the bundle writes:
// Fix first from docsGaps, each fix's gap from the state with a verdict the mapping knows, and
// the truth each run is judged against.
import { describe, expect, it } from 'vitest'
import { runSeed } from '../../bench/loop/drive.mjs'
import { runtimes } from '../support/runtimes.js'

for (const { name: runtime, node } of runtimes()) {
  describe('the loop benchmark', () => {
    it(
      `[${runtime}] drives the bundle through weekly runs, a tick and a merge, and reads a verdict for every fix`,
      { timeout: 120_000 },
      async () => {
        const seen: string[] = []
        const { fixes, weeks } = await runSeed({ seed: 1, weeks: 6, tickAfter: 4, node, onRun: (what) => seen.push(what) })
        expect(seen).toEqual([
          'seed 1 week 1',
          'seed 1 week 2',
          'seed 1 week 3',
          'seed 1 week 4',
          expect.stringMatching(/^seed 1 tick of [1-8] gaps$/),
          'seed 1 week 5',
          'seed 1 week 6'
        ])
        // Every weekly run is judged: Fix first read from docsGaps, the truly worst five and the ceiling known.
        expect(weeks.map((w) => w.week)).toEqual([1, 2, 3, 4, 5, 6])
        for (const week of weeks) {
          expect(week.worst).toHaveLength(5)
          expect(week.ceiling.length).toBeGreaterThan(0)
          expect(week.fixFirst.length).toBeGreaterThan(0)
          // A page, or '' for a search Fix first ranks on its own (one that matches no page's words).
          for (const page of week.fixFirst) expect(page).toMatch(/^(\/(guides|api-reference)\/[a-z]+)?$/)
        }
        // Before any fix, Fix first names most of the truly worst pages.
        const before = weeks.slice(0, 4).flatMap((w) => w.fixFirst.filter((page) => w.worst.includes(page)))
        expect(before.length).toBeGreaterThanOrEqual(8)
        // Each ticked gap was asked for and merged: read from the state in both periods since the merge.
        expect(fixes.length).toBeGreaterThan(0)
        for (const fix of fixes) {
          expect(fix.verdicts).toHaveLength(2)
          expect(fix.boxes).toHaveLength(2)
          for (const verdict of fix.verdicts) expect(['waiting', 'fixed', 'not fixed', 'back', 'could not tell']).toContain(verdict)
        }
        expect(new Set(fixes.map((fix) => fix.effect)).size).toBeGreaterThan(1)
      }
    )
  })
}
