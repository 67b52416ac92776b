// Tests what the runner says of the run (src/github/runner.ts): the repository split once, the event
// payload read once from GITHUB_EVENT_PATH (a payload that is missing, unreadable or not JSON is none,
// with why), the server and API, and the run's id, attempt and commit.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { payloadObject, readRunner, repositoryOf } from '../../../src/github/runner.js'

// The real readFile, watched: a run without an event path must not try to read one.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  return { ...actual, readFile: vi.fn(actual.readFile) }
})

describe('repositoryOf', () => {
  it('splits owner/name, and names no repository for anything else', () => {
    expect(repositoryOf('acme/docs')).toEqual({ owner: 'acme', name: 'docs' })
    for (const text of ['', 'acme', 'acme/', '/docs']) expect(repositoryOf(text)).toBeUndefined()
  })
})

describe('payloadObject', () => {
  it('gives a JSON object as it is, and nothing for null, an array or a value', () => {
    const object = { action: 'opened' }
    expect(payloadObject(object)).toBe(object)
    for (const value of [null, undefined, [], [object], 'opened', 7, true]) expect(payloadObject(value)).toBeUndefined()
  })
})

describe('readRunner', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'runner-test-'))
    vi.mocked(readFile).mockClear()
  })
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  function eventFile(content: string): string {
    const path = join(dir, 'event.json')
    writeFileSync(path, content)
    return path
  }

  it('reads the payload at GITHUB_EVENT_PATH once, as UTF-8 text', async () => {
    const path = eventFile('{"repository":{"private":true}}')
    const runner = await readRunner({ GITHUB_EVENT_PATH: path, GITHUB_EVENT_NAME: 'push' })
    expect(runner.payload).toEqual({ repository: { private: true } })
    expect(runner.eventName).toBe('push')
    expect(runner.payloadError).toBeUndefined()
    expect(readFile).toHaveBeenCalledTimes(1)
    expect(readFile).toHaveBeenCalledWith(path, 'utf8')
  })

  it('reads process.env unless told', async () => {
    vi.stubEnv('GITHUB_EVENT_PATH', eventFile('{"action":"opened"}'))
    vi.stubEnv('GITHUB_REPOSITORY', 'acme/docs')
    const runner = await readRunner()
    expect(runner.payload).toEqual({ action: 'opened' })
    expect(runner.repository).toEqual({ owner: 'acme', name: 'docs' })
  })

  it('has no payload, and says why, when it is missing, unreadable or not JSON', async () => {
    const missing = await readRunner({ GITHUB_EVENT_PATH: join(dir, 'missing.json') })
    expect(missing.payload).toBeUndefined()
    expect(missing.payloadError).toMatch(/ENOENT/)
    const folder = join(dir, 'folder')
    mkdirSync(folder)
    expect((await readRunner({ GITHUB_EVENT_PATH: folder })).payload).toBeUndefined()
    const cut = await readRunner({ GITHUB_EVENT_PATH: eventFile('{"repository":{"private":true}') })
    expect(cut.payload).toBeUndefined()
    expect(cut.payloadError).toMatch(/JSON/)
    expect((await readRunner({ GITHUB_EVENT_PATH: eventFile('') })).payload).toBeUndefined()
  })

  it('reads nothing without GITHUB_EVENT_PATH, and says nothing is wrong', async () => {
    for (const env of [{}, { GITHUB_EVENT_PATH: '' }]) {
      const runner = await readRunner(env)
      expect(runner.payload).toBeUndefined()
      expect(runner.payloadError).toBeUndefined()
    }
    expect(readFile).not.toHaveBeenCalled()
  })

  it('gives the repository as written, split when it is owner/name', async () => {
    expect(await readRunner({ GITHUB_REPOSITORY: 'acme/docs' })).toMatchObject({
      repositoryText: 'acme/docs',
      repository: { owner: 'acme', name: 'docs' }
    })
    const none = await readRunner({ GITHUB_REPOSITORY: 'acme' })
    expect(none.repositoryText).toBe('acme')
    expect(none.repository).toBeUndefined()
    expect((await readRunner({})).repositoryText).toBe('')
  })

  it('gives the server, the API, the run link, id and commit, and GitHub’s own where the runner names none', async () => {
    const runner = await readRunner({
      GITHUB_REPOSITORY: 'acme/docs',
      GITHUB_SERVER_URL: 'https://ghe.example.com/',
      GITHUB_API_URL: 'https://ghe.example.com/api/v3',
      GITHUB_RUN_ID: '77',
      GITHUB_SHA: 'abc'
    })
    expect(runner).toMatchObject({
      server: 'https://ghe.example.com',
      apiUrl: 'https://ghe.example.com/api/v3',
      runUrl: 'https://ghe.example.com/acme/docs/actions/runs/77',
      runId: '77',
      sha: 'abc'
    })
    const bare = await readRunner({ GITHUB_RUN_ID: '' })
    expect(bare).toMatchObject({ server: 'https://github.com', apiUrl: 'https://api.github.com' })
    expect(bare.runId).toBeUndefined()
    expect(bare.runUrl).toBeUndefined()
  })

  it('has a field for each thing the runner gives, and none for what it leaves unset or empty', async () => {
    const path = eventFile('{"action":"opened"}')
    expect(
      await readRunner({
        GITHUB_REPOSITORY: 'acme/docs',
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: path,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_RUN_ID: '77',
        GITHUB_RUN_ATTEMPT: '2',
        GITHUB_SHA: 'abc',
        GITHUB_WORKSPACE: '/home/runner/work/docs/docs',
        GITHUB_REPOSITORY_ID: '4242'
      })
    ).toStrictEqual({
      repositoryText: 'acme/docs',
      repository: { owner: 'acme', name: 'docs' },
      repositoryId: '4242',
      eventName: 'pull_request',
      payload: { action: 'opened' },
      server: 'https://github.com',
      apiUrl: 'https://api.github.com',
      runUrl: 'https://github.com/acme/docs/actions/runs/77',
      runId: '77',
      runAttempt: 2,
      sha: 'abc',
      workspace: '/home/runner/work/docs/docs'
    })
    const empty = {
      repositoryText: '',
      eventName: '',
      payload: undefined,
      server: 'https://github.com',
      apiUrl: 'https://api.github.com',
      runAttempt: 1
    }
    expect(await readRunner({})).toStrictEqual(empty)
    expect(
      await readRunner({
        GITHUB_EVENT_PATH: '',
        GITHUB_API_URL: '',
        GITHUB_RUN_ID: '',
        GITHUB_RUN_ATTEMPT: '',
        GITHUB_SHA: '',
        GITHUB_WORKSPACE: ''
      })
    ).toStrictEqual(empty)
  })

  it("takes the repository's id only when it is digits", async () => {
    expect((await readRunner({ GITHUB_REPOSITORY_ID: '1' })).repositoryId).toBe('1')
    expect((await readRunner({ GITHUB_REPOSITORY_ID: '12345678901234567890' })).repositoryId).toBe('12345678901234567890')
    for (const value of [undefined, '', '123456789012345678901', '42a', 'a42', ' 42', '4 2', '-1'])
      expect((await readRunner({ GITHUB_REPOSITORY_ID: value })).repositoryId).toBeUndefined()
  })

  it('reads the attempt of the run', async () => {
    expect((await readRunner({ GITHUB_RUN_ATTEMPT: '1' })).runAttempt).toBe(1)
    expect((await readRunner({ GITHUB_RUN_ATTEMPT: '3' })).runAttempt).toBe(3)
  })

  it('takes the first attempt when the attempt is missing or not a whole number above 0', async () => {
    for (const value of [undefined, '', '0', '-2', '1.5', 'two', 'Infinity'])
      expect((await readRunner({ GITHUB_RUN_ATTEMPT: value })).runAttempt).toBe(1)
  })
})
