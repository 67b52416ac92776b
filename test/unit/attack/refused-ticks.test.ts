// Attacks the docs health issue's boxes as someone who may edit the issue but not push: the run their
// edit started acts on nothing, and the boxes that edit ticked must not stay ticked for the next
// scheduled run, which acts on every tick it finds. Driven in process through the transition's steps,
// in the order run/health-issue.ts takes them.
import { describe, expect, it } from 'vitest'
import { fixFirst, type Signal } from '../../../src/render/fix-first.js'
import { editTicks } from '../../../src/health/edit-ticks.js'
import { fingerprint } from '../../../src/health/ledger.js'
import type { HealthState } from '../../../src/health/state.js'
import { type AnalyticsRead, ask, begin, periodRead, type Trigger, writesAtEnd, written } from '../../../src/health/transition.js'

const PROJECT = 'proj'
const PAGE = '/guides/webhooks'
const ID = fingerprint('page', PAGE)
const settings = (runId: string) => ({
  projectId: PROJECT,
  runId,
  showWords: true,
  footer: { action: 'docs-agent-action', version: '1.2.3' }
})
const schedule: Trigger = { issueEvent: false, mayAct: true, today: '2026-11-16' }
const down = (page: string, count: number): Signal => ({ kind: 'thumbs-down', count, page })
const up = (page: string, count: number): Signal => ({ kind: 'thumbs-up', count, page })
const SITE = [down(PAGE, 30), up(PAGE, 10), down('/quickstart', 20), up('/quickstart', 10), up('/intro', 300)]

const read: AnalyticsRead = {
  overview: {
    dateFrom: '2026-11-02',
    dateTo: '2026-11-09',
    rangeText: 'week 0',
    requests: 4,
    headlines: [{ key: 'visitorsHuman', name: 'Human visitors', value: 200 }],
    items: fixFirst(SITE),
    incomplete: [],
    uncompared: []
  },
  sections: { signals: SITE, measured: { feedback: true, assistant: true, searches: true } },
  traffic: []
}

/** The issue after a week was read: two open gaps. */
function week(): { state: HealthState; body: string } {
  const t = periodRead(begin(undefined, undefined, schedule, settings('1')), read)
  const { transition, owned } = written(t, '')
  return { state: transition.state, body: owned }
}

/** A run started by an edit from `before` to `after` whose editor GitHub says may not push. */
function refusedRun(state: HealthState, before: string, after: string): string {
  const trigger: Trigger = {
    issueEvent: true,
    mayAct: false,
    refused: true,
    edited: editTicks(after, before),
    editor: 'drive-by',
    today: '2026-11-10'
  }
  const t = ask(begin(state, after, trigger, settings('2')), after).transition
  expect(t.asked).toEqual([])
  expect(t.dismissedNow).toBe(0)
  expect(writesAtEnd(t)).toBe(true)
  return written(t, after).owned
}

const tickAsk = (body: string, id: string): string => body.replace(new RegExp(`^- \\[ \\](.*<!-- gap:${id} -->)$`, 'm'), '- [x]$1')
const tickBox = (body: string, kind: 'dismiss' | 'restore', id: string): string =>
  body.replace(new RegExp(`^(\\s*- )\\[ \\]( [^<]*<!-- ${kind}:${id} -->)$`, 'm'), '$1[x]$2')

describe('a box ticked by someone who may not push', () => {
  it('is written unticked, so that the next scheduled run asks nothing for it', () => {
    const { state, body } = week()
    const ticked = tickAsk(body, ID)
    expect(ticked).not.toBe(body)
    const after = refusedRun(state, body, ticked)
    expect(after).not.toMatch(/- \[x\]/)
    // The next scheduled run reads what the refused run wrote: nothing to ask.
    expect(ask(begin(state, after, schedule, settings('3')), after).asks).toBeUndefined()
  })

  it('"Not a gap" is written unticked, and no scheduled run dismisses the gap', () => {
    const { state, body } = week()
    const ticked = tickBox(body, 'dismiss', ID)
    expect(ticked).not.toBe(body)
    const after = refusedRun(state, body, ticked)
    expect(after).not.toMatch(/- \[x\]/)
    expect(begin(state, after, schedule, settings('3')).dismissedNow).toBe(0)
  })

  it('"Bring it back" is written unticked, and no scheduled run brings the gap back', () => {
    const { state, body } = week()
    // A person who may push said it is not a gap.
    const dismissing = tickBox(body, 'dismiss', ID)
    const maintainer: Trigger = {
      issueEvent: true,
      mayAct: true,
      edited: editTicks(dismissing, body),
      editor: 'maintainer',
      today: '2026-11-10'
    }
    const dismissed = written(begin(state, dismissing, maintainer, settings('2')), dismissing)
    expect(dismissed.transition.state.gaps.find((gap) => gap.id === ID)?.state).toBe('dismissed')
    const ticked = tickBox(dismissed.owned, 'restore', ID)
    expect(ticked).not.toBe(dismissed.owned)
    const after = refusedRun(dismissed.transition.state, dismissed.owned, ticked)
    expect(after).not.toMatch(/- \[x\]/)
    const next = begin(dismissed.transition.state, after, schedule, settings('4'))
    expect(next.state.gaps.find((gap) => gap.id === ID)?.state).toBe('dismissed')
  })

  it('leaves the issue unwritten when the edit ticked no box', () => {
    const { state, body } = week()
    const after = `${body}\n\nA note.`
    const trigger: Trigger = { issueEvent: true, mayAct: false, refused: true, edited: editTicks(after, body), today: '2026-11-10' }
    expect(writesAtEnd(ask(begin(state, after, trigger, settings('2')), after).transition)).toBe(false)
  })

  it('leaves a box ticked before that edit as it was: only what the refused edit ticked is unticked', () => {
    const { state, body } = week()
    const other = fingerprint('page', '/quickstart')
    const earlier = tickAsk(body, other)
    const after = refusedRun(state, earlier, tickAsk(earlier, ID))
    expect(after).toMatch(new RegExp(`^- \\[x\\] .*<!-- gap:${other} -->$`, 'm'))
    expect(after).toMatch(new RegExp(`^- \\[ \\] .*<!-- gap:${ID} -->$`, 'm'))
  })
})
