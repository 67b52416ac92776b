// The run's clock: the system's (src/core/clock.ts), and the test clock that runs the action in
// process (test/support/test-clock.ts), whose time moves only when the run can do nothing but wait.
import { describe, expect, it } from 'vitest'
import { realClock } from '../../../src/core/clock.js'
import { Lifetime, StopError } from '../../../src/core/lifetime.js'
import { TEST_EPOCH, TestClock } from '../../support/test-clock.js'

/** Lets the event loop turn `n` times: what a test clock waits on is counted, not timed. */
async function turns(n = 20): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((done) => setImmediate(done))
}

/** A promise and the function that settles it. */
function pending<T>(): { promise: Promise<T>; settle: (value: T) => void } {
  let settle: (value: T) => void = () => undefined
  const promise = new Promise<T>((done) => (settle = done))
  return { promise, settle }
}

describe('the system clock', () => {
  it('sleeps, and stops sleeping with the reason when the signal aborts', async () => {
    await expect(realClock.sleep(1, new AbortController().signal)).resolves.toBeUndefined()
    const controller = new AbortController()
    const slept = realClock.sleep(60_000, controller.signal)
    controller.abort(new StopError('cancelled', 'SIGINT'))
    await expect(slept).rejects.toThrow('The run was cancelled (SIGINT).')
  })

  it('fires a timer unless cancelled, and gives a signal that aborts with a TimeoutError', async () => {
    const fired: string[] = []
    realClock.timer(1, () => fired.push('kept'))
    const cancel = realClock.timer(1, () => fired.push('cancelled'))
    cancel()
    const signal = realClock.timeoutSignal(1)
    await new Promise((done) => setTimeout(done, 20))
    expect(fired).toEqual(['kept'])
    expect((signal.reason as Error).name).toBe('TimeoutError')
    await expect(realClock.exchange(Promise.resolve(7))).resolves.toBe(7)
  })
})

describe('the test clock', () => {
  it('starts at a whole second and moves a sleep by exactly its length', async () => {
    const clock = new TestClock()
    expect(clock.now()).toBe(TEST_EPOCH)
    expect(TEST_EPOCH % 1000).toBe(0)
    await clock.sleep(1500, new AbortController().signal)
    await clock.sleep(250, new AbortController().signal)
    expect(clock.now()).toBe(TEST_EPOCH + 1750)
  })

  it('fires timers in the order of their times, then of their making', async () => {
    const clock = new TestClock(0)
    const fired: string[] = []
    clock.after(20, () => fired.push('b at 20'))
    clock.after(10, () => fired.push('a at 10'))
    clock.after(20, () => fired.push('c at 20'))
    await clock.sleep(30, new AbortController().signal)
    expect(fired).toEqual(['a at 10', 'b at 20', 'c at 20'])
  })

  it('stands still while an exchange is under way, and moves once it has ended', async () => {
    const clock = new TestClock(0)
    const answer = pending<string>()
    const exchanged = clock.exchange(answer.promise)
    let woke = false
    void clock.sleep(1000, new AbortController().signal).then(() => (woke = true))
    await turns()
    expect([woke, clock.now()]).toEqual([false, 0])
    answer.settle('answered')
    await expect(exchanged).resolves.toBe('answered')
    await turns()
    expect([woke, clock.now()]).toEqual([true, 1000])
  })

  it('moves to a guard (a deadline, a timeout) only while every exchange is held by the other side', async () => {
    const clock = new TestClock(0)
    const lifetime = new Lifetime(6000, clock)
    // Nothing waited for and nothing held: the run is working, and the deadline does not come.
    await turns()
    expect([lifetime.stopped, clock.now()]).toEqual([undefined, 0])
    // A request the service never answers: the deadline comes, at its time.
    const never = pending<never>()
    const exchanged = clock.exchange(never.promise)
    await turns()
    expect(lifetime.stopped).toBeUndefined()
    clock.hold()
    await turns()
    expect(lifetime.stopped?.reason).toBe('timeout')
    expect(clock.now()).toBe(6000)
    void exchanged.catch(() => undefined)
  })

  it('aborts a sleep with the reason the run stopped, and drops its timer', async () => {
    const clock = new TestClock(0)
    const lifetime = new Lifetime(60_000, clock)
    const slept = lifetime.sleep(1000)
    lifetime.cancel('SIGTERM')
    await expect(slept).rejects.toThrow('The run was cancelled (SIGTERM).')
    await turns()
    expect(clock.now()).toBe(0)
    lifetime.dispose()
  })

  it('gives a timeout signal that aborts with a TimeoutError at its time', async () => {
    const clock = new TestClock(0)
    const signal = clock.timeoutSignal(30_000)
    const release = clock.hold()
    void clock.exchange(new Promise(() => undefined))
    await turns()
    expect((signal.reason as Error).name).toBe('TimeoutError')
    expect(clock.now()).toBe(30_000)
    release()
  })
})
