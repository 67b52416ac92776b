// @ts-check
// What of the Markdown the action writes GitHub shows as written instead of reading it: a heading
// inside an HTML block (`### Fixed` right under a `<p>` line), bold or a list marker inside one, a
// table row that is not a table. The action escapes every `#`, `*` and `|` of a text it does not write
// itself as an entity (`htmlText`: `&#35;`, `&#42;`, `&#124;`); these become look-alikes before the
// Markdown is rendered by GitHub's renderer (cmark-gfm), so a `#`, `*` or `|` left in the text a reader
// sees is one the action wrote as Markdown. A `#` before a digit is a reference ("pull request #60"),
// written as such; code spans and blocks show their text as written, and are left out.
import { fromHtml } from 'hast-util-from-html'
import { githubHtml } from './rendered-page.js'

/** The entities of the three characters, decimal or hexadecimal, and the look-alike each becomes. @type {[RegExp, string][]} */
const STAND_INS = [
  [/&#(?:35|x23);/gi, '＃'],
  [/&#(?:42|x2a);/gi, '∗'],
  [/&#(?:124|x7c);/gi, '¦']
]

/** A `#`, `*` or `|` that Markdown would have read, in the text a reader sees. */
const LITERAL = /#(?!\d)|\*|\|/

/** Elements whose text is shown as written, on purpose. */
const AS_WRITTEN = new Set(['code', 'pre'])

/**
 * Each piece of text GitHub shows with a `#`, `*` or `|` the action wrote as Markdown, cut to 120
 * characters around it; empty when GitHub reads all of it.
 * @param {string} markdown @returns {string[]}
 */
export function literalMarkdown(markdown) {
  let source = markdown
  for (const [entity, lookAlike] of STAND_INS) source = source.replace(entity, lookAlike)
  /** @type {string[]} */
  const found = []
  /** @param {import('hast').Root | import('hast').RootContent} node */
  const visit = (node) => {
    if (node.type === 'text') {
      const at = node.value.search(LITERAL)
      if (at >= 0) found.push(node.value.slice(Math.max(0, at - 60), at + 60).trim())
      return
    }
    if (node.type === 'element' && AS_WRITTEN.has(node.tagName)) return
    if (node.type === 'root' || node.type === 'element') for (const child of node.children) visit(child)
  }
  visit(fromHtml(githubHtml(source), { fragment: true }))
  return found
}
