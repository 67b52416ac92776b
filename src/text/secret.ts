// A secret (the API key, the GitHub token) in every form a service might echo it in: as sent, escaped
// inside a JSON string (`\/`, `\"`, `\u002f`) or a JavaScript or Python one (`\x6d`, `\u{6d}`), its
// bytes in hex, URL-encoded, as an HTML character reference (any of HTML's named ones, decimal or hex,
// with or without its `;`), or base64-encoded (the secret alone, the Authorization header's value, or
// anywhere inside a longer encoded text; its `+`, `/` and `=` URL-encoded too, as a query string
// writes them), and in any case: a service that upper-cases its message echoes `MINT_…`. The runner
// masks only the forms it is told of; every text derived from the service is cleaned of all of them
// here.
//
// A text is cleaned also of what becomes the secret once folded as the run folds the texts it shows:
// by Unicode NFKC (reader text: `ｍｉｎｔ＿…` in fullwidth is `mint_…`), and without the invisible
// characters every shown text loses (`mint\u200b_…`). So no later fold, cut or escape of a cleaned
// text can make the secret again, and there is nothing left for the runner's masking to miss.
import { characterEntities } from 'character-entities'
import { withoutInvisible } from './escape.js'
import { foldedMatches, foldsToAscii } from './fold.js'

/** The base64 that a longer encoded text shares with the secret is left out below this length: too short to mean the secret. */
const MIN_MASKED_LENGTH = 8

/**
 * The most repeats of an escape's prefix matched (backslashes, `%25`): bounded, so that
 * the pattern runs in linear time over any text, a run of a million backslashes included. The run of
 * backslashes before a \\u escape of the first character is matched whole, from its start only.
 */
const MAX_REPEAT = 8

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')
}

/**
 * For a name of HTML's named character references (all of HTML5's, `lowbar`, `UnderBar`, `Mopf`, …),
 * what it stands for once folded as the run folds what it shows (NFKC, invisible characters dropped),
 * in lower case: `lowbar` is `_`, `Mopf` (𝕄) is `m`.
 */
export function entityFolds(entities: Readonly<Record<string, string>>): Map<string, string[]> {
  const names = new Map<string, string[]>()
  for (const [name, value] of Object.entries(entities)) {
    const folded = withoutInvisible(value.normalize('NFKC')).toLowerCase()
    // Only a name of one character matters here: the secret is matched character by character.
    if (Array.from(folded).length !== 1) continue
    const known = names.get(folded) ?? []
    if (!known.some((other) => other.toLowerCase() === name.toLowerCase())) known.push(name)
    names.set(folded, known)
  }
  return names
}

let namedEntities: ReadonlyMap<string, string[]> | undefined
/** The names of HTML's character references by the character each folds into, made once, the first time a secret needs them. */
function entityNames(char: string): string[] {
  // Stryker disable next-line ArrayDeclaration,LogicalOperator: made once for each process, before the mutant is switched on
  namedEntities ??= entityFolds(characterEntities)
  return namedEntities.get(char.toLowerCase()) ?? []
}

/** The character in each case it has (`m`, `M`), each one character: the pattern matches the secret in any case. */
function cases(char: string): string[] {
  return [...new Set([char, char.toLowerCase(), char.toUpperCase()])].filter((form) => Array.from(form).length === 1)
}

/** A URL-encoded byte, once or a few times (%2B, %252B). */
function urlEncoded(byte: string): string {
  return `%(?:25){0,${MAX_REPEAT}}${byte}`
}

/**
 * Every way one character may be written in the texts a service sends back, as a pattern. The first
 * character of the secret starts a match behind backslashes only at the start of their run, so that a
 * long run of backslashes is passed over once, not once for each of its characters.
 */
function characterPattern(char: string, first: boolean): string {
  const backslashes = `${first ? '(?<!\\\\)' : ''}\\\\{1,${MAX_REPEAT}}`
  const forms = cases(char).flatMap((variant) => {
    const code = variant.codePointAt(0) as number
    const hex = code.toString(16)
    return [
      escapeRegExp(variant),
      // Behind backslashes: a JSON or shell escape (\/, \"), escaped again a few times.
      `${backslashes}${escapeRegExp(variant)}`,
      // A JSON or JavaScript escape: \u002f.
      // Before the first character, behind the whole run however long: a JSON string's `\\\\…\\u006d`
      // reads as backslashes and then the first character, whatever number of pairs comes before it.
      `${first ? '(?<!\\\\)\\\\+' : backslashes}u${hex.padStart(4, '0')}`,
      // A JavaScript or Python escape: \x6d, \u{6d}.
      `${first ? '(?<!\\\\)\\\\+' : backslashes}(?:${code < 0x100 ? `x${hex.padStart(2, '0')}|` : ''}u\\{0*${hex}\\})`,
      // URL-encoded, once or a few times (%2F, %252F), byte by byte.
      [...Buffer.from(variant)].map((byte) => urlEncoded(byte.toString(16).padStart(2, '0'))).join(''),
      // A numeric HTML character reference, decimal or hex, its `;` left out as HTML allows, behind any
      // number of zeros as HTML reads it: a run of zeros is read once, from the `&#` that starts it.
      `&#(?:0*${code}|x0*${hex});?`
    ]
  })
  // A named one (`&lowbar;`, `&UnderBar`, `&Mopf;`), with or without its `;`.
  const named = entityNames(char)
  if (named.length > 0) forms.push(`&(?:${named.join('|')});?`)
  return `(?:${[...new Set(forms)].join('|')})`
}

function base64Forms(bytes: Buffer): string[] {
  const standard = bytes.toString('base64')
  // Base64 writes '=' only as the padding at its end.
  return [standard, standard.replace(/=/g, ''), bytes.toString('base64url')]
}

/**
 * The base64 text that any base64 encoding of a longer text holding `secret` contains, for each of
 * the three alignments the secret may have: the characters that only its own bytes determine.
 */
function embeddedBase64(secret: Buffer): string[] {
  const cores: string[] = []
  for (const shift of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(shift), secret]).toString('base64')
    const start = Math.ceil(shift / 3) * 4
    const end = Math.floor((shift + secret.length) / 3) * 4
    const core = encoded.slice(start, end)
    cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return cores
}

/** The base64 forms of a secret, longest first: of the secret, of `Bearer secret`, and inside longer texts. */
function base64Of(secret: string): string[] {
  const exact = [secret, `Bearer ${secret}`].flatMap((text) => base64Forms(Buffer.from(text)))
  const embedded = embeddedBase64(Buffer.from(secret)).filter((core) => core.length >= MIN_MASKED_LENGTH)
  // Longest first, so that the pattern's alternation prefers a whole form to a part of it. The forms
  // above are already built in that order, so no test can tell a missing sort apart.
  // Stryker disable next-line ArrowFunction: equivalent while the forms are built longest first
  return [...new Set([...exact, ...embedded])].sort((a, b) => b.length - a.length)
}

/**
 * A base64 form as a pattern, its `+`, `/` and `=` also URL-encoded, as a query string writes them
 * (`?auth=QmVhcmVy…%2F…%3D`).
 */
function base64Pattern(form: string): string {
  const encoded: Record<string, string> = { '+': '2b', '/': '2f', '=': '3d' }
  return Array.from(form, (char) => {
    const byte = encoded[char]
    return byte === undefined ? escapeRegExp(char) : `(?:${escapeRegExp(char)}|${urlEncoded(byte)})`
  }).join('')
}

/**
 * The forms of `secret` to hand to the runner's masking (core.setSecret), the secret itself first:
 * JSON-escaped, URL-encoded and base64-encoded. Distinct, none empty.
 */
export function secretForms(secret: string): string[] {
  if (secret === '') return []
  const json = JSON.stringify(secret).slice(1, -1)
  const forms = [secret, json, json.replace(/\//g, '\\/'), encodeURIComponent(secret), ...base64Of(secret)]
  return [...new Set(forms)]
}

/**
 * `text` with every piece whose fold matches `pattern` replaced by `***`: the characters of `text`
 * that the match was folded from, whole.
 */
function redactFolded(text: string, pattern: RegExp): string {
  // Only saves time: a text without a character the fold turns into ASCII folds into nothing new.
  // Stryker disable next-line ConditionalExpression: equivalent, without such a character the view below matches where the text does
  if (!foldsToAscii(text)) return text
  // Character by character, not only where the whole text folds into the secret: a cut can part a
  // character from the accent after it (`ｍe\u0301` folds whole into `mé`, its first two characters
  // into `me`), and reader text is cut before it is folded.
  let result = ''
  let from = 0
  // Two pieces may share a character (one folded into several), which is then left out once.
  for (const [start, end] of foldedMatches(text, pattern)) {
    result += `${text.slice(from, Math.max(from, start))}***`
    from = Math.max(from, end)
  }
  return result + text.slice(from)
}

/** A redactor: a function that cleans a text of a secret. */
export interface Redactor {
  (text: string): string
  /**
   * Only what folds into a form of the secret: for a text made of one the redactor cleaned already,
   * by decoding (a JSON string read from a cleaned body, whose escapes may hide a character a fold
   * turns into a piece of the secret).
   */
  folds: (text: string) => string
}

/**
 * A function that replaces every form of `secret` in a text by `***`, in any case, and every piece of
 * the text that folds into one (NFKC, invisible characters dropped). An empty secret changes nothing.
 */
export function redactor(secret: string): Redactor {
  if (secret === '') return Object.assign((text: string) => text, { folds: (text: string) => text })
  // Character by character. The key is printable ASCII (run/inputs.ts), whose \u escape is its code.
  const chars = Array.from(secret)
    .map((char, index) => characterPattern(char, index === 0))
    .join('')
  // In any case: a letter, a hex digit, an escape's `u` or `x` and an entity's name alike.
  // Its bytes in hex too (6d696e74…), as a dump of them writes it.
  const pattern = new RegExp([...base64Of(secret).map(base64Pattern), Buffer.from(secret).toString('hex'), chars].join('|'), 'gi')
  const folds = (text: string): string => redactFolded(text, pattern)
  return Object.assign((text: string) => folds(text.replace(pattern, '***')), { folds })
}
