// Text from the service (error messages, page paths, model names, links) is untrusted.
// These functions make it safe to place in the job summary (HTML) and in the log.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
  '|': '&#124;',
  '\\': '&#92;',
  '[': '&#91;',
  ']': '&#93;',
  '*': '&#42;',
  _: '&#95;',
  '~': '&#126;',
  ':': '&#58;',
  // GitHub finds @mentions and #references (and GH-123 references and commit SHAs, see htmlText) in
  // the text after entities are decoded, one text node at a time: an element of its own keeps these
  // from ever starting one, and the text reads the same.
  '@': '<span>&#64;</span>',
  '#': '<span>&#35;</span>'
}

// Control characters, including the line and paragraph separators some renderers treat as newlines.
// eslint-disable-next-line no-control-regex -- matching control characters is what this is for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g

// Characters that show nothing but change what the text around them looks like: the controls of
// bidirectional text (which can make `job_\u202egpj.exe` read as `job_exe.jpg`) and the zero-width
// characters (which can hide text, or split a word a reader or a filter would otherwise see whole).
// Bidirectional controls, zero-width characters, and every other character Unicode says to show as
// nothing (Default_Ignorable_Code_Point: the soft hyphen, Hangul fillers, variation selectors, and the
// tag characters, which can carry a whole hidden text).
const INVISIBLE = /[\u061c\u180e\p{Default_Ignorable_Code_Point}]/gu

/** Text without bidirectional controls and zero-width characters, which can disguise what it says. */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '')
}

/**
 * One line of plain text: bidirectional controls and zero-width characters are dropped, control
 * characters become a space, long text is cut with an ellipsis (between characters, not inside one).
 */
export function oneLine(text: string, maxLength = 300): string {
  const flat = withoutInvisible(text).replace(CONTROL, ' ').trim()
  if (flat.length <= maxLength) return flat
  // The cut never falls between the two halves of a surrogate pair, which would leave half a character.
  const end = /[\uD800-\uDBFF]/.test(flat.charAt(maxLength - 2)) ? maxLength - 2 : maxLength - 1
  return `${flat.slice(0, end)}…`
}

/**
 * What htmlText escapes: single characters (HTML_ESCAPES), the dash of a `GH-123` reference, the dot
 * of `www.` (which GitHub's Markdown links on its own, as it does `http://` and an e-mail address,
 * kept from linking by the escaped `:` and `@`), and words of seven or more hexadecimal digits, which
 * GitHub links as commit SHAs.
 */
const HTML_SPECIAL = /[&<>"'`|\\[\]*_~@#:]|(?<=gh)-(?=\d)|(?<=www)\.|(?<![0-9a-z])[0-9a-f]{7,}(?![0-9a-z])/gi

/**
 * A word of hexadecimal digits, in pieces of six, every other one in an element of its own: no text
 * node holds seven of them in a row, so GitHub finds no commit SHA in it, and the word reads the same.
 */
function hexWordHtml(word: string): string {
  let html = ''
  for (let at = 0; at < word.length; at += 6) {
    const piece = word.slice(at, at + 6)
    html += at % 12 === 0 ? piece : `<span>${piece}</span>`
  }
  return html
}

/**
 * Text for an HTML table cell or paragraph of the summary. Besides HTML, it escapes the characters
 * that Markdown, tables, autolinks and mentions would interpret, so the text shows as written.
 * An empty string becomes an explicit empty placeholder, since an empty cell breaks a table.
 */
export function htmlText(text: string, maxLength = 300): string {
  const flat = oneLine(text, maxLength)
  if (flat === '') return '&#8203;'
  return flat.replace(HTML_SPECIAL, (match) => (match.length > 1 ? hexWordHtml(match) : (HTML_ESCAPES[match] ?? `<span>${match}</span>`)))
}

/**
 * Text as a Markdown code span, for comment bodies (Markdown): shown exactly as written, with nothing
 * in it read as Markdown, HTML, a link or a mention. The fence is one backtick longer than any run of
 * backticks in the text, and a space pads text that starts or ends with one, as CommonMark says.
 */
export function markdownCode(text: string, maxLength = 300): string {
  const flat = oneLine(text, maxLength) || '\u200b'
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longest + 1)
  const pad = /^`|`$/.test(flat) ? ' ' : ''
  return `${fence}${pad}${flat}${pad}${fence}`
}

/**
 * Text for a log line: one line, so that nothing in it can start a workflow command on a line of its
 * own; and, should it stand first on a line, a leading `::` is broken by a zero-width space.
 */
export function logText(text: string, maxLength = 300): string {
  // The runner reads `::command::` at the start of a line, and its older `##[command]` form anywhere
  // in it: a zero-width space breaks both. It counts against the limit, so the line stays within it.
  const flat = oneLine(text, maxLength)
  const older = flat.match(/##\[/g)?.length ?? 0
  const leading = flat.startsWith('::') ? 1 : 0
  if (leading + older === 0) return flat
  const kept = oneLine(text, Math.max(1, maxLength - leading - older))
  return (leading ? `:\u200b${kept.slice(1)}` : kept).replace(/##\[/g, '##\u200b[')
}

/**
 * What a URL parser drops from anywhere in a URL, silently: tabs and line breaks. A value holding one
 * is refused, so that pieces the key's cleaning saw apart (`mint_ab\tcd`) are never joined into it.
 */
const URL_DROPS = /[\t\n\r]/

/**
 * A URL that is safe to link and to hand to later steps: http(s) only, with no characters
 * that a shell, HTML or Markdown would treat specially. Returns undefined otherwise.
 */
export function safeHttpUrl(value: string | null | undefined): string | undefined {
  // Stryker disable next-line ConditionalExpression: an empty or missing value is refused all the same by new URL() below
  if (!value || URL_DROPS.test(value)) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  // A URL with credentials in it (user:password@) is refused too: `@` is not one of the characters below.
  const href = url.href
  return /^[A-Za-z0-9\-._~:/?#=&%+,;]+$/.test(href) ? href : undefined
}

/** Characters of a URL's path kept as they are: none is special to a shell, HTML or Markdown. */
const PLAIN_PATH = /[^A-Za-z0-9\-._~/%]/g

/**
 * A URL to show and to hand to later steps, when the value is an http(s) URL without credentials:
 * its scheme, host and path, the query string and fragment dropped, and every character of the path
 * that a shell, HTML or Markdown would treat specially (`;` `&` `|` `$` quotes, parentheses…)
 * percent-encoded. Undefined for anything else, a host with characters no DNS name or IP address has included.
 */
export function plainHttpUrl(value: string | null | undefined): string | undefined {
  if (!value || URL_DROPS.test(value) || !URL.canParse(value)) return undefined
  const url = new URL(value)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  if (url.username || url.password) return undefined
  if (!/^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d+)?$/.test(url.host)) return undefined
  const path = url.pathname.replace(PLAIN_PATH, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
  return `${url.protocol}//${url.host}${path}`
}
