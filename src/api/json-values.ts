// How many values a JSON text holds, counted before it is parsed. Parsing makes an object of every
// value: sixteen megabytes of `{},{},…` are five million objects, far more memory than the text, and
// a schema check that names every problem makes several issues of each. Counting first keeps the
// cost of an answer bounded whatever it holds.

/** The most values an answer may hold: more than ten times the largest page the API documents (1,000 rows of a few dozen values). */
export const MAX_ANSWER_VALUES = 500_000
/** The most values an answer may hold for the schema check to name its problems; a larger one is only said to be wrong. */
export const NAMED_PROBLEM_VALUES = 2_000

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPEN_BRACE = 0x7b
const OPEN_BRACKET = 0x5b

/**
 * The values in `text`, counted without parsing and only up to `limit + 1`: one, and one more for each
 * object, array and separator outside a string. That is never fewer than the values, and at most twice
 * as many (`{}` counts 2). Meant for a text that is JSON; any other text gets a count too.
 */
export function jsonValues(text: string, limit: number): number {
  let values = 1
  let inString = false
  for (let index = 0; index < text.length && values <= limit; index++) {
    const code = text.charCodeAt(index)
    if (inString) {
      if (code === BACKSLASH) index++
      else if (code === QUOTE) inString = false
    } else if (code === QUOTE) inString = true
    else if (code === COMMA || code === OPEN_BRACE || code === OPEN_BRACKET) values++
  }
  return values
}
