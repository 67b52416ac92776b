// @ts-check
// `npm run try -- <workflow.yml | .env> [options]`, or from any folder `node <clone>/scripts/try.mjs …`: runs a workflow that uses this action as the runner
// would, on this machine: the event it is triggered by, written to an event file (the first trigger
// of `on:`, or `--event name`), its jobs whose `if:` holds for that event, each combination of their
// matrix, and in them each step of this action, in order, with the step's own `with:`. The bundle
// (dist/index.js) is run for each as a step: its inputs as INPUT_ variables, action.yml's defaults
// for those the step does not give (githubToken's is the run's token), and no other: a misspelt
// input fails as on the runner. Expressions are evaluated by GitHub's own evaluator: a secret is the
// emulator's key (secrets.GITHUB_TOKEN and github.token are the run's token), a variable whose name
// ends in PROJECT_ID is the emulator's project, in PROJECT_IDS a JSON list of it, and any other is
// empty unless `--var NAME=value` gives it. The Mintlify API is the emulator (test/emulator/) and
// GitHub's API a fake of it (test/support/github-fake.js), both on 127.0.0.1: the emulator's URL
// stands for baseUrl. Steps that are not this action are not run; their outputs are empty unless
// `--output step.name=value` gives them. It prints each step's log, outputs and summary, and exits as
// the job did: 0 when every step passed, else the exit status of the step that failed.
// A .env file gives the INPUT_ variables of one step instead (with the emulator's key, project and URL).
// Paths are read from the folder the command was started in (INIT_CWD).
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parse } from 'yaml'
import { startEmulator } from '../test/emulator/emulator.js'
import { BUNDLE, runAction } from '../test/support/action.js'
import { startGitHubFake } from '../test/support/github-fake.js'
import { readerText } from '../test/support/render.js'
import { node24 } from '../test/support/runtimes.js'
import { setDemoData } from './demo-data.mjs'
import { actionName } from './rename.mjs'
import { buildEvent, DEFAULT_COMMENT, dispatchInputs, EVENTS, PERSON, REPOSITORY, tickFirstGap } from './try/events.mjs'
import { holds, interpolated } from './try/expressions.mjs'
import { startTokenProxy, tokenScopes } from './try/permissions.mjs'
import { matrixOf, readWorkflow, scalarText, usesAction } from './try/workflow.mjs'

const ROOT = resolve(import.meta.dirname, '..')
/** The emulator's key: the value of every secret but the token. */
export const KEY = 'mint_try_key'
/** The run's token, as the runner gives it (github.token, secrets.GITHUB_TOKEN): GitHub is the fake. */
export const TOKEN = 'ghs_tryRunToken0000000000000000000000'
export const PROJECT = 'proj_docs'
/** The label of the docs health issue (src/github/issues.ts). */
const HEALTH_LABEL = 'docs-health'
const USAGE = [
  'Usage: npm run try -- <workflow.yml | .env> [--event name] [--input name=value]… [--comment text]',
  '         (or node <clone>/scripts/try.mjs … from any folder)',
  '         [--var NAME=value]… [--output step.name=value]…'
].join('\n')

/**
 * The inputs of the action in root's action.yml: each name and its default, if it has one.
 * @param {string} [root]
 * @returns {Map<string, string | undefined>}
 */
export function actionDefaults(root = ROOT) {
  /** @type {unknown} */
  const parsed = parse(readFileSync(resolve(root, 'action.yml'), 'utf8'))
  const inputs = /** @type {{ inputs?: Record<string, { default?: unknown }> }} */ (parsed).inputs ?? {}
  return new Map(Object.entries(inputs).map(([name, input]) => [name, input.default === undefined ? undefined : scalarText(input.default)]))
}

/**
 * The INPUT_ values the runner gives a step of the action: each key of its `with:` (expressions
 * evaluated), then action.yml's default (evaluated too) of every input the step does not give, and
 * nothing else. The emulator's URL stands for baseUrl. `unexpected` names the keys that are no input
 * of the action, of which the runner warns (and which it passes all the same).
 * @param {Readonly<Record<string, unknown>>} given the step's `with:`
 * @param {Map<string, string | undefined>} defaults
 * @param {Record<string, unknown>} contexts
 * @param {string} serviceUrl
 */
export function stepInputs(given, defaults, contexts, serviceUrl) {
  /** @type {Record<string, string>} */
  const inputs = {}
  for (const [key, value] of Object.entries(given)) {
    inputs[key] = typeof value === 'string' ? interpolated(value, contexts) : scalarText(value)
  }
  const lower = (/** @type {string} */ name) => name.toLowerCase()
  const givenNames = new Set(Object.keys(inputs).map(lower))
  for (const [name, fallback] of defaults) {
    if (fallback !== undefined && !givenNames.has(lower(name))) inputs[name] = interpolated(fallback, contexts)
  }
  for (const key of Object.keys(inputs)) if (lower(key) === 'baseurl') inputs[key] = serviceUrl
  const known = new Set([...defaults.keys()].map(lower))
  return { inputs, unexpected: Object.keys(given).filter((key) => !known.has(lower(key))) }
}

/**
 * The value of each secret and variable a workflow names: a secret is the emulator's key (GITHUB_TOKEN
 * the run's token); a variable is `vars` given, else the emulator's project for a name ending in
 * PROJECT_ID, a JSON list of it for PROJECT_IDS, else empty (and named in `empty`).
 * @param {string} text the workflow
 * @param {Readonly<Record<string, string>>} vars
 */
export function secretsAndVars(text, vars) {
  /** @type {Record<string, string>} */
  const secrets = {}
  /** @type {Record<string, string>} */
  const variables = {}
  /** @type {string[]} */
  const empty = []
  for (const [, kind, name = ''] of text.matchAll(/\b(secrets|vars)\.([A-Za-z_][A-Za-z0-9_]*)/g)) {
    if (kind === 'secrets') secrets[name] = name.toUpperCase() === 'GITHUB_TOKEN' ? TOKEN : KEY
    else if (name in variables) continue
    else if (name in vars) variables[name] = vars[name] ?? ''
    else if (/PROJECT_IDS$/i.test(name)) variables[name] = JSON.stringify([PROJECT])
    else if (/PROJECT_ID$/i.test(name)) variables[name] = PROJECT
    else {
      variables[name] = ''
      empty.push(name)
    }
  }
  return { secrets, vars: variables, empty }
}

/**
 * The INPUT_ variables of a .env file, as input names (lower case, as the runner's names are matched).
 * @param {string} text
 */
export function envInputs(text) {
  /** @type {Record<string, string>} */
  const inputs = {}
  for (const line of text.split('\n')) {
    const match = /^INPUT_([A-Z0-9_]+)=(.*)$/.exec(line.trim())
    if (match) inputs[(match[1] ?? '').toLowerCase()] = match[2] ?? ''
  }
  return inputs
}

/**
 * The options after the file: `--name value` pairs, those of `name=value` form (input, var, output)
 * gathered by name.
 * @param {readonly string[]} args
 */
export function readOptions(args) {
  /** @type {{ file?: string, event?: string, comment?: string, input: Record<string, string>, var: Record<string, string>, output: Record<string, string>, unknown: string[] }} */
  const options = { input: {}, var: {}, output: {}, unknown: [] }
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? ''
    if (!arg.startsWith('--')) {
      if (options.file === undefined) options.file = arg
      else options.unknown.push(arg)
      continue
    }
    const option = arg.slice(2)
    const value = args[++i]
    if (value === undefined) options.unknown.push(arg)
    else if (option === 'event' || option === 'comment') options[option] = value
    else if (option === 'input' || option === 'var' || option === 'output') {
      const [name = '', ...rest] = value.split('=')
      if (name === '' || rest.length === 0) options.unknown.push(`${arg} ${value}`)
      else options[option][name] = rest.join('=')
    } else options.unknown.push(arg)
  }
  return options
}

/** The lines of a step's log a reader needs: no debug lines, no masks. @param {string} stdout */
const shownLog = (stdout) =>
  stdout
    .split('\n')
    .filter((line) => !line.startsWith('::debug::') && !line.startsWith('::add-mask::'))
    .join('\n')

/**
 * Runs the bundle as one step and prints what the runner would show of it.
 * @param {{ inputs: Record<string, string>, env: Record<string, string>, event?: { name: string, payload: unknown }, node: string, quiet?: boolean }} step
 */
async function runStep({ inputs, env, event, node, quiet = false }) {
  const run = await runAction({ inputs, node, env, ...(event === undefined ? {} : { event }) })
  if (!quiet) {
    console.log('--- log ---')
    process.stdout.write(shownLog(run.stdout))
    if (run.stderr.trim() !== '') process.stdout.write(run.stderr)
    console.log('--- outputs ---')
    for (const [output, value] of Object.entries(run.outputs)) console.log(`  ${output} = ${value}`)
    console.log('--- job summary, as GitHub shows it ---')
    console.log(readerText(run.summary))
  }
  console.log(`--- the step ${run.code === 0 ? 'passed' : 'failed'} (exit status ${run.code ?? 'none'}) ---`)
  return run
}

/**
 * @typedef {object} Tried
 * @property {string} file as the user named it
 * @property {string} text the workflow
 * @property {string} name this action's owner/name
 * @property {string} eventName
 * @property {ReturnType<typeof readOptions>} options
 * @property {Awaited<ReturnType<typeof startGitHubFake>>} github
 * @property {Awaited<ReturnType<typeof startTokenProxy>>} token GitHub's API as the run's token reaches it
 * @property {(scopes: import('./try/permissions.mjs').Scopes) => void} grant sets the token's scopes for the job
 * @property {string} serviceUrl
 * @property {string} node
 * @property {boolean} [quiet] print each step's last line only
 */

/**
 * Runs the jobs of a workflow for one event; returns the exit status of the first step that failed,
 * or 0.
 * @param {Tried} tried
 * @param {{ number: number, title: string, body: string, before: string, labels: string[] }} [issue] the issue an `issues` event names
 */
async function runWorkflow(tried, issue) {
  const workflow = readWorkflow(tried.text)
  const settings = workflow.triggers.get(tried.eventName) ?? {}
  const event = buildEvent(
    tried.eventName,
    settings,
    { inputs: tried.options.input, comment: tried.options.comment ?? DEFAULT_COMMENT, ...(issue ? { issue } : {}) },
    tried.github
  )
  const { secrets, vars } = secretsAndVars(tried.text, tried.options.var)
  const defaults = actionDefaults()
  let status = 0
  let ran = 0
  for (const job of workflow.jobs) {
    if (!job.steps.some((step) => usesAction(step, tried.name))) continue
    /** @type {Record<string, unknown>} */
    const github = {
      event_name: event.name,
      event: event.payload,
      token: TOKEN,
      repository: REPOSITORY,
      repository_owner: REPOSITORY.split('/')[0],
      sha: event.sha,
      ref: event.ref,
      ref_name: event.ref.replace(/^refs\/(heads|tags)\//, ''),
      run_id: '1',
      run_number: '1',
      run_attempt: '1',
      actor: PERSON,
      triggering_actor: PERSON,
      job: job.id,
      server_url: 'https://github.com',
      api_url: tried.token.url
    }
    const scopes = tokenScopes(job.permissions, workflow.permissions)
    tried.grant(scopes)
    const inputs = event.name === 'workflow_dispatch' ? dispatchInputs(settings, tried.options.input).context : {}
    /** @type {Record<string, unknown>} */
    const base = {
      github,
      inputs,
      secrets,
      vars,
      matrix: {},
      steps: {},
      env: {},
      runner: { os: 'Linux', arch: 'X64' },
      job: { status: 'success' },
      strategy: {},
      needs: {}
    }
    if (!holds(job.if, base, false)) {
      console.log(`Job ${job.id}: skipped, as its if: is false for this ${event.name} event.`)
      continue
    }
    for (const matrix of matrixOf(job, base)) {
      /** @type {Record<string, { outputs: Record<string, string>, outcome: string, conclusion: string }>} */
      const steps = {}
      let failed = false
      const shown = Object.keys(matrix).length === 0 ? '' : ` (matrix ${JSON.stringify(matrix)})`
      for (const [index, step] of job.steps.entries()) {
        const contexts = { ...base, matrix, steps, job: { status: failed ? 'failure' : 'success' } }
        const id = step.id ?? `__step${index + 1}`
        const label = `job ${job.id}${shown}, step ${index + 1}${step.id ? ` (${step.id})` : ''}`
        if (!usesAction(step, tried.name)) {
          const outputs = Object.fromEntries(
            Object.entries(tried.options.output)
              .filter(([key]) => key.startsWith(`${id}.`))
              .map(([key, value]) => [key.slice(id.length + 1), value])
          )
          steps[id] = { outputs, outcome: 'success', conclusion: 'success' }
          if (!tried.quiet) {
            const given =
              Object.keys(outputs).length === 0 ? 'its outputs are empty' : `its outputs as given: ${Object.keys(outputs).join(', ')}`
            console.log(`=== ${label}: ${step.uses ?? step.name ?? 'a run: script'}: not run here (${given}).`)
          }
          continue
        }
        if (!holds(step.if, contexts, failed)) {
          steps[id] = { outputs: {}, outcome: 'skipped', conclusion: 'skipped' }
          console.log(`=== ${label}: skipped, as its if: is false.`)
          continue
        }
        const { inputs: stepInput, unexpected } = stepInputs(step.with ?? {}, defaults, contexts, tried.serviceUrl)
        console.log(`=== ${label}: ${tried.name}, on the ${event.name} event`)
        if (index === job.steps.findIndex((s) => usesAction(s, tried.name)) && !tried.quiet) {
          const granted = Object.entries(scopes).filter(([, level]) => level !== 'none')
          console.log(
            `The run's token: ${granted.map(([scope, level]) => `${scope}: ${level}`).join(', ') || 'no permission'} (metadata: read).`
          )
        }
        const refusedBefore = tried.token.refused.length
        if (unexpected.length > 0) {
          const valid = [...defaults.keys()].map((n) => `'${n}'`).join(', ')
          console.log(`Warning: Unexpected input(s) ${unexpected.map((n) => `'${n}'`).join(', ')}, valid inputs are [${valid}]`)
        }
        const run = await runStep({
          inputs: stepInput,
          node: tried.node,
          quiet: tried.quiet ?? false,
          event: { name: event.name, payload: event.payload },
          env: {
            GITHUB_REPOSITORY: REPOSITORY,
            GITHUB_API_URL: tried.token.url,
            GITHUB_SHA: event.sha,
            GITHUB_REF: event.ref,
            GITHUB_RUN_ATTEMPT: '1',
            GITHUB_ACTOR: PERSON,
            GITHUB_JOB: job.id,
            GITHUB_WORKFLOW: tried.file
          }
        })
        ran++
        const refused = tried.token.refused.slice(refusedBefore)
        if (refused.length > 0) console.log(`GitHub refused the token (its permissions): ${[...new Set(refused)].join(', ')}`)
        const outcome = run.code === 0 ? 'success' : 'failure'
        steps[id] = { outputs: run.outputs, outcome, conclusion: outcome }
        if (run.code !== 0 && !failed) {
          failed = true
          if (status === 0) status = run.code ?? 1
        }
      }
    }
  }
  if (ran === 0) console.log(`No step of ${tried.name} ran on this ${event.name} event.`)
  return status
}

/**
 * Before an `issues` event: a scheduled run (or a dispatched one), as the one that wrote the docs
 * health issue a week before; then the issue with its first gap ticked, as a person ticks it. Undefined
 * when the workflow has no such trigger or the run opened no docs health issue.
 * @param {Tried} tried
 */
async function tickedIssue(tried) {
  const workflow = readWorkflow(tried.text)
  const first = ['schedule', 'workflow_dispatch'].find((name) => workflow.triggers.has(name))
  if (first === undefined) return undefined
  console.log(`First a ${first} run, which writes the docs health issue (its log left out):`)
  await runWorkflow({ ...tried, eventName: first, quiet: true })
  const issue = tried.github.issues.filter((i) => i.labels.includes(HEALTH_LABEL)).at(-1)
  if (issue === undefined) return undefined
  const before = issue.body
  issue.body = tickFirstGap(before)
  console.log(
    issue.body === before
      ? `The docs health issue #${issue.number} lists no gap to tick: it is edited as it is.`
      : `${PERSON} ticks the first gap of the docs health issue #${issue.number}.`
  )
  return { number: issue.number, title: issue.title, body: issue.body, before, labels: issue.labels }
}

/**
 * The node that runs the bundle: Node 24, as the runner's, when it is here.
 * @returns {string}
 */
function nodeForSteps() {
  try {
    return node24()
  } catch {
    console.log(`Node 24 was not found (node test/support/fetch-node24.mjs fetches it): running under ${process.version}.`)
    return process.execPath
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const args = process.argv.slice(2)
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE)
    process.exit(0)
  }
  const options = readOptions(args)
  const base = process.env.INIT_CWD ?? process.cwd()
  const file = options.file
  if (file === undefined || options.unknown.length > 0) {
    if (options.unknown.length > 0) console.error(`Not understood: ${options.unknown.join(' ')}`)
    console.error(USAGE)
    process.exit(2)
  }
  const path = resolve(base, file)
  if (!existsSync(path)) {
    console.error(`${file}: no such file (looked for ${path}; paths are read from the folder the command was started in)`)
    console.error(USAGE)
    process.exit(2)
  }
  if (!existsSync(BUNDLE)) {
    console.error('dist/index.js is missing: run `npm run build` first.')
    process.exit(2)
  }
  const name = actionName(JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')))
  const text = readFileSync(path, 'utf8')
  const yaml = /\.ya?ml$/.test(file)
  /** @type {string | undefined} */
  let eventName
  if (yaml) {
    const workflow = readWorkflow(text)
    if (!workflow.jobs.some((job) => job.steps.some((step) => usesAction(step, name)))) {
      console.error(`${file} has no step that uses ${name}.`)
      process.exit(2)
    }
    const triggers = [...workflow.triggers.keys()]
    eventName = options.event ?? triggers.find((trigger) => EVENTS.includes(trigger))
    if (eventName === undefined || !EVENTS.includes(eventName) || !workflow.triggers.has(eventName)) {
      const usable = triggers.filter((trigger) => EVENTS.includes(trigger))
      console.error(
        `${file} is triggered by ${triggers.join(', ') || 'nothing'}; npm run try builds ${EVENTS.join(', ')}` +
          (usable.length > 0 ? `: pass --event with one of ${usable.join(', ')}.` : '.')
      )
      process.exit(2)
    }
  }

  const emulator = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
  const github = await startGitHubFake()
  let scopes = tokenScopes(undefined, undefined)
  const token = await startTokenProxy(github.url, () => scopes)
  const day = (/** @type {number} */ daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
  setDemoData(emulator, { dateFrom: day(7), dateTo: day(0) })
  emulator.setDefaultPlan({ finishAfterMs: 1000, prLink: 'https://github.com/acme/docs/pull/42' })
  const node = nodeForSteps()
  try {
    if (yaml && eventName !== undefined) {
      console.log(
        `${file}: the steps of ${name} on a ${eventName} event in ${REPOSITORY}, on the emulator at ${emulator.url} ` +
          `(secrets are its key; project ${PROJECT}) and a fake of GitHub's API at ${github.url} (the run's token is a fake one).`
      )
      const empty = secretsAndVars(text, options.var).empty
      if (empty.length > 0) console.log(`Empty here (pass --var NAME=value): ${empty.map((n) => `vars.${n}`).join(', ')}`)
      /** @type {Tried} */
      const tried = {
        file,
        text,
        name,
        eventName,
        options,
        github,
        token,
        grant: (granted) => {
          scopes = granted
        },
        serviceUrl: emulator.url,
        node
      }
      const issue = eventName === 'issues' ? await tickedIssue(tried) : undefined
      const status = await runWorkflow(tried, issue)
      console.log(`--- the job ${status === 0 ? 'passed' : 'failed'} (exit status ${status}) ---`)
      process.exitCode = status
    } else {
      // A .env file: its INPUT_ variables and the --input values, with the emulator's key, project and URL.
      const replaced = ['apikey', 'projectid', 'baseurl']
      const inputs = {
        ...Object.fromEntries(
          Object.entries({ ...envInputs(text), ...options.input }).filter(([key]) => !replaced.includes(key.toLowerCase()))
        ),
        apiKey: KEY,
        projectId: PROJECT,
        baseUrl: emulator.url
      }
      console.log(`${file}: its inputs, on the emulator at ${emulator.url} (its key, project ${PROJECT}).`)
      const run = await runStep({ inputs, node, env: { GITHUB_REPOSITORY: REPOSITORY, GITHUB_API_URL: github.url } })
      process.exitCode = run.code ?? 1
    }
  } finally {
    await token.close()
    await github.close()
    await emulator.close()
  }
}
