// The GitHub client of a run: loaded only when a run talks to GitHub, and sending through the fetch
// the run gives it (api/github-fetch.ts), whose connections the run closes when it ends.
import type { getOctokit } from '@actions/github'

export type Octokit = ReturnType<typeof getOctokit>

/** A client for `token` that sends every request through `fetch`. */
export async function octokitFor(token: string, fetch: typeof globalThis.fetch): Promise<Octokit> {
  const { getOctokit } = await import('@actions/github')
  return getOctokit(token, { request: { fetch } })
}
