// Attacks how the docs health issue is found, through the real GitHub client's paging (not a fake of
// it): another app's copies of the marker, newer than the issue, fill the labelled pages, and the
// issue is still found, on the last short page or past the 500 labelled issues among the latest.
import { describe, expect, it } from 'vitest'
import type { Clock } from '../../../src/core/clock.js'
import { GitHubClient, RETRY } from '../../../src/github/client.js'
import { HealthIssues } from '../../../src/github/issues.js'

const MARKER = '<!-- docs-health:proj -->'
const clock: Clock = {
  now: () => 1_700_000_000_000,
  sleep: () => Promise.resolve(),
  timer: () => () => undefined,
  timeoutSignal: () => new AbortController().signal,
  exchange: (work) => work
}
const bot = (login: string) => ({ type: 'Bot', login })
const issue = (number: number, body: string, extra: Record<string, unknown> = {}) => ({
  number,
  title: `#${number}`,
  body,
  state: 'open',
  html_url: `http://127.0.0.1:1/acme/docs/issues/${number}`,
  user: bot('other-app[bot]'),
  ...extra
})

/**
 * The repository's issues: `copies` bot copies of the marker numbered above the action's #1, newest
 * first under the label; the latest by update as given. Every request's query is recorded.
 */
async function repoOf(copies: number, labelledHasOwn: boolean, latestOf: (own: object) => object[]) {
  const own = issue(1, `${MARKER} sealed`, { user: bot('github-actions[bot]') })
  const labelled = [
    ...Array.from({ length: copies }, (_, i) => issue(copies + 1 - i, `${MARKER} sealed by copy`)),
    ...(labelledHasOwn ? [own] : [])
  ]
  const latest = latestOf(own)
  const asked: string[] = []
  const fetch: typeof globalThis.fetch = (input) => {
    const url = new URL(input instanceof Request ? input.url : input)
    asked.push(url.search)
    const page = Number(url.searchParams.get('page') ?? '1')
    const data = url.searchParams.get('labels') === null ? latest : labelled.slice((page - 1) * 100, page * 100)
    // GitHub's Link header names the next labelled page while one follows.
    const next = new URL(url)
    next.searchParams.set('page', String(page + 1))
    const link: Record<string, string> =
      url.searchParams.get('labels') !== null && page * 100 < labelled.length ? { link: `<${next.href}>; rel="next"` } : {}
    return Promise.resolve(new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json', ...link } }))
  }
  const client = await GitHubClient.open({
    token: 'ghs_find0test',
    repository: { owner: 'acme', name: 'docs' },
    apiUrl: 'http://127.0.0.1:1',
    signal: new AbortController().signal,
    clock,
    fetch,
    retry: { ...RETRY, random: () => 0.5 }
  })
  // Only #1's seal verifies: a copied seal does not, as it is bound to its issue's number.
  const found = await new HealthIssues(client, new AbortController().signal).find(
    MARKER,
    (body) => body,
    (candidate) => candidate.number === 1 && candidate.body.endsWith(' sealed')
  )
  return { found, asked }
}

describe('the docs health issue behind copies another app opened', () => {
  it('is found on the last, short labelled page, and the latest issues are not read', async () => {
    const { found, asked } = await repoOf(250, true, () => [])
    expect(found).toMatchObject({ proven: true, issue: { number: 1 } })
    expect(found.others).toHaveLength(250)
    expect(asked).toHaveLength(3)
    expect(asked.every((query) => query.includes('labels=docs-health'))).toBe(true)
  })

  it('is found among the latest issues when 500 newer copies fill every labelled page', async () => {
    const { found, asked } = await repoOf(500, true, (own) => [issue(600, 'unrelated'), own])
    expect(found).toMatchObject({ proven: true, issue: { number: 1 } })
    expect(asked.filter((query) => query.includes('labels=docs-health'))).toHaveLength(5)
    expect(asked.at(-1)).toContain('sort=updated')
  })

  it('is not mistaken for a pull request, a person’s issue or an issue with no author that holds its marker and a seal', async () => {
    const { found } = await repoOf(0, false, () => [
      issue(1, `${MARKER} sealed`, { pull_request: { url: 'x' }, user: bot('github-actions[bot]') }),
      issue(1, `${MARKER} sealed`, { user: { type: 'User', login: 'someone' } }),
      issue(1, `${MARKER} sealed`, { user: null })
    ])
    expect(found).toEqual({ issue: undefined, proven: false, others: [] })
  })
})
