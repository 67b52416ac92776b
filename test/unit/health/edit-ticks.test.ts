// Tests which boxes one edit of the docs health issue ticked (src/health/edit-ticks.ts): those ticked
// in the body after it and not in the body before it, ask boxes and "Not a gap" boxes apart.
import { describe, expect, it } from 'vitest'
import { editTicks } from '../../../src/health/edit-ticks.js'

/** The markers around the part of the body the action owns (src/health/body.ts). */
const HEALTH_ISSUE_START = '<!-- docs-agent-action:dashboard -->'
const HEALTH_ISSUE_END = '<!-- /docs-agent-action:dashboard -->'

const A = 'aaaaaaaaaaaa'
const B = 'bbbbbbbbbbbb'
const C = 'cccccccccccc'

/** An owned part with a box for each gap, ticked where `ticked` says, and a "Not a gap" box under each. */
const body = (ticked: string[], dismissed: string[] = []): string =>
  [
    HEALTH_ISSUE_START,
    ...[A, B, C].flatMap((id) => [
      `- [${ticked.includes(id) ? 'x' : ' '}] <code>/page-${id}</code> · 3 👎 <!-- gap:${id} -->`,
      `  - [${dismissed.includes(id) ? 'x' : ' '}] Not a gap <!-- dismiss:${id} -->`
    ]),
    HEALTH_ISSUE_END
  ].join('\n')

describe('editTicks', () => {
  it('gives the boxes the edit ticked, not those ticked before it', () => {
    const ticks = editTicks(body([A, B, C]), body([A, B]))
    expect([...ticks.gaps]).toEqual([C])
    expect([...ticks.dismissed]).toEqual([])
  })

  it('gives nothing for an edit that left the body as it was, however many boxes are ticked', () => {
    const none = { gaps: new Set(), dismissed: new Set(), restored: new Set() }
    expect(editTicks(body([A, B, C], [A]), undefined)).toEqual(none)
    expect(editTicks(body([A, B, C], [A]), body([A, B, C], [A]))).toEqual(none)
  })

  it('counts no box the edit unticked, and keeps the "Not a gap" boxes apart from the ask boxes', () => {
    const ticks = editTicks(body([A], [B]), body([A, C]))
    expect([...ticks.gaps]).toEqual([])
    expect([...ticks.dismissed]).toEqual([B])
  })

  it('counts every box of an edit whose earlier body held no owned part', () => {
    expect([...editTicks(body([A, B]), 'a body someone wrote').gaps]).toEqual([A, B])
  })
})
