// One HTTP exchange over real loopback sockets: what is sent and read back, the per-request timeout,
// the size limit on answers, which failures surely never left the machine, the run's abort signal,
// the proxy the environment names, and releasing connections on close.
import dns from 'node:dns'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type AddressInfo, isIP, type Socket } from 'node:net'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Transport, TransportError } from '../../src/api/transport.js'
import { startProxy, startSilentProxy } from '../support/proxy.js'

interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

interface TestServer {
  url: string
  port: number
  received: Received[]
  /** Server-side sockets that are still open. */
  open: Set<Socket>
  close: () => Promise<void>
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void

const servers: TestServer[] = []

async function serve(handler: Handler): Promise<TestServer> {
  const received: Received[] = []
  const open = new Set<Socket>()
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() })
      handler(req, res)
    })
  })
  server.on('connection', (socket) => {
    open.add(socket)
    socket.on('close', () => open.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const result: TestServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    open,
    close: async () => {
      for (const socket of open) socket.destroy()
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve()
        })
      )
    }
  }
  servers.push(result)
  return result
}

/** A port on 127.0.0.1 that nothing listens on. */
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

/** Resolves once every socket in `open` has closed, or rejects after a generous bound. */
function allClosed(open: Set<Socket>): Promise<void> {
  return new Promise((resolve, reject) => {
    const bound = setTimeout(() => {
      clearInterval(poll)
      reject(new Error(`${open.size} connection(s) still open`))
    }, 10_000)
    const poll = setInterval(() => {
      if (open.size > 0) return
      clearInterval(poll)
      clearTimeout(bound)
      resolve()
    }, 5)
  })
}

/** Every host name fails to resolve with this error, so no name is ever looked up for real; IP addresses still work. */
function failLookup(error: unknown): void {
  const lookup = dns.lookup.bind(dns) as (...args: unknown[]) => void
  vi.spyOn(dns, 'lookup').mockImplementation((...args: unknown[]) => {
    if (isIP(String(args[0])) !== 0) {
      lookup(...args)
      return
    }
    const callback = args.at(-1) as (e: unknown) => void
    process.nextTick(() => {
      callback(error)
    })
  })
}

const never = new AbortController().signal
let transport: Transport

beforeEach(() => {
  transport = new Transport()
})
afterEach(async () => {
  vi.restoreAllMocks()
  await transport.close()
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function failure(promise: Promise<unknown>): Promise<TransportError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(TransportError)
  return error as TransportError
}

describe('Transport.send', () => {
  it('sends the method, path, query, headers and body, and returns the status, headers and text of the answer', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(201, { 'Content-Type': 'application/json', 'X-Request-Id': 'r1' })
      res.end('{"id":"j1","note":"naïve ✓"}')
    })
    const res = await transport.send(
      {
        method: 'POST',
        url: new URL(`${server.url}/v2/agent/p/job?x=1`),
        headers: { Authorization: 'Bearer k', 'Content-Type': 'application/json' },
        body: '{"prompt":"hi"}'
      },
      never,
      10_000
    )
    expect(res).toEqual({
      status: 201,
      headers: expect.objectContaining({ 'content-type': 'application/json', 'x-request-id': 'r1' }) as unknown,
      body: '{"id":"j1","note":"naïve ✓"}'
    })
    expect(server.received).toEqual([
      {
        method: 'POST',
        url: '/v2/agent/p/job?x=1',
        headers: expect.objectContaining({ authorization: 'Bearer k', 'content-type': 'application/json' }) as unknown,
        body: '{"prompt":"hi"}'
      }
    ])
  })

  it('sends a GET with no body', async () => {
    const server = await serve((_req, res) => res.end('ok'))
    const res = await transport.send({ method: 'GET', url: new URL(`${server.url}/a`), headers: {} }, never, 10_000)
    expect(res.status).toBe(200)
    expect(res.body).toBe('ok')
    expect(server.received[0]).toMatchObject({ method: 'GET', body: '' })
    expect(server.received[0]?.headers['content-length']).toBeUndefined()
  })

  it('joins a header the service repeats into one value', async () => {
    const server = await serve((_req, res) => {
      res.setHeader('X-Multi', ['a', 'b'])
      res.end()
    })
    const res = await transport.send({ method: 'GET', url: new URL(server.url), headers: {} }, never, 10_000)
    expect(res.headers['x-multi']).toBe('a, b')
  })

  it('gives up when no answer comes within the request timeout, and says the request was sent', async () => {
    const server = await serve(() => undefined)
    const error = await failure(transport.send({ method: 'POST', url: new URL(server.url), headers: {}, body: 'x' }, never, 200))
    expect(error.message).toBe('no answer within 0.2 s')
    expect(error).toMatchObject({ name: 'TransportError', sent: true, timedOut: true })
    // On a busy machine the timeout can fire before this process has taken the request in.
    await vi.waitFor(
      () => {
        expect(server.received).toHaveLength(1)
      },
      { timeout: 5_000 }
    )
  })

  it('gives up when the answer stops halfway within the request timeout', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Length': '100' })
      res.write('{"id":')
    })
    const error = await failure(transport.send({ method: 'GET', url: new URL(server.url), headers: {} }, never, 100))
    expect(error).toMatchObject({ message: 'no answer within 0.1 s', sent: true, timedOut: true })
  })

  it('refuses an answer larger than 16 MiB', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' })
      res.end(Buffer.alloc(16 * 1024 * 1024 + 1, 'a'))
    })
    const error = await failure(transport.send({ method: 'GET', url: new URL(server.url), headers: {} }, never, 10_000))
    expect(error).toMatchObject({ message: 'the answer was larger than 16 MiB', sent: true, timedOut: false })
  })

  it('reads an answer of exactly 16 MiB', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' })
      res.end(Buffer.alloc(16 * 1024 * 1024, 'a'))
    })
    const res = await transport.send({ method: 'GET', url: new URL(server.url), headers: {} }, never, 10_000)
    expect(res.body.length).toBe(16 * 1024 * 1024)
  })

  it('marks a refused connection as never sent', async () => {
    const port = await closedPort()
    const error = await failure(
      transport.send({ method: 'POST', url: new URL(`http://127.0.0.1:${port}/`), headers: {}, body: 'x' }, never, 10_000)
    )
    expect(error).toMatchObject({ message: 'could not connect (ECONNREFUSED)', sent: false, timedOut: false })
  })

  it('marks a connection reset after the request went out as sent', async () => {
    const server = await serve((req) => req.socket.destroy())
    const error = await failure(transport.send({ method: 'POST', url: new URL(server.url), headers: {}, body: 'x' }, never, 10_000))
    expect(error).toMatchObject({ message: 'the connection failed (UND_ERR_SOCKET)', sent: true, timedOut: false })
    expect(server.received).toHaveLength(1)
  })

  describe('when no connection can be made', () => {
    it.each(['ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])(
      'marks a failure with code %s as never sent',
      async (code) => {
        const port = await closedPort()
        failLookup(Object.assign(new Error(`lookup failed ${code}`), { code }))
        const error = await failure(
          transport.send({ method: 'POST', url: new URL(`http://localhost:${port}/`), headers: {}, body: 'x' }, never, 10_000)
        )
        expect(error).toMatchObject({ message: `could not connect (${code})`, sent: false, timedOut: false })
      }
    )

    it('reads the code of the underlying cause', async () => {
      const port = await closedPort()
      failLookup(new Error('lookup failed', { cause: { code: 'ENOTFOUND' } }))
      const error = await failure(transport.send({ method: 'GET', url: new URL(`http://localhost:${port}/`), headers: {} }, never, 10_000))
      expect(error).toMatchObject({ message: 'could not connect (ENOTFOUND)', sent: false })
    })

    it('treats a failure it cannot classify as possibly sent, and quotes its message', async () => {
      const port = await closedPort()
      failLookup(new Error('resolver exploded'))
      const error = await failure(transport.send({ method: 'GET', url: new URL(`http://localhost:${port}/`), headers: {} }, never, 10_000))
      expect(error).toMatchObject({ message: 'the connection failed (resolver exploded)', sent: true, timedOut: false })
    })

    it('quotes the message of an error whose code is not text', async () => {
      const port = await closedPort()
      failLookup(Object.assign(new Error('odd failure'), { code: 23 }))
      const error = await failure(transport.send({ method: 'GET', url: new URL(`http://localhost:${port}/`), headers: {} }, never, 10_000))
      expect(error).toMatchObject({ message: 'the connection failed (odd failure)', sent: true })
    })

    it('treats an unknown error code as possibly sent', async () => {
      const port = await closedPort()
      failLookup(Object.assign(new Error('denied'), { code: 'EACCES' }))
      const error = await failure(transport.send({ method: 'GET', url: new URL(`http://localhost:${port}/`), headers: {} }, never, 10_000))
      expect(error).toMatchObject({ message: 'the connection failed (EACCES)', sent: true })
    })
  })

  it("rejects with the run signal's own reason when the run stops during a request", async () => {
    const server = await serve(() => undefined)
    const run = new AbortController()
    const reason = new Error('the run was cancelled')
    const pending = transport.send({ method: 'GET', url: new URL(server.url), headers: {} }, run.signal, 15_000)
    await vi.waitFor(
      () => {
        expect(server.received).toHaveLength(1)
      },
      { timeout: 10_000 }
    )
    run.abort(reason)
    await expect(pending).rejects.toBe(reason)
  })

  it('sends nothing when the run has already stopped', async () => {
    const server = await serve((_req, res) => res.end())
    const reason = new Error('stopped')
    await expect(transport.send({ method: 'GET', url: new URL(server.url), headers: {} }, AbortSignal.abort(reason), 1000)).rejects.toBe(
      reason
    )
    expect(server.received).toHaveLength(0)
  })
})

describe('Transport proxy', () => {
  // A name that is never resolved here: only the proxy sees it, and it connects to the test server.
  const remote = new URL('http://api.docs.test:8080/v2/agent/p/job/j1')
  beforeEach(() => {
    // Only what each test sets counts, whatever the machine's own environment says.
    for (const name of ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY']) vi.stubEnv(name, '')
    // Going direct would look the name up: that fails at once, and nothing leaves the machine.
    failLookup(Object.assign(new Error('getaddrinfo ENOTFOUND api.docs.test'), { code: 'ENOTFOUND' }))
  })

  it('sends every request through HTTP_PROXY, and closes the tunnels on close', async () => {
    const server = await serve((_req, res) => res.end('via proxy'))
    const proxy = await startProxy(new URL(server.url))
    try {
      vi.stubEnv('HTTP_PROXY', proxy.url)
      vi.stubEnv('NO_PROXY', 'example.com')
      expect((await transport.send({ method: 'GET', url: remote, headers: {} }, never, 10_000)).body).toBe('via proxy')
      expect((await transport.send({ method: 'GET', url: remote, headers: {} }, never, 10_000)).body).toBe('via proxy')
      expect(proxy.asked.length).toBeGreaterThan(0)
      expect(new Set(proxy.asked)).toEqual(new Set(['api.docs.test:8080']))
      expect(server.received.map((r) => r.url)).toEqual(['/v2/agent/p/job/j1', '/v2/agent/p/job/j1'])
      expect(server.open.size).toBeGreaterThan(0)
      await transport.close()
      await allClosed(server.open)
    } finally {
      await proxy.close()
    }
  })

  it('reads the proxy from the environment for each request', async () => {
    const server = await serve((_req, res) => res.end('ok'))
    const first = await startProxy(new URL(server.url))
    const second = await startProxy(new URL(server.url))
    try {
      vi.stubEnv('HTTP_PROXY', first.url)
      await transport.send({ method: 'GET', url: remote, headers: {} }, never, 10_000)
      vi.stubEnv('HTTP_PROXY', second.url)
      await transport.send({ method: 'GET', url: remote, headers: {} }, never, 10_000)
      expect([first.asked, second.asked]).toEqual([['api.docs.test:8080'], ['api.docs.test:8080']])
    } finally {
      await transport.close()
      await Promise.all([first.close(), second.close()])
    }
  })

  it('sends https requests through HTTPS_PROXY, not HTTP_PROXY', async () => {
    const server = await serve((_req, res) => res.end('plain'))
    const proxy = await startProxy(new URL(server.url))
    try {
      const secure = new URL('https://api.docs.test/v2/agent/p/job/j1')
      vi.stubEnv('HTTP_PROXY', proxy.url)
      const direct = await failure(transport.send({ method: 'GET', url: secure, headers: {} }, never, 10_000))
      expect(direct).toMatchObject({ message: 'could not connect (ENOTFOUND)', sent: false })
      expect(proxy.asked).toEqual([])
      vi.stubEnv('HTTPS_PROXY', proxy.url)
      // The test server does not speak TLS, so the exchange fails after the tunnel is made.
      const tunnelled = await failure(transport.send({ method: 'GET', url: secure, headers: {} }, never, 10_000))
      expect(tunnelled.message).toMatch(/^the connection failed \(/)
      expect(proxy.asked).toEqual(['api.docs.test:443'])
    } finally {
      await proxy.close()
    }
  })

  describe('a proxy that accepts the connection and never answers', () => {
    it.each([
      ['http', 'HTTP_PROXY', remote],
      ['https', 'HTTPS_PROXY', new URL('https://api.docs.test/v2/agent/p/job/j1')]
    ])(
      'gives up on an %s request within the request timeout',
      async (_scheme, variable, url) => {
        const proxy = await startSilentProxy()
        try {
          vi.stubEnv(variable, proxy.url)
          const error = await failure(transport.send({ method: 'GET', url, headers: {} }, never, 200))
          expect(error).toMatchObject({ message: 'no answer within 0.2 s', timedOut: true })
          // The request went to the proxy: on a busy machine the timeout can fire before this process accepts the connection.
          await vi.waitFor(
            () => {
              expect(proxy.accepted()).toBe(1)
            },
            { timeout: 5_000 }
          )
        } finally {
          await transport.close()
          await proxy.close()
        }
      },
      10_000
    )

    it("rejects with the run signal's own reason when the run stops while the proxy is silent", async () => {
      const proxy = await startSilentProxy()
      try {
        vi.stubEnv('HTTPS_PROXY', proxy.url)
        const run = new AbortController()
        const reason = new Error('the deadline passed')
        const pending = transport.send(
          { method: 'POST', url: new URL('https://api.docs.test/v2/agent/p/job'), headers: {}, body: '{}' },
          run.signal,
          60_000
        )
        await vi.waitFor(
          () => {
            expect(proxy.accepted()).toBe(1)
          },
          { timeout: 5_000 }
        )
        run.abort(reason)
        await expect(pending).rejects.toBe(reason)
      } finally {
        await transport.close()
        await proxy.close()
      }
    }, 10_000)

    it('closes the connection to the proxy on close', async () => {
      const proxy = await startSilentProxy()
      try {
        vi.stubEnv('HTTPS_PROXY', proxy.url)
        await failure(transport.send({ method: 'GET', url: new URL('https://api.docs.test/'), headers: {} }, never, 100))
        await transport.close()
        await allClosed(proxy.open)
      } finally {
        await proxy.close()
      }
    }, 10_000)
  })

  it('goes direct to a host NO_PROXY names', async () => {
    const server = await serve((_req, res) => res.end('direct'))
    const proxy = await startProxy(new URL(server.url))
    try {
      vi.stubEnv('HTTP_PROXY', proxy.url)
      vi.stubEnv('NO_PROXY', 'docs.test')
      const error = await failure(transport.send({ method: 'GET', url: remote, headers: {} }, never, 10_000))
      expect(error).toMatchObject({ message: 'could not connect (ENOTFOUND)', sent: false })
      expect(proxy.asked).toEqual([])
    } finally {
      await proxy.close()
    }
  })

  it('goes direct to loopback even when a proxy is set', async () => {
    const server = await serve((_req, res) => res.end('direct'))
    const proxy = await startProxy(new URL(server.url))
    try {
      vi.stubEnv('HTTP_PROXY', proxy.url)
      expect((await transport.send({ method: 'GET', url: new URL(server.url), headers: {} }, never, 10_000)).body).toBe('direct')
      expect(proxy.asked).toEqual([])
    } finally {
      await proxy.close()
    }
  })
})

describe('Transport.close', () => {
  it('closes the kept-alive connections, and may be called again', async () => {
    const server = await serve((_req, res) => res.end('ok'))
    await transport.send({ method: 'GET', url: new URL(server.url), headers: {} }, never, 10_000)
    expect(server.open.size).toBe(1)
    await transport.close()
    await allClosed(server.open)
    await expect(transport.close()).resolves.toBeUndefined()
  })

  it('has nothing to release before any request', async () => {
    await expect(new Transport().close()).resolves.toBeUndefined()
  })
})
