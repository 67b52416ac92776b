// Counts from the service are each any finite number (src/api/analytics.ts), so two of them can sum
// past what a number holds. Every sum of counts stops at MOST_SUMMED (src/core/counts.ts): the run
// shows and outputs a finite number, never "Infinity" or "NaN".
import { describe, expect, it } from 'vitest'
import { setDemoData } from '../../scripts/demo-data.mjs'
import { MOST_SUMMED } from '../../src/core/counts.js'
import { startEmulator } from '../emulator/emulator.js'
import { runInProcess } from '../support/in-process.js'
import { TestClock } from '../support/test-clock.js'

const KEY = 'mint_hugeCountsKey'
const WEEK = { dateFrom: '2026-11-09', dateTo: '2026-11-16' }
const HUGE = 1e308

describe('counts that each fit in a number but whose sum does not', () => {
  it('shows and outputs their sums as at most MOST_SUMMED, never Infinity', async ({ onTestFinished }) => {
    const clock = new TestClock()
    const emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000, clock })
    onTestFinished(() => emu.close())
    setDemoData(emu, WEEK)
    emu.setFeedbackByPage([
      { path: '/quickstart', thumbsUp: HUGE, thumbsDown: HUGE, code: 0, total: HUGE },
      { path: '/guides/deploy', thumbsUp: HUGE, thumbsDown: HUGE, code: 0, total: HUGE }
    ])
    emu.setSearches({
      rows: [
        { searchQuery: 'webhook retries', hits: HUGE, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-10T10:00:00.000Z' },
        { searchQuery: 'rate limits', hits: HUGE, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-11T10:00:00.000Z' }
      ],
      totalSearches: 1_000
    })
    const run = await runInProcess({
      inputs: { apiKey: KEY, projectId: 'proj_docs', baseUrl: emu.url, analytics: 'all', readerText: 'show', prompt: '', ...WEEK },
      clock,
      onTestFinished
    })
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs.feedbackNegative).toBe(String(MOST_SUMMED))
    for (const [name, value] of Object.entries(run.outputs)) expect(value, `${name}: ${value}`).not.toMatch(/Infinity|NaN/)
    expect(run.stdout).not.toMatch(/Infinity|NaN/)
    expect(run.summary).not.toMatch(/Infinity|NaN/)
  })
})
