// The runner's variables for the work of a run in process (src/run/work.ts): a temporary folder of
// the run's own holding its output and summary files, the repository acme/docs on github.com, the
// GitHub API at a fake on loopback, and no event file (a test that needs one writes it into the folder).
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { vi } from 'vitest'

/** Sets the runner's variables for one run (vitest's stubEnv, undone after the test); returns the run's folder. */
export async function stubRunner(run: { eventName: string; runId: number; apiUrl: string }): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'work-run-'))
  await writeFile(join(dir, 'output'), '')
  await writeFile(join(dir, 'summary'), '')
  vi.stubEnv('GITHUB_OUTPUT', join(dir, 'output'))
  vi.stubEnv('GITHUB_STEP_SUMMARY', join(dir, 'summary'))
  vi.stubEnv('RUNNER_TEMP', dir)
  vi.stubEnv('GITHUB_EVENT_NAME', run.eventName)
  vi.stubEnv('GITHUB_EVENT_PATH', '')
  vi.stubEnv('GITHUB_REPOSITORY', 'acme/docs')
  vi.stubEnv('GITHUB_SERVER_URL', 'https://github.com')
  vi.stubEnv('GITHUB_RUN_ID', String(run.runId))
  vi.stubEnv('GITHUB_API_URL', run.apiUrl)
  return dir
}
