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
  '@': '&#64;',
  '#': '&#35;',
  ':': '&#58;'
}

// Control characters, including the line and paragraph separators some renderers treat as newlines.
// eslint-disable-next-line no-control-regex -- matching control characters is what this is for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g

/** One line of plain text: control characters become a space, long text is cut with an ellipsis. */
export function oneLine(text: string, maxLength = 300): string {
  const flat = text.replace(CONTROL, ' ').trim()
  return flat.length > maxLength ? `${flat.slice(0, maxLength - 1)}…` : flat
}

/**
 * Text for an HTML table cell or paragraph of the summary. Besides HTML, it escapes the characters
 * that Markdown, tables, autolinks and mentions would interpret, so the text shows as written.
 * An empty string becomes an explicit empty placeholder, since an empty cell breaks a table.
 */
export function htmlText(text: string, maxLength = 300): string {
  const flat = oneLine(text, maxLength)
  if (flat === '') return '&#8203;'
  return flat.replace(/[&<>"'`|\\[\]*_~@#:]/g, (c) => HTML_ESCAPES[c] ?? c)
}

/** Text for a log line: one line, so it can never start a workflow command (`::name::`). */
export function logText(text: string, maxLength = 300): string {
  return oneLine(text, maxLength)
}

/**
 * A URL that is safe to link and to hand to later steps: http(s) only, with no characters
 * that a shell, HTML or Markdown would treat specially. Returns undefined otherwise.
 */
export function safeHttpUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  if (url.username || url.password) return undefined
  const href = url.href
  return /^[A-Za-z0-9\-._~:/?#=&%+,;]+$/.test(href) ? href : undefined
}
