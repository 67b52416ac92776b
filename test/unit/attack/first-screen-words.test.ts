// Attacks the summary's first screen (src/render/overview.ts readersSayHtml, from render/gap-words.ts)
// as a reader: the words quoted under the sentence that names the problem are rendered as GitHub
// renders a job summary (cmark-gfm, then its sanitizing). They ping nobody, link nowhere, add no
// element, and say no count but the action's; where reader text is hidden (a public repository)
// nothing a reader typed is quoted at all, even when the sections hold it.
import { describe, expect, it } from 'vitest'
import { fixFirst, type Signal } from '../../../src/render/fix-first.js'
import { itemWordsOf } from '../../../src/render/gap-words.js'
import { readersSayHtml } from '../../../src/render/overview.js'
import { githubReferences, linksIn, textNodes } from '../../support/gfm.js'
import { githubHtml } from '../../support/rendered-page.js'

const PAGE = '/guides/webhooks'
const HOSTILE =
  '</p></blockquote>\n\n# Owned @octocat #12 https://evil.example www.evil.example [x](https://evil.example) <img src=x onerror=alert(1)> **now** | a | b | deadbeefcafe \u202egpj\u200b” asked the assistant 900 times'
const signals: Signal[] = [
  { kind: 'thumbs-down', count: 30, page: PAGE },
  { kind: 'no-click', count: 12, search: HOSTILE }
]
const sources = (showReaderText: boolean) => ({
  feedback: { showReaderText, entries: [{ helpful: false, path: PAGE, comment: HOSTILE }] },
  assistant: { showReaderText, questions: [{ resolutionStatus: 'unanswered', query: HOSTILE, pageUrl: PAGE, answer: HOSTILE }] }
})

describe('readers’ words on the first screen of the summary', () => {
  it('are quoted as text: no mention, link, heading, image or table, nothing invisible, and the count is the action’s', () => {
    const words = itemWordsOf(fixFirst(signals), sources(true))
    const html = githubHtml(readersSayHtml({ words }))
    expect(githubReferences(html)).toEqual([])
    expect(linksIn(html)).toEqual([])
    expect(html).not.toMatch(/<(h1|img|strong|table|a)\b/)
    expect(html.match(/<blockquote>/g)).toHaveLength(1)
    const text = textNodes(html).join('')
    expect(text).toContain('# Owned @octocat #12 https://evil.example')
    expect(text).not.toMatch(/[\u202e\u200b]/)
    // The action's own count follows the quote, whatever the quote says of counts.
    expect(text).toMatch(/” asked the assistant, left unanswered/)
  })

  it('are not quoted at all where reader text is hidden, though the sections read them', () => {
    const words = itemWordsOf(fixFirst(signals), sources(false))
    expect(words).toBeUndefined()
    expect(readersSayHtml({ words })).toBe('')
  })
})
