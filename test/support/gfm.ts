// Markdown as GitHub's Markdown reads it, for the texts the action writes as Markdown (the docs health
// issue): micromark with its GFM extension, which links `www.`, bare URLs and e-mail addresses as the
// GFM spec says (autolink literals), with raw HTML kept, as GitHub keeps the elements it allows. What
// GitHub links after rendering, which no GFM renderer does (mentions, issue references, commit
// SHAs), is looked for by `githubReferences` in the text GitHub would read it in.
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'

/** The HTML of `markdown` as a GFM renderer makes it, raw HTML included. */
export function gfmToHtml(markdown: string): string {
  return micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] })
}

/** The targets of the links in `html`. */
export function linksIn(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*href="([^"]*)"/gi)].map((match) => match[1] ?? '')
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

function decoded(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
    return NAMED[name.toLowerCase()] ?? entity
  })
}

/** Elements whose text GitHub leaves alone when it looks for mentions and references. */
const LEFT_ALONE = new Set(['a', 'code', 'pre'])

/**
 * The text nodes of `html` that GitHub reads mentions and references in, entities decoded: one string
 * for each run of text between two tags, outside links, code and comments.
 */
export function textNodes(html: string): string[] {
  const nodes: string[] = []
  const open: string[] = []
  for (const piece of html.split(/(<!--[\s\S]*?-->|<[^>]*>)/)) {
    if (piece.startsWith('<!--')) continue
    const tag = /^<(\/?)([a-z][a-z0-9]*)/i.exec(piece)
    if (tag) {
      const name = (tag[2] ?? '').toLowerCase()
      if (tag[1] === '/') {
        const at = open.lastIndexOf(name)
        if (at >= 0) open.splice(at)
      } else if (!piece.endsWith('/>')) open.push(name)
      continue
    }
    if (piece !== '' && !open.some((name) => LEFT_ALONE.has(name))) nodes.push(decoded(piece))
  }
  return nodes
}

/** The forms GitHub links in the text of a rendered issue or comment, besides the GFM autolinks. */
const GITHUB_FORMS: readonly [string, RegExp][] = [
  ['mention', /(?<![\w@`])@[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][\w-]*)?/gi],
  ['reference', /(?<![\w/&])#\d+/g],
  ['GH reference', /(?<!\w)GH-\d+/gi],
  ['repository reference', /[\w.-]+\/[\w.-]+#\d+/g],
  ['repository commit', /[\w.-]+\/[\w.-]+@[0-9a-f]{7,40}/gi],
  ['commit', /(?<![\w@/])[0-9a-f]{7,40}(?!\w)/gi]
]

/** Every mention, reference and commit id GitHub would link in `html` (as "kind: text"). */
export function githubReferences(html: string): string[] {
  const found: string[] = []
  for (const node of textNodes(html)) {
    for (const [kind, pattern] of GITHUB_FORMS) for (const match of node.matchAll(pattern)) found.push(`${kind}: ${match[0]}`)
  }
  return found
}
