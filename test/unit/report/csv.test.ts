// Tests the CSV writing every analytics file uses (src/report/csv.ts): one field at a time (empty
// for a missing value, numbers and booleans as written, quoted when it holds a quote, a comma or a
// line break, an apostrophe before a formula), and a whole file with its header and CRLF line ends.
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { csvField, csvOf } from '../../../src/report/csv.js'

describe('csvField', () => {
  it('is empty for a missing value', () => {
    expect([null, undefined, ''].map(csvField)).toEqual(['', '', ''])
  })

  it('writes numbers and booleans as JavaScript does, negative numbers included', () => {
    expect([0, 42, -1, -0.5, 1.25, 1e21, Number.NaN, true, false].map(csvField)).toEqual([
      '0',
      '42',
      '-1',
      '-0.5',
      '1.25',
      '1e+21',
      'NaN',
      'true',
      'false'
    ])
  })

  it('leaves plain text as it is', () => {
    expect(['/docs/api', 'how to install', "it's", 'a=b', 'a+b-c@d', ' =x', 'x\t', "'=x"].map(csvField)).toEqual([
      '/docs/api',
      'how to install',
      "it's",
      'a=b',
      'a+b-c@d',
      ' =x',
      'x\t',
      "'=x"
    ])
  })

  it('puts an apostrophe before text a spreadsheet would run as a formula', () => {
    expect(['=cmd', '+1', '-1', '@x', '\tx', '=', '-', '@SUM(A1)'].map(csvField)).toEqual([
      "'=cmd",
      "'+1",
      "'-1",
      "'@x",
      "'\tx",
      "'=",
      "'-",
      "'@SUM(A1)"
    ])
  })

  it('quotes text with a quote, a comma or a line break, each quote doubled', () => {
    expect(['a"b', 'a,b', 'a\rb', 'a\nb', 'say "hi" and "bye"', '"', '\nx'].map(csvField)).toEqual([
      '"a""b"',
      '"a,b"',
      '"a\rb"',
      '"a\nb"',
      '"say ""hi"" and ""bye"""',
      '""""',
      '"\nx"'
    ])
  })

  it('quotes a guarded formula when it needs quotes, the apostrophe inside them', () => {
    expect(['\rx', '=HYPERLINK("https://evil.example","x")', '+a,b'].map(csvField)).toEqual([
      '"\'\rx"',
      '"\'=HYPERLINK(""https://evil.example"",""x"")"',
      '"\'+a,b"'
    ])
  })
})

describe('csvOf', () => {
  it('writes the header and one line per row, each line ending in CRLF', () => {
    expect(
      csvOf(
        ['path', 'count', 'helpful', 'note'],
        [
          ['/a', 1, true, 'ok'],
          ['/b,c', -2.5, false, null],
          ['=x', 0, undefined, 'say "hi"']
        ]
      )
    ).toBe('path,count,helpful,note\r\n/a,1,true,ok\r\n"/b,c",-2.5,false,\r\n\'=x,0,,"say ""hi"""\r\n')
  })

  it('is only the header without rows', () => {
    expect(csvOf(['a', 'b'], [])).toBe('a,b\r\n')
    expect(csvOf(['only'], [])).toBe('only\r\n')
  })

  it('takes its rows from any iterable, read once', () => {
    function* rows(): Generator<string[]> {
      yield ['1', '2']
      yield ['3', '4']
    }
    expect(csvOf(['a', 'b'], rows())).toBe('a,b\r\n1,2\r\n3,4\r\n')
  })

  it('reads back, in a CSV reader, as the fields it was given', () => {
    const rows = [
      ['line\r\nbreak', 'comma, "quoted"', ''],
      ['=1+1', '@me', 'plain']
    ]
    expect(parse(csvOf(['x', 'y', 'z'], rows))).toEqual([
      ['x', 'y', 'z'],
      ['line\r\nbreak', 'comma, "quoted"', ''],
      ["'=1+1", "'@me", 'plain']
    ])
  })
})
