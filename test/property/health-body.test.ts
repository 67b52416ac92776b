// Property tests of the docs health issue's body (src/health/body.ts) as GitHub's Markdown reads
// it: its task-list lines and the lines under them are Markdown, not HTML blocks, so whatever a gap
// holds (reader text, page paths and job ids from the service, a forged date) is rendered by a GFM
// renderer (test/support/gfm.ts) and must come out with no link but the pull requests the ledger
// names, and with nothing GitHub would read as a mention, an issue reference or a commit.
import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { ownedBody } from '../../src/health/body.js'
import { emptyState, GAP_STATES, type GapRecord } from '../../src/health/state.js'
import { githubReferences, gfmToHtml, linksIn } from '../support/gfm.js'

/** Pieces of the forms GitHub links, and of the Markdown and HTML around them. */
const PIECES = [
  'www.',
  'WWW.',
  'www.evil-phish.com/reset',
  'http://',
  'https://evil.example/x',
  'ftp://',
  'mailto:',
  'xmpp:',
  '@',
  'bob@evil.example',
  '@octocat',
  '@acme/team',
  '#12',
  'GH-12',
  'acme/docs#12',
  'acme/docs@deadbeef',
  'deadbeefcafe',
  '1234567',
  'evil.com',
  ' ',
  '\n',
  '.',
  '/',
  '-',
  '_',
  '*',
  '~',
  '<',
  '>',
  '[',
  ']',
  '(',
  ')',
  '`',
  '\\',
  '&',
  ';',
  ':',
  '|',
  '“',
  '”',
  'x',
  '<a href="https://evil.example">',
  '[link](https://evil.example)',
  '<https://evil.example>'
]
const hostile = (maxLength: number) =>
  fc
    .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 4 })), { maxLength: 12 })
    .map((pieces) => pieces.join('').slice(0, maxLength))

const PULL = 'https://github.com/acme/docs/pull/7'

const gapArb = fc.record({
  id: fc.stringMatching(/^[0-9a-f]{12}$/),
  kind: fc.constantFrom('page' as const, 'search' as const),
  subject: hostile(120),
  firstSeen: fc.oneof(fc.constant('2026-11-02'), hostile(40)),
  lastSeen: fc.oneof(fc.constant('2026-11-16'), hostile(40)),
  periods: fc.integer({ min: 0, max: 20 }),
  score: fc.integer({ min: 0, max: 100 }),
  evidence: fc.record(
    {
      down: fc.nat(),
      noClick: fc.nat(),
      searches: fc.array(fc.record({ words: hostile(80), hits: fc.nat() }), { maxLength: 3 })
    },
    { requiredKeys: ['searches'] }
  ),
  state: fc.constantFrom(...GAP_STATES),
  jobId: fc.option(hostile(100), { nil: undefined }),
  prLink: fc.option(fc.constant(PULL), { nil: undefined })
}) as fc.Arbitrary<GapRecord>

describe('the docs health issue as GitHub renders it', () => {
  test.prop([fc.array(gapArb, { maxLength: 6 }), fc.array(fc.boolean(), { maxLength: 6 })])(
    'links only the pull requests of the ledger, and reads no mention, reference or commit in any gap',
    (gaps, ticks) => {
      const ticked = new Set(gaps.filter((_, index) => ticks[index] === true).map((gap) => gap.id))
      const markdown = ownedBody({ state: { ...emptyState('proj'), gaps }, resolved: 0, footerHtml: '<sub>footer</sub>', ticked })
      const html = gfmToHtml(markdown)
      expect(linksIn(html).filter((href) => href !== PULL)).toEqual([])
      expect(githubReferences(html)).toEqual([])
    }
  )
})
