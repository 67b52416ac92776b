// Pages that clients name: the page a reader left feedback on, the page an assistant question was
// asked on, the result a reader clicked. A browser, a script or a third-party agent sends them, so they
// are free text in the shape of a page: a "path" may hold a sentence, an e-mail address, a token in a
// query string, or instructions for the agent that reads docsGaps. A page is kept only in a form that
// can hold none of that, whether reader text is shown or not; one shown as OTHER_PAGE is still
// counted, under that name.
import { plainHttpUrl } from './escape.js'

/** What a page that does not look like a page of the site is shown as; it starts with no `/`, so no path is ever taken for it. */
export const OTHER_PAGE = '(other page)'

/** The longest path kept. */
export const PAGE_PATH_MAX_CHARS = 200

/** A path of the site: a `/`, then letters, digits and `- . _ ~ /` only (no space, query, fragment, `%`, `@` or `:`). */
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/]*$/

/**
 * The path when it looks like a path of the site: it starts with one `/` (not `//`, which names
 * another host), holds only the characters above and is at most PAGE_PATH_MAX_CHARS long.
 * OTHER_PAGE for anything else.
 */
export function sitePath(path: string): string {
  return path.length <= PAGE_PATH_MAX_CHARS && SITE_PATH.test(path) ? path : OTHER_PAGE
}

/**
 * A page the service names by a URL or a path (an assistant question's pageUrl, a search's top
 * clicked result), as the run keeps it; null when there is none.
 *
 * - A path is kept by the rule of `sitePath`.
 * - A URL keeps its scheme, host and path (`plainHttpUrl`): its query string and fragment, where
 *   addresses and tokens travel (`/reset?email=…&token=…`), are dropped.
 * - While reader text is hidden, a URL is reduced to its path, kept by the rule of `sitePath`: the
 *   page is what the report needs (where questions go unanswered), and the host, which a client may
 *   set to anything, says nothing more about the docs.
 * - Anything else is OTHER_PAGE.
 */
export function sitePage(value: string | null, showReaderText: boolean): string | null {
  if (value === null) return null
  if (value.startsWith('/')) return sitePath(value)
  const url = plainHttpUrl(value)
  if (url === undefined) return OTHER_PAGE
  return showReaderText ? url : sitePath(new URL(url).pathname)
}
