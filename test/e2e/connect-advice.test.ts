// A connection that cannot be made reads, in the log alone, as what to check: the baseUrl input, and
// the proxy variables first when a proxy is set. Nothing listens on a closed port of 127.0.0.1, and
// the API's name behind a proxy is one the action never looks up itself.
import { createServer, type AddressInfo } from 'node:net'
import { describe, expect, it, onTestFinished } from 'vitest'
import { runAction } from '../support/action.js'
import { runtimes } from '../support/runtimes.js'

/** A port of 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve()
    })
  )
  return port
}

const errorLines = (stdout: string): string[] => stdout.split('\n').filter((line) => line.startsWith('::error::'))
const inputs = { apiKey: 'mint_connectKey42', projectId: 'proj_docs', prompt: 'Fix the typos' }

for (const { name: runtime, node } of runtimes()) {
  describe('a connection that cannot be made', () => {
    it(`[${runtime}] names the baseUrl input when the connection is refused`, async () => {
      const origin = `http://127.0.0.1:${await closedPort()}`
      const run = await runAction({ node, onTestFinished, inputs: { ...inputs, baseUrl: origin } })
      expect(run.code).toBe(1)
      expect(errorLines(run.stdout)).toEqual([
        `::error::Creating the agent job failed: could not connect (ECONNREFUSED) talking to ${origin}. ` +
          `${origin} refused the connection: check the baseUrl input (leave it out for https://api.mintlify.com).`
      ])
    })

    it(`[${runtime}] names the proxy variables first when the proxy refuses it`, async () => {
      const proxy = `http://127.0.0.1:${await closedPort()}`
      const api = 'https://api.docs.test'
      const run = await runAction({ node, onTestFinished, inputs: { ...inputs, baseUrl: api }, env: { HTTPS_PROXY: proxy } })
      expect(run.code).toBe(1)
      expect(errorLines(run.stdout)).toEqual([
        `::error::Creating the agent job failed: could not connect (ECONNREFUSED) talking to ${api}. The request went through the ` +
          'proxy that HTTPS_PROXY or HTTP_PROXY names, which refused the connection, or the API behind it did: check those variables ' +
          `and NO_PROXY, then the baseUrl input (${api}).`
      ])
    })
  })
}
