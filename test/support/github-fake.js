// @ts-check
// A stateful fake of the GitHub REST endpoints the action uses, on 127.0.0.1, for GITHUB_API_URL:
// comments on an issue; issues (list with label and state filters, get, create, update) with their
// numbers, bodies and labels kept; pull requests (get); and a person's permission on the repository.
// It records every request and can answer every one with an error status instead.
import { createServer } from 'node:http'

/**
 * @typedef {object} GitHubRequest
 * @property {string} method
 * @property {string} path
 * @property {string | undefined} auth
 * @property {unknown} body the JSON body, parsed (undefined when there is none)
 */

/**
 * @typedef {object} FakeIssue
 * @property {number} number
 * @property {string} title
 * @property {string} body
 * @property {'open' | 'closed'} state
 * @property {string[]} labels
 * @property {string} html_url
 * @property {{ login: string, type: 'Bot' | 'User' }} user who opened it: the action (a bot) unless a test says otherwise
 */

/** @typedef {{ state: 'open' | 'closed', merged_at: string | null }} FakePull */

/** A string field of a JSON body. @param {unknown} body @param {string} name */
function field(body, name) {
  if (typeof body !== 'object' || body === null || !(name in body)) return undefined
  const value = /** @type {Record<string, unknown>} */ (body)[name]
  return typeof value === 'string' ? value : undefined
}

export async function startGitHubFake() {
  /** @type {GitHubRequest[]} */
  const requests = []
  /** @type {FakeIssue[]} */
  const issues = []
  /** @type {Map<number, FakePull>} */
  const pulls = new Map()
  /** @type {Map<string, string>} */
  const permissions = new Map()
  let nextId = 1000
  let nextIssue = 1
  /** @type {number | undefined} */
  let failWith
  /** @type {((request: GitHubRequest) => void) | undefined} */
  let afterRequest

  /** The issue as the REST API shows it. @param {FakeIssue} issue */
  const issueJson = (issue) => ({ ...issue, labels: issue.labels.map((name) => ({ name })) })

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
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const path = url.pathname
      const method = req.method ?? ''
      /** @type {RegExpExecArray | null} */
      let match = null
      if (failWith) {
        send(failWith, { message: 'Resource not accessible by integration' })
      } else if (method === 'POST' && /^\/repos\/[^/]+\/[^/]+\/issues\/\d+\/comments$/.test(path)) {
        send(201, { id: nextId++, body: field(body, 'body') })
      } else if (method === 'PATCH' && /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/\d+$/.test(path)) {
        send(200, { id: Number(path.split('/').pop()), body: field(body, 'body') })
      } else if (method === 'GET' && (match = /^\/repos\/([^/]+)\/([^/]+)\/issues$/.exec(path))) {
        const label = url.searchParams.get('labels')
        const state = url.searchParams.get('state') ?? 'open'
        const perPage = Number(url.searchParams.get('per_page') ?? '30')
        const listed = issues
          .filter((issue) => (label ? issue.labels.includes(label) : true) && (state === 'all' || issue.state === state))
          .sort((a, b) => b.number - a.number)
          .slice(0, perPage)
        send(200, listed.map(issueJson))
      } else if (method === 'POST' && (match = /^\/repos\/([^/]+)\/([^/]+)\/issues$/.exec(path))) {
        const labels = Array.isArray(/** @type {{ labels?: unknown }} */ (body).labels)
          ? /** @type {string[]} */ (/** @type {{ labels: unknown[] }} */ (body).labels).map(String)
          : []
        const number = nextIssue++
        /** @type {FakeIssue} */
        const issue = {
          number,
          title: field(body, 'title') ?? '',
          body: field(body, 'body') ?? '',
          state: 'open',
          labels,
          html_url: `https://github.com/${match[1]}/${match[2]}/issues/${number}`,
          user: { login: 'github-actions[bot]', type: 'Bot' }
        }
        issues.push(issue)
        send(201, issueJson(issue))
      } else if ((match = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)$/.exec(path)) && (method === 'GET' || method === 'PATCH')) {
        const issue = issues.find((i) => i.number === Number(match?.[1]))
        if (!issue) send(404, { message: 'Not Found' })
        else {
          if (method === 'PATCH') {
            issue.body = field(body, 'body') ?? issue.body
            issue.title = field(body, 'title') ?? issue.title
            const state = field(body, 'state')
            if (state === 'open' || state === 'closed') issue.state = state
          }
          send(200, issueJson(issue))
        }
      } else if (method === 'GET' && (match = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/.exec(path))) {
        const pull = pulls.get(Number(match[1]))
        if (pull) send(200, { number: Number(match[1]), ...pull })
        else send(404, { message: 'Not Found' })
      } else if (method === 'GET' && (match = /^\/repos\/[^/]+\/[^/]+\/collaborators\/([^/]+)\/permission$/.exec(path))) {
        const permission = permissions.get(decodeURIComponent(match[1] ?? '')) ?? 'read'
        send(200, { permission, role_name: permission, user: { login: match[1] } })
      } else {
        send(404, { message: 'Not Found' })
      }
      afterRequest?.(/** @type {GitHubRequest} */ (requests.at(-1)))
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
    /** Every issue, as stored. */
    issues,
    /**
     * An issue someone opened, as the API would store it (not through the action).
     * @param {Omit<FakeIssue, 'number' | 'html_url'>} issue
     */
    addIssue(issue) {
      const number = nextIssue++
      const added = { ...issue, number, html_url: `https://github.com/acme/docs/issues/${number}` }
      issues.push(added)
      return added
    },
    /** Calls `hook` with each request once it is answered (a person's edit while a run works, say). @param {((request: GitHubRequest) => void) | undefined} hook */
    afterEach(hook) {
      afterRequest = hook
    },
    /** @param {number | undefined} status */
    failWith(status) {
      failWith = status
    },
    /** A pull request the API answers for. @param {number} number @param {FakePull} pull */
    setPull(number, pull) {
      pulls.set(number, pull)
    },
    /** A person's permission on the repository (read unless set). @param {string} login @param {string} permission */
    setPermission(login, permission) {
      permissions.set(login, permission)
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
