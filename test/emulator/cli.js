// @ts-check
// Runs the emulator on its own, for the workflow self-test and for trying the action by hand:
//   node test/emulator/cli.js [port]    (key from EMULATOR_API_KEY, default mint_selftest_key)
// Jobs finish 3 s after creation with a pull request; a small visitor data set is served.
import { startEmulator } from './emulator.js'
import { siteTotals, visitorRows } from '../support/visitors.js'

const port = Number(process.argv[2] ?? 8787)
const key = process.env.EMULATOR_API_KEY ?? 'mint_selftest_key'
const emulator = await startEmulator({ port, keys: { [key]: {} }, defaultPlan: { finishAfterMs: 3000, changesFiles: true } })
emulator.setVisitors({ totals: siteTotals(300), rows: visitorRows(300) })
console.log(`API emulator listening at ${emulator.url}`)
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => void emulator.close().then(() => process.exit(0)))
