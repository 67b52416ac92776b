// A fix that moves its page: the merged pull request renamed or removed the page's file, or the site's
// configuration redirects the page elsewhere (text/site-moves.ts). The gap follows its page to the new
// path with its history (its numbers before, its pull request, its verdict so far), so that the
// verdict is judged on the readers of the page where they now read it, and a fix that failed comes
// back as the same gap, not as a new one with no history (a page whose visitors vanish with no move
// known: gone.ts). Pure.
import { readerPath, type SitePages } from '../text/page-path.js'
import type { PageMove } from '../text/site-moves.js'
import { fingerprint } from './ledger.js'
import type { GapNumbers, GapRecord, HealthState } from './state.js'

/**
 * Leading folders of a file's path a page may lie under in the repository (`docs/guides/deploy.mdx`
 * serves `/guides/deploy` when the site lives in `docs/`): a move's paths are matched with up to this
 * many taken off, the fewest first.
 */
export const FOLDERS_MAX = 3

/** Where the run's gaps' pages may have gone, and how the run names a page. */
export interface MoveContext {
  /** Reader text may be shown: else a page the site does not list is named by its label, as the analytics name it. */
  showWords: boolean
  sitePages?: SitePages
}

/** `path` without its first `folders` folders, or undefined when it has no more than that. */
function under(path: string, folders: number): string | undefined {
  let at = 0
  for (let i = 0; i < folders; i++) {
    at = path.indexOf('/', at + 1)
    if (at < 0) return undefined
  }
  return path.slice(at)
}

/** A folder's index page, at the folder's path: `/guides/index` → `/guides`. */
const folded = (path: string): string | undefined => (path.endsWith('/index') ? path.slice(0, -'/index'.length) || '/' : undefined)

/**
 * Where each page the moves name went, by the page as the run names it (readerPath): to its new page
 * (as the run names it), or to undefined when it was removed. `files` moves (a pull request's) are
 * matched under up to FOLDERS_MAX folders, but for a page the site still lists (`sitePages`); the
 * first move of a page wins.
 */
export function destinations(moves: readonly PageMove[], files: boolean, context: MoveContext): Map<string, string | undefined> {
  const named = (path: string): string => readerPath(path, context.showWords, context.sitePages)
  const found = new Map<string, string | undefined>()
  for (let folders = 0; folders <= (files ? FOLDERS_MAX : 0); folders++)
    for (const move of moves) {
      const from = under(move.from, folders)
      // A page the site still lists was not moved by a file of its name under another folder (a
      // draft, another version): taken off its folder, that file's move would take the gap elsewhere.
      if (from === undefined || (folders > 0 && context.sitePages?.has(from) === true)) continue
      const to = move.to === undefined ? undefined : under(move.to, folders)
      const pairs: [string | undefined, string | undefined][] = [[from, to]]
      // A folder's index page is read at the folder's path as well: it goes to the new folder's.
      pairs.push([folded(from), to === undefined ? undefined : (folded(to) ?? to)])
      for (const [page, next] of pairs) {
        if (page === undefined) continue
        const key = named(page)
        if (!found.has(key)) found.set(key, next === undefined ? undefined : named(next))
      }
    }
  return found
}

/** The gap followed to `to`: its new page and id, the page it moved from, and none of its numbers since `since` (the merge) read at the old page. */
function movedGap(
  gap: GapRecord,
  to: string,
  since: string | undefined,
  numbersAt?: (gap: GapRecord) => GapNumbers | undefined
): GapRecord {
  const moved: GapRecord = { ...gap, id: fingerprint('page', to), subject: to, movedFrom: gap.subject }
  if (since === undefined) return moved
  const recent = gap.recent?.filter((numbers) => numbers.dateFrom < since)
  if (recent && recent.length > 0) moved.recent = recent
  else delete moved.recent
  delete moved.after
  if (gap.now && gap.now.dateFrom >= since) {
    const now = numbersAt?.(moved)
    if (now) moved.now = now
    else delete moved.now
  }
  return moved
}

/**
 * The state with each page gap `to` gives a new page for (by the run's names: destinations()) followed
 * there with its history; `since` gives each one's merge day, from which its numbers at the old page
 * are let go, and `numbersAt` its numbers at the new page in the period just read, when there is one.
 * A gap whose new page already has an open gap takes its place; one whose new page has a gap in any
 * other state (with the agent, fixed, dismissed) stays where it is. Also the pages followed, from → to.
 */
export function withMoves(
  state: HealthState,
  to: (gap: GapRecord) => string | undefined,
  since: (gap: GapRecord) => string | undefined,
  numbersAt?: (gap: GapRecord) => GapNumbers | undefined
): { state: HealthState; followed: { from: string; to: string }[] } {
  let gaps = state.gaps
  const followed: { from: string; to: string }[] = []
  for (const gap of state.gaps) {
    const next = gap.kind === 'page' ? to(gap) : undefined
    if (next === undefined || next === gap.subject) continue
    const moved = movedGap(gap, next, since(gap), numbersAt)
    // By its id, or by its page: a page a client named keeps its path's id under its label (forgetReaderText).
    const there = gaps.find((other) => other.id === moved.id || (other !== gap && other.kind === 'page' && other.subject === next))
    if (there && there.state !== 'new' && there.state !== 'back') continue
    gaps = gaps.flatMap((other) => (other === there ? [] : other.id === gap.id ? [moved] : [other]))
    followed.push({ from: gap.subject, to: next })
  }
  return { state: followed.length === 0 ? state : { ...state, gaps }, followed }
}
