// Tests where the site's page list is read from (src/github/site-pages.ts): docs.json, else mint.json,
// at the root of the workspace, its size looked at before it is read, and a line in the log either way.
import { execFileSync } from 'node:child_process'
import { closeSync, constants, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readSitePages, readSiteRedirects, workspaceFile } from '../../../src/github/site-pages.js'
import { SITE_CONFIG_MAX_BYTES } from '../../../src/text/site-pages.js'

const roots: string[] = []
const fifos: string[] = []
afterEach(() => {
  // A reader still waiting on a FIFO is let go: a writer opens it, so that no test leaves a thread blocked.
  for (const fifo of fifos.splice(0)) {
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK))
    } catch {
      // No reader waits on it.
    }
  }
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

/** A workspace holding `files`, by name. */
function workspace(files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'site-pages-'))
  roots.push(root)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text)
  return root
}

/** The pages read, sorted, and what the log said. */
async function read(root: string | undefined): Promise<{ pages?: string[]; said: string[] }> {
  const said: string[] = []
  const pages = await readSitePages(root, (line) => said.push(line))
  return { ...(pages ? { pages: [...pages].sort() } : {}), said }
}

const DOCS = JSON.stringify({ navigation: { groups: [{ group: 'Start', pages: ['quickstart', 'guides/deploy'] }] } })
const MINT = JSON.stringify({ navigation: [{ group: 'Start', pages: ['introduction'] }] })

describe('readSitePages', () => {
  it('reads docs.json at the root of the workspace, before mint.json', async () => {
    expect(await read(workspace({ 'docs.json': DOCS, 'mint.json': MINT }))).toEqual({
      pages: ['/guides/deploy', '/quickstart'],
      said: ['The site’s page list: 2 paths from the navigation of docs.json in the workspace; any other page path is reader text.']
    })
  })

  it('reads mint.json when there is no docs.json', async () => {
    expect(await read(workspace({ 'mint.json': MINT }))).toEqual({
      pages: ['/introduction'],
      said: ['The site’s page list: 1 path from the navigation of mint.json in the workspace; any other page path is reader text.']
    })
  })

  it('lists no page without a workspace, without a file, or with a file it cannot read, and says why', async () => {
    const without = 'every page path readers’ clients sent is reader text, shown by its label'
    expect(await read(undefined)).toEqual({
      said: [`The site’s page list is not read: the runner names no workspace (GITHUB_WORKSPACE); ${without}.`]
    })
    expect(await read(workspace())).toEqual({
      said: [
        `The site’s page list is not read: the workspace holds no docs.json or mint.json (check out the docs repository first); ${without}.`
      ]
    })
    // A docs.json that lists nothing is not passed over for mint.json: the site is the one docs.json describes.
    expect(await read(workspace({ 'docs.json': '{"navigation":', 'mint.json': MINT }))).toEqual({
      said: [`The site’s page list is not read from docs.json in the workspace: it is not JSON; ${without}.`]
    })
    expect(await read(workspace({ 'docs.json': ' '.repeat(SITE_CONFIG_MAX_BYTES + 1) }))).toEqual({
      said: [
        `The site’s page list is not read from docs.json in the workspace: it is larger than ${SITE_CONFIG_MAX_BYTES} bytes; ${without}.`
      ]
    })
    const folder = workspace()
    mkdirSync(join(folder, 'docs.json'))
    expect(await read(folder)).toEqual({
      said: [`The site’s page list is not read from docs.json in the workspace: it is not a file; ${without}.`]
    })
  })
})

describe('workspaceFile', () => {
  it('gives the text of a file of at most SITE_CONFIG_MAX_BYTES, and nothing for a file that is not there', async () => {
    const root = workspace({ 'docs.json': 'x'.repeat(SITE_CONFIG_MAX_BYTES), 'big.json': 'x'.repeat(SITE_CONFIG_MAX_BYTES + 1) })
    expect(await workspaceFile(root, 'docs.json')).toEqual({ text: 'x'.repeat(SITE_CONFIG_MAX_BYTES) })
    expect(await workspaceFile(root, 'big.json')).toEqual({ why: `it is larger than ${SITE_CONFIG_MAX_BYTES} bytes` })
    expect(await workspaceFile(root, 'mint.json')).toBeUndefined()
    // A workspace that is a file, not a folder: nothing is in it.
    expect(await workspaceFile(join(root, 'docs.json'), 'docs.json')).toBeUndefined()
  })

  it('passes over a FIFO that no one writes to without waiting for a writer: it is not a file', async () => {
    // A docs.json symlinked to a FIFO on the runner: opened as files are, the run would wait for ever.
    const root = workspace()
    const fifo = join(root, 'docs.json')
    execFileSync('mkfifo', [fifo])
    fifos.push(fifo)
    expect(await workspaceFile(root, 'docs.json')).toEqual({ why: 'it is not a file' })
  })

  it('says why a file that is there cannot be opened', async () => {
    const root = workspace()
    const said = await workspaceFile(root, 'a\u0000b')
    expect(said && 'why' in said ? said.why : said).toMatch(/null bytes/)
  })
})

describe('readSiteRedirects', () => {
  const redirects = (list: unknown) => JSON.stringify({ navigation: { pages: ['a'] }, redirects: list })
  it('reads the redirects of docs.json, before mint.json', async () => {
    const root = workspace({
      'docs.json': redirects([{ source: '/old', destination: '/new' }]),
      'mint.json': redirects([{ source: '/mint', destination: '/other' }])
    })
    expect(await readSiteRedirects(root)).toEqual([{ from: '/old', to: '/new' }])
    expect(await readSiteRedirects(workspace({ 'mint.json': redirects([{ source: '/mint', destination: '/other' }]) }))).toEqual([
      { from: '/mint', to: '/other' }
    ])
  })

  it('reads none without a workspace, without a file, from a file that is not JSON, too large, or not a file', async () => {
    expect(await readSiteRedirects(undefined)).toEqual([])
    expect(await readSiteRedirects(workspace())).toEqual([])
    expect(
      await readSiteRedirects(workspace({ 'docs.json': '{ not json', 'mint.json': redirects([{ source: '/a', destination: '/b' }]) }))
    ).toEqual([])
    const large = `${redirects([{ source: '/old', destination: '/new' }]).slice(0, -1)}, "pad": "${'x'.repeat(SITE_CONFIG_MAX_BYTES)}"}`
    expect(await readSiteRedirects(workspace({ 'docs.json': large }))).toEqual([])
    const folder = workspace()
    mkdirSync(join(folder, 'docs.json'))
    expect(await readSiteRedirects(folder)).toEqual([])
  })
})
