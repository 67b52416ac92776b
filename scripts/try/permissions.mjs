// @ts-check
// The run's token as the job's `permissions:` make it, for `npm run try`: a proxy on 127.0.0.1 in
// front of the GitHub fake that answers a request the token may not make as GitHub does (403,
// "Resource not accessible by integration") and passes every other one on.
import { createServer, request as forward } from 'node:http'

/** @typedef {'none' | 'read' | 'write'} Level */
/** @typedef {Record<string, Level>} Scopes */

/** The scopes of a GITHUB_TOKEN. */
const SCOPES = [
  'actions',
  'checks',
  'contents',
  'deployments',
  'discussions',
  'id-token',
  'issues',
  'packages',
  'pages',
  'pull-requests',
  'repository-projects',
  'security-events',
  'statuses'
]
/** The repository's default when no `permissions:` is given: GitHub's restricted default. @type {Scopes} */
const RESTRICTED = { contents: 'read', packages: 'read' }

/**
 * The token's scopes: the job's `permissions:`, else the workflow's, else the restricted default
 * (contents and packages read); `read-all` and `write-all` give every scope.
 * @param {unknown} job
 * @param {unknown} workflow
 * @returns {Scopes}
 */
export function tokenScopes(job, workflow) {
  const given = job ?? workflow
  /** @type {Scopes} */
  const scopes = Object.fromEntries(SCOPES.map((scope) => [scope, 'none']))
  if (given === undefined || given === null) return { ...scopes, ...RESTRICTED }
  if (given === 'read-all' || given === 'write-all')
    return Object.fromEntries(SCOPES.map((scope) => [scope, given === 'read-all' ? 'read' : 'write']))
  if (typeof given !== 'object') return scopes
  for (const [scope, level] of Object.entries(/** @type {Record<string, unknown>} */ (given)))
    if (level === 'read' || level === 'write') scopes[scope] = level
  return scopes
}

/**
 * The scopes one of which a request needs (any of them, at the level given); none for what any token
 * may read (the repository, a person's permission on it).
 * @param {string} method
 * @param {string} path without the query
 * @returns {[string, Level][]}
 */
export function neededScopes(method, path) {
  const write = method !== 'GET' && method !== 'HEAD'
  /** @type {Level} */
  const level = write ? 'write' : 'read'
  const rest = /^\/repos\/[^/]+\/[^/]+(\/.*)?$/.exec(path)?.[1] ?? ''
  if (rest === '' || /^\/collaborators\/[^/]+\/permission$/.test(rest)) return []
  if (/^\/issues\/(\d+\/)?comments/.test(rest))
    return [
      ['issues', level],
      ['pull-requests', level]
    ]
  if (rest.startsWith('/issues')) return [['issues', level]]
  if (rest.startsWith('/pulls')) return [['pull-requests', level]]
  if (rest.startsWith('/check-runs') || /^\/commits\/[^/]+\/check-runs/.test(rest)) return [['checks', level]]
  return [['contents', level]]
}

/**
 * Whether a token with `scopes` may make the request.
 * @param {Scopes} scopes
 * @param {string} method
 * @param {string} path
 */
export function allowed(scopes, method, path) {
  const needed = neededScopes(method, path)
  return needed.length === 0 || needed.some(([scope, level]) => scopes[scope] === 'write' || (level === 'read' && scopes[scope] === 'read'))
}

/**
 * A proxy to the fake at `target` whose token has the scopes `scopes()` gives at each request.
 * @param {string} target the fake's URL
 * @param {() => Scopes} scopes
 */
export async function startTokenProxy(target, scopes) {
  const { hostname, port } = new URL(target)
  /** @type {string[]} */
  const refused = []
  const server = createServer((req, res) => {
    const method = req.method ?? 'GET'
    const path = new URL(req.url ?? '/', target).pathname
    if (!allowed(scopes(), method, path)) {
      refused.push(`${method} ${path}`)
      req.resume()
      res.writeHead(403, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ message: 'Resource not accessible by integration', status: '403' }))
      return
    }
    const out = forward({ hostname, port, method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    out.on('error', () => {
      res.destroy()
    })
    req.pipe(out)
  })
  await new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      done(undefined)
    })
  })
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())
  return {
    url: `http://127.0.0.1:${address.port}`,
    /** The requests refused, as `METHOD /path`. */
    refused,
    async close() {
      server.closeAllConnections()
      await new Promise((done) => {
        server.close(() => {
          done(undefined)
        })
      })
    }
  }
}
