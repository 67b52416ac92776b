// Whether the repository of the run is private, from the event payload: readerText `auto` shows the
// text readers typed only then, since a public repository's summary, artifacts and issues are public,
// and an enterprise's internal repository's are open to everyone in the enterprise.
/**
 * True only when the payload says so: `visibility: private` where the payload gives a visibility (an
 * internal repository says `private: true` too), else `private: true`. A payload without a
 * repository says nothing.
 */
export function isPrivateIn(payload: unknown): boolean {
  if (typeof payload !== 'object' || payload === null) return false
  const repository = (payload as { repository?: unknown }).repository
  if (typeof repository !== 'object' || repository === null) return false
  const { private: isPrivate, visibility } = repository as { private?: unknown; visibility?: unknown }
  return isPrivate === true && (visibility === undefined || visibility === 'private')
}
