// Property tests of reading the action's inputs (readInputs in src/run/inputs.ts): what any input
// strings give, that the API key never shows in a message, and that valid values arrive unchanged.
import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { FAIL_ON_WORDS } from '../../src/agent/outcome.js'
import { InputError } from '../../src/core/input-error.js'
import { type Inputs, readInputs } from '../../src/run/inputs.js'

const NAMES = [
  'apiKey',
  'projectId',
  'prompt',
  'jobId',
  'dateFrom',
  'dateTo',
  'githubToken',
  'wait',
  'timeoutMinutes',
  'pollIntervalSeconds',
  'failOn',
  'baseUrl',
  'analytics',
  'topPages',
  'maxRequests',
  'compare',
  'readerText',
  'comment',
  'alerts',
  'healthIssue',
  'healthIssueTitle'
] as const
type Name = (typeof NAMES)[number]
type Values = Partial<Record<Name, string>>

function read(values: Values, now = new Date('2026-11-14T12:00:00Z')): Inputs {
  return readInputs((name) => values[name as Name] ?? '', now)
}

/** What readInputs threw, or undefined when it returned. */
function thrown(values: Values): unknown {
  try {
    read(values)
    return undefined
  } catch (error) {
    return error
  }
}

// A marker that no fixed message text holds, so a key that starts with it cannot appear by accident.
const KEY_MARKER = 'KQx7Zv'
const apiKey = fc
  .oneof(
    { arbitrary: fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_-'.split('')), minLength: 2 }), weight: 3 },
    { arbitrary: fc.string({ unit: 'binary' }), weight: 1 }
  )
  .map((rest) => `${KEY_MARKER}${rest}`)

// For each input, values it accepts mixed with values it rejects and any string at all.
const good: Record<Exclude<Name, 'apiKey'>, string[]> = {
  projectId: ['proj', 'p-1', 'ünïcode'],
  prompt: ['Do it', '  ', 'Update the docs\nfor the release'],
  jobId: ['job_1', '', 'x'],
  dateFrom: ['2026-11-01', '2026-11-01T00:00:00Z', '2026-11-01T05:30+05:30', ''],
  dateTo: ['2026-11-14', '2026-11-15T00:00:00.000Z', ''],
  githubToken: ['ghs_token', ''],
  wait: ['true', 'False', 'TRUE'],
  timeoutMinutes: ['30', '0.5', '.5', '7200'],
  pollIntervalSeconds: ['10', '0.5', '3600'],
  failOn: ['failed', 'failed, no-pr', 'ARCHIVED\nno-pr', ''],
  baseUrl: ['https://api.mintlify.com', 'http://127.0.0.1:8080/', 'https://ex.test/base/'],
  analytics: ['true', 'false', 'all', 'views, Searches', 'feedback\nassistant'],
  topPages: ['1', '20', '1000'],
  maxRequests: ['1', '040', '100', ''],
  compare: ['previous', 'none', 'NONE', ''],
  readerText: ['auto', 'show', 'HIDE', ''],
  comment: ['true', 'false'],
  alerts: ['', 'visitorsHuman < -20%', 'searchesNoClick > 30, thumbsDown >= 5'],
  healthIssue: ['false', ''],
  healthIssueTitle: ['', 'Docs health', 'Reader signals']
}
const bad: Partial<Record<Name, string[]>> = {
  projectId: ['..', '.', 'a\u0000b', 'acme/docs', 'my docs', 'https://example.com/p'],
  jobId: ['..', 'a\nb'],
  dateFrom: ['2026-02-30', 'yesterday', '2026-1-1'],
  dateTo: ['2026-13-01', '14/11/2026'],
  wait: ['yes', '1'],
  compare: ['last-week', 'true'],
  timeoutMinutes: ['0', '7200.5', '-1', '1e3', 'NaN'],
  pollIntervalSeconds: ['0.4', '3601', 'Infinity'],
  failOn: ['sometimes', 'failed,,maybe'],
  baseUrl: ['ftp://ex.test', 'https://user:pw@ex.test', 'https://ex.test/?q=1', 'not a url', 'http://ex.test', 'http://10.0.0.1'],
  analytics: ['maybe', 'views,sometimes'],
  topPages: ['0', '1001', '2.5'],
  maxRequests: ['0', '101', '1e2'],
  readerText: ['public'],
  comment: ['on'],
  alerts: ['visitorsHuman <> 3', 'nope > 1'],
  healthIssue: ['yes'],
  healthIssueTitle: ['a\nb']
}
const anyString = fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.string({ maxLength: 80 }))
const valueOf = (name: Exclude<Name, 'apiKey'>) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...good[name]), weight: 24 },
    { arbitrary: fc.constantFrom(...(bad[name] ?? good[name])), weight: 1 },
    { arbitrary: anyString, weight: 1 }
  )
// Each input given or left out (an input left out reads as '').
const otherValues = fc.record(
  Object.fromEntries(NAMES.filter((n) => n !== 'apiKey').map((n) => [n, valueOf(n)])) as Record<
    Exclude<Name, 'apiKey'>,
    fc.Arbitrary<string>
  >,
  { requiredKeys: [] }
)

describe('readInputs', () => {
  test.prop([apiKey, otherValues], { numRuns: 300 })(
    'returns inputs or throws an InputError, whose message never holds the API key',
    (key, others) => {
      fc.pre(Object.values(others).every((v) => !v.includes(KEY_MARKER)))
      const error = thrown({ ...others, apiKey: key })
      if (error === undefined) {
        expect(read({ ...others, apiKey: key }).apiKey).toBe(key.trim())
        return
      }
      expect(error).toBeInstanceOf(InputError)
      expect((error as InputError).message).not.toContain(KEY_MARKER)
      expect(JSON.stringify((error as InputError).problems)).not.toContain(KEY_MARKER)
    }
  )

  const valid: Values = { apiKey: 'mint_key', projectId: 'proj', prompt: 'Do it' }
  const badNames = Object.keys(bad) as Exclude<Name, 'apiKey'>[]

  test.prop([fc.subarray([...badNames, 'apiKey' as const], { minLength: 1 }), fc.nat()])(
    'names every bad input, and only those, in one InputError',
    (names, pick) => {
      const values: Values = { ...valid }
      for (const name of names) {
        const choices = name === 'apiKey' ? ['', 'mint key', 'mint_ké'] : (bad[name] as string[])
        values[name] = choices[pick % choices.length]
      }
      const error = thrown(values)
      expect(error).toBeInstanceOf(InputError)
      const named = (error as InputError).message
        .split('\n')
        .slice(1)
        .map((line) => /^- `(\w+)` /.exec(line)?.[1])
      expect(new Set(named)).toEqual(new Set(names))
      // The summary lists the same problems: each input once, with the message the log gives it.
      const problems = (error as InputError).problems
      expect(problems.map((p) => p.input)).toEqual(named)
      expect(problems.map((p) => `- \`${String(p.input)}\` ${p.message}`).join('\n')).toBe(
        (error as InputError).message.split('\n').slice(1).join('\n')
      )
    }
  )

  // A decimal as a person types it: digits, with or without a point and more digits.
  const decimal = fc
    .tuple(
      fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), maxLength: 5 }),
      fc.option(fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), maxLength: 4 }), { nil: undefined })
    )
    .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`))
    .filter((text) => /\d/.test(text))
  const space = fc.constantFrom('', ' ', '\n', ' \t')

  test.prop([decimal, decimal, space])(
    'turns timeoutMinutes and pollIntervalSeconds in range into the same duration in whole milliseconds, and rejects them out of range',
    (minutes, seconds, around) => {
      const values: Values = { ...valid, timeoutMinutes: `${around}${minutes}${around}`, pollIntervalSeconds: seconds }
      const m = Number(minutes)
      const s = Number(seconds)
      if (m > 0 && m <= 7200 && s >= 0.5 && s <= 3600) {
        const inputs = read(values)
        expect(inputs.timeoutMs).toBe(Math.round(m * 60_000))
        expect(inputs.pollIntervalMs).toBe(Math.round(s * 1000))
        return
      }
      const error = thrown(values)
      expect(error).toBeInstanceOf(InputError)
      expect((error as InputError).message.includes('`timeoutMinutes`')).toBe(!(m > 0 && m <= 7200))
      expect((error as InputError).message.includes('`pollIntervalSeconds`')).toBe(!(s >= 0.5 && s <= 3600))
    }
  )

  test.prop([fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 100 }), fc.nat({ max: 3 })])(
    'keeps topPages from 1 to 1000 and maxRequests from 1 to 100, leading zeros and all',
    (topPages, maxRequests, zeros) => {
      const inputs = read({
        ...valid,
        analytics: 'visitors',
        topPages: `${'0'.repeat(zeros)}${topPages}`,
        maxRequests: `${'0'.repeat(zeros)}${maxRequests}`
      })
      expect(inputs.analytics).toMatchObject({ topPages, maxRequests })
    }
  )

  /**
   * Mistakes, a few for each group of inputs (at most one of a group is made at once): the values,
   * the input the error names, the word it suggests, and whether a mistake in `analytics` hides it
   * (a check of inputs together over the sections says nothing of sections it cannot know).
   */
  interface Mistake {
    values: Values
    named: Name | 'githubToken'
    meant?: string
    needsSections?: boolean
  }
  const MISTAKES: Record<string, Mistake[]> = {
    analytics: [{ values: { analytics: 'views,serches' }, named: 'analytics', meant: 'searches' }],
    dates: [
      { values: { dateFrom: '2026-11-10', dateTo: '2026-11-01' }, named: 'dateFrom' },
      { values: { dateTo: '0000-01-03' }, named: 'dateTo' },
      { values: { dateFrom: '2026-02-30' }, named: 'dateFrom' }
    ],
    maxRequests: [
      { values: { maxRequests: '150' }, named: 'maxRequests' },
      { values: { maxRequests: '1' }, named: 'maxRequests', needsSections: true }
    ],
    alerts: [
      { values: { alerts: 'thumbsDown > 5' }, named: 'alerts', needsSections: true },
      { values: { alerts: 'visitorHuman < 5' }, named: 'alerts', meant: 'visitorsHuman' }
    ],
    healthIssue: [
      { values: { healthIssue: 'true', githubToken: '' }, named: 'githubToken' },
      { values: { healthIssue: 'ture' }, named: 'healthIssue', meant: 'true' }
    ],
    failOn: [{ values: { failOn: 'failed, no_pr' }, named: 'failOn', meant: 'no-pr' }],
    wait: [{ values: { wait: 'flase' }, named: 'wait', meant: 'false' }],
    compare: [{ values: { compare: 'prevous' }, named: 'compare', meant: 'previous' }],
    readerText: [{ values: { readerText: 'shwo' }, named: 'readerText', meant: 'show' }],
    projectId: [{ values: { projectId: 'acme/docs' }, named: 'projectId' }],
    apiKey: [{ values: { apiKey: '' }, named: 'apiKey' }]
  }
  const mistakes = fc.record(Object.fromEntries(Object.entries(MISTAKES).map(([group, options]) => [group, fc.constantFrom(...options)])), {
    requiredKeys: []
  })

  test.prop([mistakes])(
    'names every input of every mistake made at once, one of inputs together included, in one InputError, and nothing else',
    (made) => {
      const chosen = Object.values(made).filter((mistake) => mistake !== undefined)
      fc.pre(chosen.length > 0)
      const values: Values & { githubToken?: string } = { ...valid, analytics: 'visitors,views', githubToken: 'ghs_token' }
      for (const mistake of chosen) Object.assign(values, mistake.values)
      const sectionsKnown = made.analytics === undefined
      const expected = chosen.filter((mistake) => sectionsKnown || mistake.needsSections !== true)
      const error = thrown(values)
      expect(error).toBeInstanceOf(InputError)
      const problems = (error as InputError).problems
      expect(new Set(problems.map((p) => p.input))).toEqual(new Set(expected.map((mistake) => mistake.named)))
      for (const mistake of expected) {
        if (mistake.meant !== undefined) expect((error as InputError).message).toContain(`did you mean ${mistake.meant}?`)
      }
    }
  )

  const casing = (word: string) =>
    fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }).map((upper) =>
      word
        .split('')
        .map((c, i) => (upper[i] ? c.toUpperCase() : c))
        .join('')
    )
  const failOnWord = fc.constantFrom(...FAIL_ON_WORDS).chain((word) => casing(word).map((written) => ({ word, written })))

  test.prop([fc.array(fc.tuple(failOnWord, fc.constantFrom(',', '\n', ' , ', ',\n', ',,')), { maxLength: 6 })])(
    'reads failOn as the set of words listed, in any case and with any separators, and as "failed" when empty',
    (listed) => {
      const text = listed.map(([w, separator]) => `${w.written}${separator}`).join('')
      const expected = text.trim() === '' ? ['failed'] : listed.map(([w]) => w.word)
      expect(read({ ...valid, failOn: text }).failOn).toEqual(new Set(expected))
    }
  )

  test.prop([fc.constantFrom('true', 'True', 'TRUE', 'false', 'False', 'FALSE'), fc.constantFrom('true', 'false', 'FALSE', '')])(
    'reads wait and comment in each accepted spelling of true and false',
    (wait, comment) => {
      const inputs = read({ ...valid, wait, comment, githubToken: 'ghs_token' })
      expect(inputs.wait).toBe(wait.toLowerCase() === 'true')
      expect(inputs.comment).toEqual(comment === 'true' ? { token: 'ghs_token' } : undefined)
    }
  )
})
