// run(), the action's entry: secrets masked before anything else, inputs read and warned about, the
// work loaded only for valid inputs, and every failure turned into one failed step. The toolkit and
// the work are replaced by recording fakes; the work itself is tested in test/integration/work.test.ts.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { JobReport } from '../../src/agent/outcome.js'
import type { RunReport } from '../../src/run/work.js'

const KEY = 'mint_mainKeyZ8q'
const TOKEN = 'ghs_mainTokenW3'

interface FakeState {
  inputs: Record<string, string>
  /** Every call to the toolkit and the work, in order. */
  events: string[]
  workLoads: number
  report: { sections: unknown[] }
  /** What the work throws, when set: anything at all may escape it. */
  workError?: unknown
  publishError?: Error
}

const fake = vi.hoisted((): FakeState => ({ inputs: {}, events: [], workLoads: 0, report: { sections: [] } }))

vi.mock('@actions/core', () => ({
  getInput: (name: string) => {
    fake.events.push(`getInput ${name}`)
    return fake.inputs[name] ?? ''
  },
  setSecret: (value: string) => fake.events.push(`setSecret ${value}`),
  warning: (message: string) => fake.events.push(`warning ${message}`),
  info: (message: string) => fake.events.push(`info ${message}`),
  debug: (message: string) => fake.events.push(`debug ${message}`),
  setFailed: (message: string) => fake.events.push(`setFailed ${message}`)
}))

vi.mock('../../src/run/work.js', () => {
  fake.workLoads++
  return {
    work: (inputs: { projectId: string }) => {
      fake.events.push(`work ${inputs.projectId}`)
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the work may throw anything; a string is one case
      return fake.workError === undefined ? Promise.resolve(fake.report) : Promise.reject(fake.workError)
    },
    publishReport: (report: RunReport) => {
      fake.events.push(`publish ${report.sections.length}`)
      return fake.publishError === undefined ? Promise.resolve() : Promise.reject(fake.publishError)
    }
  }
})

const { run } = await import('../../src/main.js')

function section(headline: string, failure?: string): JobReport {
  return { kind: 'job', jobId: 'j1', followUp: false, unknownStatuses: [], headline, failure }
}

beforeEach(() => {
  fake.inputs = { apiKey: KEY, projectId: 'proj', prompt: 'Document it', baseUrl: 'https://api.example.com' }
  fake.events = []
  fake.report = { sections: [section('Done.')] }
  fake.workError = undefined
  fake.publishError = undefined
})

/** The calls after the secrets were masked that are not input reads. */
const actions = (): string[] => fake.events.filter((e) => !e.startsWith('getInput ') && !e.startsWith('setSecret '))
const warnings = (): string[] => fake.events.filter((e) => e.startsWith('warning ')).map((e) => e.slice('warning '.length))

describe('run', () => {
  it('stops at invalid inputs with the message of every problem, without loading the work', async () => {
    fake.inputs = { apiKey: KEY, projectId: 'proj', prompt: 'x', timeoutMinutes: 'soon', wait: 'maybe' }
    const loadsBefore = fake.workLoads
    await run()
    // This test runs first, so the work module has not been loaded by any other.
    expect(fake.workLoads).toBe(loadsBefore)
    expect(actions()).toEqual([
      'setFailed Invalid input:\n' +
        '- `wait` must be true or false, not "maybe"\n' +
        '- `timeoutMinutes` must be a number of minutes greater than 0 and at most 7200, such as 30 or 0.5; got "soon"'
    ])
  })

  it('masks the key and the token before it reads any other input', async () => {
    fake.inputs = { ...fake.inputs, githubToken: TOKEN, comment: 'true' }
    await run()
    const firstOther = fake.events.findIndex((e) => e.startsWith('getInput ') && !/ (apiKey|githubToken)$/.test(e))
    const masked = fake.events.slice(0, firstOther)
    expect(masked).toContain(`setSecret ${KEY}`)
    expect(masked).toContain(`setSecret ${TOKEN}`)
    expect(fake.events.filter((e) => e.startsWith('setSecret '))).toHaveLength(2)
  })

  it('masks the secrets even when the inputs are invalid, and masks nothing empty', async () => {
    fake.inputs = { apiKey: KEY, projectId: '' }
    await run()
    expect(fake.events.filter((e) => e.startsWith('setSecret '))).toEqual([`setSecret ${KEY}`])
    expect(actions()).toHaveLength(1)
    expect(actions()[0]).toMatch(/^setFailed Invalid input:\n- `projectId` is required/)
    expect(actions()[0]).not.toContain(KEY)
  })

  it('runs the work, publishes its report, and leaves the step green when no section fails', async () => {
    await run()
    expect(actions()).toEqual(['work proj', 'publish 1'])
    expect(fake.workLoads).toBe(1)
  })

  it('fails the step once, with the failure of every section on its own line', async () => {
    fake.report = { sections: [section('A.', 'The job failed.'), section('Fine.'), section('B.', 'The export failed.')] }
    await run()
    expect(actions()).toEqual(['work proj', 'publish 3', 'setFailed The job failed.\nThe export failed.'])
  })

  it('turns a summary that cannot be written into a warning, and still fails for the sections', async () => {
    fake.publishError = new Error('EACCES: permission denied')
    fake.report = { sections: [section('A.', 'The job failed.')] }
    await run()
    expect(actions()).toEqual([
      'work proj',
      'publish 1',
      'warning Could not write the job summary: EACCES: permission denied',
      'setFailed The job failed.'
    ])
  })

  it('fails the step with the message of an error that escapes the work', async () => {
    fake.workError = new Error('Something broke.')
    await run()
    expect(actions()).toEqual(['work proj', 'setFailed Something broke.'])
    fake.events = []
    fake.workError = 'a plain string'
    await run()
    expect(actions()).toEqual(['work proj', 'setFailed a plain string'])
  })

  describe('warnings about the inputs', () => {
    it('warns about a key without the mint_ prefix, and never shows the key', async () => {
      fake.inputs.apiKey = 'sk_notMintKey'
      await run()
      expect(warnings()).toEqual([
        'The apiKey does not start with "mint_", the prefix of admin API keys; the service will probably reject it.'
      ])
      expect(actions()).toContain('work proj')
      expect(fake.events.filter((e) => e.includes('sk_notMintKey'))).toEqual(['setSecret sk_notMintKey'])
    })

    it.each(['http://api.example.com', 'http://127.evil.example', 'http://127.0.0.1.evil.example', 'http://10.0.0.1:8080'])(
      'warns that %s sends the key unencrypted',
      async (baseUrl) => {
        fake.inputs.baseUrl = baseUrl
        await run()
        expect(warnings()).toEqual(['baseUrl uses plain http, so the API key crosses the network unencrypted; use https.'])
        expect(actions()).toContain('work proj')
      }
    )

    it.each([
      'https://api.example.com',
      'http://localhost:8080',
      'http://127.0.0.1:3000',
      'http://127.10.200.30',
      'http://127.1',
      'http://[::1]:9000'
    ])('does not warn about %s', async (baseUrl) => {
      fake.inputs.baseUrl = baseUrl
      await run()
      expect(warnings()).toEqual([])
    })
  })
})
