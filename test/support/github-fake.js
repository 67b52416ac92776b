// @ts-check
// A fake of the two GitHub REST endpoints the action uses for comments, on 127.0.0.1, for
// GITHUB_API_URL. It records every request and can answer with an error status instead.
import { createServer } from 'node:http'

export async function startGitHubFake() {
  /** @type {Array<{ method: string, path: string, auth: string | undefined, body: any }>} */
  const requests = []
  let nextId = 1000
  /** @type {number | undefined} */
  let failWith
  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (c) => (text += c))
    req.on('end', () => {
      const body = text ? JSON.parse(text) : undefined
      requests.push({ method: req.method ?? '', path: req.url ?? '', auth: req.headers.authorization, body })
      const send = (/** @type {number} */ status, /** @type {unknown} */ data) => {
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(data))
      }
      if (failWith) return send(failWith, { message: 'Resource not accessible by integration' })
      if (req.method === 'POST' && /^\/repos\/[^/]+\/[^/]+\/issues\/\d+\/comments$/.test(req.url ?? ''))
        return send(201, { id: nextId++, body: body?.body })
      if (req.method === 'PATCH' && /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/\d+$/.test(req.url ?? ''))
        return send(200, { id: Number(req.url?.split('/').pop()), body: body?.body })
      send(404, { message: 'Not Found' })
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** @param {number | undefined} status */
    failWith(status) {
      failWith = status
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(() => resolve(undefined)))
    }
  }
}
