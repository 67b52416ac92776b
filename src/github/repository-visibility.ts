// Whether the repository of the run is private, from the event payload: readerText `auto` shows the
// text readers typed only then, since a public repository's summary and artifacts are public.
import { eventPayload } from './event.js'

/** True only when the payload says so; a payload without a repository says nothing. */
export function isPrivateIn(payload: unknown): boolean {
  if (typeof payload !== 'object' || payload === null) return false
  const repository = (payload as { repository?: unknown }).repository
  return typeof repository === 'object' && repository !== null && (repository as { private?: unknown }).private === true
}

/** Reads the payload at GITHUB_EVENT_PATH; a payload that is missing or unreadable counts as public. */
export async function repositoryIsPrivate(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  return isPrivateIn(await eventPayload(env))
}
