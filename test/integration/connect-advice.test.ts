// A connection that cannot be made reads, in the log alone, as what to check: the baseUrl input, and
// the proxy variables first when a proxy is set. Nothing listens on a closed port of 127.0.0.1, and
// the API's name behind a proxy is one the action never looks up itself. The run is the action's
// run() in process (test/support/in-process.ts) with a test clock: the create request's retries on a
// refused connection wait on that clock, not in real time. The bundle's own proxy handling is
// test/e2e/proxy.test.ts's.
import { createServer, type AddressInfo } from 'node:net'
import { describe, expect, it, onTestFinished } from 'vitest'
import { errorLines } from '../support/action.js'
import { runInProcess } from '../support/in-process.js'
import { TestClock } from '../support/test-clock.js'

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

const inputs = { apiKey: 'mint_connectKey42', projectId: 'proj_docs', prompt: 'Fix the typos' }

describe('a connection that cannot be made', () => {
  it('names the baseUrl input when the connection is refused', async () => {
    const origin = `http://127.0.0.1:${await closedPort()}`
    const run = await runInProcess({ inputs: { ...inputs, baseUrl: origin }, clock: new TestClock(), onTestFinished })
    expect(run.code).toBe(1)
    expect(errorLines(run)).toEqual([
      `Creating the agent job failed: could not connect (ECONNREFUSED) talking to ${origin}. ` +
        `${origin} refused the connection: check the baseUrl input (leave it out for https://api.mintlify.com).`
    ])
  })

  it('names the proxy variables first when the proxy refuses it', async () => {
    const proxy = `http://127.0.0.1:${await closedPort()}`
    const api = 'https://api.docs.test'
    const run = await runInProcess({
      inputs: { ...inputs, baseUrl: api },
      env: { HTTPS_PROXY: proxy },
      clock: new TestClock(),
      onTestFinished
    })
    expect(run.code).toBe(1)
    expect(errorLines(run)).toEqual([
      `Creating the agent job failed: could not connect (ECONNREFUSED) talking to ${api}. The request went through the ` +
        'proxy that HTTPS_PROXY or HTTP_PROXY names, which refused the connection, or the API behind it did: check those variables ' +
        `and NO_PROXY, then the baseUrl input (${api}).`
    ])
  })
})
