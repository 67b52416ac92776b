// The contract, to the letter: against a loopback server that answers every request with a random
// value the vendor's OpenAPI documents allow (test/support/openapi-answers.ts), a run that creates an
// agent job and reads every analytics section fails on none of them. Two failures are the service's
// word, not a refused answer: a job the service says failed (the default failOn), and a created job
// whose id no encoding makes usable, which the documents allow by requiring no field (no id, or an
// id that is empty, `.` or `..`). Any other failure is an answer the run could not take.
import { fc } from '@fast-check/vitest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readInputs } from '../../src/run/inputs.js'
import { summaryOf } from '../../src/run/publish.js'
import { work } from '../../src/run/work.js'
import { arbitraryOf, openApiDocuments, startContractServer, successSchema } from '../support/openapi-answers.js'

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

/** The end of the failure the job's outcome itself gives, which the documents allow the service to report. */
const JOB_OUTCOME = 'failed on the service.'
/** The failure of a created job whose id cannot be used. */
const UNUSABLE_ID =
  /^Creating the agent job failed: the service's answer \(HTTP 201\) is not the documented JSON: (it has no job id|its job id "\.{0,2}" cannot be used)/

describe('the generator of documented answers', () => {
  it('finds the success schema of a documented request, and draws values of it, ids with spaces among them', () => {
    const docs = openApiDocuments()
    const [admin] = docs
    const found = successSchema(docs, 'POST', '/v2/agent/proj/job')
    expect(found?.status).toBe(201)
    const jobs = fc.sample(arbitraryOf(found?.schema ?? {}, admin ?? { paths: {} }), { seed: 7, numRuns: 50 })
    expect(jobs.some((job) => typeof (job as { id?: unknown }).id === 'string' && /\s/.test((job as { id: string }).id))).toBe(true)
    expect(successSchema(docs, 'GET', '/v1/analytics/proj/searches')?.status).toBe(200)
    expect(successSchema(docs, 'GET', '/v1/nothing')).toBeUndefined()
  })
})

describe('a run against answers the documents allow', () => {
  it('fails on none of them: 25 runs, each a job and every section', async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    for (const name of ['GITHUB_EVENT_NAME', 'GITHUB_EVENT_PATH', 'GITHUB_TOKEN', 'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'])
      vi.stubEnv(name, undefined)
    vi.stubEnv('GITHUB_REPOSITORY', 'acme/app')
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 30 }), async (seed) => {
        const server = await startContractServer(seed)
        try {
          const values: Record<string, string> = {
            apiKey: 'mint_contractKey',
            projectId: 'proj_contract',
            baseUrl: server.url,
            prompt: 'Fix the typos',
            wait: 'false',
            analytics: 'all',
            maxRequests: '30',
            readerText: 'show'
          }
          const report = await work(readInputs((name) => values[name] ?? '', new Date('2026-11-20T12:00:00Z')))
          const failures = report.reports.flatMap((part) => (part.failure === undefined ? [] : [part.failure]))
          const id = (server.answers[0] as { id?: unknown } | undefined)?.id
          const unusable = id === undefined || id === '' || id === '.' || id === '..'
          const allowed = (failure: string) => failure.endsWith(JOB_OUTCOME) || (unusable && UNUSABLE_ID.test(failure))
          expect(failures.filter((failure) => !allowed(failure))).toEqual([])
          expect(server.requests[0]).toBe('POST /v2/agent/proj_contract/job')
          expect(server.requests.length).toBeGreaterThan(5)
          expect(summaryOf(report.reports)).not.toBe('')
        } finally {
          await server.close()
        }
      }),
      { numRuns: 25 }
    )
  })
})
