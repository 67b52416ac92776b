// The documented local run (docs/development.md): the emulator started by hand, and the bundle run
// with .env.example's variables (`node --env-file=.env dist/index.js`), ends without a warning and
// never calls GitHub: GitHub's API is pointed at a closed port of 127.0.0.1, so that a call to it
// would end in a warning here.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { parse } from 'yaml'
import { runAction } from '../support/action.js'
import { runtimes } from '../support/runtimes.js'

const root = resolve(import.meta.dirname, '../..')

/** .env.example's variables, in order: NAME=value lines, comments and blank lines left out. */
const example = readFileSync(resolve(root, '.env.example'), 'utf8')
  .split('\n')
  .filter((line) => /^[A-Z_]+=/.test(line))
  .map((line): [string, string] => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])
const variables = new Map(example)

async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((done) => {
    server.close(() => {
      done()
    })
  })
  return port
}

describe('.env.example', () => {
  it('sets only inputs of action.yml, for the emulator as cli.js starts it', () => {
    const inputs = Object.keys((parse(readFileSync(resolve(root, 'action.yml'), 'utf8')) as { inputs: object }).inputs)
    const names = example.filter(([name]) => name.startsWith('INPUT_')).map(([name]) => name.slice('INPUT_'.length))
    for (const name of names)
      expect(
        inputs.map((input) => input.toUpperCase()),
        name
      ).toContain(name)
    expect(variables.get('INPUT_BASEURL')).toBe('http://127.0.0.1:8787')
    expect(readFileSync(resolve(root, 'test/emulator/cli.js'), 'utf8')).toMatch(/Number\(portArg \?\? 8787\)/)
  })

  it("keeps the run off GitHub: no token, and a repository other than the emulator's pull requests'", () => {
    expect(variables.get('INPUT_GITHUBTOKEN')).toBe('')
    expect(variables.get('GITHUB_REPOSITORY')).not.toBe('acme/docs')
  })
})

for (const { name: runtime, node } of runtimes()) {
  describe('the documented local run', () => {
    let emulator: ChildProcess
    let url = ''
    beforeAll(async () => {
      emulator = spawn(process.execPath, [resolve(root, 'test/emulator/cli.js'), '0'], { stdio: ['ignore', 'pipe', 'inherit'] })
      url = await new Promise<string>((done) => {
        let said = ''
        emulator.stdout?.on('data', (chunk: Buffer) => {
          said += chunk.toString()
          const found = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(said)?.[1]
          if (found !== undefined) done(found)
        })
      })
    })
    afterAll(() => {
      emulator.kill('SIGTERM')
    })

    it(`[${runtime}] ends without a warning, with the job's pull request and the whole report`, async () => {
      const env: Record<string, string> = Object.fromEntries(
        example.filter(([name]) => !['GITHUB_STEP_SUMMARY', 'RUNNER_TEMP'].includes(name))
      )
      env.INPUT_BASEURL = url
      env.GITHUB_API_URL = `http://127.0.0.1:${await closedPort()}`
      const run = await runAction({ node, onTestFinished, inputs: {}, env })
      const lines = run.stdout.split('\n')
      expect(lines.filter((line) => /^::(warning|error)/.test(line))).toEqual([])
      expect(run.code).toBe(0)
      expect(run.outputs).toMatchObject({ status: 'completed', pageCount: '120' })
      expect(run.outputs.prLink).toMatch(/^https:\/\/github\.com\/acme\/docs\/pull\/\d+$/)
    })
  })
}
