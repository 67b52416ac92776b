// HTTP goes through the proxy the environment names, as on a self-hosted runner behind one.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { startProxy } from '../support/proxy.js'
import { runtimes } from '../support/runtimes.js'

const KEY = 'mint_proxyKey42'
// A name the action never resolves itself: only the proxy sees it, and maps it to the emulator.
const API = 'http://api.docs.test:8080'

for (const { name: runtime, node } of runtimes()) {
  describe('proxy', () => {
    let emu: Emulator
    let proxy: Awaited<ReturnType<typeof startProxy>>
    beforeAll(async () => {
      emu = await startEmulator({ keys: { [KEY]: {} } })
      proxy = await startProxy(new URL(emu.url))
    })
    afterAll(async () => {
      await proxy.close()
      await emu.close()
    })

    it.each(['HTTP_PROXY', 'http_proxy'])(`[${runtime}] sends every request through %s`, async (variable) => {
      emu.planJobs({ finishAfterMs: 500 })
      const asked = proxy.asked.length
      const run = await runAction({
        node,
        onTestFinished,
        inputs: { apiKey: KEY, projectId: 'proj_docs', prompt: 'Via proxy', baseUrl: API, pollIntervalSeconds: '0.5' },
        env: { [variable]: proxy.url, NO_PROXY: 'example.com' }
      })
      expect(run.code).toBe(0)
      expect(run.outputs.status).toBe('completed')
      expect(proxy.asked.length).toBeGreaterThan(asked)
      expect(proxy.asked.slice(asked).every((host) => host === 'api.docs.test:8080')).toBe(true)
    })

    it(`[${runtime}] keeps requests to loopback direct even when a proxy is set`, async () => {
      emu.planJobs({ finishAfterMs: 300 })
      const asked = proxy.asked.length
      const run = await runAction({
        node,
        onTestFinished,
        inputs: { apiKey: KEY, projectId: 'proj_docs', prompt: 'Direct', baseUrl: emu.url, pollIntervalSeconds: '0.5' },
        env: { HTTP_PROXY: proxy.url }
      })
      expect(run.code).toBe(0)
      expect(proxy.asked.length).toBe(asked)
    })
  })
}
