// Fault injection in process: the action's run() behind the same code as the bundle, against the
// emulator in this process, one injected fault per scenario (test/support/fault-scenarios.ts, which
// also says what every scenario checks: never two jobs from one run, the key nowhere in the log,
// outputs or summary). Retries, Retry-After, polls, delayed answers and deadlines all keep the time
// of a test clock (test/support/test-clock.ts), which moves only when the run can do nothing but
// wait: they take no real time, and the times checked are the clock's, the same on a busy machine.
// The faults only a process shows run the bundle (test/e2e/faults.test.ts).
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { getHeapStatistics } from 'node:v8'
import { describe, it } from 'vitest'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { errorLines } from '../support/action.js'
import { checkRun, deadlineOf, emulatorOptions, inputsOf, prepareEmulator, SCENARIOS } from '../support/fault-scenarios.js'
import { runInProcess } from '../support/in-process.js'
import { TestClock } from '../support/test-clock.js'

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      done(undefined)
    })
  })
  const { port } = server.address() as { port: number }
  await new Promise((done) => {
    server.close(() => {
      done(undefined)
    })
  })
  return port
}

const METS_DEADLINE = /^Timed out after |the deadline \(timeoutMinutes\) passed/

describe('fault injection, in process', () => {
  it('runs where the heap cannot grow past 512 MiB, the bound the scenarios state (vitest.config.ts)', ({ expect }) => {
    expect(process.execArgv).toContain('--max-old-space-size=512')
    // The old generation's 512 MiB, and the young generation's share.
    expect(getHeapStatistics().heap_size_limit).toBeLessThanOrEqual(768 * 1024 * 1024)
  })

  for (const s of SCENARIOS.filter((scenario) => !scenario.bundle)) {
    it(s.fault, async ({ expect, onTestFinished }) => {
      const clock = new TestClock()
      const options = { ...emulatorOptions(s), clock }
      let emu: Emulator | undefined
      let baseUrl: string
      if (s.lateStartMs !== undefined) {
        // Refused until the clock reaches the start; the clock stands still while the emulator starts.
        const port = await freePort()
        baseUrl = `http://127.0.0.1:${port}`
        clock.timer(s.lateStartMs, () => {
          void clock.exchange(startEmulator({ ...options, port })).then((started) => {
            emu = started
          })
        })
      } else {
        emu = await startEmulator(options)
        baseUrl = emu.url
        prepareEmulator(s, emu)
      }
      try {
        const inputs = inputsOf(s, baseUrl)
        const run = await runInProcess({ inputs, clock, onTestFinished })
        if (!emu) throw new Error('the emulator did not start')
        // Stopped at the deadline: never later by the clock, and exactly at it when the run says it met it.
        const deadline = deadlineOf(inputs)
        expect(run.elapsedMs, 'ended by the deadline').toBeLessThanOrEqual(deadline)
        if (errorLines(run).some((line) => METS_DEADLINE.test(line))) expect(run.elapsedMs, 'stopped at the deadline').toBe(deadline)
        checkRun(s, run, emu, expect)
      } finally {
        await emu?.close()
      }
    })
  }
})

describe('docs/reliability.md, the table of tested faults', () => {
  it('lists exactly the faults the scenarios run, with their results and where each runs', ({ expect }) => {
    const page = readFileSync(resolve(import.meta.dirname, '../../docs/reliability.md'), 'utf8')
    const section = page.split('\n## Tested faults\n')[1]?.split('\n## ')[0] ?? ''
    const rows = section
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| Fault') && !l.startsWith('| ---'))
      .map((l) => l.slice(2, -2).split(' | '))
    expect(rows).toEqual(SCENARIOS.map((s) => [s.fault, s.result, s.bundle ? 'bundle' : 'in process']))
  })
})
