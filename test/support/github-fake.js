// @ts-check
// A stateful fake of the GitHub REST endpoints the action uses, on 127.0.0.1, for GITHUB_API_URL:
// comments on an issue (list, create, update, with who wrote them); issues (list with label and state
// filters, get, create, update) with their numbers, bodies and labels kept; pull requests (get, their
// commits and files, paged with GitHub's Link headers); comparisons and single commits; releases; check runs (create, update,
// list for a commit by name); a person's permission on the repository; and a repository's visibility. It records every request
// and can answer every one with an error status instead. What it stores carries GitHub's identity
// fields: `user` and `performed_via_github_app` on issues and comments (whose pages carry a Link
// header naming the next and the last, as GitHub's do), `app` on check runs; what the
// action writes is the workflow's token's (github-actions[bot], through the GitHub Actions app)
// unless a test names another writer (`actAs`). Issues are listed newest first, as GitHub does, or
// oldest first when asked (`direction=asc`). Faults
// can be queued (`fault`): the next requests answered with a status and headers (a 5xx, a secondary
// rate limit), their connection dropped once the request is read, or held unanswered.
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
 * @property {FakeUser} user who opened it: the action (a bot) unless a test says otherwise
 * @property {FakeApp | null} [performed_via_github_app] the app it was opened through, if any
 */

/** @typedef {{ login: string, type: 'Bot' | 'User', id?: number }} FakeUser */
/** @typedef {{ id: number, slug: string, name?: string }} FakeApp */
/** @typedef {{ user: FakeUser, app: FakeApp | null }} FakeWriter */

/** The workflow's token: the GitHub Actions app, as GitHub reports it. @type {FakeWriter} */
export const ACTIONS_WRITER = {
  user: { login: 'github-actions[bot]', type: 'Bot', id: 41898282 },
  app: { id: 15368, slug: 'github-actions', name: 'GitHub Actions' }
}
/** Another app installed on the repository. @type {FakeWriter} */
export const OTHER_APP = {
  user: { login: 'helpful-bot[bot]', type: 'Bot', id: 99000001 },
  app: { id: 424242, slug: 'helpful-bot', name: 'Helpful bot' }
}

/** @typedef {{ state: 'open' | 'closed', merged_at: string | null }} FakePull */

/**
 * A fault for one request: an answer with `status` and `headers`, the connection dropped (`drop`), or
 * the request held unanswered until its connection closes (`hold`, told when it starts holding, and
 * given back what to call when it ends). An answer's `message` is GitHub's words in it (by default
 * those of a 5xx or of a secondary rate limit).
 * @typedef {{ status?: number, headers?: Record<string, string>, message?: string, drop?: boolean, hold?: () => () => void }} FakeFault
 */

/**
 * @typedef {object} FakeComment
 * @property {number} id
 * @property {number} issue
 * @property {string} body
 * @property {FakeUser} user
 * @property {FakeApp | null} [performed_via_github_app]
 */

/**
 * @typedef {object} FakeFile
 * @property {string} filename
 * @property {string} status
 * @property {number} additions
 * @property {number} deletions
 * @property {string} [previous_filename] the path before a rename
 * @property {string} [patch]
 */

/** @typedef {{ sha: string, commit: { message: string } }} FakeCommit */

/**
 * @typedef {object} FakeCheckRun
 * @property {number} id
 * @property {string} head_sha
 * @property {string} name
 * @property {string} status
 * @property {string | null} conclusion
 * @property {string | null} external_id
 * @property {{ title?: string, summary?: string }} output
 * @property {FakeApp} app the app that made it (only that app can update it)
 */

/**
 * The page of `items` a list request asks for (per_page, page), with the Link header GitHub sends
 * with it: rel="next" to the next page while one follows, none on the last page.
 * @template T @param {T[]} items @param {URL} url
 * @returns {{ data: T[], headers: Record<string, string> }}
 */
function paged(items, url) {
  const perPage = Number(url.searchParams.get('per_page') ?? '30')
  const page = Number(url.searchParams.get('page') ?? '1')
  return { data: items.slice((page - 1) * perPage, page * perPage), headers: pageLinks(url, items.length) }
}

/**
 * The Link header GitHub gives a page of a list of `count` items: the next and the last page, while
 * there are more pages than one. @param {URL} url @param {number} count @returns {Record<string, string>}
 */
function pageLinks(url, count) {
  const perPage = Number(url.searchParams.get('per_page') ?? '30')
  const page = Number(url.searchParams.get('page') ?? '1')
  const last = Math.max(1, Math.ceil(count / perPage))
  if (last === 1) return {}
  const at = (/** @type {number} */ n) => {
    const link = new URL(url)
    link.searchParams.set('page', String(n))
    return `<${link.href}>`
  }
  return { Link: [...(page < last ? [`${at(page + 1)}; rel="next"`] : []), `${at(last)}; rel="last"`].join(', ') }
}

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
  /** Each repository's visibility, by owner/name; a repository not here is answered 404. @type {Map<string, 'public' | 'private' | 'internal'>} */
  const visibilities = new Map()
  /** @type {FakeComment[]} */
  const comments = []
  /** @type {Map<number, { commits: FakeCommit[], files: FakeFile[] }>} */
  const pullChanges = new Map()
  /** @type {Map<string, { commits: FakeCommit[], files: FakeFile[], total_commits?: number }>} */
  const comparisons = new Map()
  /** @type {Map<string, { sha: string, commit: { message: string }, files: FakeFile[] }>} */
  const singleCommits = new Map()
  /** @type {{ tag_name: string, created_at: string, draft: boolean }[]} */
  const releases = []
  /** @type {FakeCheckRun[]} */
  const checkRuns = []
  let nextId = 1000
  let nextIssue = 1
  /** @type {number | undefined} */
  let failWith
  /** The methods failWith applies to; every method when undefined. @type {string[] | undefined} */
  let failMethods
  /** @type {((request: GitHubRequest) => void) | undefined} */
  let afterRequest
  /** Who the action's token is. @type {FakeWriter} */
  let writer = ACTIONS_WRITER
  /** The faults of the next requests, in order. @type {FakeFault[]} */
  const faults = []

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
      const send = (/** @type {number} */ status, /** @type {unknown} */ data, /** @type {Record<string, string>} */ headers = {}) => {
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
        res.end(JSON.stringify(data))
      }
      /** A page of a list (paged), with its Link header. @param {{ data: unknown, headers: Record<string, string> }} page */
      const sendPage = (page) => {
        send(200, page.data, page.headers)
      }
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`)
      const path = url.pathname
      const method = req.method ?? ''
      /** @type {RegExpExecArray | null} */
      let match = null
      const fault = faults.shift()
      if (fault?.drop) {
        req.socket.destroy()
        return
      }
      if (fault?.hold) {
        res.on('close', fault.hold())
        return
      }
      if (fault?.status !== undefined) {
        res.writeHead(fault.status, { 'Content-Type': 'application/json', ...fault.headers })
        res.end(
          JSON.stringify({ message: fault.message ?? (fault.status >= 500 ? 'Server Error' : 'You have exceeded a secondary rate limit') })
        )
      } else if (failWith && (failMethods === undefined || failMethods.includes(method))) {
        send(failWith, { message: 'Resource not accessible by integration' })
      } else if (method === 'POST' && (match = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(path))) {
        /** @type {FakeComment} */
        const comment = {
          id: nextId++,
          issue: Number(match[1]),
          body: field(body, 'body') ?? '',
          user: writer.user,
          performed_via_github_app: writer.app
        }
        comments.push(comment)
        send(201, comment)
      } else if (method === 'GET' && (match = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(path))) {
        sendPage(
          paged(
            comments.filter((c) => c.issue === Number(match?.[1])),
            url
          )
        )
      } else if (method === 'PATCH' && (match = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(path))) {
        const comment = comments.find((c) => c.id === Number(match?.[1]))
        if (comment) comment.body = field(body, 'body') ?? comment.body
        send(200, comment ?? { id: Number(match[1]), body: field(body, 'body') })
      } else if (method === 'GET' && (match = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/(commits|files)$/.exec(path))) {
        const change = pullChanges.get(Number(match[1]))
        if (!change) send(404, { message: 'Not Found' })
        else sendPage(match[2] === 'files' ? paged(change.files, url) : paged(change.commits, url))
      } else if (method === 'GET' && (match = /^\/repos\/[^/]+\/[^/]+\/compare\/(.+)$/.exec(path))) {
        const comparison = comparisons.get(decodeURIComponent(match[1] ?? ''))
        if (!comparison) send(404, { message: 'Not Found' })
        else send(200, { total_commits: comparison.commits.length, ...comparison })
      } else if (method === 'GET' && (match = /^\/repos\/[^/]+\/[^/]+\/commits\/([^/]+)$/.exec(path))) {
        const commit = singleCommits.get(match[1] ?? '')
        if (!commit) send(404, { message: 'Not Found' })
        else send(200, commit)
      } else if (method === 'GET' && /^\/repos\/[^/]+\/[^/]+\/releases$/.test(path)) {
        sendPage(paged(releases, url))
      } else if (method === 'GET' && (match = /^\/repos\/[^/]+\/[^/]+\/commits\/([^/]+)\/check-runs$/.exec(path))) {
        const name = url.searchParams.get('check_name')
        const listed = checkRuns.filter((run) => run.head_sha === match?.[1] && (name === null || run.name === name))
        const page = paged(listed, url)
        send(200, { total_count: listed.length, check_runs: page.data }, page.headers)
      } else if (method === 'POST' && /^\/repos\/[^/]+\/[^/]+\/check-runs$/.test(path)) {
        const output = /** @type {{ output?: { title?: string, summary?: string } }} */ (body).output ?? {}
        /** @type {FakeCheckRun} */
        const run = {
          id: nextId++,
          head_sha: field(body, 'head_sha') ?? '',
          name: field(body, 'name') ?? '',
          status: field(body, 'status') ?? 'queued',
          conclusion: field(body, 'conclusion') ?? null,
          external_id: field(body, 'external_id') ?? null,
          output,
          app: writer.app ?? { id: 0, slug: 'none' }
        }
        checkRuns.push(run)
        send(201, run)
      } else if (method === 'PATCH' && (match = /^\/repos\/[^/]+\/[^/]+\/check-runs\/(\d+)$/.exec(path))) {
        const run = checkRuns.find((r) => r.id === Number(match?.[1]))
        if (!run) send(404, { message: 'Not Found' })
        else if (run.app.id !== writer.app?.id)
          send(403, { message: 'Invalid app_id: only the app that created a check run may update it' })
        else {
          run.status = field(body, 'status') ?? run.status
          run.conclusion = field(body, 'conclusion') ?? run.conclusion
          run.external_id = field(body, 'external_id') ?? run.external_id
          run.output = /** @type {{ output?: FakeCheckRun['output'] }} */ (body).output ?? run.output
          send(200, run)
        }
      } else if (method === 'GET' && (match = /^\/repos\/([^/]+)\/([^/]+)\/issues$/.exec(path))) {
        const label = url.searchParams.get('labels')
        const state = url.searchParams.get('state') ?? 'open'
        const oldestFirst = url.searchParams.get('direction') === 'asc'
        // Newest first, as GitHub lists them (by creation, or by the last update, which the fake does not
        // keep apart), or oldest first with direction=asc.
        const listed = issues
          .filter((issue) => (label ? issue.labels.includes(label) : true) && (state === 'all' || issue.state === state))
          .sort((a, b) => (oldestFirst ? a.number - b.number : b.number - a.number))
        const page = paged(listed, url)
        send(200, page.data.map(issueJson), page.headers)
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
          user: writer.user,
          performed_via_github_app: writer.app
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
      } else if (method === 'GET' && (match = /^\/repos\/([^/]+)\/([^/]+)$/.exec(path))) {
        const name = `${decodeURIComponent(match[1] ?? '')}/${decodeURIComponent(match[2] ?? '')}`
        const visibility = visibilities.get(name)
        if (!visibility) send(404, { message: 'Not Found' })
        else send(200, { full_name: name, private: visibility !== 'public', visibility })
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
    /** Every comment, as stored. */
    comments,
    /** Every check run, as stored. */
    checkRuns,
    /**
     * A comment someone wrote (not through the action), through `app` when given.
     * @param {number} issue @param {string} body @param {FakeUser} user @param {FakeApp | null} [app]
     */
    addComment(issue, body, user, app = null) {
      /** @type {FakeComment} */
      const comment = { id: nextId++, issue, body, user, performed_via_github_app: app }
      comments.push(comment)
      return comment
    },
    /** A pull request's commits and files. @param {number} number @param {{ commits: FakeCommit[], files: FakeFile[] }} change */
    setPullChange(number, change) {
      pullChanges.set(number, change)
    },
    /** The comparison of `basehead` ("base...head"). @param {string} basehead @param {{ commits: FakeCommit[], files: FakeFile[] }} change */
    setComparison(basehead, change) {
      comparisons.set(basehead, change)
    },
    /** One commit with its files. @param {string} sha @param {string} message @param {FakeFile[]} files */
    setCommit(sha, message, files) {
      singleCommits.set(sha, { sha, commit: { message }, files })
    },
    /** A release of the repository. @param {{ tag_name: string, created_at: string, draft: boolean }} release */
    addRelease(release) {
      releases.push(release)
    },
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
    /**
     * A check run another app made. @param {Omit<FakeCheckRun, 'id'>} run
     */
    addCheckRun(run) {
      const added = { ...run, id: nextId++ }
      checkRuns.push(added)
      return added
    },
    /** Who the action's token is from now on (the workflow's token unless a test says otherwise). @param {FakeWriter} who */
    actAs(who) {
      writer = who
    },
    /** Calls `hook` with each request once it is answered (a person's edit while a run works, say). @param {((request: GitHubRequest) => void) | undefined} hook */
    afterEach(hook) {
      afterRequest = hook
    },
    /** Answers every request (or only those of `methods`, say the writes) with `status`; undefined answers again. @param {number | undefined} status @param {string[]} [methods] */
    failWith(status, methods) {
      failWith = status
      failMethods = methods
    },
    /** Queues faults for the next requests, one each, in order. @param {FakeFault[]} next */
    fault(...next) {
      faults.push(...next)
    },
    /** A pull request the API answers for. @param {number} number @param {FakePull} pull */
    setPull(number, pull) {
      pulls.set(number, pull)
    },
    /**
     * A repository's visibility, as `GET /repos/{owner}/{repo}` answers it (`private: true` for an
     * internal one too, as GitHub says it); a repository never set is answered 404.
     * @param {string} repository owner/name @param {'public' | 'private' | 'internal'} visibility
     */
    setVisibility(repository, visibility) {
      visibilities.set(repository, visibility)
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
