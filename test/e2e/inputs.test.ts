// Bad inputs end to end: the real bundle, run as its own process the way the runner runs it, with
// three mistakes at once. Every one is named, in the log and in the job summary, before any request.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { SECTION_NAMES } from '../../src/core/catalog.js'
import { ACTION_NAME, ACTION_VERSION } from '../../src/version.js'
import { treeBuildId } from '../../scripts/build-id.mjs'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { errorLines, linesWith, runAction } from '../support/action.js'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'

const KEY = 'mint_e2eInputsKeyT5w'

for (const { name: runtime, node } of runtimes()) {
  describe('bad inputs', () => {
    let emu: Emulator

    beforeAll(async () => {
      emu = await startEmulator({ keys: { [KEY]: {} } })
    })
    afterAll(async () => {
      await emu.close()
    })

    it(`[${runtime}] names three mistakes at once, one of inputs together among them, in the log and the summary, and sends nothing`, async () => {
      const run = await runAction({
        inputs: {
          apiKey: KEY,
          projectId: 'proj_docs',
          baseUrl: emu.url,
          // A section misspelt, a range that ends before it starts, and more requests than an organization has in an hour.
          analytics: 'views,serches',
          dateFrom: '2026-11-10',
          dateTo: '2026-11-01',
          maxRequests: '150'
        },
        node,
        onTestFinished
      })

      expect(run.code).toBe(1)
      expect(emu.requests).toEqual([])
      const mistakes = [
        `\`analytics\` takes all (or true) for every section, false for none, or a comma-separated list of ${SECTION_NAMES.join(', ')}; ` +
          '"serches" is not one of them; did you mean searches?',
        '`maxRequests` must be a whole number from 1 to 100 (analytics requests one run may make; analytics allow 100 requests per ' +
          'organization per hour); got "150"',
        '`dateFrom` (2026-11-10) must be before `dateTo` (2026-11-01), which is exclusive'
      ]

      // The log: one error that lists every mistake, and a last line that names each input at fault.
      const [error, ...otherErrors] = errorLines(run)
      expect(otherErrors).toEqual([])
      expect(error?.split('\n')[0]).toBe('Invalid input:')
      for (const mistake of mistakes) expect(error).toContain(`- ${mistake}`)
      expect(error?.split('\n')).toHaveLength(4)
      expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^Failed after \d+s: invalid input \(analytics, maxRequests, dateFrom\)\.$/)

      // The summary: the same three, as a reader sees them, and the footer every summary ends with.
      const seen = renderSummary(run.summary)
      expect(seen.headings).toEqual(['❌ Invalid input'])
      for (const mistake of mistakes) expect(seen.text).toContain(mistake.replace(/`/g, ''))
      expect(seen.text).toContain('did you mean searches?')
      // The bundle says its build: the id of the source it was built from.
      expect(seen.text.endsWith(`${ACTION_NAME} ${ACTION_VERSION} (build ${treeBuildId()}) · workflow run`)).toBe(true)
      expect(seen.links).toEqual([{ href: 'https://github.com/acme/docs/actions/runs/1', text: 'workflow run' }])

      // The key only ever in the line that asks the runner to mask it.
      expect(linesWith(run, KEY)).toEqual([`::add-mask::${KEY}`])

      // The outputs: status says why every other one is empty.
      expect(run.outputs).toEqual({ status: 'invalid-input' })
    })

    it(`[${runtime}] says project_id was meant as projectId, and promt as prompt, instead of what is missing`, async () => {
      const run = await runAction({
        inputs: { apiKey: KEY, project_id: 'proj_docs', promt: 'Fix the typos', baseUrl: emu.url },
        node,
        onTestFinished
      })

      expect(run.code).toBe(1)
      expect(emu.requests).toEqual([])
      const [error, ...otherErrors] = errorLines(run)
      expect(otherErrors).toEqual([])
      // Two mistakes, two problems: neither "is empty" nor "Nothing to do" after the input each was meant as.
      expect(error?.split('\n')).toEqual([
        'Invalid input:',
        '- `projectId` is not set, but `project_id` is, which is not an input of this action: did you mean projectId?',
        '- `prompt` is not set, but `promt` is, which is not an input of this action: did you mean prompt?'
      ])
      // Said once, as a problem, not again as a warning.
      expect(run.stdout).not.toMatch(/::warning::.*did you mean/)
      const seen = renderSummary(run.summary)
      expect(seen.text).toContain('did you mean projectId?')
      expect(seen.text).not.toContain('projectId is empty')
      expect(seen.text).not.toContain('Settings → Secrets and variables → Actions → Variables')
      expect(seen.text).not.toContain('Nothing to do')
      expect(run.outputs).toEqual({ status: 'invalid-input' })
    })

    it(`[${runtime}] refuses an old input name beside its new one, naming both, and sends nothing`, async () => {
      const run = await runAction({
        inputs: { apiKey: KEY, projectId: 'proj_docs', baseUrl: emu.url, healthIssue: 'true', dashboard: 'false', githubToken: 'ghs_x' },
        node,
        onTestFinished
      })
      expect(run.code).toBe(1)
      expect(emu.requests).toEqual([])
      expect(errorLines(run)).toEqual([
        'Invalid input:\n- `dashboard` is the old name of `healthIssue`, which is set too: keep `healthIssue` alone'
      ])
    })

    it(`[${runtime}] refuses a dateFrom in the future as an input, and sends nothing`, async () => {
      const run = await runAction({
        inputs: {
          apiKey: KEY,
          projectId: 'proj_docs',
          baseUrl: emu.url,
          analytics: 'visitors',
          dateFrom: '9000-01-01',
          dateTo: '9000-01-08'
        },
        node,
        onTestFinished
      })

      expect(run.code).toBe(1)
      expect(emu.requests).toEqual([])
      const [error, ...otherErrors] = errorLines(run)
      expect(otherErrors).toEqual([])
      expect(error).toMatch(
        /^Invalid input:\n- `dateFrom` \(9000-01-01\) is in the future: today is \d{4}-\d{2}-\d{2} \(UTC, by the run's clock\), and analytics hold only what has passed; set `dateFrom` to a day before today\.$/
      )
      expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^Failed after \d+s: invalid input \(dateFrom\)\.$/)
      const seen = renderSummary(run.summary)
      expect(seen.headings).toEqual(['❌ Invalid input'])
      expect(seen.text).not.toContain('Docs health')
      expect(run.outputs).toEqual({ status: 'invalid-input' })
    })
  })
}
