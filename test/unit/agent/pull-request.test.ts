// What a prLink from the service is shown as: a pull request only on the run's GitHub server, at
// `/{owner}/{repo}/pull/{n}` exactly; any other http(s) URL as a plain link; anything else not at all.
import { describe, expect, it } from 'vitest'
import { pullRequestLink } from '../../../src/agent/pull-request.js'

const SERVER = 'https://github.com'

describe('pullRequestLink', () => {
  it('names a pull request on the run server by repository and number', () => {
    expect(pullRequestLink('https://github.com/acme/docs/pull/42', SERVER)).toEqual({
      url: 'https://github.com/acme/docs/pull/42',
      pullRequest: { repository: 'acme/docs', number: '42' }
    })
  })

  it('accepts the names GitHub allows: hyphens and underscores in owners, dots in repositories', () => {
    expect(pullRequestLink('https://github.com/my-org_x/docs.site-v2/pull/7', SERVER)?.pullRequest).toEqual({
      repository: 'my-org_x/docs.site-v2',
      number: '7'
    })
  })

  it('follows a GitHub Enterprise Server and no other host', () => {
    const url = 'https://git.corp.example/acme/docs/pull/3'
    expect(pullRequestLink(url, 'https://git.corp.example')?.pullRequest?.number).toBe('3')
    expect(pullRequestLink(url, SERVER)).toEqual({ url })
    expect(pullRequestLink('https://evil.example/acme/docs/pull/42', SERVER)).toEqual({ url: 'https://evil.example/acme/docs/pull/42' })
  })

  it.each([
    ['a longer path ending like one', 'https://github.com/x/acme/docs/pull/42'],
    ['a path going on after the number', 'https://github.com/acme/docs/pull/42/files'],
    ['a number starting with 0', 'https://github.com/acme/docs/pull/042'],
    ['an owner starting with a hyphen', 'https://github.com/-acme/docs/pull/42'],
    ['an issue, not a pull request', 'https://github.com/acme/docs/issues/42'],
    ['a parent segment', 'https://github.com/acme/../pull/42']
  ])('keeps %s as a plain link', (_case, value) => {
    const link = pullRequestLink(value, SERVER)
    expect(link?.pullRequest).toBeUndefined()
    expect(link?.url).toBeDefined()
  })

  it('drops what is not a plain http(s) URL, and an unusable server names no pull request', () => {
    expect(pullRequestLink('javascript:alert(1)', SERVER)).toBeUndefined()
    expect(pullRequestLink(undefined, SERVER)).toBeUndefined()
    expect(pullRequestLink('https://github.com/acme/docs/pull/42;id', SERVER)?.url).not.toContain(';')
    expect(pullRequestLink('https://github.com/acme/docs/pull/42', 'not a url')).toEqual({ url: 'https://github.com/acme/docs/pull/42' })
  })
})
