// @ts-check
// A local emulator of the service's API: a real HTTP server on 127.0.0.1 that behaves as the vendor's
// documents say (../shared/openapi, ../shared/reference/api-facts.md). Tests choose how each job
// progresses and which faults to inject, and read back every request it received.
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'

/**
 * @typedef {'active' | 'completed' | 'archived' | 'failed' | string} JobStatus
 *
 * @typedef {object} JobPlan How a job progresses after it is created (or after a follow-up message).
 * @property {Array<{ afterMs: number, status: JobStatus }>} [steps] statuses the job takes, by time since start
 * @property {number} [finishAfterMs] shorthand: one step to `finalStatus` after this long (default 1000)
 * @property {JobStatus} [finalStatus] shorthand: the status reached (default 'completed')
 * @property {boolean} [changesFiles] the agent changes files, so a completed job gets a pull request (default true)
 * @property {string} [prLink] the link to report instead of the generated one
 * @property {string} [model]
 * @property {string} [repository]
 * @property {string | null} [ref]
 * @property {JobPlan} [onMessage] how the job progresses after a follow-up message (default: like this plan)
 *
 * @typedef {object} Fault An answer the emulator gives instead of its normal one.
 * @property {string} [method] only requests with this method
 * @property {string | RegExp} [path] only requests whose path starts with (string) or matches (RegExp) this
 * @property {Record<string, string>} [query] only requests whose query has these parameters with these values
 * @property {number} [times] how many matching requests get the fault (default 1; Infinity for all)
 * @property {'status' | 'reset' | 'hang' | 'html' | 'truncated' | 'delay' | 'wrongTypes'} kind
 * @property {number} [status] for 'status' and 'html'
 * @property {string | (() => string)} [retryAfter] Retry-After header value, for 'status' (a function gives it when the fault answers)
 * @property {string} [body] for 'status': the body (default {"error": "..."})
 * @property {number} [delayMs] for 'delay': the normal answer comes this much later
 * @property {boolean} [afterHandling] the request is handled (a job created, a message taken) before the fault answers
 *
 * @typedef {object} EmulatorOptions
 * @property {Record<string, { scopes?: Array<'read' | 'write'> }>} [keys] valid API keys (default { mint_test_key: {} })
 * @property {string[]} [projects] known project IDs (default ['proj_docs'])
 * @property {number} [agentLimitPerHour] create and follow-up requests per project per hour (default 100)
 * @property {JobPlan} [defaultPlan]
 * @property {number} [port] port to listen on (default: any free one)
 * @property {number} [analyticsLimitPerHour] analytics requests per organization per hour (default 100)
 * @property {(prompt: string) => JobPlan | undefined} [planByPrompt] chooses a created job's plan from its prompt (before the queue)
 *
 * @typedef {{ path: string, human: number, ai: number, total: number }} VisitorRow
 * @typedef {{ totals: { human: number, ai: number, total: number }, rows: VisitorRow[] }} VisitorData
 *
 * @typedef {object} RecordedRequest
 * @property {string} method
 * @property {string} path
 * @property {URLSearchParams} query
 * @property {Record<string, string | string[] | undefined>} headers
 * @property {string} body
 * @property {number} at
 */

/**
 * @typedef {object} Job
 * @property {string} id
 * @property {string} projectId
 * @property {JobPlan} plan
 * @property {number} startedAt
 * @property {number} createdAt
 * @property {number | null} archivedAt
 * @property {string} prompt
 */

const JSON_TYPE = 'application/json'

/** @param {EmulatorOptions} [options] */
export async function startEmulator(options = {}) {
  const keys = options.keys ?? { mint_test_key: {} }
  const projects = new Set(options.projects ?? ['proj_docs'])
  const agentLimit = options.agentLimitPerHour ?? 100
  /** @type {JobPlan} */
  let defaultPlan = options.defaultPlan ?? {}
  /** @type {JobPlan[]} */
  const plans = []
  /** @type {Map<string, Job>} */
  const jobs = new Map()
  /** @type {Fault[]} */
  const faults = []
  /** @type {RecordedRequest[]} */
  const requests = []
  /** @type {Map<string, number[]>} */
  const agentUses = new Map()
  /** @type {number[]} */
  const analyticsUses = []
  const analyticsLimit = options.analyticsLimitPerHour ?? 100
  /** @type {VisitorData} */
  let visitors = { totals: { human: 0, ai: 0, total: 0 }, rows: [] }
  /** Visitor data for particular ranges, by "dateFrom..dateTo"; other ranges get `visitors`. @type {Map<string, VisitorData>} */
  const visitorsByRange = new Map()
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set()
  /** @type {Set<import('node:http').ServerResponse>} */
  const hanging = new Set()

  /** @param {JobPlan} plan */
  function stepsOf(plan) {
    return plan.steps ?? [{ afterMs: plan.finishAfterMs ?? 1000, status: plan.finalStatus ?? 'completed' }]
  }

  /** @param {Job} job */
  function view(job) {
    const elapsed = Date.now() - job.startedAt
    /** @type {JobStatus} */
    let status = 'active'
    for (const step of stepsOf(job.plan)) if (elapsed >= step.afterMs) status = step.status
    const changes = job.plan.changesFiles ?? true
    const prLink =
      status === 'completed' && changes
        ? (job.plan.prLink ?? `https://github.com/acme/docs/pull/${100 + [...jobs.keys()].indexOf(job.id)}`)
        : null
    if (status === 'archived' && job.archivedAt === null) job.archivedAt = Date.now()
    return {
      id: job.id,
      status,
      source: {
        repository: job.plan.repository ?? 'https://github.com/acme/docs',
        ref: job.plan.ref === undefined ? 'main' : job.plan.ref
      },
      model: job.plan.model ?? 'claude-sonnet-4-5',
      prLink,
      createdAt: new Date(job.createdAt).toISOString(),
      archivedAt: job.archivedAt === null ? null : new Date(job.archivedAt).toISOString()
    }
  }

  /**
   * @param {string} projectId
   * @param {JobPlan} plan
   * @param {string} [id]
   * @param {string} [prompt]
   */
  function createJob(projectId, plan, id, prompt = '') {
    const now = Date.now()
    /** @type {Job} */
    const job = { id: id ?? randomBytes(12).toString('hex'), projectId, plan, startedAt: now, createdAt: now, archivedAt: null, prompt }
    jobs.set(job.id, job)
    return job
  }

  /**
   * @param {import('node:http').ServerResponse} res
   * @param {number} status
   * @param {unknown} body
   * @param {Record<string, string>} [headers]
   */
  function send(res, status, body, headers = {}) {
    const text = JSON.stringify(body)
    res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(text), ...headers })
    res.end(text)
  }

  /** @param {RecordedRequest} req */
  function takeFault(req) {
    const index = faults.findIndex(
      (f) =>
        (f.method === undefined || f.method === req.method) &&
        (f.path === undefined || (typeof f.path === 'string' ? req.path.startsWith(f.path) : f.path.test(req.path))) &&
        Object.entries(f.query ?? {}).every(([name, value]) => req.query.get(name) === value)
    )
    if (index < 0) return undefined
    const fault = /** @type {Fault} */ (faults[index])
    const left = (fault.times ?? 1) - 1
    if (left <= 0) faults.splice(index, 1)
    else fault.times = left
    return fault
  }

  /**
   * @param {Fault} fault
   * @param {import('node:http').ServerResponse} res
   */
  function answerFault(fault, res) {
    switch (fault.kind) {
      case 'reset':
        res.socket?.destroy()
        return
      case 'hang':
        hanging.add(res)
        return
      case 'html': {
        const html = '<html><body><h1>502 Bad Gateway</h1></body></html>'
        res.writeHead(fault.status ?? 502, { 'Content-Type': 'text/html' })
        res.end(html)
        return
      }
      case 'truncated':
        res.writeHead(200, { 'Content-Type': JSON_TYPE })
        res.end('{"id": "abc", "status": "comp')
        return
      case 'wrongTypes':
        send(res, 200, { id: 42, status: ['completed'], prLink: 7 })
        return
      default: {
        const retryAfter = typeof fault.retryAfter === 'function' ? fault.retryAfter() : fault.retryAfter
        const headers = retryAfter === undefined ? {} : { 'Retry-After': retryAfter }
        const status = fault.status ?? 500
        const body = fault.body ?? JSON.stringify({ error: status === 429 ? 'Rate limit exceeded' : 'Internal server error' })
        res.writeHead(status, { 'Content-Type': JSON_TYPE, ...headers })
        res.end(body)
      }
    }
  }

  /**
   * @param {string} projectId
   */
  function useAgentBudget(projectId) {
    const now = Date.now()
    const uses = (agentUses.get(projectId) ?? []).filter((t) => now - t < 3_600_000)
    if (uses.length >= agentLimit) {
      agentUses.set(projectId, uses)
      return false
    }
    uses.push(now)
    agentUses.set(projectId, uses)
    return true
  }

  /**
   * GET /v1/analytics/{projectId}/visitors, validated as the analytics document says.
   * @param {string} projectId
   * @param {URLSearchParams} query
   * @returns {[number, unknown]}
   */
  function visitorsPage(projectId, query) {
    if (!projects.has(projectId)) return [403, { error: 'API key has no access to this project' }]
    /** @type {string[]} */
    const problems = []
    const limitText = query.get('limit')
    const offsetText = query.get('offset')
    const limit = limitText === null ? 50 : /^\d+$/.test(limitText) ? Number(limitText) : NaN
    const offset = offsetText === null ? 0 : /^\d+$/.test(offsetText) ? Number(offsetText) : NaN
    if (!(limit >= 1 && limit <= 250)) problems.push('limit must be an integer from 1 to 250')
    if (!(offset >= 0)) problems.push('offset must be an integer of at least 0')
    for (const name of ['dateFrom', 'dateTo']) {
      const value = query.get(name)
      const form = /^\d{4}-\d{2}-\d{2}$/.test(value ?? '') || /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(value ?? '')
      if (value !== null && (!form || Number.isNaN(Date.parse(value))))
        problems.push(`${name} must be a date in ISO 8601 or YYYY-MM-DD format`)
    }
    if (problems.length > 0) return [400, { error: 'Invalid query parameters', details: problems.map((message) => ({ message })) }]
    const now = Date.now()
    while (analyticsUses.length > 0 && now - /** @type {number} */ (analyticsUses[0]) >= 3_600_000) analyticsUses.shift()
    if (analyticsUses.length >= analyticsLimit) return [429, { error: 'Rate limit exceeded' }]
    analyticsUses.push(now)
    const data = visitorsByRange.get(`${query.get('dateFrom') ?? ''}..${query.get('dateTo') ?? ''}`) ?? visitors
    return [200, { totals: data.totals, visitors: data.rows.slice(offset, offset + limit), hasMore: offset + limit < data.rows.length }]
  }

  /**
   * The documented API. Returns [status, body].
   * @param {RecordedRequest} req
   * @returns {[number, unknown]}
   */
  function handle(req) {
    const auth = req.headers.authorization
    const key = typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : undefined
    const grant = key === undefined ? undefined : keys[key]
    if (!grant) return [401, { error: 'Invalid or expired API key' }]
    const scopes = grant.scopes ?? ['read', 'write']
    const needs = req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'write'
    if (!scopes.includes(needs) && !scopes.includes('write')) return [403, { error: `API key is missing the ${needs} scope` }]

    const parts = req.path.split('/').slice(1).map(decodeURIComponent)
    if (req.method === 'GET' && parts.length === 4 && parts[0] === 'v1' && parts[1] === 'analytics' && parts[3] === 'visitors') {
      return visitorsPage(/** @type {string} */ (parts[2]), req.query)
    }
    const [version, area, projectId, kind, jobId, tail] = parts
    if (version === 'v2' && area === 'agent' && kind === 'job' && projectId !== undefined) {
      if (!projects.has(projectId)) {
        return req.method === 'GET' ? [404, { error: 'Job not found' }] : [403, { error: 'API key has no access to this project' }]
      }
      if (req.method === 'POST' && (jobId === undefined || tail === 'message') && parts.length <= 6) {
        const type = String(req.headers['content-type'] ?? '')
        if (!type.startsWith(JSON_TYPE)) return [400, { error: 'Content-Type must be application/json' }]
        /** @type {unknown} */
        let body
        try {
          body = JSON.parse(req.body)
        } catch {
          return [400, { error: 'Invalid JSON body' }]
        }
        const prompt = /** @type {{ prompt?: unknown }} */ (body)?.prompt
        if (typeof prompt !== 'string' || prompt.length < 1) return [400, { error: 'prompt is required' }]
        if (jobId === undefined) {
          if (!useAgentBudget(projectId)) return [429, { error: 'Rate limit exceeded' }]
          const job = createJob(projectId, options.planByPrompt?.(prompt) ?? plans.shift() ?? defaultPlan, undefined, prompt)
          return [201, view(job)]
        }
        const job = jobs.get(jobId)
        if (job?.projectId !== projectId) return [404, { error: 'Job not found' }]
        if (!useAgentBudget(projectId)) return [429, { error: 'Rate limit exceeded' }]
        job.plan = job.plan.onMessage ?? job.plan
        job.startedAt = Date.now()
        job.archivedAt = null
        return [200, view(job)]
      }
      if (req.method === 'GET' && jobId !== undefined && parts.length === 5) {
        const job = jobs.get(jobId)
        if (job?.projectId !== projectId) return [404, { error: 'Job not found' }]
        return [200, view(job)]
      }
    }
    return [404, { error: 'Not found' }]
  }

  const server = createServer((incoming, res) => {
    /** @type {Buffer[]} */
    const chunks = []
    incoming.on('data', (/** @type {Buffer} */ chunk) => {
      chunks.push(chunk)
    })
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1')
      /** @type {RecordedRequest} */
      const req = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now()
      }
      requests.push(req)
      const fault = takeFault(req)
      if (fault?.kind === 'delay') {
        setTimeout(() => {
          const [status, body] = handle(req)
          if (!res.destroyed) send(res, status, body)
        }, fault.delayMs ?? 1000)
        return
      }
      if (fault?.afterHandling) handle(req)
      if (fault) {
        answerFault(fault, res)
        return
      }
      const [status, body] = handle(req)
      send(res, status, body)
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => {
      sockets.delete(socket)
    })
  })
  await new Promise((resolve) => {
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      resolve(undefined)
    })
  })
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())

  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    /** Plans for the next jobs created, in order; after them, the default plan. @param {JobPlan[]} next */
    planJobs(...next) {
      plans.push(...next)
    },
    /** @param {JobPlan} plan */
    setDefaultPlan(plan) {
      defaultPlan = plan
    },
    /** A job that exists before the run, for watch and follow-up tests. @param {string} id @param {JobPlan} plan @param {string} [projectId] */
    addJob(id, plan, projectId = [...projects][0] ?? 'proj_docs') {
      return view(createJob(projectId, plan, id))
    },
    /** @param {string} id */
    job(id) {
      const job = jobs.get(id)
      return job ? view(job) : undefined
    },
    jobCount() {
      return jobs.size
    },
    /** The job created with this prompt: its id and creation time (ms). @param {string} prompt */
    jobByPrompt(prompt) {
      const job = [...jobs.values()].find((j) => j.prompt === prompt)
      return job ? { id: job.id, createdAt: job.createdAt } : undefined
    },
    /**
     * The visitor data the analytics endpoint serves, in this order: for every range, or only for the
     * range given (dateFrom and dateTo exactly as the request sends them).
     * @param {VisitorData} data
     * @param {{ dateFrom: string, dateTo: string }} [range]
     */
    setVisitors(data, range) {
      if (range) visitorsByRange.set(`${range.dateFrom}..${range.dateTo}`, data)
      else visitors = data
    },
    /** Faults to inject, in order (copied: the emulator counts down their `times`). @param {Fault[]} list */
    fault(...list) {
      faults.push(...list.map((fault) => ({ ...fault })))
    },
    /** How many requests were received, optionally with this method and path prefix. @param {string} [method] @param {string} [pathPrefix] */
    count(method, pathPrefix) {
      return requests.filter(
        (r) => (method === undefined || r.method === method) && (pathPrefix === undefined || r.path.startsWith(pathPrefix))
      ).length
    },
    async close() {
      for (const res of hanging) res.socket?.destroy()
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => {
        server.close(() => {
          resolve(undefined)
        })
      })
    }
  }
}

/** @typedef {Awaited<ReturnType<typeof startEmulator>>} Emulator */
