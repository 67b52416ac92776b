// Property tests of the escaping of untrusted text (src/text/escape.ts): what any string becomes in
// the summary's HTML, in a log line, and as a link.
import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { htmlText, logText, oneLine, plainHttpUrl, safeHttpUrl, withoutInvisible } from '../../src/text/escape.js'

// The entities htmlText writes: its escape table, and the placeholder of an empty cell.
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#96;': '`',
  '&#124;': '|',
  '&#92;': '\\',
  '&#91;': '[',
  '&#93;': ']',
  '&#42;': '*',
  '&#95;': '_',
  '&#126;': '~',
  '&#64;': '@',
  '&#35;': '#',
  '&#58;': ':',
  '&#8203;': '\u200b'
}
// The only markup htmlText writes of its own: an element around the entity of @ or #, the dash of
// GH-123, the dot of www., or a piece of a word of hexadecimal digits, so that GitHub never reads a mention, a
// link, a reference or a commit SHA in the text.
const OWN_ELEMENT = /<span>(&#(?:64|35);|-|\.|[0-9a-f]{1,6})<\/span>/gi
const withoutOwnElements = (html: string) => html.replace(OWN_ELEMENT, '$1')
// What one character of the text may become at most.
const LONGEST_ESCAPE = Math.max(...Object.keys(ENTITIES).map((e) => e.length), '<span>&#64;</span>'.length)
const UNKNOWN_AMPERSAND = new RegExp(
  `&(?!(?:${Object.keys(ENTITIES)
    .map((e) => e.slice(1))
    .join('|')}))`
)
// eslint-disable-next-line no-control-regex -- control characters are what must not get through
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
// Everything a renderer, a terminal or the runner may take as the end of a line.
// eslint-disable-next-line no-control-regex -- vertical tab and form feed are line breaks to some readers
const LINE_BREAK = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/

// Bidirectional controls and zero-width characters: none reaches the summary, a comment or the log.
const INVISIBLE = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  // Characters Unicode says to show as nothing: the soft hyphen, a combining joiner, a variation selector, a tag.
  '\u00ad',
  '\u034f',
  '\ufe0f',
  '\u{e0041}'
]
const INVISIBLE_CHAR = new RegExp(INVISIBLE.join('|'), 'u')

/** The text a reader sees: the own elements dropped, the entities read. */
function shownText(html: string): string {
  return withoutOwnElements(html).replace(/&[#\w]+;/g, (entity) => ENTITIES[entity] ?? entity)
}

// Strings rich in what the escaping must handle, mixed with any UTF-16 code units.
const nasty = fc.string({
  unit: fc.oneof(
    { arbitrary: fc.constantFrom('<', '>', '&', '"', "'", '`', '|', '\\', '[', ']', '*', '_', '~', '@', '#', ':', ';'), weight: 3 },
    { arbitrary: fc.constantFrom('\n', '\r', '\t', '\u0000', '\u001b', '\u007f', '\u0085', '\u2028', '\u2029', ' ', '\u00a0'), weight: 2 },
    { arbitrary: fc.constantFrom('amp;', 'lt;', '#39;', '#x3c;', 'script', 'img', '::', 'error', 'set-output'), weight: 1 },
    { arbitrary: fc.constantFrom('GH-', 'gh-', '-', '1', 'a', 'F', 'abc1234', 'deadbeef'), weight: 2 },
    { arbitrary: fc.constantFrom(...INVISIBLE), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 3 }
  ),
  maxLength: 80
})
const anyText = fc.oneof(nasty, fc.string({ unit: 'binary' }), fc.string())
const maxLength = fc.integer({ min: 1, max: 400 })

describe('htmlText', () => {
  test.prop([anyText, maxLength])(
    'never lets the text open a tag, and yields no quote, backtick, line break or control character',
    (text, max) => {
      const out = withoutOwnElements(htmlText(text, max))
      expect(out).not.toMatch(/[<>"'`]/)
      expect(out).not.toMatch(CONTROL)
    }
  )

  test.prop([anyText, maxLength])(
    'leaves no text node with a GH-123 reference or a word of seven hexadecimal digits or more, nor an invisible character',
    (text, max) => {
      const html = htmlText(text, max)
      const nodes = html.split(/<[^>]*>/).map((node) => node.replace(/&[#\w]+;/g, (entity) => ENTITIES[entity] ?? entity))
      for (const node of nodes) {
        expect(node).not.toMatch(/gh-\d/i)
        expect(node).not.toMatch(/(?<![0-9a-z])[0-9a-f]{7,}(?![0-9a-z])/i)
      }
      expect(shownText(html).replace(/^\u200b$/, '')).not.toMatch(INVISIBLE_CHAR)
    }
  )

  test.prop([anyText, maxLength])('writes an ampersand only as the start of one of its own entities', (text, max) => {
    expect(htmlText(text, max)).not.toMatch(UNKNOWN_AMPERSAND)
  })

  test.prop([anyText, maxLength])('is never empty and at most the longest escape times the length limit', (text, max) => {
    const out = htmlText(text, max)
    expect(out.length).toBeGreaterThan(0)
    expect(out.length).toBeLessThanOrEqual(Math.max('&#8203;'.length, max * LONGEST_ESCAPE))
  })

  test.prop([anyText, maxLength])('shows the one-line form of the text, character for character', (text, max) => {
    const flat = oneLine(text, max)
    expect(shownText(htmlText(text, max))).toBe(flat === '' ? '\u200b' : flat)
  })

  test.prop([
    fc
      .string({ unit: 'binary', minLength: 1, maxLength: 300 })
      .filter((t) => t.trim() === t && t !== '' && !CONTROL.test(t) && withoutInvisible(t) === t)
  ])('shows text that is already one short line, with no invisible character, exactly as written', (text) => {
    expect(shownText(htmlText(text))).toBe(text)
  })
})

describe('logText', () => {
  const commandFirst = fc.tuple(fc.constantFrom('::', ' ::', '\n::', '\u0000::', '::::'), anyText).map(([start, rest]) => start + rest)

  test.prop([fc.oneof(anyText, commandFirst), maxLength])(
    'never yields a line break or another control character, nor more than the limit',
    (text, max) => {
      const out = logText(text, max)
      expect(out).not.toMatch(LINE_BREAK)
      expect(out).not.toMatch(CONTROL)
      expect(out.length).toBeLessThanOrEqual(max)
    }
  )

  test.prop([fc.oneof(anyText, commandFirst), maxLength])(
    'holds no invisible character but the one that breaks a leading ::',
    (text, max) => {
      expect(logText(text, max).replace(/^:\u200b/, ':')).not.toMatch(INVISIBLE_CHAR)
    }
  )

  test.prop([fc.oneof(anyText, commandFirst), maxLength])(
    'never starts with ::, and is the one-line text, a leading :: broken by a zero-width space',
    (text, max) => {
      const out = logText(text, max)
      expect(out.startsWith('::')).toBe(false)
      const flat = oneLine(text, max)
      if (!flat.includes('##[')) expect(out).toBe(flat.startsWith('::') ? `:\u200b${oneLine(text, max - 1).slice(1)}` : flat)
    }
  )

  test.prop([anyText, fc.constantFrom('##[set-output name=x;]', '##[warning]', '##[stop-commands]t', '##[error]'), anyText, maxLength])(
    'holds no ##[ anywhere, within its length, and reads as the one-line text with zero-width spaces taken out',
    (before, command, after, max) => {
      const out = logText(`${before}${command}${after}`, max)
      expect(out).not.toContain('##[')
      expect(out.length).toBeLessThanOrEqual(max)
      expect(oneLine(`${before}${command}${after}`, max).startsWith(out.replace(/\u200b/g, '').replace(/…$/, ''))).toBe(true)
    }
  )

  test.prop([
    anyText,
    fc.constantFrom('\n', '\r\n', '\r', '\u2028', '\u2029', '\u0085', '\n \t'),
    fc.constantFrom('::error::', '::set-output name=x::', '::add-mask::', '::stop-commands::', '::warning file=a::'),
    anyText
  ])(
    'keeps a log line that holds service text on one line, so no line of it starts a workflow command',
    (before, lineBreak, command, after) => {
      const line = `Created agent job ${logText(`${before}${lineBreak}${command}${after}`)}.`
      const lines = line.split(LINE_BREAK)
      expect(lines).toHaveLength(1)
      expect(lines.filter((l) => l.trimStart().startsWith('::'))).toEqual([])
    }
  )
})

describe('safeHttpUrl', () => {
  const inject = (url: string, at: number, what: string) => url.slice(0, at % (url.length + 1)) + what + url.slice(at % (url.length + 1))
  const candidates = fc.oneof(
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.webUrl({ validSchemes: ['http', 'https', 'javascript', 'data', 'file', 'ftp'], authoritySettings: { withUserInfo: true } }),
    fc
      .tuple(fc.webUrl(), fc.nat(), fc.constantFrom('<', '>', '"', "'", '`', ' ', '\t', '\n', '$(id)', '\u00a0', '%0a', 'user:pw@', '\\'))
      .map(([url, at, what]) => inject(url, at, what)),
    fc.string({ unit: 'binary' }),
    fc.constantFrom('javascript:alert(1)', 'https://ex.test/a b', 'https://ex.test/<x>', ' https://ex.test/ ', 'HTTPS://EX.TEST/A', '')
  )

  test.prop([candidates])(
    'returns nothing, or an http(s) URL without credentials, quotes, angle brackets, backticks or spaces',
    (value) => {
      const out = safeHttpUrl(value)
      if (out === undefined) return
      const url = new URL(out)
      expect(['http:', 'https:']).toContain(url.protocol)
      expect(url.username).toBe('')
      expect(url.password).toBe('')
      expect(out).not.toMatch(/[<>"'`\s\\]/)
      expect(safeHttpUrl(out)).toBe(out)
    }
  )

  const word = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split('')), minLength: 1, maxLength: 10 })
  const plainUrl = fc
    .tuple(
      fc.constantFrom('http', 'https'),
      fc.array(word, { minLength: 1, maxLength: 3 }),
      fc.array(word, { maxLength: 4 }),
      fc.option(word)
    )
    .map(([scheme, host, path, query]) => `${scheme}://${host.join('.')}.test/${path.join('/')}${query === null ? '' : `?q=${query}`}`)

  test.prop([plainUrl])('keeps a plain http(s) link unchanged', (url) => {
    expect(safeHttpUrl(url)).toBe(url)
  })
})

describe('plainHttpUrl', () => {
  const inject = (url: string, at: number, what: string) => url.slice(0, at % (url.length + 1)) + what + url.slice(at % (url.length + 1))
  const candidates = fc.oneof(
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.webUrl({ validSchemes: ['http', 'https', 'javascript', 'data', 'file', 'ftp'], authoritySettings: { withUserInfo: true } }),
    fc
      .tuple(
        fc.webUrl(),
        fc.nat(),
        fc.constantFrom(
          ';',
          '&',
          '|',
          '`',
          '$',
          '$(id)',
          '"',
          "'",
          ' ',
          '<',
          '>',
          '(',
          ')',
          '!',
          '*',
          '\\',
          '\n',
          '%0a',
          'user:pw@',
          '\u00a0'
        )
      )
      .map(([url, at, what]) => inject(url, at, what)),
    fc.string({ unit: 'binary' })
  )

  test.prop([candidates])(
    'returns nothing, or scheme, host and path with no character a shell, HTML or Markdown treats specially',
    (value) => {
      const out = plainHttpUrl(value)
      if (out === undefined) return
      expect(out).toMatch(/^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d+)?\/[A-Za-z0-9\-._~/%]*$/)
      const url = new URL(out)
      expect(url.search).toBe('')
      expect(url.hash).toBe('')
      expect(plainHttpUrl(out)).toBe(out)
      expect(safeHttpUrl(out)).toBe(out)
    }
  )
})
