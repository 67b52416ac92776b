// Tests whether the run's repository counts as private (src/github/repository-visibility.ts): only a
// payload that says so makes it private; a payload that is missing, unreadable or not JSON counts as public.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isPrivateIn, repositoryIsPrivate } from '../../../src/github/repository-visibility.js'

// The real readFile, watched: a run without an event path must not try to read one.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  return { ...actual, readFile: vi.fn(actual.readFile) }
})

describe('isPrivateIn', () => {
  it('is true only when the payload’s repository says private: true', () => {
    expect(isPrivateIn({ repository: { private: true, name: 'docs' } })).toBe(true)
    expect(isPrivateIn({ repository: { private: false } })).toBe(false)
    expect(isPrivateIn({ repository: { private: 'true' } })).toBe(false)
    expect(isPrivateIn({ repository: { private: 1 } })).toBe(false)
    expect(isPrivateIn({ repository: {} })).toBe(false)
  })

  it('is false for an internal repository, which says private: true and visibility: internal', () => {
    expect(isPrivateIn({ repository: { private: true, visibility: 'internal' } })).toBe(false)
    expect(isPrivateIn({ repository: { private: true, visibility: 'public' } })).toBe(false)
    expect(isPrivateIn({ repository: { private: true, visibility: 'INTERNAL' } })).toBe(false)
    expect(isPrivateIn({ repository: { private: true, visibility: null } })).toBe(false)
    expect(isPrivateIn({ repository: { private: false, visibility: 'private' } })).toBe(false)
    expect(isPrivateIn({ repository: { private: true, visibility: 'private' } })).toBe(true)
  })

  it('is false for a payload without a repository object', () => {
    expect(isPrivateIn({})).toBe(false)
    expect(isPrivateIn({ private: true })).toBe(false)
    expect(isPrivateIn({ repository: null })).toBe(false)
    expect(isPrivateIn({ repository: 'private' })).toBe(false)
    expect(isPrivateIn({ repository: true })).toBe(false)
  })

  it('is false for a payload that is not an object', () => {
    expect(isPrivateIn(null)).toBe(false)
    expect(isPrivateIn(undefined)).toBe(false)
    expect(isPrivateIn('{"repository":{"private":true}}')).toBe(false)
    expect(isPrivateIn(1)).toBe(false)
    expect(isPrivateIn(true)).toBe(false)
  })

  it('takes no function for an object, payload or repository', () => {
    expect(isPrivateIn(Object.assign(() => undefined, { repository: { private: true } }))).toBe(false)
    expect(isPrivateIn({ repository: Object.assign(() => undefined, { private: true }) })).toBe(false)
  })
})

describe('repositoryIsPrivate', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'visibility-test-'))
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

  it('reads the payload at GITHUB_EVENT_PATH, as UTF-8 text', async () => {
    const path = eventFile('{"repository":{"private":true}}')
    expect(await repositoryIsPrivate({ GITHUB_EVENT_PATH: path })).toBe(true)
    expect(readFile).toHaveBeenCalledWith(path, 'utf8')
    expect(await repositoryIsPrivate({ GITHUB_EVENT_PATH: eventFile('{"repository":{"private":false}}') })).toBe(false)
    expect(await repositoryIsPrivate({ GITHUB_EVENT_PATH: eventFile('{"action":"opened"}') })).toBe(false)
  })

  it('reads process.env unless told', async () => {
    vi.stubEnv('GITHUB_EVENT_PATH', eventFile('{"repository":{"private":true}}'))
    expect(await repositoryIsPrivate()).toBe(true)
  })

  it('counts a payload that is missing, unreadable or not JSON as public', async () => {
    expect(await repositoryIsPrivate({ GITHUB_EVENT_PATH: join(dir, 'missing.json') })).toBe(false)
    const folder = join(dir, 'folder')
    mkdirSync(folder)
    expect(await repositoryIsPrivate({ GITHUB_EVENT_PATH: folder })).toBe(false)
    expect(await repositoryIsPrivate({ GITHUB_EVENT_PATH: eventFile('{"repository":{"private":true}') })).toBe(false)
    expect(await repositoryIsPrivate({ GITHUB_EVENT_PATH: eventFile('') })).toBe(false)
  })

  it('reads nothing, and counts the repository as public, without GITHUB_EVENT_PATH', async () => {
    expect(await repositoryIsPrivate({})).toBe(false)
    expect(await repositoryIsPrivate({ GITHUB_EVENT_PATH: '' })).toBe(false)
    expect(readFile).not.toHaveBeenCalled()
  })
})
