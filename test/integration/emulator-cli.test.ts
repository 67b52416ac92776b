// The emulator started by hand (test/emulator/cli.js) serves believable data, the demo's, so that a
// newcomer trying the action reads numbers a docs site has; the tests' hostile data only when asked.
import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_PAGES } from '../../scripts/demo-data.mjs'

const cli = resolve(import.meta.dirname, '../emulator/cli.js')
const KEY = 'mint_selftest_key'
let child: ChildProcess | undefined

afterEach(() => {
  child?.kill('SIGTERM')
  child = undefined
})

/** Starts cli.js on a free port; resolves with what it printed once it listens. */
async function start(...args: string[]): Promise<{ url: string; said: string }> {
  const started = spawn(process.execPath, [cli, '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  child = started
  let said = ''
  return new Promise((done, fail) => {
    started.stdout.on('data', (chunk: Buffer) => {
      said += chunk.toString()
      const url = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(said)?.[1]
      if (url !== undefined && said.includes('Ctrl-C stops it.')) done({ url, said })
    })
    started.on('exit', (code) => {
      fail(new Error(`cli.js ended (${String(code)}): ${said}`))
    })
  })
}

async function visitors(url: string): Promise<{ totals: { human: number }; visitors: unknown[]; hasMore: boolean }> {
  const res = await fetch(`${url}/v1/analytics/proj_docs/visitors?limit=250`, { headers: { Authorization: `Bearer ${KEY}` } })
  expect(res.status).toBe(200)
  return (await res.json()) as { totals: { human: number }; visitors: unknown[]; hasMore: boolean }
}

describe('the emulator run by hand', () => {
  it("serves the demo's site, in whole counts, and says so", async () => {
    const { url, said } = await start()
    expect(said).toContain(`apiKey:    ${KEY}`)
    expect(said).toContain(`the demo's data: a docs site of ${String(DEMO_PAGES)} pages`)
    const answer = await visitors(url)
    expect(answer.visitors).toHaveLength(DEMO_PAGES)
    expect(answer.hasMore).toBe(false)
    expect(Number.isInteger(answer.totals.human)).toBe(true)
  })

  it("serves the tests' hostile data behind --hostile", async () => {
    const { url, said } = await start('--hostile')
    expect(said).toContain("the tests' hostile data")
    // 300 pages: a first page of 250, and more.
    const answer = await visitors(url)
    expect(answer.visitors).toHaveLength(250)
    expect(answer.hasMore).toBe(true)
  })

  it('refuses an option it does not know', async () => {
    await expect(start('--hostle')).rejects.toThrow(/ended \(2\)/)
  })
})
