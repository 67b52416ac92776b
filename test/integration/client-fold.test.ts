// The key after folding, in what the client reads (src/api/client.ts with src/text/secret.ts): an
// answer that echoes the key in fullwidth, or split by zero-width characters, written as they are or
// as JSON escapes, gives no text that becomes the key once folded as reader text is, or kept to one
// line; nor does an error's text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEARCHES_ENDPOINT } from '../../src/sections/searches/schema.js'
import { ApiClient } from '../../src/api/client.js'
import { ApiError } from '../../src/api/errors.js'
import { Lifetime } from '../../src/core/lifetime.js'
import { oneLine } from '../../src/text/escape.js'
import { shownReaderText } from '../../src/text/reader-text.js'
import { startEmulator, type Emulator } from '../emulator/emulator.js'

const KEY = 'mint_clientFold7Qz'
const WEEK = { dateFrom: '2026-11-01', dateTo: '2026-11-08', limit: 100 }
const fullwidth = (text: string) => Array.from(text, (c) => String.fromCodePoint((c.codePointAt(0) as number) + 0xfee0)).join('')
/** JSON text with every character outside ASCII written as a \u escape, as many services write it. */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[^\p{ASCII}]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

const ECHOES = [
  ['in fullwidth', `reset ${fullwidth(KEY)}`],
  ['split by zero-width spaces', `reset ${Array.from(KEY).join('\u200b')}`],
  ['half in fullwidth', `reset ${fullwidth(KEY.slice(0, 6))}${KEY.slice(6)}`]
] as const

let emu: Emulator
beforeAll(async () => {
  emu = await startEmulator({ keys: { [KEY]: {} } })
})
afterAll(async () => {
  await emu.close()
})

async function withClient<T>(use: (client: ApiClient) => Promise<T>): Promise<T> {
  const lifetime = new Lifetime(10_000)
  const client = new ApiClient({ baseUrl: emu.url, apiKey: KEY, userAgent: 'test', lifetime, readerTextShown: () => true })
  try {
    return await use(client)
  } finally {
    lifetime.dispose()
    await client.close()
  }
}

/** Whether any way the run shows `text` holds the key. */
const showsKey = (text: string) => [text, shownReaderText(text), oneLine(text, 5000)].some((shown) => shown.includes(KEY))

describe('an answer that echoes the key', () => {
  for (const [form, echo] of ECHOES) {
    for (const [encoding, body] of [
      ['as it is', (value: unknown) => JSON.stringify(value)],
      ['as JSON escapes', asciiJson]
    ] as const) {
      it(`gives no text that shows the key, ${form}, written ${encoding}`, async () => {
        // The echo before the fix: a fold makes the key of it.
        expect(shownReaderText(echo)).toContain(KEY)
        const row = { searchQuery: echo, hits: 3, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-02T10:00:00Z' }
        emu.fault({
          path: '/v1/analytics/proj_docs/searches',
          kind: 'status',
          status: 200,
          body: body({ searches: [row], totalSearches: 3, nextCursor: null })
        })
        const page = await withClient((client) => client.analytics(SEARCHES_ENDPOINT, 'proj_docs', WEEK))
        const query = page.searches[0]?.searchQuery ?? ''
        expect(query).toContain('reset ')
        expect(showsKey(query)).toBe(false)
      })

      it(`gives an error message that shows no key, ${form}, written ${encoding}`, async () => {
        emu.fault({ path: '/v1/analytics/proj_docs/searches', kind: 'status', status: 400, body: body({ error: `bad query ${echo}` }) })
        const error = await withClient((client) => client.analytics(SEARCHES_ENDPOINT, 'proj_docs', WEEK)).then(
          () => undefined,
          (caught: unknown) => caught
        )
        expect(error).toBeInstanceOf(ApiError)
        expect((error as ApiError).message).toContain('bad query reset ')
        expect(showsKey((error as ApiError).message)).toBe(false)
      })
    }
  }
})
