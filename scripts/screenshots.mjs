// @ts-check
// Pictures of the job summary for the README and docs/report.md (docs/screenshots/*.png). Each variant runs the bundle
// (dist/index.js) against the emulator of the API, as a workflow step would; the docs health pictures
// are the scenarios the rendered first-screen tests read (test/support/screen-scenarios.js). Each
// summary or issue is rendered by GitHub's own renderer (cmark-gfm) and sanitized as GitHub does
// (test/support/rendered-page.js), laid out in GitHub's Markdown styles, and photographed by headless
// Chromium. Not part of CI or `npm test`: it needs Chromium (Debian's `chromium` package, or
// CHROMIUM=/path/to/chrome), cmark-gfm and, for the emoji, fonts-noto-color-emoji.
//
//   npm run screenshots                   every variant
//   npm run screenshots -- agent-pr ...   only these
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { startEmulator } from '../test/emulator/emulator.js'
import { BUNDLE, runAction } from '../test/support/action.js'
import { startGitHubFake } from '../test/support/github-fake.js'
import { framedPage, readerText } from '../test/support/render.js'
import { chromiumRun, findChromium as chromiumPath, githubHtml, missingTools } from '../test/support/rendered-page.js'
import * as scenarios from '../test/support/screen-scenarios.js'
import { siteTotals, trafficRows, weekBefore } from './demo-data.mjs'

const ROOT = resolve(import.meta.dirname, '..')
const OUT = join(ROOT, 'docs', 'screenshots')
const KEY = 'mint_screenshot_key'
// The width of a job summary on a run's page; the height is measured for each picture.
const WIDTH = 1012

/**
 * @typedef {import('../test/emulator/emulator.js').Emulator} Emulator
 * @typedef {object} Variant
 * @property {string} name the file name, without .png
 * @property {string} shows one line on what the picture shows
 * @property {string} job the workflow job's name, shown above the summary as GitHub does
 * @property {(emulator: Emulator) => void} [setUp] plans, faults and data for the emulator
 * @property {Record<string, string>} inputs the step's inputs, besides apiKey, projectId and baseUrl
 * @property {number} [width] the width of the page, WIDTH unless given (400 for a phone)
 * @property {number} [height] the height of the picture: the first screen only, instead of the whole page
 * @property {boolean} [issue] photograph the docs health issue of its scenario instead of the summary
 * @property {boolean} [comment] photograph the comment its scenario's last run posted on the docs health issue instead
 * @property {boolean} [change] run for a merged pull request whose change a fake GitHub serves (context: change)
 * @property {() => Promise<{ summary: string, issue: string, comments: string[] }>} [scenario] a docs health scenario of the
 *   first-screen tests, instead of one run: its summary is photographed, its issue with `issue`, or its comment with `comment`
 */

// One fixed week, so that the pictures do not change with the day they are made.
const WEEK = { dateFrom: '2026-11-09', dateTo: '2026-11-16' }

// The week before it, whose totals the comparison reads.
const WEEK_BEFORE = weekBefore(WEEK)

/** @type {Variant[]} */
const VARIANTS = [
  {
    name: 'agent-job-change',
    shows: 'an agent job sent a merged pull request as context; what was sent, collapsed',
    job: 'docs',
    change: true,
    setUp: (emulator) => {
      emulator.planJobs({ finishAfterMs: 1500, changesFiles: true, prLink: 'https://github.com/acme/docs/pull/57', ref: 'docs/retries' })
    },
    inputs: { prompt: 'Update the documentation for the code change below. Document only what users can see.' }
  },
  {
    name: 'agent-job-pull-request',
    shows: 'an agent job that completed with a pull request',
    job: 'docs',
    setUp: (emulator) => {
      emulator.planJobs({
        steps: [
          { afterMs: 0, status: 'active' },
          { afterMs: 2500, status: 'completed' }
        ],
        changesFiles: true,
        prLink: 'https://github.com/acme/docs/pull/42',
        ref: 'docs/dry-run-flag'
      })
    },
    inputs: { prompt: 'Document the new --dry-run flag of the CLI', pollIntervalSeconds: '1' }
  },
  {
    name: 'agent-job-timed-out',
    shows: 'an agent job still running at the deadline (timeoutMinutes), with what to do next',
    job: 'docs',
    setUp: (emulator) => {
      emulator.planJobs({ finishAfterMs: 600_000 })
    },
    inputs: { prompt: 'Rewrite the quickstart for the new CLI', timeoutMinutes: '0.05', pollIntervalSeconds: '1' }
  },
  {
    name: 'agent-job-failed',
    shows: 'an agent job that failed on the service',
    job: 'docs',
    setUp: (emulator) => {
      emulator.planJobs({ finishAfterMs: 1500, finalStatus: 'failed' })
    },
    inputs: { prompt: 'Document the billing API', pollIntervalSeconds: '1' }
  },
  {
    name: 'visitors-comparison',
    shows: 'the weekly visitor report, compared with the week before',
    job: 'report',
    setUp: (emulator) => {
      const rows = trafficRows(600)
      emulator.setVisitors({ totals: siteTotals(rows), rows })
      emulator.setVisitors({ totals: siteTotals(rows, { human: 1.09, ai: 0.82 }), rows: [] }, WEEK_BEFORE)
    },
    inputs: { analytics: 'visitors', topPages: '10', ...WEEK }
  },
  {
    name: 'visitors-partial',
    shows: 'a visitor export cut short by maxRequests, marked partial',
    job: 'report',
    setUp: (emulator) => {
      const rows = trafficRows(900)
      emulator.setVisitors({ totals: siteTotals(rows), rows })
      emulator.setVisitors({ totals: siteTotals(rows, { human: 0.96, ai: 0.9 }), rows: [] }, WEEK_BEFORE)
    },
    inputs: { analytics: 'visitors', maxRequests: '2', topPages: '5', ...WEEK }
  },
  {
    name: 'docs-health',
    shows: 'the docs health report of a week whose pages moved: the problem in readers\u2019 words, where to act, what changed',
    job: 'report',
    scenario: scenarios.movers,
    inputs: {}
  },
  {
    name: 'docs-health-phone',
    shows: 'the first screen of the docs health report on a phone (400 px)',
    job: 'report',
    width: 400,
    height: 1000,
    scenario: scenarios.movers,
    inputs: {}
  },
  {
    name: 'docs-health-fixed',
    shows: 'the first screen of a week in which a fix was proven: its numbers before \u2192 after',
    job: 'report',
    height: 1000,
    scenario: async () => (await scenarios.fixes()).realFix,
    inputs: {}
  },
  {
    name: 'docs-health-not-fixed',
    shows: 'the first screen of a week in which a fix did not work: its numbers, and where to ask again',
    job: 'report',
    height: 1000,
    scenario: async () => (await scenarios.fixes()).halfFix,
    inputs: {}
  },
  {
    name: 'docs-health-issue-verdict',
    shows: 'the first screen of the docs health issue in the week a fix was proven: the verdict at the top, the gaps with the agent',
    job: 'Docs health',
    issue: true,
    height: 1000,
    scenario: async () => (await scenarios.fixes()).realFix,
    inputs: {}
  },
  {
    name: 'docs-health-verdict-comment',
    shows:
      'the comment the run posts on the docs health issue in the week a fix was proven and another did not work, mentioning who ticked them',
    job: 'Docs health',
    comment: true,
    scenario: async () => (await scenarios.fixes()).realFix,
    inputs: {}
  },
  {
    name: 'docs-health-issue',
    shows:
      'the docs health issue after a tick: already under way, with the agent, gaps to tick, pages that moved, headlines with their trend',
    job: 'Docs health',
    issue: true,
    scenario: scenarios.tick,
    inputs: {}
  },
  {
    name: 'docs-health-issue-phone',
    shows: 'the first screen of the docs health issue on a phone (400 px): the problem, then the gaps to tick',
    job: 'Docs health',
    issue: true,
    width: 400,
    height: 1000,
    scenario: scenarios.movers,
    inputs: {}
  },
  {
    name: 'invalid-input',
    shows: 'a step with bad inputs, stopped before any request',
    job: 'docs',
    inputs: {
      prompt: 'Document the new --dry-run flag',
      timeoutMinutes: 'soon',
      failOn: 'failed,no_pr',
      dateFrom: '2026-13-01',
      analytics: 'views,serches'
    }
  }
]

/** Chromium and cmark-gfm, or a message and exit 1 when one is missing. */
function findChromium() {
  const missing = missingTools()
  const found = chromiumPath()
  if (missing.length > 0 || found === undefined) {
    console.error(
      `${missing.join(' and ')} not found: install them (Debian: apt-get install chromium cmark-gfm) or set CHROMIUM and CMARK_GFM.`
    )
    process.exit(1)
  }
  return found
}

/**
 * The height of the page laid out at WIDTH: the page records it on load, and Chromium prints the DOM.
 * @param {string} chromium @param {string} profile @param {string} page the page's HTML
 * @param {string} dir where to write the measuring copy @param {number} [width] the width to lay it out at
 */
function measure(chromium, profile, page, dir, width = WIDTH) {
  const file = join(dir, 'measure.html')
  const script = `<script>addEventListener('load', () => { document.body.dataset.height = String(Math.ceil(document.documentElement.getBoundingClientRect().height)) })</script>`
  writeFileSync(file, page.replace('</body>', `${script}\n</body>`))
  const dom = chromiumRun(chromium, profile, ['--virtual-time-budget=2000', `--window-size=${width},200`, '--dump-dom', `file://${file}`])
  const height = Number(/data-height="(\d+)"/.exec(dom)?.[1])
  if (!(height > 0)) throw new Error('Could not measure the page: Chromium printed no height')
  return height
}

/**
 * A run for a merged pull request, its change served by a fake GitHub on loopback: a few source files,
 * a lock file and a generated bundle among them.
 * @param {Record<string, string>} inputs
 */
async function changeRun(inputs) {
  const github = await startGitHubFake()
  try {
    const patch = (/** @type {string[]} */ lines) => `@@ -1,3 +1,${lines.length + 3} @@\n${lines.map((l) => `+${l}`).join('\n')}`
    const file = (/** @type {string} */ filename, /** @type {string | undefined} */ body, status = 'modified') => ({
      filename,
      status,
      additions: body === undefined ? 120 : body.split('\n').length - 1,
      deletions: 2,
      ...(body === undefined ? {} : { patch: body })
    })
    const retries = Array.from({ length: 400 }, (_, i) => `  // step ${i}: back off for attempt ${i % 5}`)
    github.setPullChange(214, {
      commits: [
        { sha: '4f1c2a9e0b7d6c5e4f3a2b1c0d9e8f7a6b5c4d3e', commit: { message: 'Add a retries option to the client' } },
        { sha: '9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b', commit: { message: 'Document the new option in the CLI help' } }
      ],
      files: [
        file(
          'src/client.ts',
          patch([
            'export interface ClientOptions {',
            '  /** Attempts after the first; 3 unless set. */',
            '  retries?: number',
            '}',
            ...retries
          ])
        ),
        file('src/cli/help.ts', patch(["  '--retries <n>  attempts after the first (default 3)',"])),
        file('package-lock.json', undefined),
        file('dist/index.js', undefined),
        file('src/legacy-retry.ts', undefined, 'removed')
      ]
    })
    const payload = {
      action: 'closed',
      number: 214,
      pull_request: {
        number: 214,
        title: 'Add a retries option to the client',
        body: 'Requests that fail with 429 or 5xx are tried again, three times by default.',
        html_url: 'https://github.com/acme/app/pull/214',
        user: { login: 'dev-person' },
        merged: true,
        merge_commit_sha: '0123456789abcdef0123456789abcdef01234567',
        base: { ref: 'main' },
        head: { ref: 'feat/retries', sha: '89abcdef0123456789abcdef0123456789abcdef', label: 'acme:feat/retries' }
      }
    }
    return await runAction({
      inputs: { ...inputs, githubToken: 'ghs_screenshot', context: 'change', contextBytes: '8000' },
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/app', GITHUB_RUN_ID: '201' },
      event: { name: 'pull_request', payload }
    })
  } finally {
    await github.close()
  }
}

/**
 * A scenario of the first-screen tests, as a run: its summary, or its issue in the summary's place.
 * @param {Variant} variant
 */
async function scenarioRun(variant) {
  const screen = await /** @type {NonNullable<Variant['scenario']>} */ (variant.scenario)()
  if (variant.comment && screen.comments.length !== 1)
    throw new Error(`${variant.name}: the scenario's last run posted ${screen.comments.length} comments on the docs health issue, not one`)
  const summary = variant.comment ? (screen.comments[0] ?? '') : variant.issue ? screen.issue : screen.summary
  return { summary, code: 0, stdout: '', stderr: '', dir: undefined }
}

/** @param {Variant} variant @param {string} chromium @param {string} work */
async function shoot(variant, chromium, work) {
  const emulator = await startEmulator({ keys: { [KEY]: {} } })
  /** @type {string | undefined} */
  let runDir
  try {
    variant.setUp?.(emulator)
    const inputs = { apiKey: KEY, projectId: 'proj_docs', baseUrl: emulator.url, ...variant.inputs }
    const run = variant.scenario ? await scenarioRun(variant) : variant.change ? await changeRun(inputs) : await runAction({ inputs })
    runDir = run.dir
    if (run.summary.trim() === '')
      throw new Error(`${variant.name}: the run wrote no summary (exit ${run.code}):\n${run.stdout}${run.stderr}`)
    if (run.summary.includes(KEY)) throw new Error(`${variant.name}: the summary shows the API key`)

    const page = framedPage(
      githubHtml(run.summary),
      variant.comment ? `${variant.job}: a comment` : variant.issue ? variant.job : `${variant.job} summary`
    )
    const dir = join(work, variant.name)
    mkdirSync(dir)
    const width = variant.width ?? WIDTH
    const height = variant.height ?? measure(chromium, join(dir, 'profile-measure'), page, dir, width)
    const file = join(dir, 'summary.html')
    writeFileSync(file, page)
    const png = join(OUT, `${variant.name}.png`)
    chromiumRun(chromium, join(dir, 'profile'), [`--window-size=${width},${height}`, `--screenshot=${png}`, `file://${file}`])
    console.log(`${relative(ROOT, png)} (${width}×${height}, exit ${run.code}): ${variant.shows}`)
    console.log(
      readerText(run.summary)
        .split('\n')
        .slice(0, 6)
        .map((line) => `    ${line}`)
        .join('\n')
    )
  } finally {
    await emulator.close()
    if (runDir !== undefined) rmSync(runDir, { recursive: true, force: true })
  }
}

const wanted = process.argv.slice(2)
const unknown = wanted.filter((name) => !VARIANTS.some((v) => v.name === name))
if (unknown.length > 0) {
  console.error(`No such variant: ${unknown.join(', ')}. The variants: ${VARIANTS.map((v) => v.name).join(', ')}.`)
  process.exit(1)
}
if (!existsSync(BUNDLE)) {
  console.error('dist/index.js is missing: run `npm run build` first.')
  process.exit(1)
}
const chromium = findChromium()
mkdirSync(OUT, { recursive: true })
const work = mkdtempSync(join(tmpdir(), 'summary-screenshots-'))
try {
  for (const variant of VARIANTS.filter((v) => wanted.length === 0 || wanted.includes(v.name))) await shoot(variant, chromium, work)
} finally {
  rmSync(work, { recursive: true, force: true })
}
