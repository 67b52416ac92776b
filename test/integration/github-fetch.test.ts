// Tests the fetch the GitHub clients send through (src/api/github-fetch.ts) against a proxy on
// loopback that accepts every connection and never answers: a request ends when its signal aborts,
// and close() leaves no connection open, so that nothing keeps the process alive after the run.
import { createServer } from 'node:http'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { GitHubFetch } from '../../src/api/github-fetch.js'
import { startSilentProxy, TLS_HOST } from '../support/proxy.js'

async function until(predicate: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !predicate(); i++) await new Promise((r) => setTimeout(r, 10))
}

describe('GitHubFetch', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('ends a request at its signal while the proxy holds the CONNECT, and closes the connection to the proxy', async () => {
    const silent = await startSilentProxy()
    try {
      vi.stubEnv('HTTPS_PROXY', silent.url)
      vi.stubEnv('NO_PROXY', '')
      const github = new GitHubFetch()
      const controller = new AbortController()
      const pending = github.fetch(`https://${TLS_HOST}/repos/acme/docs/issues`, { signal: controller.signal })
      await until(() => silent.accepted() > 0)
      expect(silent.accepted()).toBe(1)
      controller.abort(new Error('the deadline passed'))
      await expect(pending).rejects.toThrow('the deadline passed')
      expect(silent.open.size).toBe(1)
      await github.close()
      await until(() => silent.open.size === 0)
      expect(silent.open.size).toBe(0)
      await expect(github.fetch(`https://${TLS_HOST}/x`)).rejects.toThrow('the run has ended')
    } finally {
      await silent.close()
    }
  })

  it('sends directly to loopback, and closes its kept-alive connections', async () => {
    const sockets = new Set<import('node:net').Socket>()
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', Connection: 'keep-alive' })
      res.end('{"ok":true}')
    })
    server.on('connection', (socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      vi.stubEnv('HTTP_PROXY', 'http://127.0.0.1:1')
      const { port } = server.address() as import('node:net').AddressInfo
      const github = new GitHubFetch()
      const response = await github.fetch(`http://127.0.0.1:${port}/rate_limit`)
      expect(await response.json()).toEqual({ ok: true })
      expect(sockets.size).toBe(1)
      await github.close()
      await until(() => sockets.size === 0)
      expect(sockets.size).toBe(0)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
