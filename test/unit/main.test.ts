// run(), the action's entry: secrets masked before anything else, inputs read and warned about, the
// work loaded only for valid inputs, bad inputs shown in the job summary, every failure turned into
// one failed step, and the log ended by one line on how the run ended and how long it took. The
// toolkit and the work are replaced by recording fakes; the work itself is tested in
// test/integration/work.test.ts.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { RunReport } from '../../src/run/work.js'
import { secretForms } from '../../src/text/secret.js'
import { renderSummary } from '../support/render.js'

const KEY = 'mint_mainKeyZ8q'
const TOKEN = 'ghs_mainTokenW3'

interface FakeState {
  inputs: Record<string, string>
  /** Every call to the toolkit and the work, in order. */
  events: string[]
  workLoads: number
  report: { reports: unknown[]; healthIssue?: { failure?: string; resolved: number; asked: number }; alerts?: { name: string }[] }
  /** What the work throws, when set: anything at all may escape it. */
  workError?: unknown
  /** What publishing could not write. */
  unwritten: { what: string; message: string }[]
  /** What reading a part's clause for the last line throws, when set: an error after the report is published. */
  endPhraseError?: Error
  /** What writing the job summary throws, when set. */
  summaryError?: Error
  /** The HTML each successful write of the job summary appended. */
  summaries: string[]
  /** The outputs main.ts set itself (the work's are set by publishing, replaced here). */
  outputs: Record<string, string>
}

const fake = vi.hoisted((): FakeState => ({
  inputs: {},
  events: [],
  workLoads: 0,
  report: { reports: [] },
  unwritten: [],
  summaries: [],
  outputs: {}
}))

vi.mock('@actions/core', () => ({
  getInput: (name: string) => {
    fake.events.push(`getInput ${name}`)
    return fake.inputs[name] ?? ''
  },
  setSecret: (value: string) => fake.events.push(`setSecret ${value}`),
  warning: (message: string) => fake.events.push(`warning ${message}`),
  error: (message: string) => fake.events.push(`error ${message}`),
  info: (message: string) => fake.events.push(`info ${message}`),
  debug: (message: string) => fake.events.push(`debug ${message}`),
  setFailed: (message: string) => fake.events.push(`setFailed ${message}`),
  setOutput: (name: string, value: string) => {
    fake.outputs[name] = value
  },
  summary: {
    addRaw: (html: string) => ({
      write: () => {
        if (fake.summaryError !== undefined) return Promise.reject(fake.summaryError)
        fake.events.push('summary')
        fake.summaries.push(html)
        return Promise.resolve()
      }
    })
  }
}))

vi.mock('../../src/run/work.js', async () => {
  fake.workLoads++
  const { refusalOf } = await import('../../src/run/key-refusal.js')
  return {
    refusalOf,
    work: (inputs: { projectId: string }) => {
      fake.events.push(`work ${inputs.projectId}`)
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the work may throw anything; a string is one case
      return fake.workError === undefined ? Promise.resolve(fake.report) : Promise.reject(fake.workError)
    },
    publishReport: (report: RunReport) => {
      fake.events.push(`publish ${report.reports.length}`)
      return Promise.resolve(fake.unwritten)
    },
    endPhraseOf: (report: JobEnd) => {
      if (fake.endPhraseError !== undefined) throw fake.endPhraseError
      return `agent job ${report.status}${report.prLink ? `, pull request ${report.prLink}` : ' without a pull request'}`
    }
  }
})

const { run } = await import('../../src/main.js')
const { ACTION_NAME, ACTION_VERSION } = await import('../../src/version.js')

interface JobEnd {
  kind: 'job'
  status: string
  failure?: string
  prLink?: string
}

/** A job's report, with what run() reads of it: whether it fails the step, and what the last line says. */
function section(failure?: string): JobEnd {
  return { kind: 'job', status: 'completed', failure }
}

beforeEach(() => {
  fake.inputs = { apiKey: KEY, projectId: 'proj', prompt: 'Document it', baseUrl: 'https://api.example.com' }
  fake.events = []
  fake.report = { reports: [section()] }
  fake.workError = undefined
  fake.unwritten = []
  fake.summaryError = undefined
  fake.endPhraseError = undefined
  fake.summaries = []
  fake.outputs = {}
  // The job summary file is set only where a test says so (these tests may themselves run on a runner).
  vi.stubEnv('GITHUB_STEP_SUMMARY', '')
  vi.stubEnv('GITHUB_EVENT_NAME', undefined)
})

/** A clock that reads `startMs` at the start of the run and `endMs` after it. */
function clock(startMs: number, endMs: number): () => number {
  const readings = [startMs, endMs]
  return () => readings.shift() ?? Number.NaN
}

/** The log's first line, which says which build runs. */
const FIRST_LINE = /^info docs-agent-action \d+\.\d+\.\d+ \(build dev(?:, ref [^)]+)?\)$/
/** The calls after the secrets were masked that are not input reads, nor the first line. */
const actions = (): string[] => fake.events.filter((e) => !e.startsWith('getInput ') && !e.startsWith('setSecret ') && !FIRST_LINE.test(e))
const warnings = (): string[] => fake.events.filter((e) => e.startsWith('warning ')).map((e) => e.slice('warning '.length))

describe('run', () => {
  it('stops at invalid inputs with the message of every problem, without loading the work', async () => {
    fake.inputs = { apiKey: KEY, projectId: 'proj', prompt: 'x', timeoutMinutes: 'soon', wait: 'maybe' }
    const loadsBefore = fake.workLoads
    await run(clock(1000, 1400))
    // This test runs first, so the work module has not been loaded by any other.
    expect(fake.workLoads).toBe(loadsBefore)
    expect(actions()).toEqual([
      'setFailed Invalid input:\n' +
        '- `wait` must be true or false, not "maybe"\n' +
        '- `timeoutMinutes` must be a number of minutes greater than 0 and at most 7200, such as 30 or 0.5; got "soon"',
      'info Failed after 0s: invalid input (wait, timeoutMinutes).'
    ])
  })

  it('says first, once the secrets are masked, which build runs: the version, the build and the ref the workflow uses', async () => {
    vi.stubEnv('GITHUB_ACTION_REF', 'v1')
    await run()
    const first = fake.events.find((e) => !e.startsWith('getInput ') && !e.startsWith('setSecret '))
    expect(first).toBe(`info ${ACTION_NAME} ${ACTION_VERSION} (build dev, ref v1)`)
    const lastMask = fake.events.map((e) => e.startsWith('setSecret ')).lastIndexOf(true)
    expect(fake.events.findIndex((e) => e === first)).toBeGreaterThan(lastMask)
    expect(fake.events.filter((e) => FIRST_LINE.test(e))).toHaveLength(1)
    vi.unstubAllEnvs()
  })

  it('masks the key and the token before it reads any other input', async () => {
    fake.inputs = { ...fake.inputs, githubToken: TOKEN, comment: 'true' }
    await run()
    const firstOther = fake.events.findIndex((e) => e.startsWith('getInput ') && !/ (apiKey|githubToken)$/.test(e))
    const masked = fake.events.slice(0, firstOther)
    expect(masked).toContain(`setSecret ${KEY}`)
    expect(masked).toContain(`setSecret ${TOKEN}`)
    expect(fake.events.filter((e) => e.startsWith('setSecret '))).toEqual(
      [...secretForms(KEY), ...secretForms(TOKEN)].map((form) => `setSecret ${form}`)
    )
  })

  it('masks the key in every form a service might echo it in, before it reads any other input', async () => {
    const odd = 'mint_ab/cd"ef'
    fake.inputs = { ...fake.inputs, apiKey: odd }
    await run()
    const firstOther = fake.events.findIndex((e) => e.startsWith('getInput ') && !/ (apiKey|githubToken)$/.test(e))
    const masked = fake.events.slice(0, firstOther).filter((e) => e.startsWith('setSecret '))
    expect(masked).toEqual(secretForms(odd).map((form) => `setSecret ${form}`))
    expect(masked).toEqual(
      expect.arrayContaining([
        `setSecret ${odd}`,
        'setSecret mint_ab\\/cd\\"ef',
        `setSecret ${encodeURIComponent(odd)}`,
        `setSecret ${Buffer.from(`Bearer ${odd}`).toString('base64')}`
      ])
    )
  })

  it('masks the secrets even when the inputs are invalid, and masks nothing empty', async () => {
    fake.inputs = { apiKey: KEY, projectId: '' }
    await run()
    expect(fake.events.filter((e) => e.startsWith('setSecret '))).toEqual(secretForms(KEY).map((form) => `setSecret ${form}`))
    expect(actions()).toHaveLength(2)
    expect(actions()[0]).toMatch(/^setFailed Invalid input:\n- `projectId` is empty/)
    expect(actions().join('\n')).not.toContain(KEY)
  })

  it('runs the work, publishes its report, leaves the step green when no section fails, and ends the log with the outcome', async () => {
    fake.report = { reports: [{ ...section(), prLink: 'https://github.com/acme/docs/pull/7' }] }
    await run(clock(5000, 257_000))
    expect(actions()).toEqual([
      'work proj',
      'publish 1',
      'info Done in 4m 12s: agent job completed, pull request https://github.com/acme/docs/pull/7.'
    ])
    expect(fake.workLoads).toBe(1)
  })

  it('fails the step once, with the failure of every section on its own line, and ends the log with the first', async () => {
    fake.report = { reports: [section('The job failed.'), section(), section('The export failed.')] }
    await run(clock(0, 31_000))
    expect(actions()).toEqual([
      'work proj',
      'publish 3',
      'setFailed The job failed.\nThe export failed.',
      'info Failed after 31s: The job failed (and 1 more failure).'
    ])
  })

  it('folds the failures of parts whose key the service refused into one, said once, and the last line ends with it', async () => {
    const refused = (failure: string) => ({ ...section(failure), keyRefused: true })
    fake.report = {
      reports: [refused('Creating the agent job failed: 401.'), { ...refused('Reading searches failed: 401.'), kind: 'searches' }]
    }
    await run(clock(0, 1000))
    const message =
      'The API key was refused (401) for every request: the agent job, searches (2 requests, all refused). The key in `apiKey` is wrong, ' +
      'revoked or expired; create an admin key on the API keys page of the dashboard and pass it from a secret.'
    expect(actions()).toEqual(['work proj', 'publish 2', `setFailed ${message}`, `info Failed after 1s: ${message.replace(/\.$/, '')}.`])
  })

  it('folds the failures of parts whose project the service denied into one naming the project', async () => {
    const denied = (failure: string) => ({ ...section(failure), accessDenied: { projectId: 'proj_x' } })
    fake.report = {
      reports: [denied('Creating the agent job failed: 403.'), { ...denied('Reading searches failed: 403.'), kind: 'searches' }]
    }
    await run(clock(0, 1000))
    expect(actions()[2]).toMatch(
      /^setFailed Access to project "proj_x" was denied \(403\) for every request: the agent job, searches \(2 requests, all denied\)\. Most likely /
    )
    expect(actions()[2]).not.toContain('failed: 403.')
    expect(actions()[3]).toMatch(/^info Failed after 1s: Access to project "proj_x" was denied/)
  })

  it('keeps the failures apart when one part failed for another cause', async () => {
    fake.report = { reports: [{ ...section('Creating the agent job failed: 401.'), keyRefused: true }, section('The export failed.')] }
    await run(clock(0, 1000))
    expect(actions()[2]).toBe('setFailed Creating the agent job failed: 401.\nThe export failed.')
  })

  it('gives each piece of the report that could not be written an error, and fails the step for them after the sections', async () => {
    fake.unwritten = [
      { what: 'analytics.json', message: 'Could not write analytics.json: ENOTDIR: not a directory' },
      { what: 'the job summary', message: 'Could not write the job summary: EACCES: permission denied' }
    ]
    fake.report = { reports: [section('The job failed.')] }
    await run(clock(0, 0))
    expect(actions()).toEqual([
      'work proj',
      'publish 1',
      'error Could not write analytics.json: ENOTDIR: not a directory',
      'error Could not write the job summary: EACCES: permission denied',
      'setFailed The job failed.\nPart of the report could not be written: analytics.json; the job summary.',
      'info Failed after 0s: The job failed (and 1 more failure).'
    ])
  })

  it('never says Done when the docs health issue fails the step, even in a run with no part at all', async () => {
    fake.report = { reports: [], healthIssue: { failure: 'The docs health issue could not be written: HTTP 403', resolved: 0, asked: 0 } }
    await run(clock(0, 2000))
    expect(actions()).toEqual([
      'work proj',
      'publish 0',
      'setFailed The docs health issue could not be written: HTTP 403',
      'info Failed after 2s: The docs health issue could not be written: HTTP 403.'
    ])
  })

  it('fails a run whose parts all finished when part of its report could not be written, and says so last', async () => {
    fake.unwritten = [{ what: 'the job summary', message: 'Could not write the job summary: EACCES: permission denied' }]
    await run(clock(0, 3000))
    expect(actions()).toEqual([
      'work proj',
      'publish 1',
      'error Could not write the job summary: EACCES: permission denied',
      'setFailed Part of the report could not be written: the job summary.',
      'info Failed after 3s: Part of the report could not be written: the job summary.'
    ])
  })

  it('fails the step with the message of an error that escapes the work', async () => {
    fake.workError = new Error('Something broke.')
    await run(clock(0, 2000))
    expect(actions()).toEqual(['work proj', 'setFailed Something broke.', 'info Failed after 2s: Something broke.'])
    fake.events = []
    fake.workError = 'a plain string'
    await run(clock(0, 2000))
    expect(actions()).toEqual(['work proj', 'setFailed a plain string', 'info Failed after 2s: a plain string.'])
  })

  it('writes a section with the footer for an error that escapes the work, so that a failed step never leaves the summary empty', async () => {
    vi.stubEnv('GITHUB_STEP_SUMMARY', '/runner/summary')
    fake.workError = new Error('Something broke.')
    await run(clock(0, 2000))
    expect(actions()).toEqual(['work proj', 'summary', 'setFailed Something broke.', 'info Failed after 2s: Something broke.'])
    const seen = renderSummary(fake.summaries[0] ?? '')
    expect(seen.headings).toEqual(['❌ The step failed'])
    expect(seen.text).toContain('Something broke.')
    expect(seen.text).toContain(`${ACTION_NAME} ${ACTION_VERSION}`)
  })

  it('adds no error section to a summary that already holds the published report', async () => {
    vi.stubEnv('GITHUB_STEP_SUMMARY', '/runner/summary')
    fake.endPhraseError = new Error('Something broke after publishing.')
    await run(clock(0, 1000))
    expect(actions()).toEqual([
      'work proj',
      'publish 1',
      'setFailed Something broke after publishing.',
      'info Failed after 1s: Something broke after publishing.'
    ])
    expect(fake.summaries).toEqual([])
  })

  it('reads the inputs for the event that started the run', async () => {
    fake.inputs = { apiKey: KEY, projectId: 'proj', githubToken: TOKEN }
    vi.stubEnv('GITHUB_EVENT_NAME', 'issue_comment')
    await run(clock(0, 0))
    expect(actions()).toContain('work proj')
  })

  it('names no event when the runner gives none', async () => {
    fake.inputs = { ...fake.inputs, githubToken: TOKEN, context: 'change' }
    await run(clock(0, 0))
    expect(actions()[0]).toMatch(/^setFailed Invalid input:\n- `context` is change, but this run was triggered by "no event"; /)
  })

  describe('failOn: alert', () => {
    const alerting = { analytics: 'visitors', failOn: 'alert', alerts: 'visitorsHuman < -20%' }
    const fired = (count: number): { name: string }[] => Array.from({ length: count }, () => ({ name: 'Human visitors' }))

    it('fails the step when one alert fired, and says so last', async () => {
      fake.inputs = { ...fake.inputs, ...alerting }
      fake.report = { reports: [section()], alerts: fired(1) }
      await run(clock(0, 0))
      expect(actions()).toEqual([
        'work proj',
        'publish 1',
        'setFailed 1 alert fired, and failOn includes alert.',
        'info Failed after 0s: 1 alert fired, and failOn includes alert.'
      ])
    })

    it('counts the alerts that fired, after the failures of the parts', async () => {
      fake.inputs = { ...fake.inputs, ...alerting }
      fake.report = { reports: [section('The job failed.')], alerts: fired(2) }
      await run(clock(0, 0))
      expect(actions().slice(2)).toEqual([
        'setFailed The job failed.\n2 alerts fired, and failOn includes alert.',
        'info Failed after 0s: The job failed (and 1 more failure).'
      ])
    })

    it('leaves the step green when no alert fired', async () => {
      fake.inputs = { ...fake.inputs, ...alerting }
      fake.report = { reports: [section()], alerts: [] }
      await run(clock(0, 0))
      expect(actions()).toEqual(['work proj', 'publish 1', 'info Done in 0s: agent job completed without a pull request.'])
    })

    it('leaves the step green when alerts fired but failOn leaves alert out', async () => {
      fake.inputs = { ...fake.inputs, analytics: alerting.analytics, alerts: alerting.alerts }
      fake.report = { reports: [section()], alerts: fired(2) }
      await run(clock(0, 0))
      expect(actions()).toEqual(['work proj', 'publish 1', 'info Done in 0s: agent job completed without a pull request.'])
    })
  })

  it('measures the run with the performance clock when given none', async () => {
    const now = vi.spyOn(performance, 'now').mockReturnValueOnce(10_000).mockReturnValueOnce(75_000)
    await run()
    now.mockRestore()
    expect(actions().at(-1)).toBe('info Done in 1m 5s: agent job completed without a pull request.')
  })

  describe('invalid input', () => {
    const bad = { apiKey: '', projectId: 'acme/docs', prompt: 'x' }

    it('appends a section that lists each bad input, before it fails the step and ends the log', async () => {
      vi.stubEnv('GITHUB_STEP_SUMMARY', '/runner/summary')
      fake.inputs = bad
      await run(clock(0, 30))
      expect(actions()).toEqual([
        'summary',
        expect.stringMatching(/^setFailed Invalid input:\n- `apiKey` is empty: .*\n- `projectId` must be the project ID shown/) as unknown,
        'info Failed after 0s: invalid input (apiKey, projectId).'
      ])
      expect(fake.summaries).toHaveLength(1)
      const seen = renderSummary(fake.summaries[0] ?? '')
      expect(seen.headings).toEqual(['❌ Invalid input'])
      expect(seen.text).toContain('apiKey is empty: the secret passed to it is empty or was not passed')
      expect(seen.text).toContain(
        'projectId must be the project ID shown on the API keys page of the dashboard, not a repository name like "acme/docs"'
      )
      expect(fake.outputs).toEqual({ status: 'invalid-input' })
    })

    it('ends the section with the footer every summary ends with: the action, its version and the run', async () => {
      vi.stubEnv('GITHUB_STEP_SUMMARY', '/runner/summary')
      vi.stubEnv('GITHUB_SERVER_URL', 'https://github.com')
      vi.stubEnv('GITHUB_REPOSITORY', 'acme/docs')
      vi.stubEnv('GITHUB_RUN_ID', '77')
      fake.inputs = bad
      await run(clock(0, 0))
      const seen = renderSummary(fake.summaries[0] ?? '')
      expect(seen.text.endsWith(`${ACTION_NAME} ${ACTION_VERSION} (build dev) · workflow run`)).toBe(true)
      expect(seen.links).toEqual([{ href: 'https://github.com/acme/docs/actions/runs/77', text: 'workflow run' }])
    })

    it('appends the section for nothing to do, too', async () => {
      vi.stubEnv('GITHUB_STEP_SUMMARY', '/runner/summary')
      fake.inputs = { apiKey: KEY, projectId: 'proj' }
      await run(clock(0, 0))
      expect(actions()).toEqual([
        'summary',
        expect.stringMatching(/^setFailed Invalid input:\n- Nothing to do: /) as unknown,
        'info Failed after 0s: invalid input.'
      ])
      expect(renderSummary(fake.summaries[0] ?? '').text).toContain('Nothing to do: set prompt to create an agent job')
    })

    it('writes no summary where the runner gives no summary file', async () => {
      fake.inputs = bad
      await run(clock(0, 0))
      expect(actions().map((a) => a.split(' ')[0])).toEqual(['setFailed', 'info'])
      expect(fake.summaries).toEqual([])
    })

    it('turns a summary that cannot be written into an error, and still fails the step for the inputs', async () => {
      vi.stubEnv('GITHUB_STEP_SUMMARY', '/runner/summary')
      fake.summaryError = new Error('ENOSPC: no space left on device')
      fake.inputs = bad
      await run(clock(0, 0))
      expect(actions()).toEqual([
        'error Could not write the job summary: ENOSPC: no space left on device',
        expect.stringMatching(/^setFailed Invalid input:\n- `apiKey` is empty/) as unknown,
        'info Failed after 0s: invalid input (apiKey, projectId).'
      ])
    })

    it('never shows the key, in the summary or the log', async () => {
      vi.stubEnv('GITHUB_STEP_SUMMARY', '/runner/summary')
      fake.inputs = { apiKey: `${KEY} x`, projectId: 'acme/docs', prompt: 'x', wait: 'maybe' }
      await run(clock(0, 0))
      expect(actions()).toHaveLength(3)
      expect(fake.summaries).toHaveLength(1)
      for (const text of [...actions(), ...fake.summaries]) expect(text).not.toContain(KEY)
      expect(renderSummary(fake.summaries[0] ?? '').text).toContain('apiKey contains spaces or characters that cannot be sent')
    })
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
      expect(actions().join('\n')).not.toContain(Buffer.from('sk_notMintKey').toString('base64'))
    })

    it('warns of each input given that the run ignores, and of a with: name near one of the inputs, then runs', async () => {
      fake.inputs = { ...fake.inputs, healthIssueTitle: 'Docs' }
      vi.stubEnv('INPUT_MAXREQUEST', '9')
      vi.stubEnv('INPUT_SOMETHINGELSE', 'x')
      await run()
      expect(warnings()).toEqual([
        'healthIssueTitle is ignored: it names the docs health issue, and healthIssue is false; set healthIssue: true, or remove healthIssueTitle.',
        'maxrequest is not an input of this action, and is ignored; did you mean maxRequests?'
      ])
      expect(actions()).toContain('work proj')
    })

    it('refuses a plain-http baseUrl that is not loopback before any work, and never shows the key', async () => {
      fake.inputs.baseUrl = 'http://api.example.com'
      await run()
      expect(actions()).not.toContain('work proj')
      expect(warnings()).toEqual([])
      expect(actions()[0]).toMatch(/^setFailed Invalid input:\n- `baseUrl` must use https: plain http would send the API key/)
      for (const text of [...actions(), ...fake.summaries]) expect(text).not.toContain(KEY)
    })

    it.each([
      'https://api.example.com',
      'http://localhost:8080',
      'http://127.0.0.1:3000',
      'http://127.10.200.30',
      'http://127.1',
      'http://[::1]:9000'
    ])('accepts %s without a warning', async (baseUrl) => {
      fake.inputs.baseUrl = baseUrl
      await run()
      expect(actions()).toContain('work proj')
      expect(warnings()).toEqual([])
    })
  })
})
