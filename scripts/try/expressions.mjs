// @ts-check
// GitHub's expressions (`${{ … }}` and `if:`), evaluated by GitHub's own evaluator
// (@actions/expressions, the package GitHub's workflow parser uses), over the contexts `npm run try`
// gives a run: github, inputs, secrets, vars, matrix, steps, env, runner, job, strategy and needs, and
// the status functions success(), failure(), always() and cancelled().
import { data, Evaluator, Lexer, Parser } from '@actions/expressions'
import { truthy } from '@actions/expressions/result'

/** The contexts an expression may read. */
export const CONTEXTS = ['github', 'inputs', 'secrets', 'vars', 'matrix', 'steps', 'env', 'runner', 'job', 'strategy', 'needs']

/**
 * The status functions of a step's or a job's `if:`, given whether a step before it failed.
 * @param {boolean} failed
 * @returns {import('@actions/expressions/funcs/info').FunctionDefinition[]}
 */
function statusFunctions(failed) {
  /** @param {string} name @param {boolean} value */
  const fn = (name, value) => ({ name, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(value) })
  return [fn('success', !failed), fn('failure', failed), fn('always', true), fn('cancelled', false)]
}

/**
 * The value of one expression over `contexts`.
 * @param {string} expression without `${{ }}`
 * @param {Record<string, unknown>} contexts
 * @param {boolean} [failed] whether a step before it failed (for the status functions)
 * @returns {data.ExpressionData}
 */
function evaluate(expression, contexts, failed = false) {
  const functions = statusFunctions(failed)
  const { tokens } = new Lexer(expression).lex()
  const tree = new Parser(tokens, CONTEXTS, functions).parse()
  /** @type {unknown} */
  const revived = JSON.parse(JSON.stringify(contexts), data.reviver)
  const dictionary = /** @type {data.Dictionary} */ (revived)
  return new Evaluator(tree, dictionary, new Map(functions.map((f) => [f.name.toLowerCase(), f]))).evaluate()
}

/**
 * A value as the runner makes it a string: an object or array as its JSON, null as ''.
 * @param {data.ExpressionData} value
 */
function asText(value) {
  if (value.kind === data.Kind.Null) return ''
  if (value.kind === data.Kind.Array || value.kind === data.Kind.Dictionary) return JSON.stringify(value, data.replacer, 2)
  return value.coerceString()
}

/**
 * A `with:` value with each `${{ … }}` replaced by its value, as text.
 * @param {string} text
 * @param {Record<string, unknown>} contexts
 */
export function interpolated(text, contexts) {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, /** @type {string} */ expression) => asText(evaluate(expression.trim(), contexts)))
}

/**
 * A value that may be one whole expression (a matrix list such as `${{ fromJSON(vars.IDS) }}`), as
 * plain data: an array stays an array.
 * @param {unknown} value
 * @param {Record<string, unknown>} contexts
 * @returns {unknown}
 */
export function evaluatedValue(value, contexts) {
  if (typeof value !== 'string') return value
  const whole = /^\s*\$\{\{([\s\S]*?)\}\}\s*$/.exec(value)
  if (whole === null) return interpolated(value, contexts)
  /** @type {unknown} */
  const plain = JSON.parse(JSON.stringify(evaluate((whole[1] ?? '').trim(), contexts), data.replacer))
  return plain
}

/**
 * Whether an `if:` holds: none means success(); `${{ }}` around it is allowed, as the runner allows it.
 * @param {unknown} condition
 * @param {Record<string, unknown>} contexts
 * @param {boolean} failed whether a step before it failed
 */
export function holds(condition, contexts, failed) {
  if (condition === undefined || condition === null) return !failed
  if (typeof condition === 'boolean') return condition && !failed
  const text = typeof condition === 'string' ? condition.trim() : JSON.stringify(condition)
  const expression = /^\$\{\{([\s\S]*)\}\}$/.exec(text)?.[1]?.trim() ?? text
  // An `if:` with no status function in it is run as `success() && (…)`, as the runner does.
  const guarded = /\b(success|failure|always|cancelled)\s*\(/.test(expression) ? expression : `success() && (${expression})`
  return truthy(evaluate(guarded, contexts, failed))
}
