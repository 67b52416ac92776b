// Tests the small pieces of summary and comment HTML (src/render/html.ts): links only to plain
// http(s) URLs, code, messages with code spans, lines kept apart, table rows; as GitHub shows them
// (test/support/render.js), with hostile text.
import { describe, expect, it } from 'vitest'
import { CELL_LINE_CHARS, codeHtml, linesHtml, linkHtml, messageHtml, pageCellHtml, pageHtml, rowHtml } from '../../../src/render/html.js'
import { renderSummary } from '../../support/render.js'

describe('linkHtml', () => {
  it('links a plain http(s) URL, its ampersands written as entities', () => {
    expect(linkHtml('https://github.com/a/b/pull/1', 'a/b#1')).toBe('<a href="https://github.com/a/b/pull/1">a/b#1</a>')
    expect(linkHtml('https://e.com/?x=1&y=2&z', 'x')).toBe('<a href="https://e.com/?x=1&amp;y=2&amp;z">x</a>')
    expect(renderSummary(linkHtml('https://e.com/?x=1&y=2', 'x')).links).toEqual([{ href: 'https://e.com/?x=1&y=2', text: 'x' }])
  })

  it('gives the label alone for anything else', () => {
    for (const href of [undefined, '', 'javascript:alert(1)', "https://e.com/a'b", 'mailto:a@e.com'])
      expect(linkHtml(href, 'label <b>kept</b>')).toBe('label <b>kept</b>')
  })

  it('writes the URL as safeHttpUrl gives it', () => {
    expect(linkHtml('HTTPS://E.COM/a b', 'x')).toBe('<a href="https://e.com/a%20b">x</a>')
  })
})

describe('codeHtml', () => {
  it('puts escaped text on one line in a code element', () => {
    expect(codeHtml('a <b>\nc')).toBe('<code>a &lt;b&gt; c</code>')
    expect(renderSummary(codeHtml('@team #1 `x`')).text).toBe('@team #1 `x`')
  })

  it('cuts the text at 200 characters unless told', () => {
    expect(codeHtml('x'.repeat(200))).toBe(`<code>${'x'.repeat(200)}</code>`)
    expect(codeHtml('x'.repeat(201))).toBe(`<code>${'x'.repeat(199)}…</code>`)
    expect(codeHtml('abcdef', 4)).toBe('<code>abc…</code>')
  })

  it('keeps empty text a code element that shows', () => {
    expect(codeHtml('')).toBe('<code>&#8203;</code>')
  })
})

describe('pageHtml', () => {
  it('shows a page in a code element, cut at its length, and (other page) in italics', () => {
    expect(pageHtml('/docs/keys')).toBe('<code>/docs/keys</code>')
    expect(pageHtml('https://docs.example.com/a_b')).toBe('<code>https&#58;//docs.example.com/a&#95;b</code>')
    expect(pageHtml(`/${'x'.repeat(300)}`)).toBe(`<code>/${'x'.repeat(198)}…</code>`)
    expect(pageHtml(`/${'x'.repeat(300)}`, 10)).toBe(`<code>/${'x'.repeat(8)}…</code>`)
    expect(pageHtml('(other page)')).toBe('<em>(other page)</em>')
    expect(pageHtml('(other page) ')).toBe('<code>(other page)</code>')
  })
})

describe('messageHtml', () => {
  it('shows the code spans of a message as code, and the rest as text', () => {
    expect(messageHtml('Check `jobId` and `projectId`.')).toBe('Check <code>jobId</code> and <code>projectId</code>.')
    const seen = renderSummary(`<p>${messageHtml('The key in `apiKey` is <wrong> for @team #1.')}</p>`)
    expect(seen.text).toBe('The key in apiKey is <wrong> for @team #1.')
    expect(seen.references).toEqual([])
  })

  it('leaves a lone backtick, or an empty pair, as written', () => {
    expect(renderSummary(messageHtml('a ` b')).text).toBe('a ` b')
    expect(renderSummary(messageHtml('a `` b')).text).toBe('a `` b')
  })

  it('keeps markup inside a code span as text', () => {
    const seen = renderSummary(messageHtml('`<img src=x> @team [x](https://e.com)`'))
    expect(seen.text).toBe('<img src=x> @team [x](https://e.com)')
    expect(seen.html.trim()).toMatch(/^<p><code>.*<\/code><\/p>$/)
    expect(seen).toMatchObject({ links: [], references: [] })
  })

  it('cuts the message at 1,000 characters unless told', () => {
    expect(renderSummary(messageHtml('x'.repeat(1001))).text).toBe(`${'x'.repeat(999)}…`)
    expect(renderSummary(messageHtml('x'.repeat(1000))).text).toBe('x'.repeat(1000))
    expect(messageHtml('abcdef', 4)).toBe('abc…')
  })
})

describe('linesHtml', () => {
  it('keeps each line apart, whatever ends it', () => {
    expect(linesHtml('one\ntwo\r\nthree\rfour')).toBe('one<br>\ntwo<br>\nthree<br>\nfour')
  })

  it('keeps an empty line, or one of spaces, as an empty line', () => {
    expect(linesHtml('one\n\n  \ntwo')).toBe('one<br>\n<br>\n<br>\ntwo')
  })

  it('escapes each line and cuts it at 300 characters unless told', () => {
    expect(linesHtml('<b>\n@x')).toBe('&lt;b&gt;<br>\n<span>&#64;</span>x')
    expect(linesHtml(`${'x'.repeat(300)}\n${'y'.repeat(301)}`)).toBe(`${'x'.repeat(300)}<br>\n${'y'.repeat(299)}…`)
    expect(linesHtml('abcdef', 4)).toBe('abc…')
  })

  it('keeps 60 lines unless told, and marks the cut with an ellipsis', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `l${i}`).join('\n')
    expect(linesHtml(lines(60)).split('<br>\n')).toHaveLength(60)
    expect(linesHtml(lines(61)).split('<br>\n')).toEqual([...lines(60).split('\n'), '…'])
    expect(linesHtml(lines(3), 300, 2)).toBe('l0<br>\nl1<br>\n…')
    expect(linesHtml(lines(2), 300, 2)).toBe('l0<br>\nl1')
  })
})

describe('rowHtml', () => {
  it('makes a row of a label, as a row header, and its value', () => {
    expect(rowHtml('Status', '<code>active</code>')).toBe('<tr><th scope="row" align="left">Status</th><td><code>active</code></td></tr>')
    expect(renderSummary(`<table>${rowHtml('A', '1')}${rowHtml('B', '2')}</table>`).tables).toEqual([
      [
        ['A', '1'],
        ['B', '2']
      ]
    ])
  })
})

describe('pageCellHtml', () => {
  it('breaks a long path into lines after a /, each as long as fits, and leaves a short one whole', () => {
    expect(pageCellHtml('/quickstart')).toBe('<code>/quickstart</code>')
    // Each line a code element of its own: GitHub's styles hide a line break inside one.
    expect(pageCellHtml('/api-reference/webhooks/retries')).toBe('<code>/api-reference/</code><br><code>webhooks/retries</code>')
    expect(pageCellHtml('/sdks/python/databases/overview')).toBe(
      '<code>/sdks/python/</code><br><code>databases/</code><br><code>overview</code>'
    )
    // Never inside "//", nor after the first /; a part longer than a line stays whole.
    expect(pageCellHtml('https://docs.example.com/a')).toBe('<code>https&#58;//docs.example.com/</code><br><code>a</code>')
    expect(pageCellHtml(`/${'x'.repeat(40)}`)).toBe(`<code>/${'x'.repeat(40)}</code>`)
    expect(pageCellHtml('(other page)')).toBe('<em>(other page)</em>')
    for (const line of pageCellHtml('/a/bb/ccc/dddd/eeeee/ffffff/ggggggg/hhhhhhhh')
      .replace(/<\/?code>/g, '')
      .split('<br>'))
      expect(line.length).toBeLessThanOrEqual(CELL_LINE_CHARS)
  })

  it('reads as the path, each break a line of its own, with hostile text as text', () => {
    const seen = renderSummary(`<table><tr><td>${pageCellHtml('/docs/[link](https://evil.example)/@octocat/x')}</td></tr></table>`)
    expect(seen.links).toEqual([])
    expect(seen.references).toEqual([])
    expect(seen.tables[0]?.[0]?.[0]?.replace(/\/ /g, '/')).toBe('/docs/[link](https://evil.example)/@octocat/x')
  })
})
