// The loop that runs a run's parts: order, how each part's ending is told (finished, failed, stopped,
// skipped), the log line of each section, and the observer that hears each section as it is reported.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { JobReport } from '../../../src/agent/outcome.js'
import { Lifetime, StopError } from '../../../src/core/lifetime.js'
import { endingOf, type Log, type Part, type PartEnding, stopOf } from '../../../src/core/part.js'
import { runParts } from '../../../src/run/work.js'

let lifetime: Lifetime | undefined
afterEach(() => {
  lifetime?.dispose()
  lifetime = undefined
})

/** Everything that happened, in order: parts running, reports, log lines and observed sections. */
let events: string[] = []

function recordingLog(withDebug = true): Log {
  const log: Log = {
    info: (message) => events.push(`info: ${message}`),
    warning: (message) => events.push(`warning: ${message}`)
  }
  if (withDebug) log.debug = (message) => events.push(`debug: ${message}`)
  return log
}

/** A part named `name` whose work does `work`; its section's headline names how it ended. */
function part(
  name: string,
  work: (lt: Lifetime) => Promise<void> = () => Promise.resolve(),
  failure?: string
): Part<JobReport> & { endings: PartEnding[] } {
  const endings: PartEnding[] = []
  return {
    endings,
    run: async ({ lifetime: lt }) => {
      events.push(`run ${name}`)
      await work(lt)
    },
    report: (ending, elapsedMs): JobReport => {
      endings.push(ending)
      events.push(`report ${name} ${ending.kind} at ${elapsedMs}`)
      return {
        kind: 'job',
        outcome: 'running',
        jobId: name,
        followUp: false,
        unknownStatuses: [],
        headline: `${name} ${ending.kind}`,
        failure
      }
    }
  }
}

async function runAll(parts: Part<JobReport>[], options: { withDebug?: boolean; now?: () => number } = {}) {
  events = []
  lifetime = new Lifetime(60_000, options.now ?? (() => 5000))
  const heard: string[] = []
  const sections = await runParts(parts, { lifetime, log: recordingLog(options.withDebug) }, (section) => {
    events.push(`heard ${section.jobId ?? ''}`)
    heard.push(section.kind)
    return Promise.resolve()
  })
  return { sections, heard }
}

describe('runParts', () => {
  it('runs the parts in order and logs and hands on each section once it is reported', async () => {
    let now = 1000
    const a = part('a', () => {
      now += 250
      return Promise.resolve()
    })
    const b = part('b', () => {
      now += 500
      return Promise.resolve()
    })
    const { sections, heard } = await runAll([a, b], { now: () => now })
    expect(events).toEqual([
      'run a',
      'report a finished at 250',
      'info: a finished',
      'heard a',
      'run b',
      'report b finished at 750',
      'info: b finished',
      'heard b'
    ])
    expect(sections.map((s) => s.headline)).toEqual(['a finished', 'b finished'])
    expect(heard).toEqual(['job', 'job'])
  })

  it('writes no log line for a section that fails the step, but still hands it on', async () => {
    const { sections } = await runAll([part('a', undefined, 'It failed.')])
    expect(events).toEqual(['run a', 'report a finished at 0', 'heard a'])
    expect(sections[0]?.failure).toBe('It failed.')
  })

  it('reports a part stopped by the deadline or a signal as stopped, and skips the parts after it', async () => {
    const a = part('a', (lt) => {
      lt.cancel('SIGTERM')
      lt.check()
      return Promise.resolve()
    })
    const b = part('b')
    const { sections } = await runAll([a, b])
    expect(events).toEqual([
      'run a',
      'report a stopped at 0',
      'info: a stopped',
      'heard a',
      'report b skipped at 0',
      'info: b skipped',
      'heard b'
    ])
    expect(a.endings[0]).toEqual({ kind: 'stopped', stop: lifetime?.stopped })
    expect(b.endings[0]).toEqual({ kind: 'skipped', stop: lifetime?.stopped })
    expect(sections).toHaveLength(2)
  })

  it('skips the next part when the run stopped while a part finished', async () => {
    const a = part('a', (lt) => {
      lt.cancel('SIGINT')
      return Promise.resolve()
    })
    const b = part('b')
    await runAll([a, b])
    expect(a.endings[0]?.kind).toBe('finished')
    expect(b.endings[0]).toMatchObject({ kind: 'skipped', stop: { reason: 'cancelled', signalName: 'SIGINT' } })
    expect(events).not.toContain('run b')
  })

  it('reports a part that threw as failed, puts the stack in the debug log, and runs the next part', async () => {
    const error = new Error('Checking job "a" failed.')
    const a = part('a', () => Promise.reject(error))
    const b = part('b')
    await runAll([a, b])
    expect(a.endings[0]).toEqual({ kind: 'failed', error })
    expect(events).toEqual([
      'run a',
      `debug: ${error.stack ?? ''}`,
      'report a failed at 0',
      'info: a failed',
      'heard a',
      'run b',
      'report b finished at 0',
      'info: b finished',
      'heard b'
    ])
    expect(error.stack).toContain('Checking job "a" failed.')
  })

  it('puts no stack in the debug log for a stop, a thrown string or an error without a stack', async () => {
    const stackless = new Error('no stack')
    stackless.stack = undefined
    const parts = [
      part('a', () => Promise.reject(new Error('thrown before the stop'))),
      part('b', () => Promise.reject(stackless)),
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a part may throw anything; a string is one case
      part('c', () => Promise.reject('plain text')),
      part('d', () => Promise.reject(new StopError('timeout')))
    ]
    await runAll(parts)
    expect(events.filter((e) => e.startsWith('debug: '))).toHaveLength(1)
    expect(events.find((e) => e.startsWith('debug: '))).toContain('thrown before the stop')
    expect(parts[2]?.endings[0]).toEqual({ kind: 'failed', error: 'plain text' })
    expect(parts[3]?.endings[0]).toMatchObject({ kind: 'stopped', stop: { reason: 'timeout' } })
  })

  it('works with a log that has no debug', async () => {
    await runAll([part('a', () => Promise.reject(new Error('boom')))], { withDebug: false })
    expect(events).toEqual(['run a', 'report a failed at 0', 'info: a failed', 'heard a'])
  })

  it('runs parts a few at a time when asked, starting each in order, and gives the sections back in order', async () => {
    events = []
    lifetime = new Lifetime(60_000, () => 0)
    const gates = new Map<string, () => void>()
    const waiting = (name: string) => () =>
      new Promise<void>((resolve) => {
        gates.set(name, resolve)
      })
    const parts = ['a', 'b', 'c', 'd'].map((name) => part(name, waiting(name)))
    const heard: string[] = []
    const running = runParts(
      parts,
      { lifetime, log: recordingLog() },
      (section) => {
        heard.push(section.jobId ?? '')
        return Promise.resolve()
      },
      2
    )
    await vi.waitFor(() => {
      expect(events).toEqual(['run a', 'run b'])
    })
    gates.get('b')?.()
    await vi.waitFor(() => {
      expect(events).toContain('run c')
    })
    expect(events).toEqual(['run a', 'run b', 'report b finished at 0', 'info: b finished', 'run c'])
    gates.get('a')?.()
    await vi.waitFor(() => {
      expect(events).toContain('run d')
    })
    gates.get('d')?.()
    gates.get('c')?.()
    const sections = await running
    expect(sections.map((s) => s.jobId)).toEqual(['a', 'b', 'c', 'd'])
    expect(heard).toEqual(['b', 'a', 'd', 'c'])
  })

  it('runs one part at a time with a concurrency below one', async () => {
    events = []
    lifetime = new Lifetime(60_000, () => 0)
    const sections = await runParts([part('a'), part('b')], { lifetime, log: recordingLog() }, () => Promise.resolve(), 0)
    expect(sections).toHaveLength(2)
    expect(events.filter((e) => e.startsWith('run '))).toEqual(['run a', 'run b'])
  })

  it('runs nothing and reports nothing when there are no parts', async () => {
    const { sections, heard } = await runAll([])
    expect(sections).toEqual([])
    expect(heard).toEqual([])
  })
})

describe('endingOf and stopOf', () => {
  it('tells a stop from any other error', () => {
    const stop = new StopError('cancelled', 'SIGHUP')
    expect(endingOf(stop)).toEqual({ kind: 'stopped', stop })
    const error = new Error('x')
    expect(endingOf(error)).toEqual({ kind: 'failed', error })
  })

  it('gives the stop of a stopped or skipped part, and nothing otherwise', () => {
    const stop = new StopError('timeout')
    expect(stopOf({ kind: 'stopped', stop })).toBe(stop)
    expect(stopOf({ kind: 'skipped', stop })).toBe(stop)
    expect(stopOf({ kind: 'finished' })).toBeUndefined()
    expect(stopOf({ kind: 'failed', error: stop })).toBeUndefined()
  })
})
