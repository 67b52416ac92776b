// Thumbs up from a script, end to end through the bundle against the emulator (each week's analytics
// set for its own range) and the stateful fake of GitHub. A page with 40 thumbs down a week, and 10
// thumbs up from its 1,000 human visitors, is a gap; then a script sends it 600 thumbs up a week. Its
// thumbs up count as far as its visitors can give them (fix-first.ts, credible): it stays first in
// Fix first (the summary's and the issue's), in docsGaps, and keeps its box.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'
import { type Week, type WeeklyLoop, setWeek, startWeeklyLoop, week } from '../support/weekly-loop.js'

const BAD = '/guides/bad'
/** Pages most readers like (8 thumbs down, 100 up, 3,000 human visitors each): the site's norm. */
const LIKED = Array.from({ length: 8 }, (_, i) => `/liked/page${i}`)
const [first] = runtimes()

/** One week: the liked pages, and the bad page's 40 thumbs down and 10 up, with `scripted` thumbs up more. */
function setScripted(loop: WeeklyLoop, range: Week, scripted: number): void {
  setWeek(loop.emu, range, {
    byPage: [
      ...LIKED.map((path) => ({ path, thumbsUp: 100, thumbsDown: 8, code: 0, total: 108, status: 'pending' })),
      { path: BAD, thumbsUp: 10 + scripted, thumbsDown: 40, code: 0, total: 50 + scripted, status: 'pending' }
    ],
    traffic: [{ path: BAD, human: 1000, ai: 100, total: 1100 }, ...LIKED.map((path) => ({ path, human: 3000, ai: 300, total: 3300 }))]
  })
}

describe('600 thumbs up a week from a script', () => {
  let loop: WeeklyLoop
  beforeAll(async () => {
    loop = await startWeeklyLoop({ node: first?.node, onTestFinished })
    setScripted(loop, week(0), 0)
    for (let n = 1; n < 4; n++) setScripted(loop, week(n), 600)
  })
  afterAll(async () => {
    await loop.close()
  })

  const run = (range: Week) => loop.run(range)
  const healthIssue = () => loop.healthIssue()
  /** Fix first as a text shows it: from its heading, its five items at most. */
  const fixFirstOf = (text: string) => text.slice(text.indexOf('Fix first'), text.indexOf('Fix first') + 600)

  it('leave a page of 40 thumbs down a week first in Fix first, in docsGaps, with its box, week after week', async () => {
    const honest = await run(week(0))
    expect(honest.code, honest.stdout).toBe(0)
    expect(honest.outputs.docsGaps).toContain(`\`${BAD}\``)
    expect(healthIssue()?.body).toContain(`- [ ] <code>${BAD}</code>`)
    for (let n = 1; n < 4; n++) {
      const scripted = await run(week(n))
      expect(scripted.code, scripted.stdout).toBe(0)
      const gaps = scripted.outputs.docsGaps ?? ''
      // First in the ranking docsGaps opens with, and in its list of pages with negative feedback.
      expect(gaps).toContain(`Fix first (pages and searches ranked by every signal about them):\n- \`${BAD}\``)
      expect(gaps.split('Pages with the most negative feedback')[1]).toContain(`\`${BAD}\`: 40 thumbs down, 610 thumbs up`)
      const summary = renderSummary(scripted.summary).text
      expect(fixFirstOf(summary)).toContain(BAD)
      const body = healthIssue()?.body ?? ''
      expect(fixFirstOf(renderSummary(body).text)).toContain(BAD)
      expect(body).toContain(`- [ ] <code>${BAD}</code>`)
      expect(renderSummary(body).text).toContain(`[ ] ${BAD} ·`)
      // The liked pages stay out, as before.
      for (const page of LIKED) expect(gaps).not.toContain(page)
    }
  })
})
