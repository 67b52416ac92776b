// Fault injection with the real bundle, as a process of its own against the emulator: the faults
// that only a process shows (the runner's signals, files it cannot write, the exit code) and a few
// of each kind as a check of the bundle. The scenarios, and what every one of them checks (never two
// jobs from one run, stopped at the deadline, the key nowhere in the log, outputs or summary), are in
// test/support/fault-scenarios.ts; the others run in process (test/integration/faults.test.ts).
// Every scenario has its own emulator (on a port of its own) and its own process, so they run
// concurrently, under Node 24 (the runtime action.yml declares). What is checked is what happened
// (exit code, messages, requests), never how fast: the scenarios hold on a busy machine.
import { describe, it } from 'vitest'
import { startEmulator } from '../emulator/emulator.js'
import { runAction, waitForOutput } from '../support/action.js'
import {
  AFTER_DEADLINE_MS,
  checkRun,
  deadlineOf,
  emulatorOptions,
  inputsOf,
  prepareEmulator,
  SCENARIOS
} from '../support/fault-scenarios.js'
import { runtimes } from '../support/runtimes.js'

const wait = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms)
  })

for (const { name: runtime, node } of runtimes()) {
  describe.concurrent('fault injection, the bundle', () => {
    // Three minutes a scenario: the huge pages take CPU, a minute or more of it on a busy machine.
    for (const s of SCENARIOS.filter((scenario) => scenario.bundle)) {
      it(`[${runtime}] ${s.fault}`, async ({ expect, onTestFinished }) => {
        const emu = await startEmulator(emulatorOptions(s))
        prepareEmulator(s, emu)
        const inputs = inputsOf(s, emu.url)
        const { signal } = s
        let signalledAt: number | undefined
        try {
          const run = await runAction({
            node,
            inputs,
            env: s.env,
            unwritable: s.unwritable,
            onTestFinished,
            onStart: signal
              ? (child, stdout) => {
                  void waitForOutput(stdout, (text) => text.includes(signal.after)).then(async () => {
                    await wait(signal.delayMs ?? 0)
                    signalledAt = Date.now()
                    child.kill(signal.name)
                  })
                }
              : undefined
          })
          // Stopped at the deadline: from the action's first line (node has started) to the end of its process.
          expect(run.endedAt - run.firstOutputAt, 'ended by the deadline').toBeLessThan(deadlineOf(inputs) + AFTER_DEADLINE_MS)
          if (signal) {
            // Stopped at the signal: no request after it but the one that may have been on its way
            // (the next status check would otherwise follow within the poll interval).
            expect(signalledAt, 'the signal was sent').toBeDefined()
            const after = emu.requests.filter((r) => r.at > (signalledAt ?? Infinity))
            expect(after.length, 'requests after the signal').toBeLessThanOrEqual(1)
          }
          checkRun(s, run, emu, expect)
        } finally {
          await emu.close()
        }
      }, 180_000)
    }
  })
}
