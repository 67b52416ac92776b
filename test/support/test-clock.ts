// A clock for running the action in process with time that is not the machine's (src/core/clock.ts).
// Time stands still while the run works and moves only when the run can do nothing but wait: every
// exchange under way is one the emulator holds (a request it delays or never answers), and either
// there is such an exchange, which a timer may cut short (the deadline, a request's timeout), or a
// timer is something waited for (a sleep, a delayed answer). Then the time jumps to the next timer,
// which fires. With no exchange and nothing waited for, the time stands still: the run is working.
// Whether the run is waiting is counted, never guessed from how long nothing happened: the outcome and
// the times at which things happen are the same on an idle machine and a busy one.
import type { Clock } from '../../src/core/clock.js'

interface Timer {
  at: number
  order: number
  /** A wait: something is blocked until it fires. A guard (the deadline, a timeout) fires only if nothing else comes first. */
  wait: boolean
  fire: () => void
}

/** 2026-11-26 12:00:00 UTC: a whole second, so that a Retry-After date falls on a known time. */
export const TEST_EPOCH = Date.UTC(2026, 10, 26, 12)

export class TestClock implements Clock {
  private time: number
  private order = 0
  private readonly timers = new Set<Timer>()
  /** Exchanges (requests and their answers) under way. */
  private exchanges = 0
  /** Of those, the ones the emulator holds, waiting on this clock or forever. */
  private held = 0
  private checking = false

  constructor(start = TEST_EPOCH) {
    this.time = start
  }

  now(): number {
    return this.time
  }

  sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason as Error)
        return
      }
      const onAbort = (): void => {
        this.timers.delete(timer)
        reject(signal.reason as Error)
        this.poke()
      }
      const timer = this.add(ms, true, () => {
        signal.removeEventListener('abort', onAbort)
        resolve()
      })
      signal.addEventListener('abort', onAbort, { once: true })
    })
  }

  timer(ms: number, fire: () => void): () => void {
    const timer = this.add(ms, false, fire)
    return () => {
      this.timers.delete(timer)
    }
  }

  timeoutSignal(ms: number): AbortSignal {
    const controller = new AbortController()
    this.add(ms, false, () => {
      controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))
    })
    return controller.signal
  }

  exchange<T>(work: Promise<T>): Promise<T> {
    this.exchanges++
    return work.finally(() => {
      this.exchanges--
      this.poke()
    })
  }

  /** The emulator holds a request (to answer it later, or never): gives back what releases it. */
  hold(): () => void {
    this.held++
    this.poke()
    let released = false
    return () => {
      if (released) return
      released = true
      this.held--
      this.poke()
    }
  }

  /** Calls `fire` after `ms`, as something waited for (the emulator's delayed answer). */
  after(ms: number, fire: () => void): void {
    this.add(ms, true, fire)
  }

  private add(ms: number, wait: boolean, fire: () => void): Timer {
    const timer: Timer = { at: this.time + Math.max(0, ms), order: this.order++, wait, fire }
    this.timers.add(timer)
    this.poke()
    return timer
  }

  /** Whether the run can do nothing but wait for a timer. */
  private waiting(): boolean {
    if (this.timers.size === 0 || this.exchanges > this.held) return false
    return this.exchanges > 0 || [...this.timers].some((t) => t.wait)
  }

  /**
   * Looks again once the work started by the latest event has run: twice after the pending callbacks
   * and promise reactions, so that a step that starts an exchange or a sleep is seen doing so.
   */
  private poke(): void {
    if (this.checking) return
    this.checking = true
    setImmediate(() => {
      setImmediate(() => {
        this.checking = false
        if (this.waiting()) this.advance()
      })
    })
  }

  private advance(): void {
    let next: Timer | undefined
    for (const timer of this.timers) if (!next || timer.at < next.at || (timer.at === next.at && timer.order < next.order)) next = timer
    if (!next) return
    this.timers.delete(next)
    this.time = Math.max(this.time, next.at)
    next.fire()
    this.poke()
  }
}
