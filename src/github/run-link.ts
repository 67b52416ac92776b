// The run's GitHub server and the link to this workflow run, from GITHUB_SERVER_URL so that GitHub
// Enterprise Server works.
import { safeHttpUrl } from '../text/escape.js'

export function runLink(env: NodeJS.ProcessEnv): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId } = env
  return server && repository && runId ? safeHttpUrl(`${server.replace(/\/+$/, '')}/${repository}/actions/runs/${runId}`) : undefined
}

/** The origin of the run's GitHub server: GITHUB_SERVER_URL when it is an http(s) URL, else https://github.com. */
export function githubServer(env: NodeJS.ProcessEnv): string {
  const url = safeHttpUrl(env.GITHUB_SERVER_URL)
  return url ? new URL(url).origin : 'https://github.com'
}
