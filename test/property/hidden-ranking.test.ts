// Property test of Fix first with reader text hidden (src/render/fix-first.ts, src/text/search-words.ts):
// a search whose words are hidden is matched to its page and counted by the keys of its words, so
// hiding reader text never changes the ranking: the same pages, in the same order, with the same weights.
import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { fixFirst, type Signal } from '../../src/render/fix-first.js'
import { hiddenSearch } from '../../src/text/search-words.js'

const WORDS = ['webhook', 'retries', 'auth', 'token', 'deploy', 'setup', 'sso', 'billing', 'pricing', 'the', 'how']
const PAGES = ['/api-reference/webhooks', '/guides/auth-token', '/guides/deploy', '/quickstart', '/guides/sso-setup']

const signal = fc.oneof(
  fc.record({
    kind: fc.constantFrom('thumbs-down' as const, 'thumbs-up' as const, 'not-helpful' as const, 'unanswered' as const),
    count: fc.integer({ min: 1, max: 60 }),
    page: fc.constantFrom(...PAGES)
  }),
  fc.record({
    kind: fc.constant('no-click' as const),
    count: fc.integer({ min: 1, max: 60 }),
    search: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((words) => words.join(' '))
  })
)

/** The signals as a run in a public repository has them: each search's text replaced by its keys. */
const hidden = (signals: Signal[]): Signal[] =>
  signals.map((s) => (s.search === undefined ? s : { kind: s.kind, count: s.count, hidden: hiddenSearch(s.search) }))

describe('Fix first with reader text hidden', () => {
  test.prop([fc.array(signal, { maxLength: 30 })])(
    'ranks the same pages and searches, in the same order, with the same weights',
    (signals) => {
      const shown = fixFirst(signals, 50)
      const hid = fixFirst(hidden(signals), 50)
      expect(hid.map((item) => [item.page ?? 'a search', item.score])).toEqual(shown.map((item) => [item.page ?? 'a search', item.score]))
      // The counts of each item are the same, and no word is left in it.
      expect(hid.map((item) => item.signals.reduce((sum, s) => sum + s.count, 0))).toEqual(
        shown.map((item) => item.signals.reduce((sum, s) => sum + s.count, 0))
      )
      expect(hid.flatMap((item) => [item.search, ...item.signals.map((s) => s.search)]).filter((text) => text !== undefined)).toEqual([])
    }
  )
})
