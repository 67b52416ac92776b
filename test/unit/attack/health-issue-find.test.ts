// Attacks how the docs health issue is found, through the real GitHub client's paging (not a fake of
// it): another app's copies of the marker, newer than the issue, fill the labelled pages, and the
// issue is still found on the first page, read oldest first, or, its label taken off, past the 500
// labelled issues among the latest.
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
 * The repository's issues: `copies` bot copies of the marker numbered above the action's #1, under
 * the label, newest first unless asked oldest first (direction=asc), as GitHub lists them; the latest
 * by update as given. Every request's query is recorded.
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
    const listed = url.searchParams.get('direction') === 'asc' ? [...labelled].reverse() : labelled
    const data = url.searchParams.get('labels') === null ? latest : listed.slice((page - 1) * 100, page * 100)
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
  it('is found on the first labelled page, read oldest first, however many newer copies fill the label', async () => {
    for (const copies of [250, 500, 2000]) {
      const { found, asked } = await repoOf(copies, true, () => [])
      expect(found).toMatchObject({ proven: true, issue: { number: 1 } })
      expect(asked).toHaveLength(1)
      expect(asked[0]).toContain('labels=docs-health')
      expect(asked[0]).toContain('direction=asc')
    }
  })

  it('is found among the latest issues when its label was taken off and 500 copies fill every labelled page', async () => {
    const { found, asked } = await repoOf(500, false, (own) => [issue(600, 'unrelated'), own])
    expect(found).toMatchObject({ proven: true, issue: { number: 1 } })
    expect(asked.filter((query) => query.includes('labels=docs-health'))).toHaveLength(5)
    expect(asked.at(-1)).toContain('sort=updated')
  })

  it('is never a pull request that holds its marker and a seal; an issue whose seal verifies is taken whoever opened it', async () => {
    const pull = await repoOf(0, false, () => [
      issue(1, `${MARKER} sealed`, { pull_request: { url: 'x' }, user: bot('github-actions[bot]') })
    ])
    expect(pull.found).toEqual({ proven: false, others: [] })
    // Its seal names its own number: a person's (a personal access token's) or an author GitHub no longer reports.
    for (const user of [{ type: 'User', login: 'docs-lead' }, null]) {
      const { found } = await repoOf(0, false, () => [issue(1, `${MARKER} sealed`, { user })])
      expect(found).toMatchObject({ proven: true, issue: { number: 1 } })
    }
    // Unsealed, a person's issue is never the fallback.
    const unsealed = await repoOf(0, false, () => [issue(1, `${MARKER} copied`, { user: { type: 'User', login: 'someone' } })])
    expect(unsealed.found).toMatchObject({ proven: false, others: [{ number: 1 }] })
    expect(unsealed.found.issue).toBeUndefined()
  })
})
