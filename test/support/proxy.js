// @ts-check
// A forward proxy on 127.0.0.1 for the proxy tests. Whatever host a request names, the proxy
// connects to `target` (the emulator, also on 127.0.0.1), so no traffic leaves the machine.
// It records the hosts it was asked for, which shows that the action went through it.
import { createServer, request } from 'node:http'
import { readFileSync } from 'node:fs'
import { connect, createServer as createNetServer } from 'node:net'
import { join } from 'node:path'
import { createServer as createTlsServer } from 'node:tls'

/** @param {URL} target */
export async function startProxy(target) {
  /** @type {string[]} */
  const asked = []
  const server = createServer((req, res) => {
    // Absolute-form request (plain http through a proxy).
    asked.push(new URL(req.url ?? '/').host)
    const url = new URL(req.url ?? '/')
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: url.pathname + url.search, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers)
        up.pipe(res)
      }
    )
    req.pipe(upstream)
  })
  server.on('connect', (req, socket, head) => {
    asked.push(req.url ?? '')
    const upstream = connect(Number(target.port), target.hostname, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
    upstream.on('error', () => socket.destroy())
    socket.on('error', () => upstream.destroy())
  })
  await new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(undefined)
    })
  })
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())
  return {
    url: `http://127.0.0.1:${address.port}`,
    asked,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => {
        server.close(() => {
          resolve(undefined)
        })
      })
    }
  }
}

/**
 * A proxy that accepts every connection and never answers, not even a `CONNECT`: a broken proxy on
 * the runner's network. It counts the connections it accepted.
 */
export async function startSilentProxy() {
  /** @type {Set<import('node:net').Socket>} */
  const open = new Set()
  let accepted = 0
  const server = createNetServer((socket) => {
    accepted++
    open.add(socket)
    socket.on('close', () => open.delete(socket))
    socket.on('error', () => undefined)
    // Read and drop what comes (the CONNECT), so that the client's closing is seen.
    socket.resume()
  })
  await new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(undefined)
    })
  })
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())
  return {
    url: `http://127.0.0.1:${address.port}`,
    /** Connections accepted so far. */
    accepted: () => accepted,
    /** Connections still open. */
    open,
    async close() {
      for (const socket of open) socket.destroy()
      await new Promise((resolve) => {
        server.close(() => {
          resolve(undefined)
        })
      })
    }
  }
}

/**
 * The test-only certificate of `api.docs.test`, self-signed, valid until 2126. The bundle trusts it
 * through NODE_EXTRA_CA_CERTS; nothing else does, and the name resolves nowhere.
 */
export const TLS_HOST = 'api.docs.test'
export const TLS_CERT_FILE = join(import.meta.dirname, 'tls', 'api.docs.test.pem')

/**
 * A TLS front on 127.0.0.1 for `target` (the emulator, which speaks plain http): it answers as
 * https://api.docs.test with the certificate above, and passes the decrypted bytes on. A proxy
 * that tunnels to it makes an https API reachable without leaving the machine.
 * @param {URL} target
 */
export async function startTlsFront(target) {
  /** @type {Set<import('node:net').Socket>} */
  const open = new Set()
  const server = createTlsServer(
    { cert: readFileSync(TLS_CERT_FILE), key: readFileSync(join(import.meta.dirname, 'tls', 'api.docs.test.key')) },
    (socket) => {
      open.add(socket)
      socket.on('close', () => open.delete(socket))
      const upstream = connect(Number(target.port), target.hostname)
      socket.pipe(upstream).pipe(socket)
      upstream.on('error', () => socket.destroy())
      socket.on('error', () => upstream.destroy())
    }
  )
  await new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(undefined)
    })
  })
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())
  return {
    url: `https://127.0.0.1:${address.port}`,
    async close() {
      for (const socket of open) socket.destroy()
      await new Promise((resolve) => {
        server.close(() => {
          resolve(undefined)
        })
      })
    }
  }
}
