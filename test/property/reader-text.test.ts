// Property tests of reader text (src/text/reader-text.ts): an address among any text is masked in
// every form it may be written in, and what a run keeps of a text stays within its limit.
import { fc, test } from '@fast-check/vitest'
import { expect } from 'vitest'
import { maskEmails, READER_TEXT_MAX_CHARS, shownReaderText } from '../../src/text/reader-text.js'

const word = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/)
const tld = fc.stringMatching(/^[a-z]{2,4}$/)
// Text around an address: rich in what the mask reads (at signs, dots, quotes, brackets, spaces).
const around = fc.string({
  unit: fc.oneof(
    { arbitrary: fc.constantFrom('@', '.', '"', '(', ')', '[', ']', ' ', 'at', 'dot', '%40', '＠', '。', 'a', '1', '\n'), weight: 4 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 1 }
  ),
  maxLength: 30
})
const AT_FORMS = ['@', '＠', '﹫', '%40', ' @ ', ' (at) ', '[at]', ' [ at ] ']
const DOT_FORMS = ['.', '。', '．', ' (dot) ', '[dot]']

test.prop([
  around,
  around,
  word,
  fc.array(word, { minLength: 1, maxLength: 3 }),
  tld,
  fc.constantFrom(...AT_FORMS),
  fc.constantFrom(...DOT_FORMS)
])('masks an address written in any of its forms, whatever text stands around it', (left, right, local, labels, top, at, dot) => {
  const domain = [...labels, top].join(dot)
  const masked = maskEmails(`${left} ${local}${at}${domain} ${right}`)
  // Whatever else was taken into a mask, neither the address nor its domain is left whole.
  expect(masked).not.toContain(`${local}${at}${domain}`.normalize('NFKC'))
  expect(masked).not.toContain(domain.normalize('NFKC'))
})

test.prop([fc.string({ maxLength: 3000 }), fc.nat({ max: 3000 })])(
  'keeps at most the limit of any text, with an ellipsis when cut',
  (text, repeat) => {
    const long = text.repeat(Math.max(1, Math.ceil(repeat / Math.max(1, text.length))))
    const shown = shownReaderText(long)
    expect(shown.length).toBeLessThanOrEqual(READER_TEXT_MAX_CHARS)
    if (long.length > READER_TEXT_MAX_CHARS) expect(shown.endsWith('…')).toBe(true)
  }
)
