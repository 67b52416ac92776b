// Renders a job summary or a comment body the way GitHub shows it, so that tests can assert what a
// reader sees: GitHub Flavored Markdown with raw HTML allowed (markdown-it, GFM tables, bare URLs
// linked), then GitHub's sanitizing (hast-util-sanitize's default schema follows it), then the
// text, links, tables, @mentions and #references that are left.
import type { Element, ElementContent, Root, RootContent } from 'hast'
import { fromHtml } from 'hast-util-from-html'
import { sanitize } from 'hast-util-sanitize'
import { toHtml } from 'hast-util-to-html'
import MarkdownIt from 'markdown-it'

export interface RenderedLink {
  href: string
  text: string
}

export interface Rendered {
  /** The HTML GitHub would serve, after sanitizing. */
  html: string
  /** Every piece of text a reader sees, in order, with runs of white space made one space. */
  text: string
  /** The text of every heading (h1 to h6), in order. */
  headings: string[]
  /** Every link that survived sanitizing, with its text. */
  links: RenderedLink[]
  /** Every table, in order: its rows, each the text of its cells. */
  tables: string[][][]
  /**
   * What GitHub would link of its own accord: @mentions and #references. Its filters read each text
   * node outside code, pre and links after entities are decoded, so an escaped `&#64;` still counts.
   */
  references: string[]
}

const markdown = new MarkdownIt({ html: true, linkify: true })

type Node = Root | RootContent | ElementContent

function isElement(node: Node, ...names: string[]): node is Element {
  return node.type === 'element' && (names.length === 0 || names.includes(node.tagName))
}

function children(node: Node): (RootContent | ElementContent)[] {
  return node.type === 'root' || node.type === 'element' ? node.children : []
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

// Elements the browser lays out as blocks or cells, so that their text never runs into the next.
const BLOCKS = new Set('p div h1 h2 h3 h4 h5 h6 table tr td th details summary ul ol li pre blockquote'.split(' '))

/** The text of a node, as the browser lays it out (before white space is collapsed): blocks and cells apart. */
function rawText(node: Node): string {
  if (node.type === 'text') return node.value
  if (node.type === 'element' && node.tagName === 'br') return '\n'
  const inner = children(node).map(rawText).join('')
  return node.type === 'element' && BLOCKS.has(node.tagName) ? `\n${inner}\n` : inner
}

function findAll(node: Node, test: (element: Element) => boolean, found: Element[] = []): Element[] {
  if (node.type === 'element' && test(node)) found.push(node)
  for (const child of children(node)) findAll(child, test, found)
  return found
}

/** Rows of one table: its own rows only, whether or not they sit in thead or tbody. */
function tableRows(table: Element): string[][] {
  const rows: string[][] = []
  const visit = (node: Element): void => {
    for (const child of node.children) {
      if (!isElement(child)) continue
      if (child.tagName === 'tr') rows.push(child.children.filter((c) => isElement(c, 'td', 'th')).map((c) => collapse(rawText(c))))
      else if (['thead', 'tbody', 'tfoot'].includes(child.tagName)) visit(child)
    }
  }
  visit(table)
  return rows
}

/** The @mentions and #references GitHub's filters would find, one text node at a time. */
function referencesIn(node: Node, found: string[] = []): string[] {
  if (node.type === 'text') {
    for (const match of node.value.matchAll(/(?:^|[^\w`&])([@#])([a-z\d][a-z\d-]*(?:\/[a-z\d][\w.-]*)?)/gi)) {
      const [, sign = '', name = ''] = match
      if (sign === '@' || /^\d+$/.test(name)) found.push(sign + name)
    }
    return found
  }
  if (isElement(node, 'code', 'pre', 'a')) return found
  for (const child of children(node)) referencesIn(child, found)
  return found
}

/** Renders a summary (or any GitHub Markdown with HTML in it) and reads what a reader sees. */
export function renderSummary(source: string): Rendered {
  const tree = sanitize(fromHtml(markdown.render(source), { fragment: true }))
  return {
    html: toHtml(tree),
    text: collapse(rawText(tree)),
    headings: findAll(tree, (e) => /^h[1-6]$/.test(e.tagName)).map((h) => collapse(rawText(h))),
    links: findAll(tree, (e) => e.tagName === 'a' && typeof e.properties.href === 'string').map((a) => ({
      href: a.properties.href as string,
      text: collapse(rawText(a))
    })),
    tables: findAll(tree, (e) => e.tagName === 'table').map(tableRows),
    references: referencesIn(tree)
  }
}
