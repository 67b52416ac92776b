// The link to this workflow run, from GITHUB_SERVER_URL so that GitHub Enterprise Server works.
import { safeHttpUrl } from '../text/escape.js'

export function runLink(env: NodeJS.ProcessEnv): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId } = env
  return server && repository && runId ? safeHttpUrl(`${server.replace(/\/+$/, '')}/${repository}/actions/runs/${runId}`) : undefined
}
