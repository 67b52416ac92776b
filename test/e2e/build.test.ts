// Every build says what it is, through the bundle against the emulator: the log's first line, the
// summary's footer and the User-Agent of every request carry the version and the build id of the
// source dist/ was built from (scripts/build-id.mjs), and the first two the ref the workflow uses.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { treeBuildId } from '../../scripts/build-id.mjs'
import { ACTION_VERSION } from '../../src/version.js'
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { renderSummary } from '../support/render.js'
import { node24 } from '../support/runtimes.js'

const KEY = 'mint_buildKey4Xc'
let emu: Emulator

beforeAll(async () => {
  emu = await startEmulator({ keys: { [KEY]: {} } })
})
afterAll(async () => {
  await emu.close()
})

describe('the bundle says which build it is', () => {
  it('[node 24] in the first line of its log, the footer of its summary and its User-Agent', async () => {
    const build = treeBuildId()
    emu.planJobs({ finishAfterMs: 0 })
    const from = emu.requests.length
    const result = await runAction({
      node: node24(),
      onTestFinished,
      inputs: { apiKey: KEY, projectId: 'proj_docs', baseUrl: emu.url, pollIntervalSeconds: '0.5', prompt: 'Fix the typo.' },
      env: { GITHUB_ACTION_REF: 'v1' }
    })
    expect(result.code, result.stdout).toBe(0)
    // The first line a reader sees: the runner shows no command that masks a secret.
    expect(result.stdout.split('\n').find((line) => !line.startsWith('::add-mask::'))).toBe(
      `docs-agent-action ${ACTION_VERSION} (build ${build}, ref v1)`
    )
    expect(renderSummary(result.summary).text).toMatch(
      new RegExp(`docs-agent-action ${ACTION_VERSION.replace(/\./g, '\\.')} \\(build ${build}, ref v1\\) · workflow run$`)
    )
    const agents = new Set(emu.requests.slice(from).map((r) => r.headers['user-agent']))
    expect(agents.size).toBe(1)
    expect([...agents][0]).toMatch(
      new RegExp(`^docs-agent-action/${ACTION_VERSION.replace(/\./g, '\\.')}\\+${build} node/v24\\.\\d+\\.\\d+$`)
    )
  })
})
