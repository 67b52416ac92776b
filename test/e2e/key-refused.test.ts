// A revoked key, through the bundle against the emulator: with a prompt and `analytics: all`, every
// request is refused with 401, and the step says so once: one error that lists what the key stopped,
// one block in the summary with how many requests were refused, and the last line with the same cause.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { SECTION_NAMES } from '../../src/core/catalog.js'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { errorLines, runAction } from '../support/action.js'
import { renderSummary } from '../support/render.js'
import { node24 } from '../support/runtimes.js'

const REVOKED = 'mint_revokedKey5v'
/** What the run asks for, a request each: the job, then every section of the catalog. */
const PARTS = ['the agent job', ...SECTION_NAMES].join(', ')
const REQUESTS = 1 + SECTION_NAMES.length

describe('a revoked key', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ keys: { mint_otherKey: {} }, analyticsLimitPerHour: 100_000 })
  })
  afterAll(async () => {
    await emu.close()
  })

  it('[node 24] with a prompt and analytics: all is one error and one block, with the requests it refused', async () => {
    const run = await runAction({
      node: node24(),
      onTestFinished,
      inputs: { apiKey: REVOKED, projectId: 'proj_docs', baseUrl: emu.url, prompt: 'Fix the typos', analytics: 'all' }
    })
    expect(run.code).toBe(1)
    const refused = emu.requests.length
    expect(refused).toBe(REQUESTS)

    const message =
      `The API key was refused (401) for every request: ${PARTS} (${REQUESTS} requests, all refused). ` +
      'The key in `apiKey` is wrong, revoked or expired; create an admin key on the API keys page of the dashboard and pass it from a secret.'
    expect(errorLines(run)).toEqual([message])
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^Failed after \d+s: The API key was refused \(401\) for every request: /)
    // The paragraph of a refused key is not said again for each part: once in the error, once in the last line (debug lines aside, which the runner shows only in debug mode).
    const shown = run.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::debug::'))
      .join('\n')
    expect(shown.split('wrong, revoked or expired').length - 1).toBe(2)

    const seen = renderSummary(run.summary)
    expect(seen.headings).toEqual(['❌ The API key was refused (401)'])
    expect(seen.text).toContain(`for every request the run made: ${refused} requests, one for each of ${PARTS}.`)
    expect(seen.text).not.toContain('read in 0 requests')
    expect(seen.text.split('wrong, revoked or expired').length - 1).toBe(1)
  })
})
