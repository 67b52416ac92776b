// @ts-check
// A fake of the two GitHub REST endpoints the action uses for comments, on 127.0.0.1, for
// GITHUB_API_URL. It records every request and can answer with an error status instead.
import { createServer } from 'node:http'

/**
 * @typedef {object} GitHubRequest
 * @property {string} method
 * @property {string} path
 * @property {string | undefined} auth
 * @property {unknown} body the JSON body, parsed (undefined when there is none)
 */

/** The `body` field of a comment request's JSON body. @param {unknown} body */
function commentText(body) {
  return typeof body === 'object' && body !== null && 'body' in body ? body.body : undefined
}

export async function startGitHubFake() {
  /** @type {GitHubRequest[]} */
  const requests = []
  let nextId = 1000
  /** @type {number | undefined} */
  let failWith
  const server = createServer((req, res) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (/** @type {string} */ chunk) => {
      text += chunk
    })
    req.on('end', () => {
      /** @type {unknown} */
      const body = text ? JSON.parse(text) : undefined
      requests.push({ method: req.method ?? '', path: req.url ?? '', auth: req.headers.authorization, body })
      const send = (/** @type {number} */ status, /** @type {unknown} */ data) => {
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(data))
      }
      if (failWith) {
        send(failWith, { message: 'Resource not accessible by integration' })
      } else if (req.method === 'POST' && /^\/repos\/[^/]+\/[^/]+\/issues\/\d+\/comments$/.test(req.url ?? '')) {
        send(201, { id: nextId++, body: commentText(body) })
      } else if (req.method === 'PATCH' && /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/\d+$/.test(req.url ?? '')) {
        send(200, { id: Number(req.url?.split('/').pop()), body: commentText(body) })
      } else {
        send(404, { message: 'Not Found' })
      }
    })
  })
  await new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(undefined)
    })
  })
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
      await new Promise((resolve) => {
        server.close(() => {
          resolve(undefined)
        })
      })
    }
  }
}
