// Tests the alert rules over the headline numbers (src/render/alerts.ts): how the `alerts` input is
// read and what it says of a bad rule, which rules fire at and around their thresholds (and which
// cannot be judged), and how fired alerts show at the top of the job summary (as GitHub renders it,
// test/support/render.js) and in the `alerts` step output.
import { describe, expect, it } from 'vitest'
import { HEADLINE_NAMES } from '../../../src/core/catalog.js'
import { type AlertRule, alertsHtml, alertsJson, firedAlerts, type FiredAlert, parseAlertRules } from '../../../src/render/alerts.js'
import { type Headline, headline } from '../../../src/render/renderer.js'
import { HOSTILE_TEXT } from '../../emulator/analytics-data.js'
import { renderSummary } from '../../support/render.js'

/** The headline keys, as the messages list them: the catalog's, so that a new section changes no expectation here. */
const KEYS = Object.keys(HEADLINE_NAMES).join(', ')
const FORMS = 'a number, such as 30, or a change in per cent against the previous period, such as -20% or +50%'

/** The rules of a text that must have no problem. */
function rulesOf(text: string): AlertRule[] {
  const { rules, problems } = parseAlertRules(text)
  expect(problems).toEqual([])
  return rules
}

/** The one problem of a text that holds one bad rule. */
function problemOf(text: string): string {
  const { rules, problems } = parseAlertRules(text)
  expect(rules).toEqual([])
  expect(problems).toHaveLength(1)
  return problems[0] as string
}

const before = (value: number): Headline['previous'] => ({ value, dateFrom: '2026-11-10', dateTo: '2026-11-17' })

/** Whether the one rule of `text` fires for the headline. */
function fires(text: string, h: Headline): boolean {
  return firedAlerts(rulesOf(text), [h]).length === 1
}

describe('a change from counts that are each finite, past what a number holds', () => {
  it('fires and says a finite per cent, held at MOST_SUMMED, never Infinity', () => {
    const h: Headline = { key: 'thumbsDown', name: 'Thumbs down', value: 1e308, previous: before(1e-300) }
    expect(firedAlerts(rulesOf('thumbsDown > +50%'), [h]).map((alert) => alert.sentence)).toEqual([
      'Thumbs down rose 1,000,000,000,000,000% (rule: thumbsDown > +50%)'
    ])
  })
})

describe('parseAlertRules', () => {
  it('reads every operator with a number or a change in per cent, separated by commas or newlines', () => {
    expect(
      rulesOf('visitorsHuman < -20%, views <= 100\nsearches > 5\nthumbsDown >= +50%, searchesNoClick > 30, assistantQuestions >= 50%')
    ).toEqual([
      { key: 'visitorsHuman', op: '<', threshold: -20, percent: true, text: 'visitorsHuman < -20%' },
      { key: 'views', op: '<=', threshold: 100, percent: false, text: 'views <= 100' },
      { key: 'searches', op: '>', threshold: 5, percent: false, text: 'searches > 5' },
      { key: 'thumbsDown', op: '>=', threshold: 50, percent: true, text: 'thumbsDown >= +50%' },
      { key: 'searchesNoClick', op: '>', threshold: 30, percent: false, text: 'searchesNoClick > 30' },
      { key: 'assistantQuestions', op: '>=', threshold: 50, percent: true, text: 'assistantQuestions >= +50%' }
    ])
  })

  it('takes any whitespace around the tokens, or none, and shows each rule in one form', () => {
    expect(
      rulesOf('thumbsDown>+50%,  visitorsAi\t<=\t.5  ,views   >   007,searches<20 %, assistantUnanswered>=1.,visitorsHuman<-0%').map(
        (rule) => rule.text
      )
    ).toEqual(['thumbsDown > +50%', 'visitorsAi <= 0.5', 'views > 7', 'searches < +20%', 'assistantUnanswered >= 1', 'visitorsHuman < 0%'])
    // -0% is 0, not -0, so that it compares and prints as 0.
    expect(Object.is(rulesOf('views > -0%')[0]?.threshold, 0)).toBe(true)
    expect(rulesOf('views >= 2.5')[0]).toEqual({ key: 'views', op: '>=', threshold: 2.5, percent: false, text: 'views >= 2.5' })
  })

  it('ignores blank entries, and takes Windows line ends', () => {
    expect(rulesOf('\n, ,views > 1,\r\n\r\n searches < 2 ,,\r\n').map((rule) => rule.text)).toEqual(['views > 1', 'searches < 2'])
    expect(parseAlertRules('')).toEqual({ rules: [], problems: [] })
    expect(parseAlertRules(' ,\n , \t ')).toEqual({ rules: [], problems: [] })
  })

  it('names the known headlines when a rule starts with an unknown one, and points out a mistaken case or a near miss', () => {
    expect(problemOf('visitors < -20%')).toBe(
      `rule "visitors < -20%" starts with "visitors", which is not a headline; the headlines are ${KEYS}`
    )
    expect(problemOf('VisitorsHuman<5')).toBe(
      `rule "VisitorsHuman<5" starts with "VisitorsHuman", which is not a headline; the headlines are ${KEYS}; ` +
        'names are case-sensitive: did you mean visitorsHuman?'
    )
    expect(problemOf('visitorHuman < 5')).toBe(
      `rule "visitorHuman < 5" starts with "visitorHuman", which is not a headline; the headlines are ${KEYS}; did you mean visitorsHuman?`
    )
    expect(problemOf('searches_no_click > 30')).toBe(
      `rule "searches_no_click > 30" starts with "searches_no_click", which is not a headline; the headlines are ${KEYS}; did you mean searchesNoClick?`
    )
    // Names an object has of its own accord are no headline either.
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect(problemOf(`${key} > 1`)).toBe(`rule "${key} > 1" starts with "${key}", which is not a headline; the headlines are ${KEYS}`)
  })

  it('says so when a rule has no headline before its comparison', () => {
    expect(problemOf('< 30')).toBe(`rule "< 30" has no headline before its comparison; start it with one of ${KEYS}`)
    expect(problemOf('>=-5%')).toBe(`rule ">=-5%" has no headline before its comparison; start it with one of ${KEYS}`)
  })

  it('says so when a rule has no comparison, or one it does not take', () => {
    const noComparison = (rule: string, key: string) =>
      `rule "${rule}" has no comparison after ${key}: write <, <=, > or >= between the headline and the threshold, such as ${key} > 30`
    for (const rule of [
      'views',
      'views 30',
      'views = 30',
      'views=30',
      'views == 30',
      'views != 30',
      'views!=3',
      'views => 30',
      'views ≥ 30'
    ])
      expect(problemOf(rule)).toBe(noComparison(rule, 'views'))
    expect(problemOf('thumbsDown 5 > 3')).toBe(noComparison('thumbsDown 5 > 3', 'thumbsDown'))
  })

  it('says so when a rule has no threshold', () => {
    expect(problemOf('views >')).toBe('rule "views >" has no threshold after >: write views > 30, or views > -20% for a change in per cent')
    expect(problemOf('searches<=  ')).toBe(
      'rule "searches<=" has no threshold after <=: write searches <= 30, or searches <= -20% for a change in per cent'
    )
  })

  it('says so when a per cent has no number', () => {
    expect(problemOf('views > %')).toBe('rule "views > %" has % with no number before it: write a change in per cent such as -20% or +50%')
    expect(problemOf('views<%')).toBe('rule "views<%" has % with no number before it: write a change in per cent such as -20% or +50%')
  })

  it('takes only plain numbers: not NaN, Infinity, exponents, words or a second operator', () => {
    const cases: [string, string][] = [
      ['views > NaN', 'NaN'],
      ['views < Infinity', 'Infinity'],
      ['views > -Infinity%', '-Infinity%'],
      ['views > NaN%', 'NaN%'],
      ['views > 1e3', '1e3'],
      ['views > 0x10', '0x10'],
      ['views > 1.2.3', '1.2.3'],
      ['views > 30 visits', '30 visits'],
      ['views > -%', '-%'],
      ['views > .', '.'],
      ['views > +-5%', '+-5%'],
      ['views > 5%%', '5%%'],
      ['views >> 30', '> 30'],
      ['views <> 30', '> 30'],
      ['views <== 30', '= 30'],
      ['views > ٣٠', '٣٠']
    ]
    for (const [rule, threshold] of cases) {
      expect(problemOf(rule)).toBe(`rule "${rule}": "${threshold}" is not ${FORMS}`)
    }
    // A comma separates rules, even in a number.
    expect(parseAlertRules('views > 1,5').problems).toEqual([
      `rule "5" starts with "5", which is not a headline; the headlines are ${KEYS}`
    ])
  })

  it('takes a threshold of at most 20 characters', () => {
    expect(rulesOf(`views < ${'9'.repeat(20)}`)[0]?.threshold).toBe(1e20)
    expect(rulesOf(`views < -${'9'.repeat(19)}%`)[0]?.threshold).toBe(-1e19)
    expect(problemOf(`views < ${'9'.repeat(21)}`)).toBe(`rule "views < ${'9'.repeat(21)}": "${'9'.repeat(21)}" is not ${FORMS}`)
  })

  it('says a signed number needs a per cent, since a count has no sign', () => {
    const signed = (rule: string) =>
      `rule "${rule}" has a signed number without %: a change against the previous period is in per cent, ` +
      'such as -20% or +50%, and a count is a plain number, such as 30'
    expect(problemOf('visitorsHuman < -20')).toBe(signed('visitorsHuman < -20'))
    expect(problemOf('views > +5')).toBe(signed('views > +5'))
  })

  it('gives one problem per bad rule, in order, and still reads the good ones', () => {
    const { rules, problems } = parseAlertRules('views > 1, bogus > 2\nsearches < 3, views >, thumbsDown >= 10%')
    expect(rules.map((rule) => rule.text)).toEqual(['views > 1', 'searches < 3', 'thumbsDown >= +10%'])
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/^rule "bogus > 2" starts with "bogus"/)
    expect(problems[1]).toMatch(/^rule "views >" has no threshold/)
  })

  it('takes at most 20 rules: more is one problem, and the first 20 are still read', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `views > ${i}`)
    expect(rulesOf(twenty.join(','))).toHaveLength(20)
    const { rules, problems } = parseAlertRules([...twenty, 'views > 20'].join('\n'))
    expect(rules).toHaveLength(20)
    expect(rules[19]?.text).toBe('views > 19')
    expect(problems).toEqual(['holds 21 rules; at most 20 are allowed'])
    // A bad rule past the 20th is not read, only counted.
    expect(parseAlertRules([...twenty, 'bogus', 'bogus'].join(',')).problems).toEqual(['holds 22 rules; at most 20 are allowed'])
    // Blank entries are not rules.
    expect(parseAlertRules([...twenty, '', ' '].join(',')).problems).toEqual([])
  })

  it('quotes a rule on one line, escaped and cut at 60 characters', () => {
    const long = 'x'.repeat(10_000)
    const cut = `"${'x'.repeat(59)}…"`
    expect(problemOf(long)).toBe(`rule ${cut} starts with ${cut}, which is not a headline; the headlines are ${KEYS}`)
    const quoted = problemOf('views > 1 "\\ \u0000 \u202e')
    expect(quoted).toBe(`rule "views > 1 \\"\\\\": "1 \\"\\\\" is not ${FORMS}`)
    const sixty = `views > ${'y'.repeat(52)}`
    expect(problemOf(sixty)).toBe(`rule "${sixty}": "${'y'.repeat(52)}" is not ${FORMS}`)
    expect(problemOf(`${sixty}y`)).toBe(`rule "${sixty.slice(0, 59)}…": "${'y'.repeat(53)}" is not ${FORMS}`)
  })

  it('reads a hostile input of 100,000 characters in one pass, with a bounded list of bounded problems', () => {
    const n = 100_000
    const hostile = [
      'x'.repeat(n),
      '<'.repeat(n),
      '='.repeat(n),
      `views${' '.repeat(n)}`,
      `views <${' '.repeat(n)}1x`,
      `views > ${'9'.repeat(n)}`,
      `views > ${'1.'.repeat(n / 2)}`,
      `views > ${'%'.repeat(n)}`,
      `views ${'<'.repeat(n)}`,
      'views > 1 '.repeat(n / 10),
      '\u202e'.repeat(n),
      'a,'.repeat(n / 2),
      'views > 1,'.repeat(n / 10),
      ','.repeat(n),
      '\n'.repeat(n)
    ]
    for (const text of hostile) {
      expect(text.length).toBeGreaterThanOrEqual(n)
      const { rules, problems } = parseAlertRules(text)
      expect(rules.length).toBeLessThanOrEqual(20)
      expect(problems.length).toBeLessThanOrEqual(21)
      for (const problem of problems) {
        expect(problem.length).toBeLessThan(400)
        expect(problem).not.toMatch(/[\n\r\u2028\u2029\u202e]/)
      }
    }
    expect(parseAlertRules('a,'.repeat(n / 2)).problems).toHaveLength(21)
    expect(parseAlertRules('a,'.repeat(n / 2)).problems[20]).toBe('holds 50,000 rules; at most 20 are allowed')
    expect(parseAlertRules('views > 1,'.repeat(n / 10))).toEqual({
      rules: Array.from({ length: 20 }, () => ({ key: 'views', op: '>', threshold: 1, percent: false, text: 'views > 1' })),
      problems: ['holds 10,000 rules; at most 20 are allowed']
    })
    expect(parseAlertRules(','.repeat(n))).toEqual({ rules: [], problems: [] })
  })
})

describe('firedAlerts', () => {
  const OPS = ['<', '<=', '>', '>='] as const
  /** Whether each operator fires for a value below its threshold, at it, and above it. */
  const expected: Record<(typeof OPS)[number], boolean[]> = {
    '<': [true, false, false],
    '<=': [true, true, false],
    '>': [false, false, true],
    '>=': [false, true, true]
  }

  it('fires an absolute rule only when the value is past the number, or at it for <= and >=', () => {
    // Values 29, 30 and 31 against 30.
    for (const op of OPS)
      expect([29, 30, 31].map((value) => fires(`searchesNoClick ${op} 30`, headline('searchesNoClick', value)))).toEqual(expected[op])
    expect(fires('views >= 0.5', headline('views', 0))).toBe(false)
    expect(fires('views > 0', headline('views', 1))).toBe(true)
  })

  it('fires a per-cent rule on the change in whole per cent, past the threshold or at it for <= and >=', () => {
    // 79, 80 and 81 against 100 are -21%, -20% and -19%.
    for (const op of OPS)
      expect(
        [79, 80, 81].map((value) => fires(`visitorsHuman ${op} -20%`, headline('visitorsHuman', value, { previous: before(100) })))
      ).toEqual(expected[op])
    expect([149, 150, 151].map((value) => fires('thumbsDown >= +50%', headline('thumbsDown', value, { previous: before(100) })))).toEqual([
      false,
      true,
      true
    ])
    // A per cent is not a count: 50% fires on a rise of 50%, whatever the values.
    expect(fires('thumbsDown > 50', headline('thumbsDown', 40, { previous: before(10) }))).toBe(false)
    expect(fires('thumbsDown > 50%', headline('thumbsDown', 40, { previous: before(10) }))).toBe(true)
  })

  it('compares the change as the report shows it, rounded to a whole per cent', () => {
    // 795 against 1,000 is -20.5%, shown as -20%; 794 is -20.6%, shown as -21%.
    expect(fires('visitorsHuman < -20%', headline('visitorsHuman', 795, { previous: before(1000) }))).toBe(false)
    expect(firedAlerts(rulesOf('visitorsHuman <= -20%'), [headline('visitorsHuman', 795, { previous: before(1000) })])[0]?.change).toBe(-20)
    expect(fires('visitorsHuman < -20%', headline('visitorsHuman', 794, { previous: before(1000) }))).toBe(true)
    expect(fires('views > 0%', headline('views', 1001, { previous: before(1000) }))).toBe(false)
    expect(fires('views >= 0%', headline('views', 1000, { previous: before(1000) }))).toBe(true)
  })

  it('does not fire a per-cent rule that cannot be judged: no earlier value, an earlier value of 0, or a partial count', () => {
    const rules = rulesOf('views > 10%, views < 10%, views >= -100%, views <= 1000%')
    expect(firedAlerts(rules, [headline('views', 50)])).toEqual([])
    expect(firedAlerts(rules, [headline('views', 50, { previous: before(0) })])).toEqual([])
    expect(firedAlerts(rules, [headline('views', 0, { previous: before(0) })])).toEqual([])
    expect(firedAlerts(rules, [headline('views', 50, { previous: before(40), partial: true })])).toEqual([])
    // The same rules with an earlier value above 0, read in full, do fire.
    expect(firedAlerts(rules, [headline('views', 50, { previous: before(1) })]).map((alert) => alert.rule.text)).toEqual([
      'views > +10%',
      'views >= -100%'
    ])
    expect(firedAlerts(rules, [headline('views', 50, { previous: before(50) })]).map((alert) => alert.rule.text)).toEqual([
      'views < +10%',
      'views >= -100%',
      'views <= +1000%'
    ])
  })

  it('fires an absolute rule on a partial count only above a number: the count is at least the value shown', () => {
    const partial = headline('searchesNoClick', 40, { previous: before(10), partial: true })
    const fired = firedAlerts(rulesOf('searchesNoClick > 30, searchesNoClick >= 40, searchesNoClick < 50, searchesNoClick <= 40'), [
      partial
    ])
    expect(fired).toEqual([
      {
        rule: { key: 'searchesNoClick', op: '>', threshold: 30, percent: false, text: 'searchesNoClick > 30' },
        name: 'Searches with no click',
        value: 40,
        sentence: 'Searches with no click is at least 40, above 30 (rule: searchesNoClick > 30)'
      },
      {
        rule: { key: 'searchesNoClick', op: '>=', threshold: 40, percent: false, text: 'searchesNoClick >= 40' },
        name: 'Searches with no click',
        value: 40,
        sentence: 'Searches with no click is at least 40, at or above 40 (rule: searchesNoClick >= 40)'
      }
    ])
    expect(fired[0]).not.toHaveProperty('change')
    expect(fires('searchesNoClick > 40', partial)).toBe(false)
    // The same count read in full fires below too.
    expect(fires('searchesNoClick < 50', headline('searchesNoClick', 40))).toBe(true)
    expect(fires('searchesNoClick <= 40', headline('searchesNoClick', 40))).toBe(true)
  })

  it('says what happened in plain words, for each kind of rule', () => {
    const headlines = [
      headline('visitorsHuman', 7600, { previous: before(10_000) }),
      headline('thumbsDown', 15, { previous: before(10) }),
      headline('views', 1234, { previous: before(1234) }),
      headline('searchesNoClick', 43),
      headline('searches', 1234.5)
    ]
    const sentences = firedAlerts(
      rulesOf(
        'visitorsHuman < -20%, thumbsDown > +10%, views <= 0%, searchesNoClick > 30, searchesNoClick >= 43, searches < 2000, searches <= 1234.5, views > 1000'
      ),
      headlines
    ).map((alert) => alert.sentence)
    expect(sentences).toEqual([
      'Human visitors fell 24% (rule: visitorsHuman < -20%)',
      'Thumbs down rose 50% (rule: thumbsDown > +10%)',
      'Page views did not change (rule: views <= 0%)',
      'Searches with no click is 43, above 30 (rule: searchesNoClick > 30)',
      'Searches with no click is 43, at or above 43 (rule: searchesNoClick >= 43)',
      'Searches is 1,234.5, below 2,000 (rule: searches < 2000)',
      'Searches is 1,234.5, at or below 1,234.5 (rule: searches <= 1234.5)',
      'Page views is 1,234, above 1,000 (rule: views > 1000)'
    ])
  })

  it('gives each fired rule with its headline, value and change, the change of an absolute rule too when there is one', () => {
    const [rule, absolute] = rulesOf('visitorsHuman < -20%, visitorsHuman > 5000')
    const fired = firedAlerts(rulesOf('visitorsHuman < -20%, visitorsHuman > 5000'), [
      headline('visitorsHuman', 7600, { previous: before(10_000) })
    ])
    expect(fired).toEqual<FiredAlert[]>([
      {
        rule: rule as AlertRule,
        name: 'Human visitors',
        value: 7600,
        change: -24,
        sentence: 'Human visitors fell 24% (rule: visitorsHuman < -20%)'
      },
      {
        rule: absolute as AlertRule,
        name: 'Human visitors',
        value: 7600,
        change: -24,
        sentence: 'Human visitors is 7,600, above 5,000 (rule: visitorsHuman > 5000)'
      }
    ])
    expect(firedAlerts(rulesOf('views > 1'), [headline('views', 5)])[0]).not.toHaveProperty('change')
    expect(firedAlerts(rulesOf('views > 1'), [headline('views', 5, { previous: before(0) })])[0]).not.toHaveProperty('change')
  })

  it('keeps the order of the rules, skips a headline the run did not read, and uses the headline as given', () => {
    const headlines: Headline[] = [
      headline('views', 100),
      { key: 'searches', name: 'Site searches', value: 9 },
      headline('thumbsDown', 3),
      headline('views', 1)
    ]
    const texts = firedAlerts(rulesOf('thumbsDown > 1, assistantQuestions >= 0, searches > 1, views > 50, views < 50'), headlines).map(
      (alert) => alert.rule.text
    )
    // The first headline of a key counts.
    expect(texts).toEqual(['thumbsDown > 1', 'searches > 1', 'views > 50'])
    expect(firedAlerts(rulesOf('searches > 1'), headlines)[0]?.sentence).toBe('Site searches is 9, above 1 (rule: searches > 1)')
    expect(firedAlerts([], headlines)).toEqual([])
    expect(firedAlerts(rulesOf('views > 1'), [])).toEqual([])
  })
})

describe('alertsHtml', () => {
  const firedOf = () =>
    firedAlerts(rulesOf('visitorsHuman < -20%, searchesNoClick > 30'), [
      headline('visitorsHuman', 7600, { previous: before(10_000) }),
      headline('searchesNoClick', 43)
    ])

  it('is empty when no alert fired', () => {
    expect(alertsHtml([])).toBe('')
  })

  it('counts the alerts and lists each in words, in order', () => {
    const fired = firedOf()
    const seen = renderSummary(alertsHtml(fired))
    expect(seen.text).toBe(
      '🚨 2 alerts fired: Human visitors fell 24% (rule: visitorsHuman < -20%) Searches with no click is 43, above 30 (rule: searchesNoClick > 30)'
    )
    expect(seen.html.match(/<li>/g)).toHaveLength(2)
    expect(seen.html).toContain('<strong>2 alerts fired:</strong>')
    expect(renderSummary(alertsHtml(fired.slice(1))).text).toBe(
      '🚨 1 alert fired: Searches with no click is 43, above 30 (rule: searchesNoClick > 30)'
    )
    expect(alertsHtml(fired)).toMatch(/^<p>🚨 <strong>2 alerts fired:<\/strong><\/p>\n<ul>\n<li>.*<\/li>\n<li>.*<\/li>\n<\/ul>\n$/)
  })

  it('uses no colour and no image', () => {
    const fired = firedOf()
    const html = alertsHtml(fired)
    expect(html).not.toMatch(/style|color|<img|<svg/i)
    expect(renderSummary(html).html).not.toMatch(/style|color|<img|<svg/i)
  })

  it('shows a hostile headline name as text: no markup, link or mention', () => {
    const hostile = '<img src=x onerror=alert(1)>@team #1'
    const seen = renderSummary(
      alertsHtml(firedAlerts(rulesOf('searchesNoClick > 30'), [{ key: 'searchesNoClick', name: hostile, value: 43 }]))
    )
    expect(seen.text).toBe('🚨 1 alert fired: <img src=x onerror=alert(1)>@team #1 is 43, above 30 (rule: searchesNoClick > 30)')
    expect(seen.links).toEqual([])
    expect(seen.references).toEqual([])
    expect(seen.html).not.toMatch(/<img/)
    for (const name of HOSTILE_TEXT) {
      const text = renderSummary(alertsHtml(firedAlerts(rulesOf('views > 1'), [{ key: 'views', name, value: 2 }])))
      expect(text.links).toEqual([])
      expect(text.references).toEqual([])
      expect(text.html).not.toMatch(/<img|<script|<code/)
      expect(text.html.match(/<li>/g)).toHaveLength(1)
    }
  })
})

describe('alertsJson', () => {
  it('is an empty array when no alert fired', () => {
    expect(alertsJson([])).toBe('[]')
  })

  it('gives each alert fired with its rule, headline key, value and change, null when there is none', () => {
    const fired = firedAlerts(rulesOf('visitorsHuman < -20%, searchesNoClick > 30, views>=+0%'), [
      headline('visitorsHuman', 7600, { previous: before(10_000) }),
      headline('searchesNoClick', 43),
      headline('views', 12, { previous: before(12) })
    ])
    expect(alertsJson(fired)).toBe(
      '[{"rule":"visitorsHuman < -20%","key":"visitorsHuman","value":7600,"change":-24},' +
        '{"rule":"searchesNoClick > 30","key":"searchesNoClick","value":43,"change":null},' +
        '{"rule":"views >= 0%","key":"views","value":12,"change":0}]'
    )
  })
})

describe('where an alert fired', () => {
  it('names the page or the search a headline counts most of, with its own count', () => {
    const { rules } = parseAlertRules('thumbsDown > +50%, searchesNoClick > 30, views > 1')
    const headlines: Headline[] = [
      headline('thumbsDown', 31, {
        previous: { value: 20, dateFrom: '2026-11-02', dateTo: '2026-11-09' },
        where: { page: '/api-reference/webhooks', count: 14 }
      }),
      headline('searchesNoClick', 455, { where: { search: 'webhook retries', count: 312 } }),
      headline('views', 9)
    ]
    const fired = firedAlerts(rules, headlines)
    expect(fired.map((alert) => alert.sentence)).toEqual([
      'Thumbs down rose 55%, most on /api-reference/webhooks (14) (rule: thumbsDown > +50%)',
      'Searches with no click is 455, above 30, most for “webhook retries” (312) (rule: searchesNoClick > 30)',
      'Page views is 9, above 1 (rule: views > 1)'
    ])
    expect(fired[0]?.where).toEqual({ page: '/api-reference/webhooks', count: 14 })
    expect(renderSummary(alertsHtml(fired)).text).toContain('Thumbs down rose 55%, most on /api-reference/webhooks (14)')
  })
})
