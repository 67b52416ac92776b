import { describe, expect, it } from 'vitest'
import { htmlText, logText, safeHttpUrl } from '../../src/text/escape.js'

describe('htmlText', () => {
  it('leaves no markup, table syntax or autolink active', () => {
    const out = htmlText('<img src=x onerror=alert(1)> a|b `code` [x](https://e.com) @team')
    expect(out).not.toMatch(/[<>|`[\]@]/)
    expect(out).not.toContain('https://')
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })
  it('never yields an empty cell, and cuts long text', () => {
    expect(htmlText('')).toBe('&#8203;')
    expect(htmlText('a'.repeat(5000), 100)).toHaveLength(100)
  })
})

describe('logText', () => {
  it('keeps service text on one line, so it cannot start a workflow command', () => {
    expect(logText('ok\n::set-output name=x::y\r\n::add-mask::z\u2028w')).toBe('ok ::set-output name=x::y ::add-mask::z w')
  })
})

describe('safeHttpUrl', () => {
  it.each([
    ['https://github.com/o/r/pull/1', 'https://github.com/o/r/pull/1'],
    ['http://ghe.local/o/r/pull/2?x=1#y', 'http://ghe.local/o/r/pull/2?x=1#y'],
    ['javascript:alert(1)', undefined],
    ['https://github.com/o/r/pull/1$(id)', undefined],
    ['https://user:pw@github.com/x', undefined],
    ['not a url', undefined],
    [null, undefined]
  ])('%s → %s', (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected)
  })
})
