// The run's lifetime: one abort signal fed by the deadline (timeoutMinutes) and by the runner's
// cancellation signals. Every sleep and every request listens to it, so nothing outlives it.

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
  private readonly controller = new AbortController()
  private readonly timer: NodeJS.Timeout

  constructor(
    readonly timeoutMs: number,
    private readonly now: () => number = Date.now
  ) {
    this.startedAt = now()
    this.deadline = this.startedAt + timeoutMs
    this.timer = setTimeout(() => {
      this.stop(new StopError('timeout'))
    }, timeoutMs)
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
    return this.now() - this.startedAt
  }

  remainingMs(): number {
    return Math.max(0, this.deadline - this.now())
  }

  /** Throws the stop reason when the run has been stopped. */
  check(): void {
    const stopped = this.stopped
    if (stopped) throw stopped
  }

  dispose(): void {
    clearTimeout(this.timer)
  }

  /** Stops the run; once it has stopped, the first reason stays (aborting again changes nothing). */
  private stop(error: StopError): void {
    clearTimeout(this.timer)
    this.controller.abort(error)
  }
}

/** Waits `ms`, or rejects with the signal's reason (the run's StopError) as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error)
      return
    }
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(signal.reason as Error)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
