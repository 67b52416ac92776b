// @ts-check
// A summary or an issue laid out as GitHub shows it, measured in a real browser: GitHub's own Markdown
// renderer (cmark-gfm with GitHub's extensions and raw HTML), then GitHub's sanitizing
// (hast-util-sanitize, whose default schema follows GitHub's), in GitHub's Markdown styles, in headless
// Chromium at a given width. A script in the page writes where each piece of text and each link is
// (its y, in CSS pixels from the top of the page) into the DOM, and Chromium prints the DOM: no
// package beyond the renderer and the browser, and nothing that reaches the network.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fromHtml } from 'hast-util-from-html'
import { sanitize } from 'hast-util-sanitize'
import { toHtml } from 'hast-util-to-html'
import { framedPage } from './render.js'

/** GitHub's Markdown renderer, as Debian packages it. */
export const CMARK_GFM = process.env.CMARK_GFM ?? '/usr/bin/cmark-gfm'
/** GitHub's extensions of CommonMark, and raw HTML kept (GitHub's sanitizing runs after it). */
const CMARK_ARGS = ['--unsafe', '-e', 'table', '-e', 'strikethrough', '-e', 'autolink', '-e', 'tagfilter', '-e', 'tasklist']

/** Chromium: $CHROMIUM, or the first of the usual paths that exists; undefined when none does. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']
  return candidates.find((path) => path !== undefined && path !== '' && existsSync(path))
}

/** The tools a rendered page needs that this machine lacks, by their Debian package names. */
export function missingTools() {
  /** @type {string[]} */
  const missing = []
  if (!existsSync(CMARK_GFM)) missing.push('cmark-gfm')
  if (findChromium() === undefined) missing.push('chromium')
  return missing
}

/**
 * Runs headless Chromium on a page, with nothing that reaches the network, in a new empty profile.
 * @param {string} chromium @param {string} profile @param {string[]} args
 */
export function chromiumRun(chromium, profile, args) {
  return execFileSync(
    chromium,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      '--hide-scrollbars',
      '--force-device-scale-factor=1',
      ...args
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }
  )
}

/** The HTML GitHub serves of Markdown with HTML in it: cmark-gfm's, then sanitized. @param {string} markdown */
export function githubHtml(markdown) {
  const rendered = execFileSync(CMARK_GFM, CMARK_ARGS, { input: markdown, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  return toHtml(sanitize(fromHtml(rendered, { fragment: true })))
}

/**
 * Records the layout on load: each visible piece of text (a text node with a box, not inside a closed
 * <details>) with the y of its first line, each link with its y, the page's height and width.
 */
const MEASURE = `<script>
addEventListener('load', () => {
  const root = document.querySelector('.markdown-body')
  const top = (rect) => Math.round(rect.top + scrollY)
  const texts = []
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // A closed <details> hides its content with content-visibility, which leaves it boxes: checkVisibility tells.
    if (node.nodeValue.trim() === '' || !node.parentElement.checkVisibility()) continue
    const range = document.createRange()
    range.selectNodeContents(node)
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0)
    if (rects.length > 0) texts.push({ y: top(rects[0]), text: node.nodeValue })
  }
  const links = [...root.querySelectorAll('a[href]')]
    .filter((a) => a.getClientRects().length > 0 && a.checkVisibility())
    .map((a) => ({ y: top(a.getBoundingClientRect()), href: a.getAttribute('href'), text: a.textContent }))
  const html = document.documentElement
  // The summary's box, as wide as its widest content: past the page's width when something would scroll sideways.
  const box = document.querySelector('.summary')
  const width = box.getBoundingClientRect().left * 2 + Math.max(box.scrollWidth, box.offsetWidth)
  document.body.setAttribute('data-layout', JSON.stringify({ height: Math.ceil(html.scrollHeight), width: Math.ceil(width), texts, links }))
})
</script>`

/**
 * @typedef {object} Layout
 * @property {number} height the page's height, in CSS pixels
 * @property {number} width the page's scroll width: more than the width asked for means it scrolls sideways
 * @property {{ y: number, text: string }[]} texts every visible piece of text, in order, with the y of its first line
 * @property {{ y: number, href: string, text: string }[]} links every visible link, with its y
 * @property {string} html the sanitized HTML of the whole page's Markdown
 */

/**
 * Lays out `markdown` as GitHub shows it, `width` pixels wide, and measures it.
 * @param {string} markdown @param {{ width: number, title?: string }} options @returns {Layout}
 */
export function layout(markdown, options) {
  const chromium = findChromium()
  if (chromium === undefined) throw new Error('Chromium was not found: install it (Debian: apt-get install chromium) or set CHROMIUM.')
  const html = githubHtml(markdown)
  const dir = mkdtempSync(join(tmpdir(), 'rendered-page-'))
  try {
    const file = join(dir, 'page.html')
    // Headless Chromium lays out no narrower than 500 px: the page itself is held to the width asked for.
    const width = `<style>html { width: ${options.width}px; overflow: hidden; }</style>`
    writeFileSync(
      file,
      framedPage(html, options.title ?? 'docs summary')
        .replace('</head>', `${width}\n</head>`)
        .replace('</body>', `${MEASURE}\n</body>`)
    )
    const dom = chromiumRun(chromium, join(dir, 'profile'), [
      '--virtual-time-budget=2000',
      `--window-size=${Math.max(options.width, 500)},1000`,
      '--dump-dom',
      `file://${file}`
    ])
    const body = fromHtml(dom).children.flatMap((node) => (node.type === 'element' ? node.children : []))
    const found = body.find((node) => node.type === 'element' && node.tagName === 'body')
    const data = found?.type === 'element' ? found.properties.dataLayout : undefined
    if (typeof data !== 'string') throw new Error('Chromium printed no layout of the page')
    /** @type {unknown} */
    const parsed = JSON.parse(data)
    const measured = /** @type {Omit<Layout, 'html'>} */ (parsed)
    return { ...measured, html }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The text a reader sees above `fold` pixels, white space made one space. @param {Layout} page @param {number} [fold] */
export function textAbove(page, fold = 1000) {
  return page.texts
    .filter((piece) => piece.y < fold)
    .map((piece) => piece.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Whether `text` holds `expected`, white space aside: the pieces of a line are separate text nodes
 * (a link, a code span), so where a space falls between them is not the reader's concern.
 * @param {string} text @param {string} expected
 */
export function holds(text, expected) {
  return text.replace(/\s+/g, '').includes(expected.replace(/\s+/g, ''))
}

/** The y of the first piece of visible text that holds `text`; undefined when none does. @param {Layout} page @param {string} text */
export function yOf(page, text) {
  return page.texts.find((piece) => piece.text.includes(text))?.y
}

/**
 * Every piece of text of sanitized HTML, collapsed blocks included, white space made one space: what
 * a reader can see by opening everything.
 * @param {string} html
 */
export function allText(html) {
  /** @param {import('hast').Root | import('hast').RootContent} node @returns {string} */
  const text = (node) => {
    if (node.type === 'text') return node.value
    if (node.type === 'root' || node.type === 'element') return node.children.map(text).join(' ')
    return ''
  }
  return text(fromHtml(html, { fragment: true }))
    .replace(/\s+/g, ' ')
    .trim()
}
