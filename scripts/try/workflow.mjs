// @ts-check
// A workflow as `npm run try` reads it: its triggers, its permissions, and its jobs with their
// matrices and steps. Only what a run of this action needs is read; the file is the user's and is read
// as data.
import { parse } from 'yaml'
import { evaluatedValue } from './expressions.mjs'

/**
 * @typedef {{ id?: string, name?: string, uses?: string, run?: string, if?: unknown, with?: Record<string, unknown> }} Step
 * @typedef {{ id: string, if?: unknown, permissions?: unknown, strategy?: { matrix?: unknown }, steps: Step[] }} Job
 * @typedef {{ triggers: Map<string, Record<string, unknown>>, permissions: unknown, jobs: Job[] }} Workflow
 */

/**
 * A YAML value as the runner passes it on as text: a string as it is, a number or boolean as written,
 * nothing as empty, a list or mapping as its JSON.
 * @param {unknown} value
 */
export function scalarText(value) {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value === null || value === undefined) return ''
  return JSON.stringify(value)
}

/** @param {unknown} value @returns {Record<string, unknown>} */
const record = (value) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? /** @type {Record<string, unknown>} */ (value) : {}

/**
 * The workflow's triggers (in the order written, each with its settings), permissions and jobs.
 * @param {string} text
 * @returns {Workflow}
 */
export function readWorkflow(text) {
  const workflow = record(parse(text))
  const on = workflow.on
  /** @type {Map<string, Record<string, unknown>>} */
  const triggers = new Map()
  if (typeof on === 'string') triggers.set(on, {})
  else if (Array.isArray(on)) for (const name of on) triggers.set(String(name), {})
  // A trigger's settings; a list (schedule's crons) as `entries`.
  else
    for (const [name, settings] of Object.entries(record(on)))
      triggers.set(name, Array.isArray(settings) ? { entries: settings } : record(settings))
  const jobs = Object.entries(record(workflow.jobs)).map(([id, value]) => {
    const job = record(value)
    const steps = Array.isArray(job.steps) ? job.steps.map((step) => /** @type {Step} */ (record(step))) : []
    return { ...job, id, steps }
  })
  return { triggers, permissions: workflow.permissions, jobs }
}

/**
 * Whether a step uses the action `name` (at any ref, or `./`).
 * @param {Step} step
 * @param {string} name
 */
export function usesAction(step, name) {
  const uses = typeof step.uses === 'string' ? step.uses.trim() : ''
  return uses === './' || uses === '.' || uses.toLowerCase().startsWith(`${name.toLowerCase()}@`)
}

/**
 * The combinations of a job's matrix, its lists evaluated (`${{ fromJSON(vars.IDS) }}`) over
 * `contexts`: one empty combination when the job has no matrix; `include` entries added, `exclude`
 * entries taken out.
 * @param {Job} job
 * @param {Record<string, unknown>} contexts
 * @returns {Record<string, unknown>[]}
 */
export function matrixOf(job, contexts) {
  const matrix = record(evaluatedValue(job.strategy?.matrix, contexts))
  /** @type {Record<string, unknown>[]} */
  let combinations = [{}]
  for (const [key, value] of Object.entries(matrix)) {
    if (key === 'include' || key === 'exclude') continue
    const values = evaluatedValue(value, contexts)
    /** @type {unknown[]} */
    const list = Array.isArray(values) ? values : [values]
    combinations = combinations.flatMap((combination) => list.map((item) => ({ ...combination, [key]: item })))
  }
  const excluded = Array.isArray(matrix.exclude) ? matrix.exclude.map(record) : []
  combinations = combinations.filter((combination) =>
    excluded.every((exclude) => Object.entries(exclude).some(([key, value]) => combination[key] !== value))
  )
  const included = Array.isArray(matrix.include) ? matrix.include.map(record) : []
  const listed = Object.keys(matrix).some((key) => key !== 'include' && key !== 'exclude')
  return listed || included.length === 0 ? [...combinations, ...included] : included
}
