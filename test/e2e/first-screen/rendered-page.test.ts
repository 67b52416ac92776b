// The measuring tools of the first-screen tests, checked against pages whose layout is known: text
// pushed below 1,000 px is not above the fold, a closed <details> shows only its summary, GitHub's
// sanitizing drops scripts, and the jargon list finds each of its phrases. Needs chromium and cmark-gfm,
// as first-screen.test.ts does.
import { describe, expect, it } from 'vitest'
import { htmlText } from '../../../src/text/escape.js'
import { JARGON, jargonIn } from '../../support/jargon.js'
import { literalMarkdown } from '../../support/literal-markdown.js'
import { allText, githubHtml, holds, layout, missingTools, textAbove, yOf } from '../../support/rendered-page.js'

const required = process.env.CI !== undefined || process.env.DOCS_AGENT_RENDER_TOOLS === 'required'
const ready = missingTools().length === 0 || required

describe('the jargon list', () => {
  it('finds each phrase the issue names, and nothing in the words that replace them', () => {
    const said = [
      'ranked 2 periods since 2 Nov 2026',
      'not proven yet: 0 of 2 periods since the merge with its numbers low',
      'merged · job job_1',
      'The next run of the workflow (at once, when it runs on issues: edited) starts one agent job for every ticked gap',
      'A gap said not to be one leaves Fix first and docsGaps',
      'did not halve its readers in trouble',
      'Unanswered questions fell 100%',
      '14 thumbs down · “x” searched 3× with no click · 6 marked not helpful',
      'before 2–22 Nov 2026, 3 periods → since the merge 30 Nov – 6 Dec 2026, a period on average'
    ]
    for (const text of said) expect(jargonIn(text), text).not.toEqual([])
    expect(jargonIn(said.join(' ')).length).toBeGreaterThanOrEqual(8)
    const plain = [
      'on the list 2 weeks since 2 Nov 2026',
      'waiting: 1 more week of readers to tell',
      'the workflow starts one agent job for all ticked gaps',
      'Unanswered questions fell from 6 to none',
      '17 unhappy readers (14 thumbs down, 17 marked not helpful; a reader counts once)',
      'Job 437c293c9644',
      'before 2–22 Nov 2026 (3 weeks) → since the merge 30 Nov – 6 Dec 2026, per week'
    ]
    expect(jargonIn(plain.join(' · '))).toEqual([])
    expect(JARGON.length).toBeGreaterThan(0)
  })
})

describe.skipIf(!ready)('a page laid out as GitHub shows it', () => {
  it('renders GFM with raw HTML as GitHub does, and drops what GitHub’s sanitizing drops', () => {
    const html = githubHtml('| a | b |\n| --- | --- |\n| 1 | 2 |\n\n<script>alert(1)</script><img src="x" onerror="alert(2)">\n\n- [ ] box')
    expect(html).toContain('<table>')
    expect(html).not.toMatch(/<script|onerror/)
    expect(html).toMatch(/<input[^>]*type="checkbox"/)
  })

  it('tells what is above 1,000 px from what is below, and hides what a closed block holds', () => {
    const filler = Array.from({ length: 60 }, (_, i) => `Paragraph ${i} of the filler.`).join('\n\n')
    const page = layout(`## EARLY heading\n\n<details><summary>SHUT</summary>\n\nHIDDEN words\n\n</details>\n\n${filler}\n\nLATE words`, {
      width: 1012
    })
    const top = textAbove(page, 1000)
    expect(top).toContain('EARLY heading')
    expect(top).toContain('SHUT')
    expect(top).not.toContain('HIDDEN')
    expect(top).not.toContain('LATE')
    expect(yOf(page, 'LATE')).toBeGreaterThan(1000)
    expect(yOf(page, 'HIDDEN')).toBeUndefined()
    // Opened, the closed block's words are there to read.
    expect(allText(page.html)).toContain('HIDDEN words')
    expect(page.height).toBeGreaterThan(yOf(page, 'LATE') ?? Infinity)
    expect(holds('pull request # 60 open', 'pull request #60 open')).toBe(true)
    expect(holds('pull request #61 open', 'pull request #60 open')).toBe(false)
  })

  it('lays a page out at a phone’s width, narrower than headless Chromium’s own least, and finds its links', () => {
    const long = 'word '.repeat(400)
    const phone = layout(`${long}\n\n[the issue](https://github.com/acme/docs/issues/1)`, { width: 400 })
    const desk = layout(`${long}\n\n[the issue](https://github.com/acme/docs/issues/1)`, { width: 1012 })
    expect(phone.width).toBe(400)
    const [link] = phone.links
    expect(link?.href).toBe('https://github.com/acme/docs/issues/1')
    // The same words take more lines at 400 px than at 1,012 px.
    expect(link?.y).toBeGreaterThan(desk.links[0]?.y ?? Infinity)
  })

  it('finds the #, * and | GitHub shows as written where they were meant as Markdown, and nothing else', () => {
    // A heading, bold, a list item and a table row inside an HTML block: a <p> line with no blank line after it.
    expect(literalMarkdown('<p><sub>a note</sub></p>\n### Fixed\n\n- after')).toEqual(['### Fixed'])
    expect(literalMarkdown('<p>a note</p>\n**Fix first**')).toEqual(['**Fix first**'])
    expect(literalMarkdown('<details><summary>More</summary>\n* one\n</details>')).toHaveLength(1)
    expect(literalMarkdown('<p>a</p>\n| page | readers |\n| --- | --- |')).toHaveLength(1)
    // The same Markdown, read as Markdown.
    expect(
      literalMarkdown('<p><sub>a note</sub></p>\n\n### Fixed\n\n**Fix first**\n\n* one\n\n| page | readers |\n| --- | --- |\n| /a | 1 |')
    ).toEqual([])
    // A reader's words, escaped, show their #, * and | as written; a reference and code are as meant.
    const words = htmlText('### How do I *sign* | verify? &#35; &#x2a;')
    expect(literalMarkdown(`<p>“${words}” asked 3 times · pull request #60 · <code>a|b*c#d</code></p>\n\n\`#x\``)).toEqual([])
  })
})
