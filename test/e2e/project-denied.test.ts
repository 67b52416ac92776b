// A project id the key may not use, through the bundle against the emulator: with a prompt and
// `analytics: all`, the service denies every request with 403, and the step says so once: one error
// naming the project and what it stopped, one block in the summary with no report heading above it,
// and the last line with the same cause.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { SECTION_NAMES } from '../../src/core/catalog.js'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { errorLines, runAction } from '../support/action.js'
import { renderSummary } from '../support/render.js'
import { node24 } from '../support/runtimes.js'

const KEY = 'mint_docsKey5v'
/** What the run asks for, a request each: the job, then every section of the catalog. */
const PARTS = ['the agent job', ...SECTION_NAMES].join(', ')
const REQUESTS = 1 + SECTION_NAMES.length

describe('a project id of another organization', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ keys: { [KEY]: {} }, projects: ['proj_docs'], analyticsLimitPerHour: 100_000 })
  })
  afterAll(async () => {
    await emu.close()
  })

  it('[node 24] with a prompt and analytics: all is one error and one block naming the project', async () => {
    const run = await runAction({
      node: node24(),
      onTestFinished,
      inputs: { apiKey: KEY, projectId: 'proj_other', baseUrl: emu.url, prompt: 'Fix the typos', analytics: 'all' }
    })
    expect(run.code).toBe(1)
    expect(emu.requests.length).toBe(REQUESTS)

    const [error, ...more] = errorLines(run)
    expect(more).toEqual([])
    expect(error).toContain(
      `Access to project "proj_other" was denied (403) for every request: ${PARTS} (${REQUESTS} requests, all denied). The service said: "API key has no access to this project". Most likely the key and project "proj_other" do not belong together: `
    )
    expect(error?.startsWith('Access to project')).toBe(true)
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(
      /^Failed after \d+s: Access to project "proj_other" was denied \(403\) for every request: /
    )
    // The advice is said once in the error and once in the last line (debug lines aside).
    const shown = run.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::debug::'))
      .join('\n')
    expect(shown.split('do not belong together').length - 1).toBe(2)

    const seen = renderSummary(run.summary)
    expect(seen.headings).toEqual(['❌ Access to project proj_other was denied (403)'])
    expect(seen.text).toContain(`for every request the run made: ${REQUESTS} requests, one for each of ${PARTS}.`)
    expect(seen.text).not.toContain('Docs health')
    expect(seen.text).not.toContain('incomplete')
    expect(seen.text.split('do not belong together').length - 1).toBe(1)
  })
})
