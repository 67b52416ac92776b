// Tests the link to the workflow run (src/github/run-link.ts) that the comment and the summary's
// footer give: built from the runner's environment, on the server the run is on, and only ever a
// plain http(s) URL.
import { describe, expect, it } from 'vitest'
import { githubServer, runLink } from '../../../src/github/run-link.js'

const env = { GITHUB_SERVER_URL: 'https://ghe.example.com', GITHUB_REPOSITORY: 'acme/docs', GITHUB_RUN_ID: '4242' }

describe('runLink', () => {
  it('links to the workflow run on the server the run is on', () => {
    expect(runLink(env)).toBe('https://ghe.example.com/acme/docs/actions/runs/4242')
    expect(runLink({ ...env, GITHUB_SERVER_URL: 'https://github.com' })).toBe('https://github.com/acme/docs/actions/runs/4242')
  })

  it('drops the slashes the server URL ends with, and only those', () => {
    expect(runLink({ ...env, GITHUB_SERVER_URL: 'https://ghe.example.com//' })).toBe('https://ghe.example.com/acme/docs/actions/runs/4242')
    expect(runLink({ ...env, GITHUB_SERVER_URL: 'https://ghe.example.com/git/' })).toBe(
      'https://ghe.example.com/git/acme/docs/actions/runs/4242'
    )
    expect(runLink({ ...env, GITHUB_SERVER_URL: 'https://ghe.example.com//git' })).toBe(
      'https://ghe.example.com//git/acme/docs/actions/runs/4242'
    )
  })

  it('gives no link when any part is missing or empty', () => {
    for (const name of ['GITHUB_SERVER_URL', 'GITHUB_REPOSITORY', 'GITHUB_RUN_ID']) {
      expect(runLink({ ...env, [name]: undefined })).toBeUndefined()
      expect(runLink({ ...env, [name]: '' })).toBeUndefined()
    }
    expect(runLink({})).toBeUndefined()
  })

  it('gives no link that is not a plain http(s) URL', () => {
    expect(runLink({ ...env, GITHUB_SERVER_URL: 'javascript:alert(1)//' })).toBeUndefined()
    expect(runLink({ ...env, GITHUB_SERVER_URL: 'https://user:pw@ghe.example.com' })).toBeUndefined()
    expect(runLink({ ...env, GITHUB_REPOSITORY: "acme/docs'$(id)" })).toBeUndefined()
    expect(runLink({ ...env, GITHUB_SERVER_URL: 'not a url' })).toBeUndefined()
  })
})

describe('githubServer', () => {
  it('is the origin of GITHUB_SERVER_URL', () => {
    expect(githubServer({ GITHUB_SERVER_URL: 'https://ghe.example.com' })).toBe('https://ghe.example.com')
    expect(githubServer({ GITHUB_SERVER_URL: 'https://GHE.example.com:8443/' })).toBe('https://ghe.example.com:8443')
    expect(githubServer({ GITHUB_SERVER_URL: 'http://ghe.local' })).toBe('http://ghe.local')
  })

  it('is github.com when GITHUB_SERVER_URL is missing, empty or not an http(s) URL', () => {
    for (const value of [undefined, '', 'ghe.example.com', 'javascript:alert(1)', 'https://evil.example/$(id)']) {
      expect(githubServer({ GITHUB_SERVER_URL: value })).toBe('https://github.com')
    }
  })
})
