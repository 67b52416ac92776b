// The run's lifetime: the deadline and the runner's cancellation signals stop it, its clock says how
// long the run has taken and has left, and sleep() ends early with the reason the run stopped.
import { getEventListeners } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Lifetime, sleep, StopError } from '../../../src/core/lifetime.js'

/** How a promise has settled so far: the value, the error, or 'pending'. */
function track(promise: Promise<unknown>): { state: 'pending' | 'resolved' | 'rejected'; error?: unknown } {
  const seen: { state: 'pending' | 'resolved' | 'rejected'; error?: unknown } = { state: 'pending' }
  promise.then(
    () => {
      seen.state = 'resolved'
    },
    (error: unknown) => {
      seen.state = 'rejected'
      seen.error = error
    }
  )
  return seen
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('StopError', () => {
  it('says the deadline passed when the run timed out', () => {
    const error = new StopError('timeout')
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('StopError')
    expect(error.reason).toBe('timeout')
    expect(error.message).toBe('The deadline (timeoutMinutes) passed.')
  })

  it('names the signal that cancelled the run, or says "signal" when it is not known', () => {
    expect(new StopError('cancelled', 'SIGTERM').message).toBe('The run was cancelled (SIGTERM).')
    expect(new StopError('cancelled').message).toBe('The run was cancelled (signal).')
  })
})

describe('Lifetime', () => {
  it('stops with a timeout when the deadline passes, and not a moment before', async () => {
    const lifetime = new Lifetime(1000)
    await vi.advanceTimersByTimeAsync(999)
    expect(lifetime.signal.aborted).toBe(false)
    expect(lifetime.stopped).toBeUndefined()
    expect(() => {
      lifetime.check()
    }).not.toThrow()

    await vi.advanceTimersByTimeAsync(1)
    expect(lifetime.signal.aborted).toBe(true)
    expect(lifetime.stopped).toBeInstanceOf(StopError)
    expect(lifetime.stopped?.reason).toBe('timeout')
    expect(lifetime.signal.reason).toBe(lifetime.stopped)
    expect(() => {
      lifetime.check()
    }).toThrow('The deadline (timeoutMinutes) passed.')
  })

  it('is cancelled by a signal, names it, and leaves no deadline timer behind', () => {
    const lifetime = new Lifetime(60_000)
    expect(vi.getTimerCount()).toBe(1)
    lifetime.cancel('SIGTERM')
    expect(lifetime.stopped).toMatchObject({ reason: 'cancelled', signalName: 'SIGTERM' })
    expect(vi.getTimerCount()).toBe(0)
    expect(() => {
      lifetime.check()
    }).toThrow(new StopError('cancelled', 'SIGTERM'))
  })

  it('keeps the first reason it stopped for', async () => {
    const timedOut = new Lifetime(10)
    await vi.advanceTimersByTimeAsync(10)
    timedOut.cancel('SIGINT')
    expect(timedOut.stopped?.reason).toBe('timeout')

    const cancelled = new Lifetime(10)
    cancelled.cancel('SIGINT')
    cancelled.cancel('SIGHUP')
    await vi.advanceTimersByTimeAsync(10)
    expect(cancelled.stopped).toMatchObject({ reason: 'cancelled', signalName: 'SIGINT' })
  })

  it('measures elapsed and remaining time with the clock it is given', () => {
    let now = 1_000_000
    const lifetime = new Lifetime(30_000, () => now)
    expect(lifetime.startedAt).toBe(1_000_000)
    expect(lifetime.deadline).toBe(1_030_000)
    expect(lifetime.timeoutMs).toBe(30_000)
    expect(lifetime.elapsedMs()).toBe(0)
    expect(lifetime.remainingMs()).toBe(30_000)

    now += 12_500
    expect(lifetime.elapsedMs()).toBe(12_500)
    expect(lifetime.remainingMs()).toBe(17_500)

    now += 40_000
    expect(lifetime.elapsedMs()).toBe(52_500)
    expect(lifetime.remainingMs()).toBe(0)
    lifetime.dispose()
  })

  it('never stops once disposed, and leaves no timer behind', async () => {
    const lifetime = new Lifetime(1000)
    lifetime.dispose()
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(5000)
    expect(lifetime.stopped).toBeUndefined()
  })
})

describe('sleep', () => {
  it('resolves after the time given and stops listening to the signal', async () => {
    const controller = new AbortController()
    const slept = track(sleep(500, controller.signal))
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(499)
    expect(slept.state).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(slept.state).toBe('resolved')
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  it('rejects at once with the stop reason when the run has already stopped', async () => {
    const lifetime = new Lifetime(60_000)
    lifetime.cancel('SIGINT')
    const slept = track(sleep(500, lifetime.signal))
    await vi.advanceTimersByTimeAsync(0)
    expect(slept).toEqual({ state: 'rejected', error: lifetime.stopped })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('rejects with the stop reason as soon as the run stops, and leaves no timer or listener behind', async () => {
    const lifetime = new Lifetime(1000)
    const slept = track(sleep(60_000, lifetime.signal))
    await vi.advanceTimersByTimeAsync(1000)
    expect(slept.state).toBe('rejected')
    expect(slept.error).toBeInstanceOf(StopError)
    expect((slept.error as StopError).reason).toBe('timeout')
    expect(vi.getTimerCount()).toBe(0)
    expect(getEventListeners(lifetime.signal, 'abort')).toHaveLength(0)
  })
})
