// Tests the pieces of the loop benchmark's driver (bench/loop/drive.mjs) that need no process: the
// simulated weeks, and Fix first read from the docsGaps output the action writes.
import { describe, expect, it } from 'vitest'
import { fixFirstPages, weekRanges } from '../../../bench/loop/drive.mjs'
import { docsGapsText } from '../../../src/render/docs-gaps.js'

describe('the weeks', () => {
  it('are seven days each, one after the other, the last ending on Monday 23 November 2026, with the week before the first', () => {
    const weeks = weekRanges(3)
    expect(weeks).toEqual([
      { dateFrom: '2026-10-26', dateTo: '2026-11-02' },
      { dateFrom: '2026-11-02', dateTo: '2026-11-09' },
      { dateFrom: '2026-11-09', dateTo: '2026-11-16' },
      { dateFrom: '2026-11-16', dateTo: '2026-11-23' }
    ])
  })
})

describe('Fix first, read from docsGaps', () => {
  it('gives the pages of its first list, in order, at most five', () => {
    const text = docsGapsText(
      [
        {
          heading: 'Fix first (pages and searches ranked by every signal about them)',
          items: [
            '`/guides/webhook` · 14 thumbs down',
            'a search (its words are hidden) · 3',
            '`/guides/sso` · 5 thumbs down',
            ...['/a', '/b', '/c', '/d'].map((p) => `\`${p}\` · 3 thumbs down`)
          ]
        },
        { heading: 'Pages with the most negative feedback', items: ['`/guides/other` · 9 thumbs down'] }
      ],
      '2–9 Nov 2026'
    )
    // A search takes a place in the list: it is not a page, and no truly worst page.
    expect(fixFirstPages(text)).toEqual(['/guides/webhook', '', '/guides/sso', '/a', '/b'])
  })

  it('is empty when the output has no Fix first', () => {
    expect(fixFirstPages('')).toEqual([])
    expect(fixFirstPages('What readers of the docs could not find.\n\nPages with the most negative feedback:\n- `/x` · 3')).toEqual([])
  })
})
