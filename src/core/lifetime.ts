// The run's lifetime: one abort signal fed by the deadline (timeoutMinutes) and by the runner's
// cancellation signals. Every sleep and every request listens to it, so nothing outlives it. The
// run's clock (src/core/clock.ts) keeps its time and its waits.
import { type Clock, realClock } from './clock.js'

export type StopReason = 'timeout' | 'cancelled'

export class StopError extends Error {
  constructor(
    readonly reason: StopReason,
    readonly signalName?: string
  ) {
    super(reason === 'timeout' ? 'The deadline (timeoutMinutes) passed.' : `The run was cancelled (${signalName ?? 'signal'}).`)
    this.name = 'StopError'
  }
}

export class Lifetime {
  readonly startedAt: number
  readonly deadline: number
  readonly clock: Clock
  private readonly controller = new AbortController()
  private readonly cancelTimer: () => void

  /** `clock` may also be a function giving the time alone; the waits are then the system's. */
  constructor(
    readonly timeoutMs: number,
    clock: Clock | (() => number) = realClock
  ) {
    this.clock = typeof clock === 'function' ? { ...realClock, now: clock } : clock
    this.startedAt = this.clock.now()
    this.deadline = this.startedAt + timeoutMs
    this.cancelTimer = this.clock.timer(timeoutMs, () => {
      this.stop(new StopError('timeout'))
    })
  }

  get signal(): AbortSignal {
    return this.controller.signal
  }

  /** Why the run was stopped, once it has been. */
  get stopped(): StopError | undefined {
    // Only stop() aborts the controller, always with a StopError.
    return this.controller.signal.reason as StopError | undefined
  }

  cancel(signalName: string): void {
    this.stop(new StopError('cancelled', signalName))
  }

  elapsedMs(): number {
    return this.clock.now() - this.startedAt
  }

  remainingMs(): number {
    return Math.max(0, this.deadline - this.clock.now())
  }

  /** Waits `ms` by the run's clock, or rejects with the stop reason as soon as the run stops. */
  sleep(ms: number): Promise<void> {
    return this.clock.sleep(ms, this.signal)
  }

  /** Throws the stop reason when the run has been stopped. */
  check(): void {
    const stopped = this.stopped
    if (stopped) throw stopped
  }

  dispose(): void {
    this.cancelTimer()
  }

  /** Stops the run; once it has stopped, the first reason stays (aborting again changes nothing). */
  private stop(error: StopError): void {
    this.cancelTimer()
    this.controller.abort(error)
  }
}

/** Waits `ms` by the system's timers, or rejects with the signal's reason (the run's StopError) as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return realClock.sleep(ms, signal)
}
