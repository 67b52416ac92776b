// @ts-check
// The docs health loop's own benchmark, with known truth: a simulated docs site whose readers are
// sampled from true rates, driven through the real bundle week after week (bench/loop/drive.mjs), and
// the docs health issue's verdicts and Fix first judged against that truth; then the same on each
// scenario of bench/loop/scenarios.mjs (what real sites do: searches clicked, a holiday and a launch,
// the vote rate doubled and halved, AI traffic growing, troubled pages' traffic falling, a fix that
// moves its page, a second site), a row each in the scenarios' table.
//   npm run bench:loop              24 seeds of 12 weekly runs, every scenario; writes both tables
//                                   into BENCHMARKS.md
//   npm run bench:loop -- --quick   12 seeds of 10 weekly runs, every scenario; prints the tables,
//                                   exits 1 below a target
//   npm run bench:loop -- --quick --held   the same, but exits 1 only below a target the tables in
//                                   BENCHMARKS.md say the last full run met (what .ci/run runs: no
//                                   change may lose a target, while those not met yet are printed)
//   npm run bench:loop -- --from 25   24 seeds from 25 on (from 1025 on the second site): seeds no
//                                   rule was chosen on; prints the tables, writes nothing
//   npm run bench:loop -- --quick --scenario clicked,rename   only these scenarios (`site` is the
//                                   loop's own); prints, writes nothing
//   npm run bench:loop -- --quick --seeds 2   2 seeds a scenario, to try a change; prints, writes nothing
// Seeds run two at a time, each with its own emulator and GitHub fake on 127.0.0.1.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import { node24 } from '../../test/support/runtimes.js'
import { MOST_TICKED, runSeed } from './drive.mjs'
import {
  cellText,
  evidenceText,
  lastWords,
  mean,
  metInBenchmarks,
  metScenarios,
  precisionAt,
  rows,
  SCENARIO_FIGURES,
  scenarioRow,
  verdictScores
} from './metrics.mjs'
import { SCENARIOS } from './scenarios.mjs'
import { HALF_KEEPS, PAGES, REGRESS_AFTER, TOP_VISITORS } from './site.mjs'

const ROOT = resolve(import.meta.dirname, '../..')
const quick = process.argv.includes('--quick')
const held = process.argv.includes('--held')
const fromAt = process.argv.indexOf('--from')
/** The first seed: 1, or another to check a rule on seeds it was not chosen on. */
const FIRST = fromAt < 0 ? 1 : Number(process.argv[fromAt + 1])
if (!Number.isSafeInteger(FIRST) || FIRST < 1) throw new Error('--from takes a whole number of 1 or more: the first seed')
const scenarioAt = process.argv.indexOf('--scenario')
const asked = scenarioAt < 0 ? undefined : (process.argv[scenarioAt + 1] ?? '').split(',')
for (const name of asked ?? [])
  if (!SCENARIOS.some((s) => s.name === name))
    throw new Error(`--scenario takes names among ${SCENARIOS.map((s) => s.name).join(', ')}, joined by commas: not "${name}"`)
/** The scenarios run: all of them unless `--scenario` names some. */
const RUN = SCENARIOS.filter((s) => asked === undefined || asked.includes(s.name))
const seedsAt = process.argv.indexOf('--seeds')
/** Seeds per scenario, counted from the scenario's first seed (and from `--from`); `--seeds` gives fewer to try a change. */
const SEED_COUNT = seedsAt < 0 ? (quick ? 12 : 24) : Number(process.argv[seedsAt + 1])
if (!Number.isSafeInteger(SEED_COUNT) || SEED_COUNT < 1)
  throw new Error('--seeds takes a whole number of 1 or more: the seeds per scenario')
const seedsOf = (/** @type {import('./scenarios.mjs').Scenario} */ scenario) =>
  Array.from({ length: SEED_COUNT }, (_, i) => scenario.firstSeed + FIRST - 1 + i)
/** Weekly runs: six after the merge at least, so that a fix that regresses is followed three periods past its regression. */
const WEEKS = quick ? 10 : 12
/** The week after whose run the writer ticks; its pull request merges as the next week starts. */
const TICK_AFTER = 4
const AT_ONCE = 2

const node = node24()
const started = Date.now()
/** @type {Map<string, Awaited<ReturnType<typeof runSeed>>[]>} */
const results = new Map(RUN.map((scenario) => [scenario.name, []]))
const queue = RUN.flatMap((scenario) => seedsOf(scenario).map((seed) => ({ scenario, seed })))
const worker = async () => {
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const { scenario, seed } = next
    results.get(scenario.name)?.push(
      await runSeed({
        seed,
        weeks: WEEKS,
        tickAfter: TICK_AFTER,
        node,
        scenario,
        onRun: (what) => {
          console.error(`${((Date.now() - started) / 1000).toFixed(0)} s: ${scenario.name}, ${what}`)
        }
      })
    )
  }
}
await Promise.all(Array.from({ length: AT_ONCE }, worker))

const seconds = Math.round((Date.now() - started) / 1000)
const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()
const machine = `${cpus()[0]?.model.split(' ')[0] ?? 'a CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`
const options = [
  ...(quick ? ['--quick'] : []),
  ...(FIRST === 1 ? [] : [`--from ${FIRST}`]),
  ...(asked ? [`--scenario ${asked.join(',')}`] : []),
  ...(seedsAt < 0 ? [] : [`--seeds ${SEED_COUNT}`])
]
const command = `npm run bench:loop${options.length > 0 ? ` -- ${options.join(' ')}` : ''}`
const measured = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`${command}\` on ${machine}; the bundle under node ${version}; ${seconds} s.`
const mark = (/** @type {boolean | undefined} */ met) => (met === undefined ? '' : met ? 'met' : '**missed**')
const count = (/** @type {readonly import('./metrics.mjs').FixRecord[]} */ fixes, /** @type {string} */ effect) =>
  fixes.filter((fix) => fix.effect === effect).length

// The loop's own site: the detailed table, Fix first judged too.
const own = results.get('site')
/** @type {ReturnType<typeof rows>} */
let table = []
let ownText = ''
if (own !== undefined) {
  const fixes = own.flatMap((r) => r.fixes)
  const weeks = own.flatMap((r) => r.weeks)
  const seeds = seedsOf(/** @type {import('./scenarios.mjs').Scenario} */ (SCENARIOS[0]))
  table = rows(verdictScores(fixes), {
    fixFirst: mean(weeks.map((w) => precisionAt(w.fixFirst, w.worst))),
    ceiling: mean(weeks.map((w) => precisionAt(w.ceiling, w.worst))),
    likedInFixFirst: weeks.reduce((sum, w) => sum + w.liked.length, 0),
    fixFirstRuns: weeks.length
  })
  ownText = [
    measured,
    '',
    `${seeds.length} seeds (${seeds[0] ?? ''}–${seeds.at(-1) ?? ''}) of ${WEEKS} weekly runs, ${PAGES} pages (the busiest ${TOP_VISITORS} human visitors a week), the tick after week ${TICK_AFTER} (at most ${MOST_TICKED} gaps); ` +
      `${fixes.length} fixes: ${count(fixes, 'works')} work, ${count(fixes, 'half')} half work (keep ${Math.round(HALF_KEEPS * 100)} % of the trouble), ${count(fixes, 'none')} do nothing, ${count(fixes, 'regress')} work for ${REGRESS_AFTER} periods then regress; ${weeks.length} weekly runs judged for Fix first.`,
    '',
    '| Figure | Value | Target | |',
    '| --- | --- | --- | --- |',
    ...table.map((row) => `| ${row.name} | ${row.value} | ${row.target} | ${mark(row.met)} |`),
    '',
    `Shares are given with their 95 % Wilson interval. The issue's last word on each fix (its state, read by \`verdictOf\` in bench/loop/verdict.mjs): ${lastWords(fixes)}; ${evidenceText(fixes)}.`
  ].join('\n')
  console.log(ownText)
}

// Every scenario run: a row each.
const scenarioRows = RUN.map((scenario) => {
  const fixes = (results.get(scenario.name) ?? []).flatMap((r) => r.fixes)
  return { scenario, fixes, row: scenarioRow(scenario.name, verdictScores(fixes), scenario.renames === true) }
})
const scenarioText = [
  measured,
  '',
  `Each scenario: ${SEED_COUNT} ${SEED_COUNT === 1 ? 'seed' : 'seeds'} of ${WEEKS} weekly runs, the tick after week ${TICK_AFTER}; the second site's seeds count from 1001.`,
  '',
  `| Scenario | ${SCENARIO_FIGURES.join(' | ')} | Fixes: work, half, none, regress |`,
  `| --- | ${SCENARIO_FIGURES.map(() => '---').join(' | ')} | --- |`,
  ...scenarioRows.map(
    ({ fixes, row }) =>
      `| \`${row.name}\` | ${row.cells.map(cellText).join(' | ')} | ${fixes.length}: ${['works', 'half', 'none', 'regress'].map((e) => count(fixes, e)).join(', ')} |`
  ),
  '',
  ...scenarioRows.map(({ scenario, fixes }) => `- \`${scenario.name}\`: ${scenario.about}. Last words: ${lastWords(fixes)}.`)
].join('\n')
console.log(`\n${scenarioText}`)

const missedOwn = table.filter((row) => row.met === false)
const missedScenarios = scenarioRows.flatMap(({ row }) =>
  row.cells.flatMap((cell, i) => (cell.met === false ? [`${row.name} · ${SCENARIO_FIGURES[i] ?? ''}`] : []))
)
const missed = missedOwn.length + missedScenarios.length

if (!quick && FIRST === 1 && asked === undefined && seedsAt < 0) {
  const file = join(ROOT, 'BENCHMARKS.md')
  let current = readFileSync(file, 'utf8')
  for (const [marker, text] of [
    ['bench-loop', ownText],
    ['bench-loop-scenarios', scenarioText]
  ]) {
    const [head, rest] = current.split(`<!-- ${marker}:start -->`)
    const tail = rest?.split(`<!-- ${marker}:end -->`)[1]
    if (head === undefined || tail === undefined) throw new Error(`BENCHMARKS.md lacks the ${marker}:start and ${marker}:end markers`)
    current = `${head}<!-- ${marker}:start -->\n${text}\n<!-- ${marker}:end -->${tail}`
  }
  writeFileSync(file, current)
  console.log('\nWritten to BENCHMARKS.md.')
} else if (missed > 0) {
  const markdown = held ? readFileSync(join(ROOT, 'BENCHMARKS.md'), 'utf8') : undefined
  const metOwn = markdown === undefined ? undefined : metInBenchmarks(markdown)
  const metScenario = markdown === undefined ? undefined : metScenarios(markdown)
  const lost = [
    ...missedOwn.filter((row) => metOwn === undefined || metOwn.has(row.name)).map((row) => `site: ${row.name}`),
    ...missedScenarios.filter((key) => metScenario === undefined || metScenario.has(key))
  ]
  console.error(
    `\n${missed} target${missed === 1 ? '' : 's'} missed${markdown === undefined ? '' : `, ${lost.length} of them met by the last full run`}.`
  )
  for (const key of lost) console.error(`- ${markdown === undefined ? 'missed' : 'met by the last full run, missed now'}: ${key}`)
  if (lost.length > 0) process.exit(1)
}
