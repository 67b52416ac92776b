// HTTP goes through the proxy the environment names, as on a self-hosted runner behind one; a proxy
// that never answers ends at the deadline. The API is https (plain http goes only to loopback, which
// never goes through a proxy): a TLS front with a test-only certificate stands in for it.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { startProxy, startSilentProxy, startTlsFront, TLS_CERT_FILE, TLS_HOST } from '../support/proxy.js'
import { runtimes } from '../support/runtimes.js'

const KEY = 'mint_proxyKey42'
// A name the action never resolves itself: only the proxy sees it, and tunnels to the TLS front.
const API = `https://${TLS_HOST}`

for (const { name: runtime, node } of runtimes()) {
  describe('proxy', () => {
    let emu: Emulator
    let front: Awaited<ReturnType<typeof startTlsFront>>
    let proxy: Awaited<ReturnType<typeof startProxy>>
    beforeAll(async () => {
      emu = await startEmulator({ keys: { [KEY]: {} } })
      front = await startTlsFront(new URL(emu.url))
      proxy = await startProxy(new URL(front.url))
    })
    afterAll(async () => {
      await proxy.close()
      await front.close()
      await emu.close()
    })

    it.each(['HTTPS_PROXY', 'https_proxy'])(`[${runtime}] sends every request through %s`, async (variable) => {
      emu.planJobs({ finishAfterMs: 500 })
      const asked = proxy.asked.length
      const run = await runAction({
        node,
        onTestFinished,
        inputs: { apiKey: KEY, projectId: 'proj_docs', prompt: 'Via proxy', baseUrl: API, pollIntervalSeconds: '0.5' },
        env: { [variable]: proxy.url, NO_PROXY: 'example.com', NODE_EXTRA_CA_CERTS: TLS_CERT_FILE }
      })
      expect(run.code).toBe(0)
      expect(run.outputs.status).toBe('completed')
      expect(proxy.asked.length).toBeGreaterThan(asked)
      expect(proxy.asked.slice(asked).every((host) => host === `${TLS_HOST}:443`)).toBe(true)
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

    it(`[${runtime}] ends at the deadline when the proxy accepts the connection and never answers its CONNECT`, async () => {
      const silent = await startSilentProxy()
      try {
        const run = await runAction({
          node,
          onTestFinished,
          // A deadline of 3 s; the test's own limit (60 s) is twenty times that.
          inputs: { apiKey: KEY, projectId: 'proj_docs', prompt: 'Never answered', baseUrl: API, timeoutMinutes: '0.05' },
          env: { HTTPS_PROXY: silent.url, NODE_EXTRA_CA_CERTS: TLS_CERT_FILE }
        })
        expect(run.code).toBe(1)
        expect(run.stdout).toContain('::error::Timed out after 3s (timeoutMinutes) while creating the job.')
        expect(run.outputs).toMatchObject({ jobId: '', status: '' })
        expect(silent.accepted()).toBe(1)
      } finally {
        await silent.close()
      }
    })
  })
}
