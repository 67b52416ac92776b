// Tests the comment that announces a verdict (src/health/announcement.ts): which gaps a run announces
// (a verdict of fixed, not fixed or back it gave, never one that stands), who it mentions (only the
// person whose edit ticked the gap, recorded when the agent was asked: ledger.ts and transition.ts),
// and its text as GitHub renders it (cmark-gfm, where installed, with nothing shown as literal Markdown).
import { describe, expect, it } from 'vitest'
import {
  ANNOUNCED_GAPS,
  ANNOUNCEMENT_MARKER,
  announcementBody,
  mentioned,
  mentionOf,
  verdictNews
} from '../../../src/health/announcement.js'
import { editTicks } from '../../../src/health/edit-ticks.js'
import { fingerprint, withAsked } from '../../../src/health/ledger.js'
import { emptyState, forgetReaderText, type GapRecord, type HealthState, LOGIN_CHARS } from '../../../src/health/state.js'
import { ask, begin, written, type TransitionSettings, type Trigger } from '../../../src/health/transition.js'
import { literalMarkdown } from '../../support/literal-markdown.js'
import { renderSummary } from '../../support/render.js'
import { missingTools } from '../../support/rendered-page.js'

const PR = 'https://github.com/acme/docs/pull/60'
const WEEK = { dateFrom: '2026-11-30', dateTo: '2026-12-07', headlines: {} }
const FOOTER = { action: 'docs-agent-action', version: '1.2.3', runUrl: 'https://github.com/acme/docs/actions/runs/9' }

const gap = (subject: string, more: Partial<GapRecord> = {}): GapRecord => ({
  id: fingerprint('page', subject),
  kind: 'page',
  subject,
  firstSeen: '2026-11-02',
  lastSeen: '2026-11-30',
  periods: 2,
  score: 9,
  evidence: { down: 26 },
  state: 'merged',
  prLink: PR,
  ...more
})
const stateWith = (gaps: GapRecord[]): HealthState => ({ ...emptyState('proj'), periods: [WEEK], gaps })
const seen = (body: string) => renderSummary(body)

describe('verdictNews', () => {
  it('announces each verdict of fixed, not fixed or back that the state read did not hold, what worked first', () => {
    const start = stateWith([
      gap('/back', { state: 'resolved', verdict: 'fixed' }),
      gap('/half'),
      gap('/fixed', { verdict: 'too-few' }),
      gap('/fixed-too', { verdict: 'too-few' }),
      gap('/waiting', { verdict: 'too-few' }),
      gap('/unsure', { verdict: 'too-few' }),
      gap('/still-fixed', { state: 'resolved', verdict: 'fixed' }),
      gap('/still-not', { state: 'back', verdict: 'not-fixed' })
    ])
    const end = stateWith([
      gap('/back', { state: 'back', verdict: 'back' }),
      gap('/half', { state: 'back', verdict: 'not-fixed' }),
      gap('/fixed', { state: 'resolved', verdict: 'fixed' }),
      gap('/fixed-too', { state: 'resolved', verdict: 'fixed' }),
      gap('/waiting', { verdict: 'too-few' }),
      gap('/unsure', { state: 'back', verdict: 'could-not-tell' }),
      gap('/still-fixed', { state: 'resolved', verdict: 'fixed' }),
      gap('/still-not', { state: 'back', verdict: 'not-fixed' })
    ])
    // The fixes that worked first, then those that did not, then those whose trouble came back; each kind in the ledger's order.
    expect(verdictNews(start, end).map((g) => [g.subject, g.verdict])).toEqual([
      ['/fixed', 'fixed'],
      ['/fixed-too', 'fixed'],
      ['/half', 'not-fixed'],
      ['/back', 'back']
    ])
    // The same state read again (a re-run, the next week): nothing is news.
    expect(verdictNews(end, end)).toEqual([])
  })

  it('announces a gap the state read did not hold, and none whose verdict a new ask let go', () => {
    expect(verdictNews(stateWith([]), stateWith([gap('/new', { state: 'resolved', verdict: 'fixed' })])).map((g) => g.subject)).toEqual([
      '/new'
    ])
    expect(
      verdictNews(stateWith([gap('/again', { state: 'back', verdict: 'not-fixed' })]), stateWith([gap('/again', { state: 'asked' })]))
    ).toEqual([])
  })
})

describe('who a verdict mentions', () => {
  it('mentions a login as GitHub allows one, and nothing else the field holds', () => {
    expect(mentionOf({ tickedBy: 'docs-lead' })).toBe('@docs-lead')
    expect(mentionOf({ tickedBy: 'A1' })).toBe('@A1')
    expect(mentionOf({ tickedBy: 'x'.repeat(39) })).toBe(`@${'x'.repeat(39)}`)
    expect(mentionOf({})).toBeUndefined()
    for (const login of [
      '',
      'x'.repeat(40),
      '-lead',
      'lead-',
      'docs--lead',
      'docs lead',
      'docs_lead',
      'someone[bot]',
      'acme/team',
      'lead</code>',
      '@lead',
      'lead\n@other'
    ])
      expect(mentionOf({ tickedBy: login }), login).toBeUndefined()
  })

  it('mentions each person who ticked once, in the order of the gaps, and nobody for a gap no edit is known to have ticked', () => {
    expect(mentioned([{ tickedBy: 'bob' }, {}, { tickedBy: 'alice' }, { tickedBy: 'bob' }, { tickedBy: 'not valid' }])).toEqual([
      '@bob',
      '@alice'
    ])
  })
})

describe('announcementBody', () => {
  const news = [
    gap('/guides/real', { state: 'resolved', verdict: 'fixed', tickedBy: 'docs-lead' }),
    gap('/guides/busy', { state: 'back', verdict: 'not-fixed', tickedBy: 'docs-lead' }),
    gap('/guides/old', { state: 'back', verdict: 'back', prLink: 'https://github.com/acme/docs/pull/7', tickedBy: 'writer-2' }),
    gap('/guides/nobody', { state: 'resolved', verdict: 'fixed', prLink: undefined })
  ]

  it('names each gap, its verdict and its pull request, and mentions only the people who ticked them', () => {
    const body = announcementBody(news, stateWith(news), FOOTER)
    expect(ANNOUNCEMENT_MARKER).toBe('<!-- docs-agent-action:verdicts -->')
    expect(body.startsWith(`${ANNOUNCEMENT_MARKER}\n\n`)).toBe(true)
    const rendered = seen(body)
    expect(rendered.text).toBe(
      [
        '4 fixes have their verdicts (the analytics of 30 Nov – 6 Dec 2026):',
        '✅ Fixed: /guides/real by pull request #60 · ticked by @docs-lead',
        '❌ Not fixed: /guides/busy, pull request #60: not enough (fixed needs −60 %). Tick it in the issue to ask the agent again · ticked by @docs-lead',
        '❌ The trouble came back: /guides/old, pull request #7. Tick it in the issue to ask the agent again · ticked by @writer-2',
        '✅ Fixed: /guides/nobody by its pull request',
        'Each gap’s numbers before and since its fix are in the issue above. Posted by docs-agent-action 1.2.3 · workflow run.'
      ].join(' ')
    )
    expect(rendered.references.sort()).toEqual(['@docs-lead', '@docs-lead', '@writer-2'])
    expect(rendered.links.map((link) => link.href)).toEqual([PR, PR, 'https://github.com/acme/docs/pull/7', FOOTER.runUrl])
  })

  it('says one verdict in the singular, and leaves out the period and the run link when it has none', () => {
    const one = [gap('/guides/real', { state: 'resolved', verdict: 'fixed', tickedBy: 'docs-lead' })]
    const text = seen(announcementBody(one, { ...stateWith(one), periods: [] }, { action: 'docs-agent-action', version: '1.2.3' })).text
    expect(text).toBe(
      'A fix has its verdict: ✅ Fixed: /guides/real by pull request #60 · ticked by @docs-lead Each gap’s numbers before and since its fix are in the issue above. Posted by docs-agent-action 1.2.3.'
    )
  })

  it('names a page by its label where reader text is hidden, a search by no word of it, and escapes what the state holds', () => {
    const hidden = forgetReaderText(
      stateWith([
        gap('/client/set-by-a-script', { state: 'resolved', verdict: 'fixed' }),
        gap('/quickstart', { state: 'resolved', verdict: 'fixed' }),
        {
          ...gap('x'),
          id: fingerprint('search', 'reset password'),
          kind: 'search',
          subject: 'reset password',
          state: 'back',
          verdict: 'not-fixed'
        }
      ]),
      new Set(['/quickstart'])
    )
    const body = announcementBody(hidden.gaps, hidden, FOOTER)
    const text = seen(body).text
    expect(text).toMatch(/✅ Fixed: \(page [a-z2-9]{4}-[a-z2-9]{4}\) by pull request #60/)
    expect(text).toContain('✅ Fixed: /quickstart by pull request #60')
    expect(text).toContain('❌ Not fixed: a search (named in the issue), pull request #60: not enough (fixed needs −60 %)')
    expect(body).not.toContain('set-by-a-script')
    expect(body).not.toContain('reset password')
    // A subject no page has is shown as written, never as a mention, a link or Markdown.
    const odd = [gap('/a_*b*_@someone', { state: 'resolved', verdict: 'fixed' })]
    const rendered = seen(announcementBody(odd, stateWith(odd), { action: 'docs-agent-action', version: '@x *y*' }))
    expect(rendered.text).toContain('✅ Fixed: /a_*b*_@someone by pull request #60')
    expect(rendered.text).toContain('Posted by docs-agent-action @x *y*.')
    expect(rendered.references).toEqual([])
  })

  it('names a pull request whose link ends otherwise without a number', () => {
    const odd = [gap('/guides/real', { state: 'resolved', verdict: 'fixed', prLink: 'https://github.com/acme/docs/pull/60/files' })]
    const rendered = seen(announcementBody(odd, stateWith(odd), FOOTER))
    expect(rendered.text).toContain('✅ Fixed: /guides/real by pull request Each gap')
    expect(rendered.links[0]?.href).toBe('https://github.com/acme/docs/pull/60/files')
  })

  it(`names at most ${ANNOUNCED_GAPS} gaps and counts the others`, () => {
    const many = Array.from({ length: ANNOUNCED_GAPS + 2 }, (_, i) => gap(`/p${i}`, { state: 'resolved', verdict: 'fixed' }))
    const text = seen(announcementBody(many, stateWith(many), FOOTER)).text
    expect(text).toContain(`${ANNOUNCED_GAPS + 2} fixes have their verdicts`)
    expect(text).toContain(`/p${ANNOUNCED_GAPS - 1} by`)
    expect(text).not.toContain(`/p${ANNOUNCED_GAPS} by`)
    expect(text).toContain('and 2 more, in the issue')
  })

  it.skipIf(missingTools().includes('cmark-gfm'))('renders in cmark-gfm with no Markdown shown as written', () => {
    expect(literalMarkdown(announcementBody(news, stateWith(news), FOOTER))).toEqual([])
  })
})

describe('who ticked, as the ledger keeps it', () => {
  const settings: TransitionSettings = { projectId: 'proj', runId: '2', showWords: true, footer: FOOTER }
  const open = stateWith([gap('/guides/real', { state: 'new', prLink: undefined })])
  const id = fingerprint('page', '/guides/real')

  it('keeps the login of the edit that ticked the box, cut as the state keeps a login (then no mention), and lets an earlier one go', () => {
    expect(withAsked(open, new Set([id]), 'run-1', '', 'docs-lead').gaps[0]?.tickedBy).toBe('docs-lead')
    expect(withAsked(open, new Set([id]), 'run-1', '', 'x'.repeat(60)).gaps[0]?.tickedBy).toBe(`${'x'.repeat(LOGIN_CHARS - 1)}…`)
    expect(mentionOf(withAsked(open, new Set([id]), 'run-1', '', 'x'.repeat(60)).gaps[0] ?? {})).toBeUndefined()
    const earlier = stateWith([gap('/guides/real', { state: 'back', verdict: 'not-fixed', tickedBy: 'docs-lead' })])
    expect(withAsked(earlier, new Set([id]), 'run-1').gaps[0]).not.toHaveProperty('tickedBy')
    expect(withAsked(earlier, new Set([id]), 'run-1', '', 'writer-2').gaps[0]?.tickedBy).toBe('writer-2')
  })

  it('records the editor of a run an edit started, and nobody for a scheduled run that acts on every tick', () => {
    const { transition } = written(begin(open, undefined, { issueEvent: false, mayAct: true, today: '2026-11-09' }, settings), '')
    const { owned } = written(transition, '')
    const before = owned
    const after = before.replace('- [ ] <code>/guides/real</code>', '- [x] <code>/guides/real</code>')
    expect(after).not.toBe(before)
    const byEdit: Trigger = { issueEvent: true, mayAct: true, edited: editTicks(after, before), editor: 'docs-lead', today: '2026-11-10' }
    expect(ask(begin(open, after, byEdit, settings), after).transition.state.gaps[0]?.tickedBy).toBe('docs-lead')
    const bySchedule: Trigger = { issueEvent: false, mayAct: true, editor: 'docs-lead', today: '2026-11-16' }
    const scheduled = ask(begin(open, after, bySchedule, settings), after).transition.state.gaps[0]
    expect(scheduled?.state).toBe('asked')
    expect(scheduled).not.toHaveProperty('tickedBy')
  })
})
