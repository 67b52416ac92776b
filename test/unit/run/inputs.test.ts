// The action's inputs: defaults, the accepted forms of every input, the message for each bad one, and
// that no message ever shows the API key.
import { describe, expect, it } from 'vitest'
import { SECTION_NAMES } from '../../../src/core/catalog.js'

/** The sections, as the messages list them: from the catalog, so that a new section changes no expectation here. */
const EVERY_SECTION = SECTION_NAMES.join(', ')
/** What `analytics` takes, as its messages say. */
const TAKES = `takes all (or true) for every section, false for none, or a comma-separated list of ${EVERY_SECTION}`
import { InputError } from '../../../src/core/input-error.js'
import { analyticsRange, INPUT_DEFAULTS, misnamedInputs, readInputs } from '../../../src/run/inputs.js'

const NOW = new Date('2026-11-14T15:30:00Z')
function read(values: Record<string, string>) {
  return readInputs((name) => values[name] ?? '', NOW)
}
/** The message readInputs throws for these values (it fails the test when nothing is thrown). */
function problem(values: Record<string, string>): string {
  try {
    read(values)
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    expect((error as Error).name).toBe('InputError')
    return (error as Error).message
  }
  throw new Error('readInputs accepted the values')
}
/** The InputError readInputs throws for these values (it fails the test when nothing is thrown). */
function thrown(values: Record<string, string>): InputError {
  try {
    read(values)
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return error as InputError
  }
  throw new Error('readInputs accepted the values')
}
const ok = { apiKey: 'mint_abc', projectId: 'proj', prompt: 'Do it' }
const EMPTY_KEY =
  'is empty: the secret passed to it is empty or was not passed (for example `${{ secrets.MINTLIFY_API_KEY }}` with no such secret, ' +
  'or a workflow run for a pull request from a fork, which gets no secrets)'
const EMPTY_PROJECT_ID =
  "is empty: set it to the project ID shown on the API keys page of the dashboard. The README's workflows pass " +
  '`${{ vars.MINTLIFY_PROJECT_ID }}`, which is empty until the variable exists: create it in Settings → Secrets and variables → ' +
  'Actions → Variables of the repository (or organization), or with `gh variable set MINTLIFY_PROJECT_ID --body "<project ID>"`'

describe('readInputs', () => {
  it('applies the action.yml defaults and converts units', () => {
    const inputs = read(ok)
    expect(inputs).toMatchObject({
      apiKey: 'mint_abc',
      projectId: 'proj',
      prompt: 'Do it',
      wait: true,
      timeoutMs: 1_800_000,
      pollIntervalMs: 10_000,
      baseUrl: 'https://api.mintlify.com'
    })
    expect([...inputs.failOn]).toEqual(['failed'])
    expect(inputs.jobId).toBeUndefined()
  })

  it('takes decimals, lists and booleans in the accepted forms', () => {
    const inputs = read({
      ...ok,
      timeoutMinutes: '0.5',
      pollIntervalSeconds: '.5',
      failOn: 'Failed,\n no-pr , archived',
      wait: 'FALSE',
      baseUrl: 'http://127.0.0.1:8080/'
    })
    expect(inputs.timeoutMs).toBe(30_000)
    expect(inputs.pollIntervalMs).toBe(500)
    expect([...inputs.failOn].sort()).toEqual(['archived', 'failed', 'no-pr'])
    expect(inputs.wait).toBe(false)
    expect(inputs.baseUrl).toBe('http://127.0.0.1:8080')
  })

  it('reads a whitespace-only prompt as no prompt', () => {
    expect(() => read({ ...ok, prompt: '   ' })).toThrow(/Nothing to do/)
    expect(read({ ...ok, prompt: '  ', jobId: 'j1' }).prompt).toBeUndefined()
  })

  it('names every bad input in one message', () => {
    let error: unknown
    try {
      read({ ...ok, timeoutMinutes: '-1', pollIntervalSeconds: 'soon', failOn: 'never' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(InputError)
    const lines = (error as Error).message.split('\n')
    expect(lines[0]).toBe('Invalid input:')
    expect(lines.slice(1).map((l) => l.split('`')[1])).toEqual(['timeoutMinutes', 'pollIntervalSeconds', 'failOn'])
  })

  it.each(['0', '1e3', '30m', '', 'NaN', '7201'])('rejects timeoutMinutes %j', (value) => {
    if (value === '') {
      expect(read({ ...ok, timeoutMinutes: value }).timeoutMs).toBe(1_800_000)
      return
    }
    expect(() => read({ ...ok, timeoutMinutes: value })).toThrow(/`timeoutMinutes` must be a number of minutes/)
  })

  it('rejects path segments that would change the URL', () => {
    expect(() => read({ ...ok, projectId: '..' })).toThrow(/`projectId` must be the project ID shown/)
    expect(() => read({ ...ok, jobId: '.' })).toThrow(/`jobId` must be the ID of an existing agent job/)
  })

  it('never shows the key, even when it is unusable', () => {
    const key = 'mint_has space'
    let message = ''
    try {
      read({ ...ok, apiKey: key })
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toContain('`apiKey` contains spaces or characters that cannot be sent in an HTTP header')
    expect(message).not.toContain('has space')
  })

  it('rejects base URLs that are not plain http(s) origins', () => {
    for (const baseUrl of ['ftp://x', 'https://x/?a=1', 'https://u:p@x', 'not a url']) {
      expect(() => read({ ...ok, baseUrl })).toThrow(/`baseUrl` must be an http\(s\) origin/)
    }
  })

  it.each([
    'http://api.example.com',
    'http://127.evil.example',
    'http://127.0.0.1.evil.example',
    'http://localhost.evil.example',
    'http://10.0.0.1:8080',
    'http://[::2]',
    'http://[::ffff:127.0.0.1]',
    'HTTP://API.MINTLIFY.COM'
  ])('refuses %s: plain http only to this machine, so that the key never crosses a network unencrypted', (baseUrl) => {
    expect(() => read({ ...ok, baseUrl })).toThrow(
      `- \`baseUrl\` must use https: plain http would send the API key across the network unencrypted, so it is allowed only for this machine (localhost, 127.0.0.1 or [::1]), such as a local emulator; got ${JSON.stringify(baseUrl)}`
    )
  })

  it.each([
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://LOCALHOST', 'http://localhost'],
    ['http://127.0.0.1:3000/', 'http://127.0.0.1:3000'],
    ['http://127.10.200.30', 'http://127.10.200.30'],
    ['http://127.1', 'http://127.0.0.1'],
    ['http://[::1]:9000', 'http://[::1]:9000'],
    ['http://[0:0:0:0:0:0:0:1]', 'http://[::1]'],
    ['https://api.example.com', 'https://api.example.com']
  ])('accepts %s, which stays on this machine or is encrypted', (baseUrl, read_) => {
    expect(read({ ...ok, baseUrl }).baseUrl).toBe(read_)
  })
})

describe('readInputs: defaults', () => {
  it('has the defaults action.yml declares', () => {
    expect(INPUT_DEFAULTS).toEqual({
      wait: 'true',
      timeoutMinutes: '30',
      pollIntervalSeconds: '10',
      failOn: 'failed',
      baseUrl: 'https://api.mintlify.com',
      analytics: 'false',
      topPages: '10',
      maxRequests: '40',
      compare: 'previous',
      readerText: 'auto',
      comment: 'false',
      healthIssue: 'false',
      healthIssueTitle: 'Docs health',
      context: 'none',
      contextBytes: '24000',
      check: 'false',
      command: '/docs'
    })
  })

  it('reads every input it was not given as its default, and asks for no analytics or comment', () => {
    const asked: string[] = []
    const inputs = readInputs((name) => {
      asked.push(name)
      return (ok as Record<string, string>)[name] ?? ''
    })
    expect(asked.sort()).toEqual(
      [
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
        'healthIssue',
        'healthIssueTitle',
        // Old names, read until v2.
        'dashboard',
        'dashboardTitle',
        'alerts',
        'context',
        'contextBytes',
        'check',
        'command'
      ].sort()
    )
    expect(inputs).toEqual({
      apiKey: 'mint_abc',
      projectId: 'proj',
      prompt: 'Do it',
      jobId: undefined,
      wait: true,
      timeoutMs: 1_800_000,
      pollIntervalMs: 10_000,
      failOn: new Set(['failed']),
      failOnAlert: false,
      alerts: [],
      baseUrl: 'https://api.mintlify.com',
      analytics: undefined,
      comment: undefined,
      healthIssue: undefined,
      changeContext: undefined,
      check: false,
      followUp: false,
      command: '/docs',
      githubToken: '',
      warnings: []
    })
  })

  it('reads alert rules, failOn alert, and the docs health issue, each checked against what the run reads', () => {
    const inputs = read({
      ...ok,
      analytics: 'visitors,searches',
      alerts: 'visitorsHuman < -20%, searchesNoClick > 30',
      failOn: 'failed,alert'
    })
    expect(inputs.alerts.map((rule) => rule.text)).toEqual(['visitorsHuman < -20%', 'searchesNoClick > 30'])
    expect([...inputs.failOn]).toEqual(['failed'])
    expect(inputs.failOnAlert).toBe(true)
    expect(problem({ ...ok, analytics: 'visitors', alerts: 'thumbsDown > 5' })).toBe(
      'Invalid input:\n- `alerts` rule "thumbsDown > 5" is over thumbsDown, which the feedback section gives; add feedback to `analytics`, or drop the rule'
    )
    expect(problem({ ...ok, alerts: 'visitorsHuman < -20%' })).toContain('which the visitors section gives')
    expect(problem({ ...ok, analytics: 'visitors', failOn: 'alert' })).toBe(
      'Invalid input:\n- `failOn` includes alert, but `alerts` holds no rule; add rules such as `visitorsHuman < -20%`, or drop alert'
    )
    expect(problem({ ...ok, analytics: 'visitors', alerts: 'visitorsHuman <> 3' })).toMatch(
      /^Invalid input:\n- `alerts` rule "visitorsHuman <> 3"/
    )
    // A per-cent rule that could never be judged.
    expect(problem({ ...ok, analytics: 'searches', alerts: 'searchesNoClick > +50%' })).toBe(
      'Invalid input:\n- `alerts` rule "searchesNoClick > +50%" compares searchesNoClick with the period before, which the report never reads (it would take every page of that period); use a number, such as searchesNoClick > 30'
    )
    expect(problem({ ...ok, analytics: 'visitors', compare: 'none', alerts: 'visitorsHuman < -20%' })).toBe(
      'Invalid input:\n- `alerts` rule "visitorsHuman < -20%" compares with the period before, but `compare` is none; set compare: previous, or use a number'
    )
    expect(read({ ...ok, analytics: 'searches', compare: 'none', alerts: 'searchesNoClick > 30' }).alerts).toHaveLength(1)
    expect(read({ ...ok, healthIssue: 'true', githubToken: 'ghs_x' }).healthIssue).toEqual({ token: 'ghs_x', title: 'Docs health' })
    expect(read({ ...ok, healthIssue: 'true', githubToken: 'ghs_x', healthIssueTitle: 'Docs' }).healthIssue?.title).toBe('Docs')
    expect(problem({ ...ok, healthIssue: 'true' })).toMatch(/^Invalid input:\n- `githubToken` is empty, and `healthIssue: true` needs it/)
    expect(problem({ ...ok, healthIssue: 'true', githubToken: 'x', healthIssueTitle: 'a\nb' })).toMatch(
      /`healthIssueTitle` must be one line/
    )
    // The docs health issue alone is something to do: it acts on the ticks of its issue.
    expect(read({ apiKey: 'mint_k', projectId: 'p', healthIssue: 'true', githubToken: 'ghs_x' }).healthIssue?.token).toBe('ghs_x')
  })

  it('reads the old names of the docs health issue inputs under the new ones, with a warning that names each new one', () => {
    const old = read({ ...ok, dashboard: 'true', dashboardTitle: 'Docs', githubToken: 'ghs_x' })
    expect(old.healthIssue).toEqual({ token: 'ghs_x', title: 'Docs' })
    expect(old.warnings).toEqual([
      'dashboard is the old name of healthIssue: it still works, and stops working in v2; rename it in the workflow.',
      'dashboardTitle is the old name of healthIssueTitle: it still works, and stops working in v2; rename it in the workflow.'
    ])
    // Checked as the new name is: a misspelt value, and the title without the issue. A value at fault
    // is named by the input the workflow sets, which is the one to correct.
    expect(problem({ ...ok, dashboard: 'ture', githubToken: 'ghs_x' })).toMatch(/^Invalid input:\n- `dashboard` must be true or false/)
    expect(problem({ ...ok, healthIssue: 'true', dashboardTitle: 'a\nb', githubToken: 'ghs_x' })).toMatch(
      /^Invalid input:\n- `dashboardTitle` must be one line/
    )
    expect(read({ ...ok, dashboardTitle: 'Docs' }).warnings).toEqual([
      'dashboardTitle is the old name of healthIssueTitle: it still works, and stops working in v2; rename it in the workflow.',
      'healthIssueTitle is ignored: it names the docs health issue, and healthIssue is false; set healthIssue: true, or remove healthIssueTitle.'
    ])
    // An old name and its new one together: which one was meant is not known.
    expect(problem({ ...ok, dashboard: 'true', healthIssue: 'true', githubToken: 'ghs_x' })).toBe(
      'Invalid input:\n- `dashboard` is the old name of `healthIssue`, which is set too: keep `healthIssue` alone'
    )
    // No warning without an old name; an old name set to nothing is not set.
    expect(read({ ...ok, healthIssue: 'true', githubToken: 'ghs_x', dashboard: ' ' }).warnings).toEqual([])
    // The runner's INPUT_ variable of an old name is not a misspelt input.
    expect(misnamedInputs({ INPUT_DASHBOARD: 'true', INPUT_DASHBOARDTITLE: 'Docs' })).toEqual([])
  })

  it('reads a value of only spaces as not given, and trims the others', () => {
    const inputs = read({ ...ok, wait: '  ', timeoutMinutes: ' 2 ', prompt: '  Do it  ', jobId: ' j1 ', projectId: ' proj ' })
    expect(inputs).toMatchObject({ wait: true, timeoutMs: 120_000, prompt: 'Do it', jobId: 'j1', projectId: 'proj' })
  })

  it('exports the last 7 full UTC days when analytics are on and no dates are given', () => {
    const inputs = read({ ...ok, analytics: 'visitors' })
    expect(inputs.analytics).toEqual({
      dateFrom: '2026-11-07',
      dateTo: '2026-11-14',
      topPages: 10,
      maxRequests: 40,
      compare: true,
      sections: ['visitors'],
      readerText: 'auto'
    })
  })

  it('passes the token on only when a comment is asked for', () => {
    expect(read({ ...ok, comment: 'true', githubToken: 'ghs_x' }).comment).toEqual({ token: 'ghs_x' })
    expect(read({ ...ok, comment: 'true' }).comment).toEqual({ token: '' })
    expect(read({ ...ok, comment: 'false', githubToken: 'ghs_x' }).comment).toBeUndefined()
  })
})

describe('readInputs: accepted forms', () => {
  it('takes true and false in the three spellings the runner accepts, and nothing else', () => {
    for (const yes of ['true', 'True', 'TRUE']) expect(read({ ...ok, wait: yes }).wait).toBe(true)
    for (const no of ['false', 'False', 'FALSE']) expect(read({ ...ok, wait: no }).wait).toBe(false)
    for (const [other, meant] of [
      ['tRUE', 'true'],
      ['xtrue', 'true'],
      ['truex', 'true'],
      ['nofalse', 'false'],
      ['falsey', 'false'],
      ['false true', undefined],
      ['yes', undefined]
    ] as const) {
      expect(problem({ ...ok, wait: other })).toBe(
        `Invalid input:\n- \`wait\` must be true or false, not "${other}"${meant === undefined ? '' : `; did you mean ${meant}?`}`
      )
    }
  })

  it.each([
    ['1', 60_000],
    ['1.', 60_000],
    ['0.25', 15_000],
    ['.5', 30_000],
    ['0.00001', 1],
    ['7200', 432_000_000]
  ])('takes timeoutMinutes %j as %i ms', (value, ms) => {
    expect(read({ ...ok, timeoutMinutes: value }).timeoutMs).toBe(ms)
  })

  it.each([
    ['0.5', 500],
    ['.75', 750],
    ['12.25', 12_250],
    ['3600', 3_600_000],
    ['2.0004', 2000]
  ])('takes pollIntervalSeconds %j as %i ms', (value, ms) => {
    expect(read({ ...ok, pollIntervalSeconds: value }).pollIntervalMs).toBe(ms)
  })

  it('reads failOn case-insensitively, and a list of nothing as no reason to fail', () => {
    expect([...read({ ...ok, failOn: 'NO-PR' }).failOn]).toEqual(['no-pr'])
    expect([...read({ ...ok, failOn: ' , ,\n' }).failOn]).toEqual([])
  })

  it('keeps the path of a base URL and drops its trailing slashes', () => {
    expect(read({ ...ok, baseUrl: 'https://api.example.com/proxy///' }).baseUrl).toBe('https://api.example.com/proxy')
    expect(read({ ...ok, baseUrl: 'HTTPS://API.Example.com' }).baseUrl).toBe('https://api.example.com')
  })

  it('watches a job without a prompt, and exports analytics with neither', () => {
    expect(read({ apiKey: 'k', projectId: 'p', jobId: 'j' })).toMatchObject({ jobId: 'j', prompt: undefined })
    expect(read({ apiKey: 'k', projectId: 'p', analytics: 'visitors' })).toMatchObject({ jobId: undefined, prompt: undefined })
  })

  it('takes the analytics limits and dates as given', () => {
    const inputs = read({
      ...ok,
      analytics: 'Visitors',
      topPages: '1',
      maxRequests: '100',
      dateFrom: '2026-01-01',
      dateTo: '2026-02-01T12:00:00Z',
      compare: 'None',
      readerText: 'SHOW'
    })
    expect(inputs.analytics).toEqual({
      dateFrom: '2026-01-01',
      dateTo: '2026-02-01T12:00:00Z',
      topPages: 1,
      maxRequests: 100,
      compare: false,
      sections: ['visitors'],
      readerText: 'show'
    })
    expect(inputs.warnings).toEqual([])
  })

  it('reads analytics as false (none), all or true (every section), or a list of sections in report order', () => {
    const sections = (analytics: string) => read({ ...ok, analytics }).analytics?.sections
    const every = SECTION_NAMES
    expect(sections('false')).toBeUndefined()
    expect(sections('FALSE')).toBeUndefined()
    expect(sections('true')).toEqual(every)
    expect(sections('TRUE')).toEqual(every)
    expect(sections('All')).toEqual(every)
    expect(sections('assistant, Searches\nviews,')).toEqual(['views', 'searches', 'assistant'])
    expect(sections('feedback,feedback')).toEqual(['feedback'])
    expect(sections('visitors')).toEqual(['visitors'])
    expect(sections('views, all')).toEqual(every)
  })

  it('takes readerText as auto, show or hide, in any case', () => {
    for (const [value, setting] of [
      ['auto', 'auto'],
      ['Hide', 'hide'],
      ['show', 'show']
    ] as const) {
      expect(read({ ...ok, analytics: 'all', readerText: value }).analytics?.readerText).toBe(setting)
    }
  })

  it('refuses a budget below the first read of every section asked for, naming the minimum and what the whole plan takes', async () => {
    const { plannedReads } = await import('../../../src/analytics/plan.js')
    const { SECTIONS } = await import('../../../src/run/wiring.js')
    const least = SECTION_NAMES.length
    const whole = plannedReads(
      SECTION_NAMES.map((name) => SECTIONS[name]),
      true
    ).length
    expect(problem({ ...ok, analytics: 'all', maxRequests: String(least - 1) })).toBe(
      `Invalid input:\n- \`maxRequests\` (${least - 1}) is below ${least}, one request for the first read of each section in \`analytics\` ` +
        `(${EVERY_SECTION}); set it to at least ${least} (${whole} gives every section its first page, ` +
        'its other single reads and the comparisons), or ask for fewer sections'
    )
    expect(problem({ ...ok, analytics: 'searches,feedback', maxRequests: '1', compare: 'none' })).toContain(
      '- `maxRequests` (1) is below 2, one request for the first read of each section in `analytics` (searches, feedback); ' +
        'set it to at least 2 (3 gives every section its first page and its other single reads), or ask for fewer sections'
    )
    expect(read({ ...ok, analytics: 'all', maxRequests: String(least) }).analytics?.maxRequests).toBe(least)
    expect(read({ ...ok, analytics: 'visitors', maxRequests: '1' }).analytics?.maxRequests).toBe(1)
  })

  it('names the same minimum as the plan the run reserves before any request: one first read per section', async () => {
    const { firstReads } = await import('../../../src/analytics/plan.js')
    const { SECTIONS } = await import('../../../src/run/wiring.js')
    for (let count = 1; count <= SECTION_NAMES.length; count++) {
      const names = SECTION_NAMES.slice(0, count)
      const least = firstReads(names.map((name) => SECTIONS[name])).length
      expect(least).toBe(count)
      const analytics = names.join(',')
      expect(read({ ...ok, analytics, maxRequests: String(least) }).analytics?.sections).toEqual(names)
      if (least > 1) expect(problem({ ...ok, analytics, maxRequests: String(least - 1) })).toContain(`set it to at least ${least} `)
    }
  })

  it('takes maxRequests from 1 to 100, the analytics requests an organization may make in an hour', () => {
    expect(read({ ...ok, analytics: 'visitors', maxRequests: '100' }).analytics?.maxRequests).toBe(100)
    expect(problem({ ...ok, analytics: 'visitors', maxRequests: '101' })).toBe(
      'Invalid input:\n- `maxRequests` must be a whole number from 1 to 100 (analytics requests one run may make; ' +
        'analytics allow 100 requests per organization per hour); got "101"'
    )
  })

  it('ends the range today when only dateFrom is given, and starts it 7 days before dateTo when only that is given', () => {
    expect(read({ ...ok, analytics: 'visitors', dateFrom: '2026-11-01' }).analytics).toMatchObject({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-14'
    })
    expect(read({ ...ok, analytics: 'visitors', dateTo: '2026-03-03' }).analytics).toMatchObject({
      dateFrom: '2026-02-24',
      dateTo: '2026-03-03'
    })
  })

  it('does not look at the dates when analytics are off', () => {
    expect(read({ ...ok, dateFrom: '2026-11-20', dateTo: '2026-11-01' }).analytics).toBeUndefined()
  })
})

describe('readInputs: messages for bad inputs', () => {
  it.each<[Record<string, string>, string]>([
    [{ apiKey: '' }, `- \`apiKey\` ${EMPTY_KEY}`],
    [{ apiKey: ' \n ' }, `- \`apiKey\` ${EMPTY_KEY}`],
    [{ projectId: '' }, `- \`projectId\` ${EMPTY_PROJECT_ID}`],
    [{ projectId: '..' }, '- `projectId` must be the project ID shown on the API keys page of the dashboard, not ".."'],
    [{ projectId: '.' }, '- `projectId` must be the project ID shown on the API keys page of the dashboard, not "."'],
    [{ projectId: 'a\u0007b' }, '- `projectId` must be the project ID shown on the API keys page of the dashboard, not "a\\u0007b"'],
    [{ projectId: 'a\u007fb' }, '- `projectId` must be the project ID shown on the API keys page of the dashboard, not "a\u007fb"'],
    [
      { projectId: 'acme/docs' },
      '- `projectId` must be the project ID shown on the API keys page of the dashboard, not a repository name like "acme/docs"'
    ],
    [
      { projectId: '/' },
      '- `projectId` must be the project ID shown on the API keys page of the dashboard, not a repository name like "/"'
    ],
    [
      { projectId: 'https://dashboard.example.com/acme' },
      '- `projectId` must be the project ID shown on the API keys page of the dashboard, not a URL like "https://dashboard.example.com/acme"'
    ],
    [
      { projectId: 'my docs' },
      '- `projectId` must be the project ID shown on the API keys page of the dashboard; "my docs" holds spaces, and a project ID has none'
    ],
    [
      { projectId: 'my\u00a0docs' },
      '- `projectId` must be the project ID shown on the API keys page of the dashboard; "my\u00a0docs" holds spaces, and a project ID has none'
    ],
    [{ jobId: '..' }, '- `jobId` must be the ID of an existing agent job, not ".."'],
    [{ wait: 'yes' }, '- `wait` must be true or false, not "yes"'],
    [{ analytics: 'on' }, `- \`analytics\` ${TAKES}; "on" is not one of them`],
    [{ analytics: 'views, true, nope' }, `- \`analytics\` ${TAKES}; "true", "nope" are not one of them`],
    [{ analytics: ' , ' }, `- \`analytics\` ${TAKES}; got an empty list`],
    [
      { readerText: 'private' },
      '- `readerText` must be auto (show the text readers typed only in a private repository), show or hide, not "private"'
    ],
    [
      { maxRequests: '0' },
      '- `maxRequests` must be a whole number from 1 to 100 (analytics requests one run may make; analytics allow 100 requests per organization per hour); got "0"'
    ],
    [{ comment: '1' }, '- `comment` must be true or false, not "1"'],
    [{ timeoutMinutes: '0' }, '- `timeoutMinutes` must be a number of minutes greater than 0 and at most 7200, such as 30 or 0.5; got "0"'],
    [
      { timeoutMinutes: '0.0' },
      '- `timeoutMinutes` must be a number of minutes greater than 0 and at most 7200, such as 30 or 0.5; got "0.0"'
    ],
    [
      { timeoutMinutes: '7200.5' },
      '- `timeoutMinutes` must be a number of minutes greater than 0 and at most 7200, such as 30 or 0.5; got "7200.5"'
    ],
    [
      { timeoutMinutes: '1.2.3' },
      '- `timeoutMinutes` must be a number of minutes greater than 0 and at most 7200, such as 30 or 0.5; got "1.2.3"'
    ],
    [{ timeoutMinutes: '.' }, '- `timeoutMinutes` must be a number of minutes greater than 0 and at most 7200, such as 30 or 0.5; got "."'],
    [
      { timeoutMinutes: '0x10' },
      '- `timeoutMinutes` must be a number of minutes greater than 0 and at most 7200, such as 30 or 0.5; got "0x10"'
    ],
    [
      { timeoutMinutes: '1 h' },
      '- `timeoutMinutes` must be a number of minutes greater than 0 and at most 7200, such as 30 or 0.5; got "1 h"'
    ],
    [
      { pollIntervalSeconds: '0.49' },
      '- `pollIntervalSeconds` must be a number of seconds at least 0.5 and at most 3600, such as 10 or 0.5; got "0.49"'
    ],
    [
      { pollIntervalSeconds: '3601' },
      '- `pollIntervalSeconds` must be a number of seconds at least 0.5 and at most 3600, such as 10 or 0.5; got "3601"'
    ],
    [
      { failOn: 'failed,nope' },
      '- `failOn` takes a comma-separated list of failed, archived, no-pr, alert; "nope" is not one of them; did you mean no-pr?'
    ],
    [{ failOn: 'x, y\nfailed' }, '- `failOn` takes a comma-separated list of failed, archived, no-pr, alert; "x", "y" are not one of them'],
    [
      { baseUrl: 'https://x#top' },
      '- `baseUrl` must be an http(s) origin such as https://api.mintlify.com, without query, fragment or credentials; got "https://x#top"'
    ],
    [
      { baseUrl: 'https://user@x' },
      '- `baseUrl` must be an http(s) origin such as https://api.mintlify.com, without query, fragment or credentials; got "https://user@x"'
    ],
    [
      { baseUrl: 'https://:pw@x' },
      '- `baseUrl` must be an http(s) origin such as https://api.mintlify.com, without query, fragment or credentials; got "https://:pw@x"'
    ],
    [
      { baseUrl: 'file:///etc' },
      '- `baseUrl` must be an http(s) origin such as https://api.mintlify.com, without query, fragment or credentials; got "file:///etc"'
    ],
    [{ topPages: '0' }, '- `topPages` must be a whole number from 1 to 1000 (pages listed in the summary table); got "0"'],
    [{ topPages: '1001' }, '- `topPages` must be a whole number from 1 to 1000 (pages listed in the summary table); got "1001"'],
    [{ topPages: '2.5' }, '- `topPages` must be a whole number from 1 to 1000 (pages listed in the summary table); got "2.5"'],
    [{ topPages: '5x' }, '- `topPages` must be a whole number from 1 to 1000 (pages listed in the summary table); got "5x"'],
    [
      { dateFrom: '2026-02-30' },
      '- `dateFrom` must be YYYY-MM-DD (such as 2026-11-14) or an ISO 8601 date-time (such as 2026-11-14T00:00:00Z); got "2026-02-30"'
    ],
    [
      { dateTo: 'yesterday' },
      '- `dateTo` must be YYYY-MM-DD (such as 2026-11-14) or an ISO 8601 date-time (such as 2026-11-14T00:00:00Z); got "yesterday"'
    ]
  ])('says what is wrong with %j', (bad, line) => {
    expect(problem({ ...ok, ...bad })).toBe(`Invalid input:\n${line}`)
  })

  it('gives an empty key or project ID only the message that it is empty', () => {
    expect(problem({ ...ok, apiKey: '', projectId: '' })).toBe(
      'Invalid input:\n' + `- \`apiKey\` ${EMPTY_KEY}\n` + `- \`projectId\` ${EMPTY_PROJECT_ID}`
    )
  })

  it('gives a project ID with a slash and spaces one message, not one per fault', () => {
    expect(problem({ ...ok, projectId: 'acme / docs' })).toBe(
      'Invalid input:\n- `projectId` must be the project ID shown on the API keys page of the dashboard, not a repository name like "acme / docs"'
    )
  })

  it('lists each problem with the input at fault, in the order of the inputs', () => {
    const error = thrown({ ...ok, apiKey: '', wait: 'maybe', projectId: 'acme/docs' })
    expect(error.problems).toEqual([
      { input: 'apiKey', message: EMPTY_KEY },
      {
        input: 'projectId',
        message: 'must be the project ID shown on the API keys page of the dashboard, not a repository name like "acme/docs"'
      },
      { input: 'wait', message: 'must be true or false, not "maybe"' }
    ])
  })

  it('lists nothing to do as a problem of no one input, and a range that holds no day as one of dateFrom', () => {
    expect(thrown({ apiKey: 'k', projectId: 'p' }).problems).toEqual([
      {
        message:
          'Nothing to do: set `prompt` to create an agent job, `jobId` to watch an existing one (with `prompt`, to send it a follow-up), ' +
          '`analytics` (`all`, or a list of sections) to export docs analytics, or `healthIssue: true` to keep the docs health issue.'
      }
    ])
    expect(thrown({ ...ok, analytics: 'visitors', dateFrom: '2026-11-10', dateTo: '2026-11-10' }).problems).toEqual([
      { input: 'dateFrom', message: expect.stringMatching(/^\(2026-11-10\) must be before `dateTo` \(2026-11-10\)/) as unknown }
    ])
  })

  it('shows at most 60 characters of a bad value', () => {
    const long = 'x'.repeat(61)
    expect(problem({ ...ok, wait: long })).toBe(`Invalid input:\n- \`wait\` must be true or false, not "${'x'.repeat(59)}…"`)
    const sixty = 'y'.repeat(60)
    expect(problem({ ...ok, wait: sixty })).toBe(`Invalid input:\n- \`wait\` must be true or false, not "${sixty}"`)
  })

  it('says there is nothing to do without a prompt, a jobId or analytics', () => {
    expect(problem({ apiKey: 'k', projectId: 'p', analytics: 'false' })).toBe(
      'Invalid input:\n- Nothing to do: set `prompt` to create an agent job, `jobId` to watch an existing one (with `prompt`, to send it a follow-up), ' +
        '`analytics` (`all`, or a list of sections) to export docs analytics, or `healthIssue: true` to keep the docs health issue.'
    )
  })

  it.each([
    ['2026-11-10', '2026-11-10'],
    ['2026-11-11', '2026-11-10']
  ])('rejects a range from %s to %s, which holds no day', (dateFrom, dateTo) => {
    expect(problem({ ...ok, analytics: 'visitors', dateFrom, dateTo })).toBe(
      `Invalid input:\n- \`dateFrom\` (${dateFrom}) must be before \`dateTo\` (${dateTo}), which is exclusive; ` +
        'each takes YYYY-MM-DD (such as 2026-11-14) or an ISO 8601 date-time (such as 2026-11-14T00:00:00Z). ' +
        'With only dateFrom, dateTo is today (UTC); with only dateTo, dateFrom is 7 days before it.'
    )
  })

  it("rejects a dateFrom after today (UTC, by the run's clock) as in the future, whatever dateTo is", () => {
    const future =
      "Invalid input:\n- `dateFrom` (2026-11-15) is in the future: today is 2026-11-14 (UTC, by the run's clock), and analytics hold only " +
      'what has passed; set `dateFrom` to a day before today.'
    expect(problem({ ...ok, analytics: 'visitors', dateFrom: '2026-11-15' })).toBe(future)
    expect(problem({ ...ok, analytics: 'visitors', dateFrom: '2026-11-15', dateTo: '2026-11-22' })).toBe(future)
    // The first instant of tomorrow is in the future; the last of today is not.
    expect(problem({ ...ok, analytics: 'visitors', dateFrom: '2026-11-15T00:00:00Z', dateTo: '2026-11-22' })).toContain(
      '(2026-11-15T00:00:00Z) is in the future'
    )
    expect(problem({ ...ok, analytics: 'visitors', dateFrom: '2026-11-14T23:59:59Z', dateTo: '2026-11-22' })).toContain(
      '`dateFrom` (2026-11-14T23:59:59Z) leaves nothing to read'
    )
  })

  it('rejects a range from today that ends after today, which the cut leaves empty', () => {
    expect(problem({ ...ok, analytics: 'visitors', dateFrom: '2026-11-14', dateTo: '2026-11-20' })).toBe(
      'Invalid input:\n- `dateFrom` (2026-11-14) leaves nothing to read: `dateTo` (2026-11-20) is after today, so the range is cut to end at ' +
        "2026-11-14 (UTC, by the run's clock, exclusive), and it must start before that; set `dateFrom` to a day before today."
    )
  })

  it('cuts a range that ends after today to today, says so in a warning, and keeps the range asked for', () => {
    const inputs = read({ ...ok, analytics: 'visitors', dateFrom: '2026-11-10', dateTo: '2026-11-21' })
    expect(inputs.analytics).toMatchObject({ dateFrom: '2026-11-10', dateTo: '2026-11-14', cutFrom: '2026-11-21' })
    expect(inputs.warnings).toEqual([
      "dateTo (2026-11-21) is after today (UTC, by the run's clock): the range is cut to what has passed, a partial period of " +
        '10 Nov 2026 to 13 Nov 2026 (4 days, UTC), compared with the period of the same length just before it.'
    ])
    expect(read({ ...ok, analytics: 'visitors', dateFrom: '2026-11-13', dateTo: '2026-11-21', compare: 'none' }).warnings).toEqual([
      "dateTo (2026-11-21) is after today (UTC, by the run's clock): the range is cut to what has passed, a partial period of " +
        '13 Nov 2026 (1 day, UTC).'
    ])
    // A dateTo of today, the default, is no cut; nor is a run without analytics warned of one.
    expect(read({ ...ok, analytics: 'visitors', dateFrom: '2026-11-10', dateTo: '2026-11-14' }).analytics).not.toHaveProperty('cutFrom')
    expect(read({ ...ok, analytics: 'visitors', dateFrom: '2026-11-10', dateTo: '2026-11-14' }).warnings).toEqual([])
  })

  it.each(['mint_\u0001key', 'mint_kéy', 'mint_key\tx'])('never shows an unusable key %j, even among other problems', (apiKey) => {
    const message = problem({ ...ok, apiKey, wait: 'maybe' })
    expect(message).toBe(
      'Invalid input:\n' +
        '- `apiKey` contains spaces or characters that cannot be sent in an HTTP header; paste the key exactly as the dashboard shows it\n' +
        '- `wait` must be true or false, not "maybe"'
    )
  })

  it('never shows a good key in any message', () => {
    const key = 'mint_secretValue123'
    const bad: Record<string, string>[] = [{ projectId: '' }, { baseUrl: 'x' }, { prompt: '' }]
    for (const values of bad) {
      expect(problem({ ...ok, apiKey: key, ...values })).not.toContain('secretValue')
    }
  })
})

describe('analyticsRange', () => {
  it('keeps date-times and moves them by whole days', () => {
    expect(analyticsRange(undefined, '2026-03-09T12:00:00Z', NOW)).toEqual({
      dateFrom: '2026-03-02T12:00:00.000Z',
      dateTo: '2026-03-09T12:00:00Z'
    })
    expect(analyticsRange('2026-01-01', undefined, NOW)).toEqual({ dateFrom: '2026-01-01', dateTo: '2026-11-14' })
    expect(analyticsRange('2026-01-01', '2026-01-05', NOW)).toEqual({ dateFrom: '2026-01-01', dateTo: '2026-01-05' })
  })

  it("cuts a dateTo after what has passed: a date to today, a date-time to the run's instant", () => {
    expect(analyticsRange('2026-11-01', '2026-11-15', NOW)).toEqual({ dateFrom: '2026-11-01', dateTo: '2026-11-14', cutFrom: '2026-11-15' })
    expect(analyticsRange('2026-11-01', '2026-11-14', NOW)).toEqual({ dateFrom: '2026-11-01', dateTo: '2026-11-14' })
    expect(analyticsRange(undefined, '2026-11-20', NOW)).toEqual({ dateFrom: '2026-11-13', dateTo: '2026-11-14', cutFrom: '2026-11-20' })
    expect(analyticsRange('2026-11-01T00:00:00Z', '2026-11-14T15:30:00.001Z', NOW)).toEqual({
      dateFrom: '2026-11-01T00:00:00Z',
      dateTo: '2026-11-14T15:30:00.000Z',
      cutFrom: '2026-11-14T15:30:00.001Z'
    })
    expect(analyticsRange('2026-11-01T00:00:00Z', '2026-11-14T15:30:00Z', NOW)).toEqual({
      dateFrom: '2026-11-01T00:00:00Z',
      dateTo: '2026-11-14T15:30:00Z'
    })
  })
})

describe('a dateTo too early for the default range', () => {
  it('asks for dateFrom when the 7 days before dateTo fall before year 0000', () => {
    const values: Record<string, string> = { apiKey: 'mint_key', projectId: 'proj', analytics: 'visitors', dateTo: '0000-01-03' }
    expect(() => readInputs((name) => values[name] ?? '')).toThrow(
      'Invalid input:\n- `dateTo` (0000-01-03) is too early for the default range of 7 days before it; set `dateFrom`'
    )
  })
})

describe('compare', () => {
  it('takes previous or none, in any case, and names both when given anything else', () => {
    const values = (compare: string): Record<string, string> => ({ apiKey: 'mint_key', projectId: 'proj', analytics: 'visitors', compare })
    expect(readInputs((name) => values('PREVIOUS')[name] ?? '').analytics?.compare).toBe(true)
    expect(readInputs((name) => values('none')[name] ?? '').analytics?.compare).toBe(false)
    expect(() => readInputs((name) => values('last-week')[name] ?? '')).toThrow(
      '- `compare` must be previous (compare with the period of the same length just before) or none, not "last-week"'
    )
  })
})

describe('every problem at once', () => {
  const REVERSED =
    '(2026-11-10) must be before `dateTo` (2026-11-01), which is exclusive; each takes YYYY-MM-DD (such as 2026-11-14) or an ISO 8601 ' +
    'date-time (such as 2026-11-14T00:00:00Z). With only dateFrom, dateTo is today (UTC); with only dateTo, dateFrom is 7 days before it.'

  it('names a mistake of one input and one of inputs together in the same error', () => {
    expect(
      thrown({ ...ok, analytics: 'views,serches', dateFrom: '2026-11-10', dateTo: '2026-11-01', maxRequests: '150' }).problems
    ).toEqual([
      { input: 'analytics', message: `${TAKES}; "serches" is not one of them; did you mean searches?` },
      {
        input: 'maxRequests',
        message:
          'must be a whole number from 1 to 100 (analytics requests one run may make; analytics allow 100 requests per organization per hour); got "150"'
      },
      { input: 'dateFrom', message: REVERSED }
    ])
  })

  it('runs every check of inputs together, each finding its own problem', () => {
    const error = thrown({
      ...ok,
      analytics: 'visitors,views',
      alerts: 'thumbsDown > 5, visitorsHuman < -20%',
      compare: 'none',
      healthIssue: 'true',
      dateFrom: '2026-11-10',
      dateTo: '2026-11-01',
      maxRequests: '1'
    })
    expect(error.problems.map((p) => [p.input, p.message.slice(0, 40)])).toEqual([
      ['alerts', 'rule "thumbsDown > 5" is over thumbsDown'],
      ['alerts', 'rule "visitorsHuman < -20%" compares wit'],
      ['githubToken', 'is empty, and `healthIssue: true` needs '],
      ['dateFrom', '(2026-11-10) must be before `dateTo` (20'],
      ['maxRequests', '(1) is below 2, one request for the firs']
    ])
    expect(error.message.split('\n').slice(1)).toHaveLength(5)
  })

  it('says nothing more of an input already named: a check over it is skipped', () => {
    // A mistyped section is asked-for analytics: there is something to do, and the rule's section may be the one meant.
    expect(thrown({ apiKey: 'k', projectId: 'p', analytics: 'serches', alerts: 'searches > 5' }).problems.map((p) => p.input)).toEqual([
      'analytics'
    ])
    // A rule that cannot be read is not also judged against the sections or failOn.
    expect(thrown({ ...ok, analytics: 'visitors', alerts: 'thumbsDown >> 5', failOn: 'alert' }).problems.map((p) => p.input)).toEqual([
      'alerts'
    ])
    // An unreadable maxRequests or compare is named once, not also against the sections.
    expect(thrown({ ...ok, analytics: 'all', maxRequests: '0' }).problems.map((p) => p.input)).toEqual(['maxRequests'])
    expect(
      thrown({ ...ok, analytics: 'visitors', compare: 'prevous', alerts: 'visitorsHuman < -20%' }).problems.map((p) => p.input)
    ).toEqual(['compare'])
    // A date that does not parse leaves the range unjudged.
    expect(thrown({ ...ok, analytics: 'visitors', dateFrom: '2026-11-31', dateTo: '2026-11-01' }).problems.map((p) => p.input)).toEqual([
      'dateFrom'
    ])
    // A jobId that is wrong still asks for a job.
    expect(thrown({ apiKey: 'k', projectId: 'p', jobId: '..' }).problems.map((p) => p.input)).toEqual(['jobId'])
  })

  it('judges the range whenever analytics are asked for, even with a mistake in the sections', () => {
    expect(thrown({ ...ok, analytics: 'nope', dateFrom: '2026-11-10', dateTo: '2026-11-01' }).problems.map((p) => p.input)).toEqual([
      'analytics',
      'dateFrom'
    ])
    expect(thrown({ ...ok, analytics: 'visitors,serches', dateTo: '0000-01-03' }).problems.map((p) => p.input)).toEqual([
      'analytics',
      'dateTo'
    ])
    // Without analytics the dates are ignored (with a warning), not judged.
    expect(read({ ...ok, dateFrom: '2026-11-10', dateTo: '2026-11-01' }).warnings).toHaveLength(2)
  })

  it('does not say a per-cent rule is never compared when its section is not read: that is said once already', () => {
    expect(thrown({ ...ok, analytics: 'visitors', alerts: 'searchesNoClick > +50%' }).problems).toEqual([
      {
        input: 'alerts',
        message:
          'rule "searchesNoClick > +50%" is over searchesNoClick, which the searches section gives; add searches to `analytics`, or drop the rule'
      }
    ])
  })
})

describe('did you mean', () => {
  it.each<[Record<string, string>, string]>([
    [{ analytics: 'serches' }, `\`analytics\` ${TAKES}; "serches" is not one of them; did you mean searches?`],
    [{ analytics: 'ture' }, '"ture" is not one of them; did you mean true?'],
    [
      { analytics: 'visitor, vews, nope' },
      '"visitor", "vews", "nope" are not one of them; did you mean visitors for "visitor", views for "vews"?'
    ],
    [
      { failOn: 'no_pr' },
      '`failOn` takes a comma-separated list of failed, archived, no-pr, alert; "no_pr" is not one of them; did you mean no-pr?'
    ],
    [{ failOn: 'failed, archive' }, '"archive" is not one of them; did you mean archived?'],
    [
      { compare: 'prevous' },
      '`compare` must be previous (compare with the period of the same length just before) or none, not "prevous"; did you mean previous?'
    ],
    [
      { readerText: 'shwo' },
      '`readerText` must be auto (show the text readers typed only in a private repository), show or hide, not "shwo"; did you mean show?'
    ],
    [{ wait: 'ture' }, '`wait` must be true or false, not "ture"; did you mean true?'],
    [{ comment: 'flase' }, '`comment` must be true or false, not "flase"; did you mean false?'],
    [{ healthIssue: 'True ' }, ''],
    [{ analytics: 'all', alerts: 'visitorHuman < 5' }, 'did you mean visitorsHuman?']
  ])('suggests the word meant for %j', (values, text) => {
    if (text === '') {
      expect(() => read({ ...ok, ...values, githubToken: 'x' })).not.toThrow()
      return
    }
    expect(problem({ ...ok, ...values })).toContain(text)
  })

  it('quotes at most ten unknown words of a long list, and looks only at those for a near miss', () => {
    const words = Array.from({ length: 50_000 }, (_, i) => `x${i}`)
    const message = problem({ ...ok, analytics: ['serches', ...words].join(',') })
    expect(message).toContain(
      `; "serches", ${words
        .slice(0, 9)
        .map((w) => `"${w}"`)
        .join(', ')} and 49991 more are not one of them; did you mean searches for "serches"?`
    )
  })

  it('suggests nothing for a value that is no near miss, however long', () => {
    expect(problem({ ...ok, wait: 'yes' })).not.toContain('did you mean')
    expect(problem({ ...ok, analytics: 'serches'.repeat(10_000) })).not.toContain('did you mean')
    expect(problem({ ...ok, compare: 'last-week' })).not.toContain('did you mean')
  })
})

describe('warnings for inputs the run ignores', () => {
  const ANALYTICS_OFF = 'only the analytics use it, and analytics is false'
  const NO_JOB = 'neither prompt nor jobId is set'

  it('warns of each analytics input given while analytics is false', () => {
    expect(
      read({ ...ok, dateFrom: '2026-11-01', dateTo: '2026-11-08', topPages: '5', maxRequests: '9', compare: 'none', readerText: 'show' })
        .warnings
    ).toEqual(
      ['dateFrom', 'dateTo', 'topPages', 'maxRequests', 'compare', 'readerText'].map(
        (input) => `${input} is ignored: ${ANALYTICS_OFF}; set analytics (all, or a list of sections), or remove ${input}.`
      )
    )
    expect(read({ ...ok, analytics: 'false', topPages: '5' }).warnings).toEqual([
      `topPages is ignored: ${ANALYTICS_OFF}; set analytics (all, or a list of sections), or remove topPages.`
    ])
  })

  it('warns of each job input given without a prompt or a jobId', () => {
    const analyticsOnly = { apiKey: 'mint_k', projectId: 'p', analytics: 'visitors' }
    expect(
      read({
        ...analyticsOnly,
        wait: 'false',
        pollIntervalSeconds: '5',
        failOn: 'failed,no-pr,alert',
        alerts: 'views > 1',
        analytics: 'views',
        comment: 'true'
      }).warnings
    ).toEqual([
      `wait is ignored: only an agent job uses it, and ${NO_JOB}; set one, or remove wait.`,
      `pollIntervalSeconds is ignored: only an agent job uses it, and ${NO_JOB}; set one, or remove pollIntervalSeconds.`,
      `failOn's failed, no-pr are ignored: only an agent job ends those ways, and ${NO_JOB}; set one, or remove them from failOn.`,
      `comment is ignored: it follows the agent job, and ${NO_JOB}; set one, or remove comment.`
    ])
    expect(read({ ...analyticsOnly, failOn: 'archived' }).warnings).toEqual([
      `failOn's archived is ignored: only an agent job ends that way, and ${NO_JOB}; set one, or remove it from failOn.`
    ])
    // failOn alert alone is the analytics' own, and timeoutMinutes bounds the whole run.
    expect(read({ ...analyticsOnly, failOn: 'alert', alerts: 'visitorsHuman < 5', timeoutMinutes: '5' }).warnings).toEqual([])
  })

  it('counts a job the docs health issue may start from ticked gaps: its wait, poll interval and failOn apply, its comment does not', () => {
    const healthIssue = { apiKey: 'mint_k', projectId: 'p', healthIssue: 'true', githubToken: 'ghs_x' }
    expect(read({ ...healthIssue, wait: 'false', pollIntervalSeconds: '5', failOn: 'no-pr' }).warnings).toEqual([])
    expect(read({ ...healthIssue, comment: 'true' }).warnings).toEqual([
      `comment is ignored: it follows the agent job, and ${NO_JOB}; set one, or remove comment.`
    ])
  })

  it('warns of healthIssueTitle without the docs health issue', () => {
    expect(read({ ...ok, healthIssueTitle: 'Docs' }).warnings).toEqual([
      'healthIssueTitle is ignored: it names the docs health issue, and healthIssue is false; set healthIssue: true, or remove healthIssueTitle.'
    ])
  })

  it('never warns of an input at its default, which the runner passes as if it were given', () => {
    const defaults = { ...INPUT_DEFAULTS, githubToken: 'ghs_x' }
    expect(read({ ...defaults, apiKey: 'mint_k', projectId: 'p', analytics: 'visitors' }).warnings).toEqual([])
    expect(read({ ...defaults, apiKey: 'mint_k', projectId: 'p', prompt: 'Do it' }).warnings).toEqual([])
    expect(read({ ...defaults, apiKey: 'mint_k', projectId: 'p', prompt: 'Do it', topPages: '11' }).warnings).toHaveLength(1)
  })

  it('never warns of an input left to its default, or given where it counts', () => {
    expect(read(ok).warnings).toEqual([])
    expect(
      read({ ...ok, wait: 'true', failOn: 'failed', comment: 'false', timeoutMinutes: '5', pollIntervalSeconds: '3' }).warnings
    ).toEqual([])
    expect(
      read({ ...ok, analytics: 'all', dateFrom: '2026-11-01', topPages: '3', maxRequests: '9', compare: 'none', readerText: 'hide' })
        .warnings
    ).toEqual([])
    expect(read({ ...ok, jobId: 'j1', comment: 'true', wait: 'false' }).warnings).toEqual([])
  })
})

describe('readInputs: a near miss of an input at fault comes first', () => {
  const env = (names: Record<string, string>) => Object.fromEntries(Object.entries(names).map(([n, v]) => [`INPUT_${n.toUpperCase()}`, v]))
  const problemsWith = (values: Record<string, string>, written: Record<string, string>) => {
    try {
      readInputs((name) => values[name] ?? '', NOW, '', env(written))
    } catch (error) {
      return (error as InputError).problems
    }
    throw new Error('the inputs were read')
  }

  it('names project_id as the projectId meant, instead of saying projectId is empty', () => {
    expect(problemsWith({ ...ok, projectId: '' }, { project_id: 'proj_docs' })).toEqual([
      { input: 'projectId', message: 'is not set, but `project_id` is, which is not an input of this action: did you mean projectId?' }
    ])
    expect(problemsWith({ ...ok, apiKey: '' }, { api_key: 'mint_k' })).toEqual([
      { input: 'apiKey', message: 'is not set, but `api_key` is, which is not an input of this action: did you mean apiKey?' }
    ])
  })

  it('keeps the problems of an input that was set, with the near miss said first', () => {
    expect(problemsWith({ ...ok, projectId: 'a/b' }, { project_id: 'proj_docs' })).toEqual([
      { input: 'projectId', message: 'is not set, but `project_id` is, which is not an input of this action: did you mean projectId?' },
      { input: 'projectId', message: expect.stringContaining('a/b') as unknown }
    ])
  })

  it('names promt as the prompt meant, instead of "Nothing to do"', () => {
    expect(problemsWith({ apiKey: 'mint_k', projectId: 'p' }, { promt: 'Fix the typos' })).toEqual([
      { input: 'prompt', message: 'is not set, but `promt` is, which is not an input of this action: did you mean prompt?' }
    ])
    // Two mistakes, two problems.
    expect(problemsWith({ apiKey: 'mint_k', projectId: '' }, { promt: 'Fix the typos', project_id: 'p' }).map((p) => p.input)).toEqual([
      'prompt',
      'projectId'
    ])
  })

  it('keeps "Nothing to do" when the near miss is of an input that does not ask for work', () => {
    const problems = problemsWith({ apiKey: 'mint_k', projectId: '' }, { project_id: 'p' })
    expect(problems.map((p) => p.message)).toEqual([
      'is not set, but `project_id` is, which is not an input of this action: did you mean projectId?',
      expect.stringMatching(/^Nothing to do/) as unknown
    ])
  })

  it('leaves a near miss of an input without a problem to the warnings', () => {
    expect(problemsWith({ ...ok, projectId: '' }, { promt: 'x', maxrequest: '3' })).toEqual([
      { input: 'projectId', message: EMPTY_PROJECT_ID }
    ])
    // A work input meant is no near miss of a problem that names another input.
    expect(problemsWith({ ...ok, prompt: 'x', projectId: '' }, { analytcs: 'all' })).toEqual([
      { input: 'projectId', message: EMPTY_PROJECT_ID }
    ])
  })
})

describe('misnamedInputs', () => {
  it('suggests the input meant for a name the action does not have', () => {
    expect(misnamedInputs({ INPUT_MAXREQUEST: '9', INPUT_APIKEY: 'k', INPUT_DATE_FROM: '2026-11-01', PATH: '/bin' })).toEqual([
      'maxrequest is not an input of this action, and is ignored; did you mean maxRequests?',
      'date_from is not an input of this action, and is ignored; did you mean dateFrom?'
    ])
  })

  it('says nothing of a known input, nor of an unknown one with no near miss (the runner itself names those)', () => {
    expect(misnamedInputs({ INPUT_MAXREQUESTS: '9', INPUT_DASHBOARDTITLE: 'x', INPUT_MAXPAGES: '3', INPUT_SOMETHING: 'x' })).toEqual([])
  })
})
