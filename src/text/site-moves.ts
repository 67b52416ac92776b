// Where a page of the site went: a pull request that renamed or removed its source file, or a redirect
// in the site's configuration (`redirects` in `docs.json`: `{ "source": "/old", "destination": "/new" }`).
// A page is served at its file's path without the extension (`guides/deploy.mdx` is `/guides/deploy`,
// and a folder's `index` at the folder's path too), the way the navigation names it (site-pages.ts).
// Every path here is hostile: a pull request's file names and the configuration are written by anyone
// who may open a pull request, so each path is bounded and passes `sitePath`, the lists are bounded,
// and nothing is parsed by a pattern that could backtrack.
import { OTHER_PAGE, sitePath } from './page-path.js'

/** A page that moved: from its path to its new one, or to none when it was removed. */
export interface PageMove {
  from: string
  to?: string
}

/** The most moves read of one pull request, or of one configuration's redirects. */
export const MOVES_MAX = 300

/** The extensions of a page's source file. */
const PAGE_EXTENSIONS = ['.mdx', '.md'] as const

/** A changed file as the move reading needs it (change/change.ts, ChangedFile). */
export interface MovedFile {
  path: string
  status: string
  previousPath?: string
}

/**
 * The page a source file serves, or undefined for a file that is no page (another extension, or a
 * path no page of the site may have): `guides/deploy.mdx` → `/guides/deploy`.
 */
export function filePage(file: string): string | undefined {
  const extension = PAGE_EXTENSIONS.find((end) => file.endsWith(end))
  if (extension === undefined) return undefined
  const path = `/${file.slice(0, -extension.length)}`
  return sitePath(path) === OTHER_PAGE ? undefined : path
}

/**
 * The pages a pull request's changed files moved: a renamed page file, to the page it is now (none when
 * it is no page any more), and a removed one, to none. At most MOVES_MAX.
 */
export function fileMoves(files: readonly MovedFile[]): PageMove[] {
  const moves: PageMove[] = []
  for (const file of files) {
    if (moves.length >= MOVES_MAX) break
    const renamed = file.status === 'renamed' && file.previousPath !== undefined
    const from = filePage(renamed ? (file.previousPath ?? '') : file.path)
    if (from === undefined || (!renamed && file.status !== 'removed')) continue
    const to = renamed ? filePage(file.path) : undefined
    moves.push(to === undefined ? { from } : { from, to })
  }
  return moves
}

/** A redirect's path: a site path, without a trailing `/` (the page `/guides/` is `/guides`); a pattern (`:slug`, `*`) is none. */
function redirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined
  const path = value.length > 1 && value.endsWith('/') ? value.slice(0, -1) : value
  return sitePath(path) === OTHER_PAGE ? undefined : path
}

/**
 * The redirects of a site's configuration (an object parsed from `docs.json` or `mint.json`), each
 * from one page to where its chain of redirects ends; a redirect by a pattern, to another site, to
 * itself or in a cycle is none. At most MOVES_MAX read.
 */
export function configRedirects(config: unknown): PageMove[] {
  const redirects = typeof config === 'object' && config !== null ? (config as Record<string, unknown>).redirects : undefined
  if (!Array.isArray(redirects)) return []
  const moves: PageMove[] = []
  for (const redirect of redirects.slice(0, MOVES_MAX) as unknown[]) {
    if (typeof redirect !== 'object' || redirect === null) continue
    const { source, destination } = redirect as Record<string, unknown>
    const from = redirectPath(source)
    const to = redirectPath(destination)
    if (from !== undefined && to !== undefined && from !== to) moves.push({ from, to })
  }
  return settled(moves)
}

/**
 * Each redirect taken to where its chain ends (`/a` → `/b` → `/c` reads `/a` → `/c`), the first of a
 * page's redirects followed; a redirect of a cycle is none: its page goes nowhere a reader stays, and
 * a gap that followed it would move every run, losing its numbers since its fix each time.
 */
function settled(moves: readonly PageMove[]): PageMove[] {
  const next = new Map<string, string>()
  for (const { from, to } of moves) if (to !== undefined && !next.has(from)) next.set(from, to)
  const ends: PageMove[] = []
  for (const move of moves) {
    const seen = new Set([move.from])
    let to = move.to
    while (to !== undefined && next.has(to) && !seen.has(to)) {
      seen.add(to)
      to = next.get(to)
    }
    if (to !== undefined && !seen.has(to)) ends.push({ from: move.from, to })
  }
  return ends
}
