// The site's own pages, as its navigation lists them: `navigation` in `docs.json` (or in `mint.json`,
// the older sites' configuration). A page a reader's client names is reader text (page-path.ts); a
// path on this list is the site's, written by the people who keep the docs, and is shown wherever
// reader text is hidden.
//
// The navigation nests pages in groups, tabs, anchors, dropdowns, products, versions, languages and
// menus, in any order and to any depth; a `pages` array holds page paths ("quickstart",
// "api-reference/webhooks") and nested groups, and a group may name a `root` page. So the reading
// walks the whole `navigation` value and takes every string of a `pages` array and every `root`
// string, without a schema of its shapes. The file is as hostile as any text: its size is bounded
// before it is parsed, the walk is iterative and goes no deeper than NAVIGATION_MAX_DEPTH, and a page
// is kept only when its path passes `sitePath` and while the list holds fewer than SITE_PAGES_MAX.
import { type SitePages, sitePath } from './page-path.js'

/** The files a site's navigation is read from, in the order they are tried. */
export const SITE_CONFIG_FILES = ['docs.json', 'mint.json'] as const

/** The most bytes of a configuration file read; a larger file lists no page. */
export const SITE_CONFIG_MAX_BYTES = 2_000_000

/** How deep in `navigation` pages are looked for; anything deeper is not read. */
export const NAVIGATION_MAX_DEPTH = 40

/** The most pages kept of one site. */
export const SITE_PAGES_MAX = 20_000

/** A page as the navigation names it (`quickstart`, `/guides/deploy`, `guides/index`), as its paths. */
function pathsOf(page: string): string[] {
  const path = `/${page.replace(/^\/+/, '')}`
  if (sitePath(path) !== path) return []
  // A folder's index page is served at the folder's path as well.
  const index = /^(.*)\/index$/.exec(path)
  return index ? [path, index[1] === '' ? '/' : (index[1] as string)] : [path]
}

/** What the navigation of a configuration lists, or why it lists nothing. */
export type NavigationRead = { pages: SitePages } | { why: string }

/**
 * The pages a configuration file's `navigation` lists (`docs.json`, `mint.json`: the same walk reads
 * both), or why it lists none: not JSON, no navigation, too large.
 */
export function navigationPages(text: string): NavigationRead {
  if (Buffer.byteLength(text) > SITE_CONFIG_MAX_BYTES) return { why: `it is larger than ${SITE_CONFIG_MAX_BYTES} bytes` }
  let config: unknown
  try {
    config = JSON.parse(text)
  } catch {
    return { why: 'it is not JSON' }
  }
  const navigation = typeof config === 'object' && config !== null ? (config as Record<string, unknown>).navigation : undefined
  if (typeof navigation !== 'object' || navigation === null) return { why: 'it has no navigation' }
  const pages = new Set<string>()
  const add = (page: unknown): void => {
    if (typeof page !== 'string') return
    for (const path of pathsOf(page)) if (pages.size < SITE_PAGES_MAX) pages.add(path)
  }
  const stack: { value: object; depth: number }[] = [{ value: navigation, depth: 0 }]
  const push = (value: unknown, depth: number): void => {
    if (typeof value === 'object' && value !== null && depth <= NAVIGATION_MAX_DEPTH) stack.push({ value, depth })
  }
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value, depth } = next
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) push(item, depth + 1)
      continue
    }
    for (const [key, field] of Object.entries(value)) {
      if (key === 'root') add(field)
      else if (key !== 'pages' || !Array.isArray(field)) push(field, depth + 1)
      else
        for (const item of field as unknown[]) {
          if (typeof item === 'string') add(item)
          else push(item, depth + 1)
        }
    }
  }
  return { pages }
}
