// Where the site's page list is read from: its configuration (`docs.json`, else `mint.json`) at the
// root of the workflow's workspace, where a checkout of the docs repository puts it. Its size is
// looked at before it is read, and what it lists is read by text/site-pages.ts. Without it, no page
// is the site's: every page path a client named is reader text. Its redirects (text/site-moves.ts)
// tell the docs health issue where a fixed page went.
import { constants } from 'node:fs'
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { errorMessage } from '../core/error-message.js'
import { counted } from '../text/format.js'
import type { SitePages } from '../text/page-path.js'
import { navigationPages, SITE_CONFIG_FILES, SITE_CONFIG_MAX_BYTES } from '../text/site-pages.js'
import { configRedirects, type PageMove } from '../text/site-moves.js'

/** A configuration file's text, or why it has none: undefined when there is no such file. */
export type ConfigText = { text: string } | { why: string } | undefined

/** The text of `name` in `directory`, at most SITE_CONFIG_MAX_BYTES of it; undefined when there is no such file. */
export async function workspaceFile(directory: string, name: string): Promise<ConfigText> {
  let file
  try {
    // Without waiting for a writer: a FIFO (a docs.json symlinked to one) is opened at once, and passed over below.
    file = await open(join(directory, name), constants.O_RDONLY | constants.O_NONBLOCK)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return code === 'ENOENT' || code === 'ENOTDIR' ? undefined : { why: errorMessage(error) }
  }
  try {
    const stat = await file.stat()
    if (!stat.isFile()) return { why: 'it is not a file' }
    if (stat.size > SITE_CONFIG_MAX_BYTES) return { why: `it is larger than ${SITE_CONFIG_MAX_BYTES} bytes` }
    return { text: await file.readFile('utf8') }
  } catch (error) {
    return { why: errorMessage(error) }
  } finally {
    await file.close()
  }
}

/**
 * The site's pages, from the first configuration file the workspace holds (`docs.json`, then
 * `mint.json`); undefined when there is none or it lists none, said in `info`.
 */
export async function readSitePages(workspace: string | undefined, info: (message: string) => void): Promise<SitePages | undefined> {
  const without = 'every page path readers’ clients sent is reader text, shown by its label'
  if (workspace === undefined) {
    info(`The site’s page list is not read: the runner names no workspace (GITHUB_WORKSPACE); ${without}.`)
    return undefined
  }
  for (const name of SITE_CONFIG_FILES) {
    const file = await workspaceFile(workspace, name)
    if (file === undefined) continue
    const read = 'text' in file ? navigationPages(file.text) : file
    if ('pages' in read) {
      info(
        `The site’s page list: ${counted(read.pages.size, 'path')} from the navigation of ${name} in the workspace; any other page path is reader text.`
      )
      return read.pages
    }
    info(`The site’s page list is not read from ${name} in the workspace: ${read.why}; ${without}.`)
    return undefined
  }
  info(
    `The site’s page list is not read: the workspace holds no ${SITE_CONFIG_FILES.join(' or ')} (check out the docs repository first); ${without}.`
  )
  return undefined
}

/**
 * The site's redirects from one page to another (`redirects` of the first configuration file the
 * workspace holds: text/site-moves.ts); none when there is no such file, or it cannot be read.
 */
export async function readSiteRedirects(workspace: string | undefined): Promise<PageMove[]> {
  if (workspace === undefined) return []
  for (const name of SITE_CONFIG_FILES) {
    const file = await workspaceFile(workspace, name)
    if (file === undefined) continue
    if (!('text' in file)) return []
    try {
      return configRedirects(JSON.parse(file.text))
    } catch {
      return []
    }
  }
  return []
}
