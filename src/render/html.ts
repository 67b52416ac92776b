// Small pieces of summary and comment HTML, each safe for text from the service.
import { htmlText, oneLine, safeHttpUrl } from '../text/escape.js'
import { OTHER_PAGE } from '../text/page-path.js'

/** A link, when `href` is a plain http(s) URL; otherwise the label alone. `labelHtml` is HTML already. */
export function linkHtml(href: string | undefined, labelHtml: string): string {
  const safe = safeHttpUrl(href)
  return safe ? `<a href="${safe.replace(/&/g, '&amp;')}">${labelHtml}</a>` : labelHtml
}

/** Text in a code element, on one line. */
export function codeHtml(text: string, maxLength = 200): string {
  return `<code>${htmlText(text, maxLength)}</code>`
}

/** A page as a section keeps it (`sitePath`, `sitePage`): in a code element, or "(other page)" in italics. */
export function pageHtml(page: string, maxLength = 200): string {
  return page === OTHER_PAGE ? `<em>${OTHER_PAGE}</em>` : codeHtml(page, maxLength)
}

/** Characters of a page path a table cell keeps on one line: under half of a phone's width, so that two counts fit beside it. */
export const CELL_LINE_CHARS = 16

/**
 * A page in a table cell: as `pageHtml`, a long path broken into lines between its parts (after a
 * `/`), each line as long as fits CELL_LINE_CHARS, so that the table keeps to a phone's width. GitHub keeps no element that only offers a break
 * (`<wbr>`), so the breaks are line breaks, and a part longer than a line stays whole.
 */
export function pageCellHtml(page: string, maxLength = 200): string {
  if (page === OTHER_PAGE) return pageHtml(page, maxLength)
  const path = oneLine(page, maxLength)
  if (path.length <= CELL_LINE_CHARS) return codeHtml(path, maxLength)
  const lines: string[] = []
  // After a / between two other characters: never inside "//", nor after a path's first /.
  for (const part of path.split(/(?<=[^/]\/)(?=[^/])/)) {
    const last = lines.at(-1)
    if (last !== undefined && last.length + part.length <= CELL_LINE_CHARS) lines[lines.length - 1] = last + part
    else lines.push(part)
  }
  // GitHub's styles hide a line break inside a code element: each line is a code element of its own.
  return lines.map((line) => `<code>${htmlText(line, maxLength)}</code>`).join('<br>')
}

/**
 * A message for people (why the step failed, say): escaped, on one line, its Markdown code spans
 * (`apiKey`) shown as code elements rather than as backticks.
 */
export function messageHtml(message: string, maxLength = 1000): string {
  return htmlText(message, maxLength).replace(/&#96;(.+?)&#96;/g, '<code>$1</code>')
}

/** Text over several lines (a prompt, say): each line escaped, the lines kept, cut at `maxLines`. */
export function linesHtml(text: string, maxLength = 300, maxLines = 60): string {
  const lines = text.split(/\r\n|\r|\n/)
  const kept = lines.slice(0, maxLines).map((line) => (line.trim() === '' ? '' : htmlText(line, maxLength)))
  if (lines.length > maxLines) kept.push('…')
  return kept.join('<br>\n')
}

/** A row of a two-column table: a label and its value (HTML). */
export function rowHtml(label: string, valueHtml: string): string {
  return `<tr><th scope="row" align="left">${label}</th><td>${valueHtml}</td></tr>`
}

/** A table cell aligned right (counts, shares, changes); `html` is HTML already. */
export function rightCell(html: string): string {
  return `<td align="right">${html}</td>`
}

/** A table heading that does not wrap, aligned right unless `align` says otherwise; `label` is HTML already. */
export function headCell(label: string, align: 'left' | 'right' = 'right'): string {
  return `<th align="${align}" nowrap>${label}</th>`
}
