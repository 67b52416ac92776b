// @ts-check
// The docs health loop's own benchmark, with known truth: a simulated docs site whose readers are
// sampled from true rates, driven through the real bundle week after week (bench/loop/drive.mjs), and
// the docs health issue's verdicts and Fix first judged against that truth.
//   npm run bench:loop              24 seeds of 12 weekly runs; writes the table into BENCHMARKS.md
//   npm run bench:loop -- --quick   12 seeds of 10 weekly runs; prints the table, exits 1 below a target
//   npm run bench:loop -- --quick --held   the same, but exits 1 only below a target the table in
//                                   BENCHMARKS.md says the last full run met (what .ci/run runs: no
//                                   change may lose a target, while those not met yet are printed)
//   npm run bench:loop -- --from 25   24 seeds from 25 on: seeds no rule was chosen on; prints the
//                                   table, writes nothing
// Seeds run two at a time, each with its own emulator and GitHub fake on 127.0.0.1.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import { node24 } from '../../test/support/runtimes.js'
import { MOST_TICKED, runSeed } from './drive.mjs'
import { evidenceText, lastWords, mean, metInBenchmarks, precisionAt, rows, verdictScores } from './metrics.mjs'
import { HALF_KEEPS, PAGES, REGRESS_AFTER, TOP_VISITORS } from './site.mjs'

const ROOT = resolve(import.meta.dirname, '../..')
const quick = process.argv.includes('--quick')
const held = process.argv.includes('--held')
const fromAt = process.argv.indexOf('--from')
/** The first seed: 1, or another to check a rule on seeds it was not chosen on. */
const FIRST = fromAt < 0 ? 1 : Number(process.argv[fromAt + 1])
if (!Number.isSafeInteger(FIRST) || FIRST < 1) throw new Error('--from takes a whole number of 1 or more: the first seed')
const SEEDS = Array.from({ length: quick ? 12 : 24 }, (_, i) => i + FIRST)
/** Weekly runs: six after the merge at least, so that a fix that regresses is followed three periods past its regression. */
const WEEKS = quick ? 10 : 12
/** The week after whose run the writer ticks; its pull request merges as the next week starts. */
const TICK_AFTER = 4
const AT_ONCE = 2

const node = node24()
const started = Date.now()
/** @type {Awaited<ReturnType<typeof runSeed>>[]} */
const results = []
const queue = [...SEEDS]
const worker = async () => {
  for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) {
    results.push(
      await runSeed({
        seed,
        weeks: WEEKS,
        tickAfter: TICK_AFTER,
        node,
        onRun: (what) => {
          console.error(`${((Date.now() - started) / 1000).toFixed(0)} s: ${what}`)
        }
      })
    )
  }
}
await Promise.all(Array.from({ length: AT_ONCE }, worker))

const fixes = results.flatMap((r) => r.fixes)
const weeks = results.flatMap((r) => r.weeks)
const table = rows(verdictScores(fixes), {
  fixFirst: mean(weeks.map((w) => precisionAt(w.fixFirst, w.worst))),
  ceiling: mean(weeks.map((w) => precisionAt(w.ceiling, w.worst))),
  likedInFixFirst: weeks.reduce((sum, w) => sum + w.liked.length, 0),
  fixFirstRuns: weeks.length
})
const count = (/** @type {string} */ effect) => fixes.filter((fix) => fix.effect === effect).length
const mark = (/** @type {boolean | undefined} */ met) => (met === undefined ? '' : met ? 'met' : '**missed**')
const seconds = Math.round((Date.now() - started) / 1000)
const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()
const lines = [
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench:loop${quick ? ' -- --quick' : ''}${FIRST === 1 ? '' : `${quick ? '' : ' --'} --from ${FIRST}`}\` on ${cpus()[0]?.model.split(' ')[0] ?? 'a CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; the bundle under node ${version}; ${seconds} s.`,
  '',
  `${SEEDS.length} seeds (${SEEDS[0] ?? ''}–${SEEDS.at(-1) ?? ''}) of ${WEEKS} weekly runs, ${PAGES} pages (the busiest ${TOP_VISITORS} human visitors a week), the tick after week ${TICK_AFTER} (at most ${MOST_TICKED} gaps); ` +
    `${fixes.length} fixes: ${count('works')} work, ${count('half')} half work (keep ${Math.round(HALF_KEEPS * 100)} % of the trouble), ${count('none')} do nothing, ${count('regress')} work for ${REGRESS_AFTER} periods then regress; ${weeks.length} weekly runs judged for Fix first.`,
  '',
  '| Figure | Value | Target | |',
  '| --- | --- | --- | --- |',
  ...table.map((row) => `| ${row.name} | ${row.value} | ${row.target} | ${mark(row.met)} |`),
  '',
  `Shares are given with their 95 % Wilson interval. The issue's last word on each fix (its state, read by \`verdictOf\` in bench/loop/verdict.mjs): ${lastWords(fixes)}; ${evidenceText(fixes)}.`
]
const text = lines.join('\n')
console.log(text)
const missed = table.filter((row) => row.met === false).length

if (!quick && FIRST === 1) {
  const file = join(ROOT, 'BENCHMARKS.md')
  const current = readFileSync(file, 'utf8')
  const [head, rest] = current.split('<!-- bench-loop:start -->')
  const tail = rest?.split('<!-- bench-loop:end -->')[1]
  if (head === undefined || tail === undefined) throw new Error('BENCHMARKS.md lacks the bench-loop:start and bench-loop:end markers')
  writeFileSync(file, `${head}<!-- bench-loop:start -->\n${text}\n<!-- bench-loop:end -->${tail}`)
  console.log('\nWritten to BENCHMARKS.md.')
} else if (missed > 0) {
  const met = held ? metInBenchmarks(readFileSync(join(ROOT, 'BENCHMARKS.md'), 'utf8')) : undefined
  const lost = table.filter((row) => row.met === false && (met === undefined || met.has(row.name)))
  console.error(
    `\n${missed} target${missed === 1 ? '' : 's'} missed${met === undefined ? '' : `, ${lost.length} of them met by the last full run`}.`
  )
  if (lost.length > 0) process.exit(1)
}
