// Tests that no text in the docs health issue's Markdown becomes a link, a mention or a reference
// (src/health/body.ts, through htmlText in src/text/escape.ts): every form GitHub links, in every
// place of a task-list line and of the lines under it, rendered by a GFM renderer
// (test/support/gfm.ts), with GitHub's own mention and reference forms looked for in its text.
import { describe, expect, it } from 'vitest'
import { ownedBody } from '../../../src/health/body.js'
import { emptyState, type GapRecord } from '../../../src/health/state.js'
import { githubReferences, gfmToHtml, linksIn } from '../../support/gfm.js'

const gap = (more: Partial<GapRecord> = {}): GapRecord => ({
  id: 'a1b2c3d4e5f6',
  kind: 'search',
  subject: 'webhook retries',
  firstSeen: '2026-11-02',
  lastSeen: '2026-11-16',
  periods: 3,
  score: 42,
  evidence: { noClick: 31 },
  state: 'new',
  ...more
})

/** Every form GitHub links in an issue, as a reader might type it. */
const FORMS = [
  'log in www.evil-phish.com/reset now',
  'WWW.EVIL-PHISH.COM',
  'see http://evil.example/reset',
  'see https://evil.example/reset',
  'ftp://evil.example/file',
  'mailto:bob@evil.example',
  'xmpp:bob@evil.example',
  'write to bob@evil.example',
  'ask @octocat',
  'ask @acme/security-team',
  'see #123',
  'see GH-123',
  'see acme/docs#123',
  'commit deadbeef',
  'commit 0123456789abcdef0123456789abcdef01234567',
  'acme/docs@deadbeefcafe'
]

/** The owned part with `text` in every place a gap shows text, rendered as GitHub's Markdown. */
function rendered(text: string): string {
  const gaps = [
    gap({ subject: text, evidence: { searches: [{ words: text, hits: 3 }] }, firstSeen: text, lastSeen: text, score: 0 }),
    gap({ id: 'bbbbbbbbbbbb', kind: 'page', subject: text, evidence: { down: 2, searches: [{ words: text, hits: 1 }] }, state: 'back' }),
    gap({ id: 'cccccccccccc', subject: text, state: 'asked', jobId: text }),
    gap({ id: 'dddddddddddd', kind: 'page', subject: text, state: 'pr-open', jobId: text, prLink: 'https://github.com/acme/docs/pull/7' }),
    gap({ id: 'eeeeeeeeeeee', subject: text, state: 'resolved', scoreBefore: 9 })
  ]
  return gfmToHtml(ownedBody({ state: { ...emptyState('proj'), gaps }, resolved: 0, footerHtml: '<sub>footer</sub>' }))
}

describe('reader and service text in the docs health issue', () => {
  it.each(FORMS)('shows %j as text: no link, mention or reference', (text) => {
    const html = rendered(text)
    expect(linksIn(html)).toEqual(['https://github.com/acme/docs/pull/7'])
    expect(githubReferences(html)).toEqual([])
  })

  it('reads as written once rendered', () => {
    const html = rendered('log in www.evil-phish.com/reset now')
    const text = html.replace(/<[^>]*>/g, '')
    expect(text).toContain('search “log in www.evil-phish.com/reset now”')
  })

  it('is checked by a renderer that does link these forms in plain Markdown, and by checks that find GitHub’s own', () => {
    // The same forms, unescaped: what the checks above would catch.
    const html = gfmToHtml(`- [ ] ${FORMS.join(' · ')}`)
    expect(linksIn(html)).toEqual(
      expect.arrayContaining([
        'http://www.evil-phish.com/reset',
        'http://WWW.EVIL-PHISH.COM',
        'http://evil.example/reset',
        'https://evil.example/reset',
        'mailto:bob@evil.example'
      ])
    )
    expect(githubReferences(html.replace(/<a [^>]*>[^<]*<\/a>/g, ''))).toEqual(
      expect.arrayContaining([
        'mention: @octocat',
        'mention: @acme/security-team',
        'reference: #123',
        'GH reference: GH-123',
        'repository reference: acme/docs#123',
        'commit: deadbeef',
        'repository commit: acme/docs@deadbeefcafe'
      ])
    )
  })
})
