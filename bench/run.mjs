// @ts-check
// The benchmark: the action's bundle (node dist/index.js) against the curl-and-jq script users write by
// hand (bench/reference.sh), side by side in one run, against the API emulator on 127.0.0.1.
//   npm run bench            full run; writes the tables into BENCHMARKS.md
//   npm run bench -- --quick small sizes, one run each; prints only (CI runs this to keep it working)
// Times are medians of several runs, with ratios: machines are shared and noisy.
import { spawn, execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import { defaultAssistant, defaultFeedback, defaultFeedbackByPage, ulid } from '../test/emulator/analytics-data.js'
import { startEmulator } from '../test/emulator/emulator.js'
import { NODE24 } from '../test/support/runtimes.js'
import { siteTotals, visitorRows } from '../test/support/visitors.js'

const ROOT = resolve(import.meta.dirname, '..')
const BUNDLE = join(ROOT, 'dist/index.js')
const SCRIPT = join(ROOT, 'bench/reference.sh')
const quick = process.argv.includes('--quick')
const KEY = 'mint_bench_key'

// Every file a run writes goes under one folder, removed when the benchmark ends however it ends.
const TEMP = mkdtempSync(join(tmpdir(), 'bench-'))
process.on('exit', () => {
  rmSync(TEMP, { recursive: true, force: true })
})
const tempDir = () => mkdtempSync(join(TEMP, 'run-'))

for (const tool of ['curl', 'jq', '/usr/bin/time']) {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' })
  } catch {
    console.error(`The benchmark needs ${tool} (Debian packages curl, jq, time).`)
    process.exit(1)
  }
}

/** @param {number[]} values */
const median = (values) => {
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  const upper = s[mid] ?? NaN
  return s.length % 2 ? upper : ((s[mid - 1] ?? NaN) + upper) / 2
}
/** @param {number[]} values */
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length
const ms = (/** @type {number} */ n) => `${n.toFixed(0)} ms`
const mb = (/** @type {number} */ kb) => `${(kb / 1024).toFixed(1)} MB`
const s1 = (/** @type {number} */ n) => `${(n / 1000).toFixed(1)} s`

/**
 * @typedef {object} Measured
 * @property {number | null} code
 * @property {number} wallMs from spawn to exit
 * @property {number} peakKb peak resident memory (for a script, of its largest process)
 * @property {string} stdout
 * @property {number} endedAt epoch ms
 */

/**
 * Runs a command under GNU time: wall time (ms, from spawn to exit) and peak resident memory (KB;
 * for a script, of its largest process).
 * @param {string} command @param {string[]} args @param {Record<string, string>} env
 * @returns {Promise<Measured>}
 */
function measured(command, args, env) {
  const dir = tempDir()
  const timeFile = join(dir, 'time')
  const started = performance.now()
  const child = spawn('/usr/bin/time', ['-f', '%M', '-o', timeFile, command, ...args], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (/** @type {string} */ chunk) => {
    stdout += chunk
  })
  child.stderr.resume()
  return new Promise((resolvePromise) => {
    child.on('close', (code) => {
      const endedAt = Date.now()
      const wallMs = performance.now() - started
      const peakKb = Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop())
      resolvePromise({ code, wallMs, peakKb, stdout, endedAt })
    })
  })
}

/** The environment of an action step: inputs and the runner's files. @param {Record<string, string>} inputs @param {string} dir */
function actionEnv(inputs, dir) {
  const output = join(dir, 'out')
  const summary = join(dir, 'summary')
  writeFileSync(output, '')
  writeFileSync(summary, '')
  /** @type {Record<string, string>} */
  const env = { PATH: process.env.PATH ?? '', RUNNER_TEMP: dir, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary }
  for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v
  return env
}

// ---------------------------------------------------------------- 1. start-up
async function startup() {
  const runs = quick ? 3 : 21
  const runtimes = [{ name: `node ${process.version}`, node: process.execPath }]
  if (existsSync(NODE24) && !process.version.startsWith('v24.'))
    runtimes.push({ name: `node ${execFileSync(NODE24, ['--version'], { encoding: 'utf8' }).trim()}`, node: NODE24 })
  const rows = []
  for (const rt of runtimes) {
    const bare = { wall: /** @type {number[]} */ ([]), peak: /** @type {number[]} */ ([]) }
    const action = { wall: /** @type {number[]} */ ([]), peak: /** @type {number[]} */ ([]) }
    for (let i = 0; i < runs; i++) {
      // Interleaved, so that a noisy moment hits both.
      const b = await measured(rt.node, ['-e', ''], { PATH: process.env.PATH ?? '' })
      const a = await measured(rt.node, [BUNDLE], actionEnv({ projectId: 'p' }, tempDir()))
      if (a.code !== 1) throw new Error(`the action should fail input validation, exit ${a.code ?? 'none'}`)
      bare.wall.push(b.wallMs)
      bare.peak.push(b.peakKb)
      action.wall.push(a.wallMs)
      action.peak.push(a.peakKb)
    }
    rows.push({
      runtime: rt.name,
      bareMs: median(bare.wall),
      actionMs: median(action.wall),
      overheadMs: median(action.wall) - median(bare.wall),
      barePeakKb: median(bare.peak),
      actionPeakKb: median(action.peak)
    })
  }
  return { runs, rows, bundleBytes: statSync(BUNDLE).size }
}

// ---------------------------------------------------------------- 2a. detection, real time
async function detectionReal() {
  const seconds = quick ? [2] : [2, 20, 60]
  const reps = quick ? 1 : 3
  const emu = await startEmulator({
    keys: { [KEY]: {} },
    planByPrompt: (prompt) => {
      const match = /^bench (\d+)s/.exec(prompt)
      return match ? { finishAfterMs: Number(match[1]) * 1000, changesFiles: true } : undefined
    }
  })
  /** @type {Record<string, { lag: number[], total: number[], gets: number[] }>} */
  const results = {}
  try {
    for (let rep = 0; rep < reps; rep++) {
      const runs = []
      for (const sec of seconds) {
        for (const tool of ['action', 'script']) {
          const prompt = `bench ${sec}s ${tool} ${rep}`
          const run =
            tool === 'action'
              ? measured(
                  process.execPath,
                  [BUNDLE],
                  actionEnv({ apiKey: KEY, projectId: 'proj_docs', prompt, baseUrl: emu.url }, tempDir())
                )
              : measured('bash', [SCRIPT, 'job'], {
                  PATH: process.env.PATH ?? '',
                  BASE_URL: emu.url,
                  API_KEY: KEY,
                  PROJECT_ID: 'proj_docs',
                  PROMPT: prompt
                })
          runs.push(
            run.then((r) => {
              const job = emu.jobByPrompt(prompt)
              if (!job || r.code !== 0) throw new Error(`${tool} ${sec}s failed (exit ${r.code ?? 'none'})`)
              const key = `${sec}|${tool}`
              results[key] ??= { lag: [], total: [], gets: [] }
              results[key].lag.push(r.endedAt - (job.createdAt + sec * 1000))
              results[key].total.push(r.endedAt - job.createdAt)
              results[key].gets.push(emu.requests.filter((q) => q.method === 'GET' && q.path.endsWith(`/job/${job.id}`)).length)
            })
          )
        }
      }
      await Promise.all(runs)
    }
  } finally {
    await emu.close()
  }
  return seconds.map((sec) => {
    const a = /** @type {{ lag: number[], total: number[], gets: number[] }} */ (results[`${sec}|action`])
    const s = /** @type {{ lag: number[], total: number[], gets: number[] }} */ (results[`${sec}|script`])
    return {
      sec,
      reps,
      action: { lag: median(a.lag), total: median(a.total), gets: median(a.gets) },
      script: { lag: median(s.lag), total: median(s.total), gets: median(s.gets) }
    }
  })
}

// ---------------------------------------------------------------- 2b. detection, simulated clock
/** The action's own schedule (src/agent/poll-schedule.ts), compiled here so the simulation runs the real code. */
async function loadSchedule() {
  const source = readFileSync(join(ROOT, 'src/agent/poll-schedule.ts'), 'utf8')
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText
  const file = join(tempDir(), 'poll-schedule.mjs')
  writeFileSync(file, js)
  /** @type {unknown} */
  const schedule = await import(file)
  return /** @type {{ pollDelay: (check: number, intervalMs: number, random?: () => number) => number }} */ (schedule)
}

async function detectionSimulated() {
  const { pollDelay } = await loadSchedule()
  const minutes = [5, 10, 30, 60]
  const trials = 400
  const latencyMs = 20 // one status request, and for the script its curl and jq processes
  let seed = 42
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  return minutes.map((min) => {
    const action = { lag: /** @type {number[]} */ ([]), gets: /** @type {number[]} */ ([]), perMin: /** @type {number[]} */ ([]) }
    const loop = { lag: /** @type {number[]} */ ([]), gets: /** @type {number[]} */ ([]), perMin: /** @type {number[]} */ ([]) }
    let moreThanLoop = 0
    for (let t = 0; t < trials; t++) {
      const duration = min * 60_000 + random() * 60_000 // jobs of this length, give or take a minute
      let now = 0
      let gets = 0
      for (let check = 0; now < duration; check++) {
        now += pollDelay(check, 10_000, random) + latencyMs
        gets++
      }
      action.lag.push(now - duration)
      action.gets.push(gets)
      action.perMin.push(gets / (duration / 60_000))
      let loopNow = 0
      let loopGets = 0
      while (loopNow < duration) {
        loopNow += 5000 + latencyMs
        loopGets++
      }
      loop.lag.push(loopNow - duration)
      loop.gets.push(loopGets)
      loop.perMin.push(loopGets / (duration / 60_000))
      if (gets > loopGets) moreThanLoop++
    }
    return {
      min,
      trials,
      action: { lag: mean(action.lag), gets: mean(action.gets), perMin: mean(action.perMin) },
      loop: { lag: mean(loop.lag), gets: mean(loop.gets), perMin: mean(loop.perMin) },
      moreThanLoop
    }
  })
}

// ---------------------------------------------------------------- 3. analytics export
async function analytics() {
  // 25 000 paths take 100 requests, the most one run may make (an organization's analytics in an hour).
  const sizes = quick ? [1000] : [1000, 10_000, 25_000]
  const reps = quick ? 1 : 3
  const emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 1_000_000 })
  const rows = []
  try {
    for (const n of sizes) {
      emu.setVisitors({ totals: siteTotals(n), rows: visitorRows(n) })
      /** @type {Record<'action' | 'script', { wall: number[], peak: number[], requests: number[] }>} */
      const r = { action: { wall: [], peak: [], requests: [] }, script: { wall: [], peak: [], requests: [] } }
      for (let rep = 0; rep < reps; rep++) {
        for (const tool of /** @type {const} */ (['action', 'script'])) {
          const before = emu.requests.length
          const run =
            tool === 'action'
              ? await measured(
                  process.execPath,
                  [BUNDLE],
                  actionEnv(
                    {
                      apiKey: KEY,
                      projectId: 'proj_docs',
                      analytics: 'visitors',
                      maxRequests: '100',
                      // The export alone, as the script reads it: no comparison with the previous period.
                      compare: 'none',
                      dateFrom: '2026-11-01',
                      dateTo: '2026-11-08',
                      baseUrl: emu.url
                    },
                    tempDir()
                  )
                )
              : await measured('bash', [SCRIPT, 'analytics'], {
                  PATH: process.env.PATH ?? '',
                  BASE_URL: emu.url,
                  API_KEY: KEY,
                  PROJECT_ID: 'proj_docs',
                  DATE_FROM: '2026-11-01',
                  DATE_TO: '2026-11-08'
                })
          if (run.code !== 0) throw new Error(`${tool} analytics ${n} failed (exit ${run.code ?? 'none'})`)
          const side = r[tool]
          side.wall.push(run.wallMs)
          side.peak.push(run.peakKb)
          side.requests.push(emu.requests.length - before)
        }
      }
      const { action: a, script: s } = r
      rows.push({
        n,
        reps,
        minimum: Math.max(1, Math.ceil(n / 250)),
        action: { wall: median(a.wall), peak: median(a.peak), requests: median(a.requests) },
        script: { wall: median(s.wall), peak: median(s.peak), requests: median(s.requests) }
      })
    }
  } finally {
    await emu.close()
  }
  return rows
}

// ---------------------------------------------------------------- 4. docs health report
// Every section of `analytics: all` against data that takes several pages each, with a latency on
// every analytics answer (the emulator's delay fault on all of them: it has no latency option of its
// own), so that what reading sections at once saves shows. The same reads one section at a time are
// one run of the bundle per section, one after another.
const HEALTH_SECTIONS = /** @type {const} */ (['visitors', 'views', 'searches', 'feedback', 'assistant'])
/** The most rows one request returns, by endpoint (docs/analytics-budget.md). */
const HEALTH_LIMITS = { visitors: 250, views: 250, searches: 100, feedback: 100, assistant: 1000 }

/** @typedef {Record<typeof HEALTH_SECTIONS[number], number>} HealthSizes rows by section */

/** Data of these sizes for every section. @param {HealthSizes} n */
function healthData(n) {
  let seed = 17
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  const base = Date.parse('2026-11-01T00:00:00Z')
  const feedbackTemplate = defaultFeedback()
  const assistantTemplate = defaultAssistant()
  const byPageTemplate = defaultFeedbackByPage()
  return {
    visitors: { totals: siteTotals(n.visitors), rows: visitorRows(n.visitors) },
    views: { totals: siteTotals(n.views), rows: visitorRows(n.views, { seed: 3 }) },
    searches: {
      rows: Array.from({ length: n.searches }, (_, i) => ({
        searchQuery: `how to configure feature ${i}`,
        hits: 1 + Math.floor(random() * 900),
        ctr: i % 5 === 0 ? 0 : Math.round(random() * 1000) / 1000,
        topClickedPage: i % 5 === 0 ? null : `/docs/page-${i}`,
        lastSearchedAt: new Date(base + i * 60_000).toISOString()
      }))
    },
    feedback: Array.from({ length: n.feedback }, (_, i) => ({
      .../** @type {import('../test/emulator/analytics-data.js').FeedbackRow} */ (feedbackTemplate[i % feedbackTemplate.length]),
      id: `fb_${i}`
    })),
    // The most pages the by-page endpoint returns.
    feedbackByPage: Array.from({ length: 100 }, (_, i) => ({
      .../** @type {import('../test/emulator/analytics-data.js').FeedbackByPageRow} */ (byPageTemplate[i % byPageTemplate.length]),
      path: `/docs/page-${i}`
    })),
    assistant: Array.from({ length: n.assistant }, (_, i) => ({
      .../** @type {import('../test/emulator/analytics-data.js').Conversation} */ (assistantTemplate[i % assistantTemplate.length]),
      id: ulid(base + i * 1000, random),
      timestamp: new Date(base + i * 1000).toISOString()
    }))
  }
}

/** The fewest requests the API allows for each section: its pages, and its one-off reads. @param {HealthSizes} n */
function healthMinimum(n) {
  const pages = (/** @type {number} */ rows, /** @type {number} */ limit) => Math.max(1, Math.ceil(rows / limit))
  // Each section also reads its comparison with the previous period: one more request.
  return {
    visitors: pages(n.visitors, HEALTH_LIMITS.visitors) + 1,
    views: pages(n.views, HEALTH_LIMITS.views) + 1,
    searches: pages(n.searches, HEALTH_LIMITS.searches) + 1,
    feedback: 1 + pages(n.feedback, HEALTH_LIMITS.feedback) + 1, // + the counts by page
    assistant: pages(n.assistant, HEALTH_LIMITS.assistant) + 1 + 1 // + who asked
  }
}

/** The section an analytics request belongs to: the endpoint after the project (feedback/by-page is feedback's, assistant/caller-stats the assistant's). @param {string} path */
const sectionOf = (path) => path.split('/')[4] ?? ''

async function healthReport() {
  /** @type {HealthSizes} */
  const n = quick
    ? { visitors: 500, views: 500, searches: 200, feedback: 150, assistant: 1500 }
    : { visitors: 2000, views: 2000, searches: 1000, feedback: 500, assistant: 3000 }
  const latencyMs = quick ? 20 : 50
  const reps = quick ? 1 : 3
  const emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 1_000_000 })
  const data = healthData(n)
  emu.setVisitors(data.visitors)
  emu.setViews(data.views)
  emu.setSearches(data.searches)
  emu.setFeedback(data.feedback)
  emu.setFeedbackByPage(data.feedbackByPage)
  emu.setAssistant(data.assistant)
  emu.fault({ path: '/v1/analytics/', kind: 'delay', delayMs: latencyMs, times: Infinity })
  /** @param {string} analytics */
  const inputs = (analytics) => ({
    apiKey: KEY,
    projectId: 'proj_docs',
    analytics,
    // Enough for every page: what is measured is the reading, not the budget.
    maxRequests: '100',
    dateFrom: '2026-11-01',
    dateTo: '2026-11-08',
    baseUrl: emu.url
  })
  /** @type {number[]} */
  const allWall = []
  /** @type {number[]} */
  const allPeak = []
  /** @type {Record<string, number[]>} */
  const requests = {}
  /** @type {Record<string, number[]>} */
  const alone = {}
  /** @type {number[]} */
  const sequential = []
  try {
    for (let rep = 0; rep < reps; rep++) {
      // Interleaved, so that a noisy moment hits both.
      const before = emu.requests.length
      const all = await measured(process.execPath, [BUNDLE], actionEnv(inputs('all'), tempDir()))
      if (all.code !== 0) throw new Error(`the docs health report failed (exit ${all.code ?? 'none'})`)
      allWall.push(all.wallMs)
      allPeak.push(all.peakKb)
      /** @type {Record<string, number>} */
      const counts = {}
      for (const r of emu.requests.slice(before)) counts[sectionOf(r.path)] = (counts[sectionOf(r.path)] ?? 0) + 1
      for (const section of HEALTH_SECTIONS) (requests[section] ??= []).push(counts[section] ?? 0)
      let sum = 0
      for (const section of HEALTH_SECTIONS) {
        const run = await measured(process.execPath, [BUNDLE], actionEnv(inputs(section), tempDir()))
        if (run.code !== 0) throw new Error(`the ${section} section alone failed (exit ${run.code ?? 'none'})`)
        ;(alone[section] ??= []).push(run.wallMs)
        sum += run.wallMs
      }
      sequential.push(sum)
    }
  } finally {
    await emu.close()
  }
  const minimum = healthMinimum(n)
  return {
    reps,
    latencyMs,
    sections: HEALTH_SECTIONS.map((section) => ({
      section,
      rows: n[section],
      requests: median(requests[section] ?? []),
      minimum: minimum[section],
      aloneMs: median(alone[section] ?? [])
    })),
    allMs: median(allWall),
    allPeakKb: median(allPeak),
    sequentialMs: median(sequential)
  }
}

// ---------------------------------------------------------------- report
function machine() {
  const cpu = cpus()[0]?.model ?? 'unknown CPU'
  const version = (/** @type {string} */ cmd, /** @type {string[]} */ args) => {
    try {
      return execFileSync(cmd, args, { encoding: 'utf8' }).split('\n')[0]?.trim() ?? ''
    } catch {
      return 'unknown'
    }
  }
  return `${cpu}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; node ${process.version}; ${version('curl', ['--version']).split(' ').slice(0, 2).join(' ')}; ${version('jq', ['--version'])}`
}

const mark = (/** @type {boolean} */ ok) => (ok ? 'met' : '**missed**')

const start = await startup()
const real = await detectionReal()
const simulated = await detectionSimulated()
const export_ = await analytics()
const health = await healthReport()

const lines = []
lines.push(`Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}${quick ? ' (quick mode)' : ''}.`, '')
lines.push(`### 1. Start-up (a run that fails input validation; median of ${start.runs}, interleaved with bare node)`, '')
lines.push(
  "| Runtime | `node -e ''` | action | overhead | target ≤ 80 ms | peak memory, bare → action |",
  '| --- | ---: | ---: | ---: | --- | ---: |'
)
for (const r of start.rows)
  lines.push(
    `| ${r.runtime} | ${ms(r.bareMs)} | ${ms(r.actionMs)} | ${ms(r.overheadMs)} | ${mark(r.overheadMs <= 80)} | ${mb(r.barePeakKb)} → ${mb(r.actionPeakKb)} |`
  )
lines.push('', `dist/index.js: ${(start.bundleBytes / 1024).toFixed(0)} KiB.`, '')
lines.push(`### 2. Detection of a finished job, real time (default pollIntervalSeconds 10; median of ${real[0]?.reps ?? 0})`, '')
lines.push(
  '| Job takes | Action: step ends after job start | lag after terminal | GETs | Script (5 s loop): ends after start | lag | GETs |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |'
)
for (const r of real)
  lines.push(
    `| ${r.sec} s | ${s1(r.action.total)} | ${s1(r.action.lag)} | ${r.action.gets} | ${s1(r.script.total)} | ${s1(r.script.lag)} | ${r.script.gets} |`
  )
const two = real.find((r) => r.sec === 2)
if (two)
  lines.push(
    '',
    `Target: a job terminal after 2 s is detected within 3 s: ${s1(two.action.total)} after its start, ${mark(two.action.total <= 3000)}.`
  )
lines.push(
  '',
  `### 2b. Detection, simulated clock (the action's own schedule from src/poll-schedule.ts; ${simulated[0]?.trials} jobs per row, each the given length plus 0–60 s)`,
  ''
)
lines.push(
  '| Job length | Action: mean lag | mean GETs | GETs per minute | 5 s loop: mean lag | mean GETs | GETs per minute | jobs where the action made more GETs than the loop |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'
)
for (const r of simulated)
  lines.push(
    `| ${r.min} min | ${s1(r.action.lag)} | ${r.action.gets.toFixed(1)} | ${r.action.perMin.toFixed(2)} | ${s1(r.loop.lag)} | ${r.loop.gets.toFixed(1)} | ${r.loop.perMin.toFixed(2)} | ${r.moreThanLoop} |`
  )
const long = simulated.filter((r) => r.min >= 10)
lines.push(
  '',
  `Targets for jobs of 10 minutes and more: mean lag ≤ 6 s ${mark(long.every((r) => r.action.lag <= 6000))}; ≤ 7 GETs per minute ${mark(long.every((r) => r.action.perMin <= 7))}; never more GETs than the 5 s loop ${mark(long.every((r) => r.moreThanLoop === 0))}.`
)
lines.push('', `### 3. Visitor analytics export (median of ${export_[0]?.reps ?? 0})`, '')
lines.push(
  '| Paths | Requests (minimum) | Action: wall | peak memory | Script: requests | wall | peak memory | script ÷ action wall |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'
)
for (const r of export_)
  lines.push(
    `| ${r.n.toLocaleString('en-US')} | ${r.action.requests} (${r.minimum}) | ${ms(r.action.wall)} | ${mb(r.action.peak)} | ${r.script.requests} | ${ms(r.script.wall)} | ${mb(r.script.peak)} | ${(r.script.wall / r.action.wall).toFixed(1)}× |`
  )
const big = export_.find((r) => r.n === 25_000)
lines.push(
  '',
  `Targets: exactly ceil(N/250) requests ${mark(export_.every((r) => r.action.requests === r.minimum))}; wall time at most half the script's ${mark(export_.every((r) => r.action.wall * 2 <= r.script.wall))}` +
    (big ? `; peak memory under 150 MB at 25 000 paths ${mark(big.action.peak < 150 * 1024)} (${mb(big.action.peak)})` : '') +
    '.'
)
const healthRequests = health.sections.reduce((sum, r) => sum + r.requests, 0)
const healthMinimumTotal = health.sections.reduce((sum, r) => sum + r.minimum, 0)
const longest = Math.max(...health.sections.map((r) => r.aloneMs))
// A run that fails input validation: the fixed cost of one more process of the bundle.
const startupMs = start.rows[0]?.actionMs ?? 0
const sequentialReads = health.sequentialMs - 4 * startupMs
lines.push(
  '',
  `### 4. Docs health report (\`analytics: all\`; ${health.latencyMs} ms on every analytics answer; median of ${health.reps})`,
  ''
)
lines.push('| Section | Rows | Requests (minimum) | The section alone: wall |', '| --- | ---: | ---: | ---: |')
for (const r of health.sections)
  lines.push(`| ${r.section} | ${r.rows.toLocaleString('en-US')} | ${r.requests} (${r.minimum}) | ${ms(r.aloneMs)} |`)
lines.push(
  `| **all** (3 sections at a time) | | **${healthRequests} (${healthMinimumTotal})** | **${ms(health.allMs)}** |`,
  '',
  `The same reads one section after another (5 runs, each with its own start-up): ${ms(health.sequentialMs)}, ` +
    `${(health.sequentialMs / health.allMs).toFixed(1)}× the full report; without the 4 extra start-ups (${ms(startupMs)} each: section 1's start-up, same run) ` +
    `${ms(sequentialReads)}, ${(sequentialReads / health.allMs).toFixed(1)}×. The full report takes ${(health.allMs / longest).toFixed(1)}× its longest section alone (${ms(longest)}). ` +
    `Peak memory of the full report: ${mb(health.allPeakKb)}.`,
  '',
  `Targets: requests at the minimum the API allows ${mark(health.sections.every((r) => r.requests === r.minimum))}; ` +
    `the full report faster than the sections one after another ${mark(health.allMs < health.sequentialMs)}.`
)
const table = lines.join('\n')
console.log(table)

if (!quick) {
  const file = join(ROOT, 'BENCHMARKS.md')
  const text = readFileSync(file, 'utf8')
  const [head, rest] = text.split('<!-- bench:start -->')
  const tail = rest?.split('<!-- bench:end -->')[1]
  if (head === undefined || tail === undefined) throw new Error('BENCHMARKS.md lacks the bench:start and bench:end markers')
  writeFileSync(file, `${head}<!-- bench:start -->\n${table}\n<!-- bench:end -->${tail}`)
  console.log('\nWritten to BENCHMARKS.md.')
}
