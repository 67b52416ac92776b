// @ts-check
// Renders a job summary or a comment body the way GitHub shows it, so that tests can assert what a
// reader sees: GitHub Flavored Markdown with raw HTML allowed (markdown-it, GFM tables, bare URLs
// linked), then GitHub's sanitizing (hast-util-sanitize's default schema follows it), then the
// text, links, tables, @mentions, #references, GH-123 references and commit SHAs that are left. Plain
// JavaScript with JSDoc types, so that the scripts (the demo, the screenshots) use the same renderer
// under plain Node.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fromHtml } from 'hast-util-from-html'
import { sanitize } from 'hast-util-sanitize'
import { toHtml } from 'hast-util-to-html'
import MarkdownIt from 'markdown-it'

/**
 * @typedef {import('hast').Element} Element
 * @typedef {import('hast').ElementContent} ElementContent
 * @typedef {import('hast').Root} Root
 * @typedef {import('hast').RootContent} RootContent
 * @typedef {Root | RootContent | ElementContent} Node
 */

/**
 * @typedef {object} RenderedLink
 * @property {string} href
 * @property {string} text
 */

/**
 * @typedef {object} Rendered
 * @property {string} html The HTML GitHub would serve, after sanitizing.
 * @property {string} text Every piece of text a reader sees, in order, with runs of white space made one space.
 * @property {string[]} headings The text of every heading (h1 to h6), in order.
 * @property {RenderedLink[]} links Every link that survived sanitizing, with its text.
 * @property {string[][][]} tables Every table, in order: its rows, each the text of its cells.
 * @property {string[]} references What GitHub would link of its own accord: @mentions, #references,
 *   GH-123 references and commit SHAs.
 *   Its filters read each text node outside code, pre and links after entities are decoded, so an
 *   escaped `&#64;` still counts.
 */

const markdown = new MarkdownIt({ html: true, linkify: true })

/** @param {Node} node @param {string[]} names @returns {node is Element} */
function isElement(node, ...names) {
  return node.type === 'element' && (names.length === 0 || names.includes(node.tagName))
}

/** @param {Node} node @returns {(RootContent | ElementContent)[]} */
function children(node) {
  return node.type === 'root' || node.type === 'element' ? node.children : []
}

/** @param {string} text */
function collapse(text) {
  return text.replace(/\s+/g, ' ').trim()
}

// Elements the browser lays out as blocks or cells, so that their text never runs into the next.
const BLOCKS = new Set('p div h1 h2 h3 h4 h5 h6 table tr td th details summary ul ol li pre blockquote'.split(' '))

/**
 * The text of a node, as the browser lays it out (before white space is collapsed): blocks and cells apart.
 * @param {Node} node @returns {string}
 */
function rawText(node) {
  if (node.type === 'text') return node.value
  if (node.type === 'element' && node.tagName === 'br') return '\n'
  const inner = children(node).map(rawText).join('')
  return node.type === 'element' && BLOCKS.has(node.tagName) ? `\n${inner}\n` : inner
}

/**
 * @param {Node} node @param {(element: Element) => boolean} test @param {Element[]} [found]
 * @returns {Element[]}
 */
function findAll(node, test, found = []) {
  if (node.type === 'element' && test(node)) found.push(node)
  for (const child of children(node)) findAll(child, test, found)
  return found
}

/**
 * The rows of one table, its own rows only (whether or not they sit in thead or tbody), as cells.
 * @param {Element} table @returns {Element[][]}
 */
function rowCells(table) {
  /** @type {Element[][]} */
  const rows = []
  /** @param {Element} node */
  const visit = (node) => {
    for (const child of node.children) {
      if (!isElement(child)) continue
      if (child.tagName === 'tr') rows.push(child.children.filter((c) => isElement(c, 'td', 'th')))
      else if (['thead', 'tbody', 'tfoot'].includes(child.tagName)) visit(child)
    }
  }
  visit(table)
  return rows
}

/** Rows of one table: the text of each cell. @param {Element} table @returns {string[][]} */
function tableRows(table) {
  return rowCells(table).map((row) => row.map((cell) => collapse(rawText(cell))))
}

/**
 * The @mentions, #references, GH-123 references and commit SHAs GitHub's filters would find, one text
 * node at a time.
 * @param {Node} node @param {string[]} [found] @returns {string[]}
 */
function referencesIn(node, found = []) {
  if (node.type === 'text') {
    for (const match of node.value.matchAll(/(?:^|[^\w`&])([@#])([a-z\d][a-z\d-]*(?:\/[a-z\d][\w.-]*)?)/gi)) {
      const [, sign = '', name = ''] = match
      if (sign === '@' || /^\d+$/.test(name)) found.push(sign + name)
    }
    for (const [reference] of node.value.matchAll(/\bgh-\d+\b/gi)) found.push(reference)
    // Commit SHAs, whole or cut to seven characters or more (a word of digits alone is taken for a number).
    for (const [sha] of node.value.matchAll(/(?<![\w@/.-])[0-9a-f]{7,40}(?![\w/])/gi)) if (/[a-f]/i.test(sha)) found.push(sha)
    return found
  }
  if (isElement(node, 'code', 'pre', 'a')) return found
  for (const child of children(node)) referencesIn(child, found)
  return found
}

/** The tree GitHub keeps of a summary: rendered as Markdown with HTML, then sanitized. @param {string} source */
function renderTree(source) {
  return /** @type {Root} */ (sanitize(fromHtml(markdown.render(source), { fragment: true })))
}

/**
 * Renders a summary (or any GitHub Markdown with HTML in it) and reads what a reader sees.
 * @param {string} source @returns {Rendered}
 */
export function renderSummary(source) {
  const tree = renderTree(source)
  return {
    html: toHtml(tree),
    text: collapse(rawText(tree)),
    headings: findAll(tree, (e) => /^h[1-6]$/.test(e.tagName)).map((h) => collapse(rawText(h))),
    links: findAll(tree, (e) => e.tagName === 'a' && typeof e.properties.href === 'string').map((a) => ({
      href: /** @type {string} */ (a.properties.href),
      text: collapse(rawText(a))
    })),
    tables: findAll(tree, (e) => e.tagName === 'table').map(tableRows),
    references: referencesIn(tree)
  }
}

// Plain-text layout of what a reader sees, for a terminal.

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })

/**
 * The columns a terminal gives a text: one per character as a reader sees it, two for an emoji or
 * an East Asian wide character.
 * @param {string} text
 */
function width(text) {
  let columns = 0
  for (const { segment } of graphemes.segment(text))
    columns += /\p{Emoji_Presentation}|\uFE0F|[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFF00-\uFF60\uFFE0-\uFFE6]/u.test(
      segment
    )
      ? 2
      : 1
  return columns
}

/** @param {Element} cell @returns {'left' | 'right' | 'center'} */
function alignOf(cell) {
  const align = cell.properties.align
  return align === 'right' || align === 'center' ? align : 'left'
}

/** @param {string} text @param {number} size @param {'left' | 'right' | 'center'} align */
function pad(text, size, align) {
  const room = Math.max(size - width(text), 0)
  if (align === 'right') return ' '.repeat(room) + text
  if (align === 'center') return ' '.repeat(Math.floor(room / 2)) + text + ' '.repeat(Math.ceil(room / 2))
  return text + ' '.repeat(room)
}

/** A table as aligned columns, with a rule under a first row of header cells. @param {Element} table */
function tableText(table) {
  const rows = rowCells(table).map((row) =>
    row.map((cell) => ({ text: collapse(rawText(cell)), align: alignOf(cell), head: cell.tagName === 'th' }))
  )
  const columns = Math.max(0, ...rows.map((row) => row.length))
  const sizes = Array.from({ length: columns }, (_, i) => Math.max(0, ...rows.map((row) => width(row[i]?.text ?? ''))))
  /** @type {string[]} */
  const lines = []
  rows.forEach((row, r) => {
    lines.push(
      sizes
        .map((size, i) => pad(row[i]?.text ?? '', size, row[i]?.align ?? 'left'))
        .join('  ')
        .trimEnd()
    )
    if (r === 0 && rows.length > 1 && row.length > 1 && row.every((cell) => cell.head))
      lines.push(sizes.map((size) => '-'.repeat(size)).join('  '))
  })
  return lines.join('\n')
}

/**
 * The inline text of a node on one line (line breaks kept): what sits inside a paragraph or a cell.
 * @param {Node} node @returns {string}
 */
function inlineText(node) {
  if (node.type === 'text') return node.value.replace(/\s+/g, ' ')
  if (isElement(node, 'br')) return '\n'
  return children(node).map(inlineText).join('')
}

/**
 * The blocks of a node as lines of text, blocks apart by one empty line.
 * @param {Node} node @param {string[]} blocks @returns {string[]}
 */
function blocksOf(node, blocks = []) {
  /** @type {Node[]} */
  let inline = []
  const flush = () => {
    const text = inline
      .map(inlineText)
      .join('')
      .split('\n')
      .map((line) => line.trim())
      .join('\n')
      .trim()
    if (text !== '') blocks.push(text)
    inline = []
  }
  for (const child of children(node)) {
    if (child.type !== 'element' || !BLOCKS.has(child.tagName) || child.tagName === 'td' || child.tagName === 'th') {
      if (child.type === 'element' && child.tagName === 'hr') {
        flush()
        blocks.push('────')
      } else inline.push(child)
      continue
    }
    flush()
    switch (child.tagName) {
      case 'table':
        blocks.push(tableText(child))
        break
      case 'details': {
        const summary = child.children.find((c) => isElement(c, 'summary'))
        const label = summary ? collapse(rawText(summary)) : 'Details'
        if (child.properties.open === true) {
          blocks.push(`▾ ${label}`)
          blocksOf({ ...child, children: child.children.filter((c) => c !== summary) }, blocks)
        } else blocks.push(`▸ ${label}`)
        break
      }
      case 'ul':
      case 'ol': {
        const items = child.children.filter((c) => isElement(c, 'li'))
        blocks.push(items.map((item, i) => `${child.tagName === 'ol' ? `${i + 1}.` : '-'} ${blocksOf(item, []).join('\n  ')}`).join('\n'))
        break
      }
      case 'pre':
        blocks.push(rawText(child).replace(/^\n+|\n+$/g, ''))
        break
      case 'blockquote':
        blocks.push(
          blocksOf(child, [])
            .join('\n\n')
            .split('\n')
            .map((line) => `> ${line}`.trimEnd())
            .join('\n')
        )
        break
      default:
        if (/^h[1-6]$/.test(child.tagName)) {
          const text = collapse(rawText(child))
          blocks.push(child.tagName === 'h1' || child.tagName === 'h2' ? `${text}\n${'='.repeat(width(text))}` : text)
        } else blocksOf(child, blocks)
    }
  }
  flush()
  return blocks
}

/**
 * What a reader sees of a summary, laid out as plain text for a terminal: headings on their own
 * lines, tables as aligned columns, a collapsed block as its summary line (`▸ 595 more pages`).
 * @param {string} source @returns {string}
 */
export function readerText(source) {
  return blocksOf(renderTree(source)).join('\n\n')
}

// A page that shows a rendered summary the way GitHub's job summary does.

const require = createRequire(import.meta.url)

/** GitHub's own Markdown stylesheet (the github-markdown-css package), or a small stand-in without it. */
function markdownCss() {
  try {
    return readFileSync(require.resolve('github-markdown-css/github-markdown-light.css'), 'utf8')
  } catch {
    return `.markdown-body { font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2328; }
.markdown-body h2 { font-size: 1.5em; padding-bottom: .3em; border-bottom: 1px solid #d1d9e0b3; margin: 24px 0 16px; font-weight: 600; }
.markdown-body h3 { font-size: 1.25em; margin: 24px 0 16px; font-weight: 600; }
.markdown-body p, .markdown-body table, .markdown-body details { margin: 0 0 16px; }
.markdown-body table { border-spacing: 0; border-collapse: collapse; display: block; width: max-content; max-width: 100%; overflow: auto; }
.markdown-body td, .markdown-body th { padding: 6px 13px; border: 1px solid #d1d9e0; }
.markdown-body th { font-weight: 600; }
.markdown-body tr:nth-child(2n) { background-color: #f6f8fa; }
.markdown-body code { padding: .2em .4em; font-size: 85%; background-color: #818b981f; border-radius: 6px;
  font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace; }
.markdown-body a { color: #0969da; text-decoration: none; }
.markdown-body summary { cursor: pointer; display: list-item; }`
  }
}

// The frame around the summary: the run page's grey background and the bordered summary box.
const FRAME_CSS = `html { background: #f6f8fa; }
body { margin: 0; padding: 16px; font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; }
.summary { max-width: 980px; background: #ffffff; border: 1px solid #d1d9e0; border-radius: 6px; }
.summary > header { padding: 16px 24px 0; font-size: 14px; font-weight: 600; color: #1f2328; }
.summary > .markdown-body { padding: 8px 24px 16px; }
.markdown-body > :first-child { margin-top: 0 !important; }`

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/**
 * A complete HTML page around HTML already rendered and sanitized, in GitHub's Markdown styles, inside
 * a box headed like the job's summary on the run page.
 * @param {string} html the sanitized HTML @param {string} title the box's heading
 */
export function framedPage(html, title) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
${markdownCss()}
${FRAME_CSS}
</style>
</head>
<body>
<div class="summary">
<header>${escapeHtml(title)}</header>
<article class="markdown-body">
${html}
</article>
</div>
</body>
</html>
`
}

/**
 * A complete HTML page that shows a summary as GitHub would: rendered and sanitized, in GitHub's
 * Markdown styles, inside a box headed like the job's summary on the run page.
 * @param {string} source the summary (Markdown with HTML, as the action writes it)
 * @param {{ title?: string }} [options] the box's heading (default: "docs summary")
 */
export function summaryPage(source, options = {}) {
  return framedPage(renderSummary(source).html, options.title ?? 'docs summary')
}
