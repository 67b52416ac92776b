// Attacks the docs health issue's failure line (healthIssueFailure) with what GitHub may answer: a
// message of any length holding markdown, HTML, workflow commands, new lines and the token, and a
// 403 that is a rate limit rather than a missing permission. Through the real client, so that its
// redaction and its retries are those of a run; the summary as GitHub renders it.
import { describe, expect, it } from 'vitest'
import type { Clock } from '../../../src/core/clock.js'
import { GitHubClient, RETRY } from '../../../src/github/client.js'
import { healthIssueFailure } from '../../../src/run/health-issue.js'
import { healthIssueHtml } from '../../../src/run/publish.js'
import { finalLine } from '../../../src/run/final-line.js'
import { renderSummary } from '../../support/render.js'

const TOKEN = 'ghs_attack0health0token'
const NOW = 1_700_000_000_000

const clock: Clock = {
  now: () => NOW,
  sleep: (_ms, signal) => (signal.aborted ? Promise.reject(signal.reason as Error) : Promise.resolve()),
  timer: () => () => undefined,
  timeoutSignal: () => new AbortController().signal,
  exchange: (work) => work
}

/** What `issues` under the label fails with when GitHub answers every try with `status`, `message` and `headers`. */
async function failureOf(status: number, message: string, headers: Record<string, string> = {}): Promise<unknown> {
  const client = await GitHubClient.open({
    token: TOKEN,
    repository: { owner: 'acme', name: 'docs' },
    apiUrl: 'http://127.0.0.1:1',
    signal: new AbortController().signal,
    clock,
    fetch: () =>
      Promise.resolve(new Response(JSON.stringify({ message }), { status, headers: { 'content-type': 'application/json', ...headers } })),
    retry: { ...RETRY, random: () => 0.5 }
  })
  try {
    await client.issues({ label: 'docs-health' })
  } catch (error) {
    return error
  }
  throw new Error('the read did not fail')
}

const HOSTILE =
  `::set-output name=healthIssueUrl::https://evil.example\n::error::owned\n##[warning]x <img src=x onerror=alert(1)> ` +
  `**bold** [link](https://evil.example) @octocat #1 ${TOKEN} `.repeat(2) +
  'x'.repeat(100_000)

describe('the docs health issue failure from a hostile GitHub message', () => {
  it('is one bounded line, without the token, with no workflow command in it', async () => {
    const line = `The docs health issue could not be read${healthIssueFailure(await failureOf(422, HOSTILE))}`
    expect(line).toMatch(/^The docs health issue could not be read: GitHub refused it \(HTTP 422, /)
    expect(line.length).toBeLessThan(400)
    expect(line).not.toContain('\n')
    expect(line).not.toContain(TOKEN)
    expect(line).not.toMatch(/(^|\n)::/)
    expect(line).not.toContain('##[')
    const last = finalLine({ kind: 'parts', parts: [], failures: [line] }, 1000)
    expect(last).not.toContain(TOKEN)
    expect(last.length).toBeLessThan(400)
  })

  it('carries the token in no form GitHub may echo it in: split by invisible characters, percent-encoded, base64', async () => {
    const forms = [
      Array.from(TOKEN).join('\u200b'),
      Array.from(TOKEN).join('\u00ad'),
      encodeURIComponent(TOKEN).replace(/_/g, '%5F'),
      Buffer.from(`x-access-token:${TOKEN}`).toString('base64'),
      Buffer.from(TOKEN).toString('base64')
    ]
    for (const form of forms) {
      const line = `The docs health issue could not be read${healthIssueFailure(await failureOf(422, `echo ${form} end`))}`
      const shown = renderSummary(healthIssueHtml({ failure: line, resolved: 0, asked: 0 })).text
      for (const text of [line, shown, finalLine({ kind: 'parts', parts: [], failures: [line] }, 1)]) {
        expect(text.replace(/[\u200b\u00ad]/g, '')).not.toContain(TOKEN)
        expect(decodeURIComponent(text.replace(/%(?![0-9a-f]{2})/gi, ''))).not.toContain(TOKEN)
        expect(text).not.toContain(Buffer.from(TOKEN).toString('base64').slice(0, 24))
      }
    }
  })

  it('shows in the summary as plain text: no tag, no link, no mention, no reference', async () => {
    const failure = `The docs health issue could not be read${healthIssueFailure(await failureOf(422, HOSTILE))}`
    const shown = renderSummary(healthIssueHtml({ failure, resolved: 0, asked: 0 }))
    expect(shown.links).toEqual([])
    expect(shown.references).toEqual([])
    expect(shown.html).not.toContain('<img')
    expect(shown.html).not.toContain('<strong')
    expect(shown.text).toContain('<img src=x onerror=alert(1)>')
    expect(shown.text).not.toContain(TOKEN)
  })

  it('gives the permission advice on a 403 or 404 only, with none of GitHub’s words', async () => {
    for (const status of [403, 404]) {
      const said = healthIssueFailure(await failureOf(status, HOSTILE))
      expect(said).toBe(` (HTTP ${status}): give the job \`permissions: issues: write\`, or set healthIssue: false.`)
    }
    for (const status of [401, 410, 422, 500, 502]) {
      expect(healthIssueFailure(await failureOf(status, 'Nope'))).not.toContain('permissions')
    }
  })

  it('does not ask for a permission when the 403 is GitHub’s rate limit, and says it is one', async () => {
    const reset = String(Math.floor(NOW / 1000) + 3600)
    const primary = await failureOf(403, 'Forbidden', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset })
    expect(healthIssueFailure(primary)).toBe(': GitHub refused it for its rate limit (HTTP 403, Forbidden).')
    const secondary = await failureOf(403, 'Forbidden', { 'retry-after': '3600' })
    expect(healthIssueFailure(secondary)).toBe(': GitHub refused it for its rate limit (HTTP 403, Forbidden).')
    const tooMany = await failureOf(429, 'Too Many Requests', { 'retry-after': '3600' })
    expect(healthIssueFailure(tooMany)).toBe(': GitHub refused it for its rate limit (HTTP 429, Too Many Requests).')
    // Requests left, no wait announced (a Retry-After that is no wait announces none): the token lacks the permission.
    for (const retryAfter of ['-5', '1.5', 'soon', '']) {
      const odd = await failureOf(403, 'Forbidden', { 'retry-after': retryAfter, 'x-ratelimit-remaining': '12' })
      expect(healthIssueFailure(odd)).toBe(' (HTTP 403): give the job `permissions: issues: write`, or set healthIssue: false.')
    }
    const denied = await failureOf(403, 'Resource not accessible by integration', { 'x-ratelimit-remaining': '4999' })
    expect(healthIssueFailure(denied)).toBe(' (HTTP 403): give the job `permissions: issues: write`, or set healthIssue: false.')
  })
})
