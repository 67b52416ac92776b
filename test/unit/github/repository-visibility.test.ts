// Tests the visibilities of a run (src/github/repository-visibility.ts): each repository asked of
// GitHub once and kept for the run; private only when GitHub says private; a request that fails, or a
// client that cannot be opened, taken for public and said once for each repository.
import { describe, expect, it } from 'vitest'
import { repositoryAt, Visibilities, type VisibilityClient } from '../../../src/github/repository-visibility.js'

const DOCS = { owner: 'acme', name: 'docs' }
const SITE = { owner: 'acme', name: 'site' }

/** A client that answers from `said` (a status error for a repository not in it), and counts what it is asked. */
function fakeClient(said: Record<string, 'public' | 'private' | 'internal'>) {
  const asked: string[] = []
  const client: VisibilityClient = {
    visibility: (owner, repo) => {
      asked.push(`${owner}/${repo}`)
      const visibility = said[`${owner}/${repo}`]
      return visibility ? Promise.resolve(visibility) : Promise.reject(Object.assign(new Error('Not Found'), { status: 404 }))
    }
  }
  return { client, asked }
}

describe('Visibilities', () => {
  it('asks GitHub once for each repository, however often it is asked', async () => {
    const { client, asked } = fakeClient({ 'acme/docs': 'private', 'acme/site': 'public' })
    const warned: string[] = []
    const visibilities = new Visibilities(
      () => Promise.resolve(client),
      (m) => warned.push(m)
    )
    const answers = await Promise.all([visibilities.of(DOCS), visibilities.of(DOCS), visibilities.isPrivate(DOCS), visibilities.of(SITE)])
    expect(answers).toEqual(['private', 'private', true, 'public'])
    expect(await visibilities.isPrivate(SITE)).toBe(false)
    expect(asked).toEqual(['acme/docs', 'acme/site'])
    expect(warned).toEqual([])
  })

  it('is private only where GitHub says private: internal and public are not', async () => {
    const { client } = fakeClient({ 'acme/docs': 'internal', 'acme/site': 'public' })
    const visibilities = new Visibilities(
      () => Promise.resolve(client),
      () => undefined
    )
    expect(await visibilities.isPrivate(DOCS)).toBe(false)
    expect(await visibilities.isPrivate(SITE)).toBe(false)
  })

  it('takes a repository GitHub does not answer for as public, and says so once', async () => {
    const { client, asked } = fakeClient({})
    const warned: string[] = []
    const visibilities = new Visibilities(
      () => Promise.resolve(client),
      (m) => warned.push(m)
    )
    expect(await visibilities.of(DOCS)).toBe('unknown')
    expect(await visibilities.isPrivate(DOCS)).toBe(false)
    expect(asked).toEqual(['acme/docs'])
    expect(warned).toEqual([
      "Could not ask GitHub whether acme/docs is private (HTTP 404): it is taken for public, and readers' words are kept out of what it shows."
    ])
  })

  it('takes a repository for public when the client cannot be opened, with the reason on one line', async () => {
    const warned: string[] = []
    const visibilities = new Visibilities(
      () => Promise.reject(new Error('the repository is unknown\n(GITHUB_REPOSITORY is "")')),
      (m) => warned.push(m)
    )
    expect(await visibilities.isPrivate(DOCS)).toBe(false)
    expect(warned).toEqual([
      'Could not ask GitHub whether acme/docs is private (the repository is unknown (GITHUB_REPOSITORY is "")): it is taken for public, and readers\' words are kept out of what it shows.'
    ])
  })
})

describe('repositoryAt', () => {
  const SERVER = 'https://github.com'
  it('names the repository of a URL on the run’s GitHub server, with or without .git', () => {
    expect(repositoryAt('https://github.com/acme/docs', SERVER)).toEqual({ owner: 'acme', name: 'docs' })
    expect(repositoryAt('https://github.com/acme/docs.git', SERVER)).toEqual({ owner: 'acme', name: 'docs' })
    expect(repositoryAt('https://github.com/acme/docs/', SERVER)).toEqual({ owner: 'acme', name: 'docs' })
    expect(repositoryAt('https://ghe.example.com/acme/my.docs', 'https://ghe.example.com')).toEqual({ owner: 'acme', name: 'my.docs' })
  })

  it('names none for another host, another shape, or nothing', () => {
    for (const source of [
      'https://github.com.evil.example/acme/docs',
      'http://github.com/acme/docs',
      'https://github.com/acme',
      'https://github.com/acme/docs/tree/main',
      'acme/docs',
      '',
      null,
      undefined
    ])
      expect(repositoryAt(source, SERVER), String(source)).toBeUndefined()
    expect(repositoryAt('https://github.com/acme/docs', 'not a server')).toBeUndefined()
  })
})
