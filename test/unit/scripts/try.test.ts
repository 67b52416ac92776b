// The pieces of `npm run try` (scripts/try.mjs, scripts/try/): the inputs the runner gives a step,
// the values of secrets and variables, the options, GitHub's expressions and status functions, a
// job's matrix, and the events it builds.
import { describe, expect, it } from 'vitest'
import { actionDefaults, envInputs, KEY, PROJECT, readOptions, secretsAndVars, stepInputs, TOKEN } from '../../../scripts/try.mjs'
import { buildEvent, changedFile, dispatchInputs, MERGE_SHA, tickFirstGap, type Fake } from '../../../scripts/try/events.mjs'
import { evaluatedValue, holds, interpolated } from '../../../scripts/try/expressions.mjs'
import { allowed, neededScopes, tokenScopes } from '../../../scripts/try/permissions.mjs'
import { matrixOf, readWorkflow, scalarText, usesAction } from '../../../scripts/try/workflow.mjs'

const contexts = { github: { token: TOKEN, event_name: 'schedule' }, secrets: { MINTLIFY_API_KEY: KEY }, vars: {}, inputs: {}, steps: {} }

describe('the inputs of a step', () => {
  const defaults = actionDefaults()

  it("are the step's with: keys, action.yml's defaults for the others, and nothing more", () => {
    const { inputs, unexpected } = stepInputs(
      { apiKey: '${{ secrets.MINTLIFY_API_KEY }}', topPages: 25, healthIssue: true },
      defaults,
      contexts,
      'http://127.0.0.1:1'
    )
    expect(inputs.apiKey).toBe(KEY)
    expect(inputs.topPages).toBe('25')
    expect(inputs.healthIssue).toBe('true')
    expect(inputs.githubToken).toBe(TOKEN)
    expect(inputs.wait).toBe('true')
    expect(inputs.baseUrl).toBe('http://127.0.0.1:1')
    expect(inputs).not.toHaveProperty('projectId')
    expect(inputs).not.toHaveProperty('prompt')
    expect(unexpected).toEqual([])
  })

  it('keep a misspelt key as written, give the input it misses nothing, and name it', () => {
    const { inputs, unexpected } = stepInputs({ 'api-key': 'k', project_id: 'p', TOPPAGES: '3' }, defaults, contexts, 'http://127.0.0.1:1')
    expect(inputs['api-key']).toBe('k')
    expect(inputs).not.toHaveProperty('apiKey')
    expect(inputs).not.toHaveProperty('projectId')
    // A key in other case is the input: its default is not added beside it.
    expect(inputs.TOPPAGES).toBe('3')
    expect(inputs).not.toHaveProperty('topPages')
    expect(unexpected).toEqual(['api-key', 'project_id'])
  })

  it("take the emulator's URL for a baseUrl the step gives", () => {
    expect(stepInputs({ baseurl: 'https://api.mintlify.com' }, defaults, contexts, 'http://127.0.0.1:2').inputs).toMatchObject({
      baseurl: 'http://127.0.0.1:2'
    })
  })

  it('reads action.yml: every input, a default where it has one', () => {
    expect(defaults.get('githubToken')).toBe('${{ github.token }}')
    expect(defaults.get('topPages')).toBe('10')
    expect(defaults.has('apiKey')).toBe(true)
    expect(defaults.get('apiKey')).toBeUndefined()
  })
})

describe('secrets and variables', () => {
  it("are the emulator's key, the run's token, the emulator's project, or empty and named", () => {
    const text =
      '${{ secrets.MINTLIFY_API_KEY }} ${{ secrets.GITHUB_TOKEN }} ${{ vars.MINTLIFY_PROJECT_ID }} ${{ vars.IDS_PROJECT_IDS }} ${{ vars.OTHER }} ${{ vars.GIVEN }}'
    expect(secretsAndVars(text, { GIVEN: 'x' })).toEqual({
      secrets: { MINTLIFY_API_KEY: KEY, GITHUB_TOKEN: TOKEN },
      vars: { MINTLIFY_PROJECT_ID: PROJECT, IDS_PROJECT_IDS: JSON.stringify([PROJECT]), OTHER: '', GIVEN: 'x' },
      empty: ['OTHER']
    })
  })
})

describe('the options', () => {
  it('reads the file, the event, and name=value pairs; names what it does not understand', () => {
    expect(
      readOptions([
        'w.yml',
        '--event',
        'issues',
        '--input',
        'prompt=a=b',
        '--var',
        'X=1',
        '--output',
        'writer.allowed=true',
        '--comment',
        '/docs x'
      ])
    ).toEqual({
      file: 'w.yml',
      event: 'issues',
      comment: '/docs x',
      input: { prompt: 'a=b' },
      var: { X: '1' },
      output: { 'writer.allowed': 'true' },
      unknown: []
    })
    expect(readOptions(['a.yml', 'b.yml', '--input', 'novalue', '--what', 'x', '--event']).unknown).toEqual([
      'b.yml',
      '--input novalue',
      '--what',
      '--event'
    ])
  })

  it("reads a .env file's INPUT_ variables", () => {
    expect(envInputs('# comment\nINPUT_PROMPT=Fix it\nINPUT_TOPPAGES=5\nGITHUB_REPOSITORY=x\n')).toEqual({
      prompt: 'Fix it',
      toppages: '5'
    })
  })
})

describe("GitHub's expressions", () => {
  it('fill a text, a list or a mapping as JSON, nothing as empty', () => {
    expect(interpolated('Key ${{ secrets.MINTLIFY_API_KEY }}, ${{ github.event_name }}${{ vars.NONE }}.', contexts)).toBe(
      `Key ${KEY}, schedule.`
    )
    expect(interpolated("${{ fromJSON('[1]') }}", contexts)).toBe('[\n  1\n]')
    expect(evaluatedValue('${{ fromJSON(\'["a", "b"]\') }}', contexts)).toEqual(['a', 'b'])
    expect(evaluatedValue('x-${{ github.event_name }}', contexts)).toBe('x-schedule')
    expect(evaluatedValue(3, contexts)).toBe(3)
  })

  it('hold an if: as success() && (…) unless it calls a status function', () => {
    expect(holds(undefined, contexts, false)).toBe(true)
    expect(holds(undefined, contexts, true)).toBe(false)
    expect(holds("github.event_name == 'schedule'", contexts, false)).toBe(true)
    expect(holds("${{ github.event_name == 'schedule' }}", contexts, true)).toBe(false)
    expect(holds("github.event_name != 'schedule'", contexts, false)).toBe(false)
    expect(holds('always()', contexts, true)).toBe(true)
    expect(holds('failure()', contexts, true)).toBe(true)
    expect(holds('failure()', contexts, false)).toBe(false)
    expect(
      holds("!cancelled() && steps.report.outputs.dir != ''", { ...contexts, steps: { report: { outputs: { dir: '/x' } } } }, false)
    ).toBe(true)
    expect(holds(false, contexts, false)).toBe(false)
  })
})

describe('a workflow', () => {
  const text = [
    'on:',
    '  schedule:',
    "    - cron: '0 9 * * MON'",
    '  pull_request:',
    '    types: [closed]',
    'jobs:',
    '  report:',
    '    strategy:',
    '      matrix:',
    '        projectId: ${{ fromJSON(vars.IDS) }}',
    '        size: [1, 2]',
    '        exclude:',
    '          - { projectId: b, size: 2 }',
    '    steps:',
    '      - uses: acme/docs-action@v1',
    '      - uses: ./',
    '      - uses: other/action@v1',
    ''
  ].join('\n')

  it('gives its triggers in order, a schedule its crons', () => {
    const workflow = readWorkflow(text)
    expect([...workflow.triggers.keys()]).toEqual(['schedule', 'pull_request'])
    expect(workflow.triggers.get('schedule')).toEqual({ entries: [{ cron: '0 9 * * MON' }] })
    expect(readWorkflow('on: [push, schedule]\njobs: {}').triggers).toEqual(
      new Map([
        ['push', {}],
        ['schedule', {}]
      ])
    )
    expect([...readWorkflow('on: workflow_dispatch\njobs: {}').triggers.keys()]).toEqual(['workflow_dispatch'])
  })

  it("finds this action's steps, at any ref or ./", () => {
    const [job] = readWorkflow(text).jobs
    expect(job?.steps.map((step) => usesAction(step, 'Acme/Docs-Action'))).toEqual([true, true, false])
  })

  it("runs each combination of a job's matrix, its lists evaluated, exclude taken out", () => {
    const [job] = readWorkflow(text).jobs
    if (job === undefined) throw new Error('no job')
    expect(matrixOf(job, { vars: { IDS: '["a", "b"]' } })).toEqual([
      { projectId: 'a', size: 1 },
      { projectId: 'a', size: 2 },
      { projectId: 'b', size: 1 }
    ])
    expect(matrixOf({ id: 'x', steps: [] }, {})).toEqual([{}])
    expect(matrixOf({ id: 'x', steps: [], strategy: { matrix: { include: [{ a: 1 }] } } }, {})).toEqual([{ a: 1 }])
  })

  it('passes a value on as the runner does', () => {
    expect([scalarText('a'), scalarText(5), scalarText(false), scalarText(null), scalarText(undefined), scalarText(['x'])]).toEqual([
      'a',
      '5',
      'false',
      '',
      '',
      '["x"]'
    ])
  })
})

describe('the events', () => {
  const fake = (): Fake & { calls: unknown[][] } => {
    const calls: unknown[][] = []
    const record =
      (name: string) =>
      (...args: unknown[]) => {
        calls.push([name, ...args])
      }
    return {
      calls,
      setPullChange: record('setPullChange'),
      setPull: record('setPull'),
      setComparison: record('setComparison'),
      setPermission: record('setPermission'),
      setVisibility: record('setVisibility')
    }
  }
  const given = { inputs: {}, comment: '/docs x' }

  it('a merged pull request, its change in the fake, a file its paths filter lets through', () => {
    const github = fake()
    const event = buildEvent('pull_request', { types: ['closed'], paths: ['lib/**'] }, given, github)
    expect(event.sha).toBe(MERGE_SHA)
    expect(event.payload).toMatchObject({ action: 'closed', pull_request: { merged: true, merge_commit_sha: MERGE_SHA, number: 42 } })
    expect(github.calls.find((call) => call[0] === 'setPullChange')?.[2]).toMatchObject({ files: [{ filename: 'lib/client.ts' }] })
    expect(buildEvent('pull_request', { types: ['opened'] }, given, fake()).payload).toMatchObject({
      action: 'opened',
      pull_request: { merged: false }
    })
  })

  it('a schedule with its cron, a dispatch with its inputs, a comment, an edit of an issue', () => {
    expect(buildEvent('schedule', { entries: [{ cron: '0 9 * * MON' }] }, given, fake()).payload).toEqual({ schedule: '0 9 * * MON' })
    const dispatch = { inputs: { prompt: { type: 'string' }, wait: { type: 'boolean', default: true } } }
    expect(buildEvent('workflow_dispatch', dispatch, { ...given, inputs: { prompt: 'p' } }, fake()).payload).toMatchObject({
      inputs: { prompt: 'p', wait: 'true' }
    })
    expect(dispatchInputs(dispatch, { wait: 'false' }).context).toEqual({ prompt: '', wait: false })
    expect(buildEvent('issue_comment', { types: ['created'] }, given, fake()).payload).toMatchObject({
      action: 'created',
      comment: { body: '/docs x' }
    })
    const issue = { number: 3, title: 't', body: 'after', before: 'before', labels: ['docs-health'] }
    expect(buildEvent('issues', { types: ['edited'] }, { ...given, issue }, fake()).payload).toMatchObject({
      action: 'edited',
      issue: { number: 3, body: 'after', labels: [{ name: 'docs-health' }] },
      changes: { body: { from: 'before' } }
    })
    expect(() => buildEvent('release', {}, given, fake())).toThrow('npm run try builds no release event')
  })

  it('fills a paths filter', () => {
    expect([
      changedFile({}),
      changedFile({ paths: ['src/**'] }),
      changedFile({ paths: ['!docs/**', 'app/*.py'] }),
      changedFile({ paths: 'lib/' })
    ]).toEqual(['src/client.ts', 'src/client.ts', 'app/client.py', 'lib/client.ts'])
  })

  it("ticks the docs health issue's first gap, as a person does", () => {
    const gap = (mark: string, id: string) => `- [${mark}] Readers search for "retries" <!-- gap:${id} -->`
    expect(tickFirstGap([gap('x', 'a'.repeat(12)), gap(' ', 'b'.repeat(12)), gap(' ', 'c'.repeat(12))].join('\n'))).toBe(
      [gap('x', 'a'.repeat(12)), gap('x', 'b'.repeat(12)), gap(' ', 'c'.repeat(12))].join('\n')
    )
    expect(tickFirstGap('- [ ] no gap')).toBe('- [ ] no gap')
  })
})

describe("the run's token", () => {
  it("has the job's permissions, else the workflow's, else GitHub's restricted default", () => {
    expect(tokenScopes({ issues: 'write' }, { checks: 'write' })).toMatchObject({ issues: 'write', checks: 'none', contents: 'none' })
    expect(tokenScopes(undefined, { checks: 'write', contents: 'read' })).toMatchObject({
      checks: 'write',
      contents: 'read',
      issues: 'none'
    })
    expect(tokenScopes(undefined, undefined)).toMatchObject({ contents: 'read', packages: 'read', issues: 'none' })
    expect(tokenScopes({}, 'write-all')).toMatchObject({ contents: 'none', issues: 'none' })
    expect(tokenScopes('read-all', undefined)).toMatchObject({ contents: 'read', issues: 'read', checks: 'read' })
    expect(tokenScopes('write-all', undefined)).toMatchObject({ issues: 'write', 'pull-requests': 'write' })
  })

  it('needs the scope of what it asks, at the level of the method', () => {
    expect(neededScopes('GET', '/repos/a/b')).toEqual([])
    expect(neededScopes('GET', '/repos/a/b/collaborators/someone/permission')).toEqual([])
    expect(neededScopes('GET', '/repos/a/b/issues')).toEqual([['issues', 'read']])
    expect(neededScopes('PATCH', '/repos/a/b/issues/3')).toEqual([['issues', 'write']])
    expect(neededScopes('POST', '/repos/a/b/issues/7/comments')).toEqual([
      ['issues', 'write'],
      ['pull-requests', 'write']
    ])
    expect(neededScopes('PATCH', '/repos/a/b/issues/comments/9')).toEqual([
      ['issues', 'write'],
      ['pull-requests', 'write']
    ])
    expect(neededScopes('GET', '/repos/a/b/pulls/4/files')).toEqual([['pull-requests', 'read']])
    expect(neededScopes('POST', '/repos/a/b/check-runs')).toEqual([['checks', 'write']])
    expect(neededScopes('GET', `/repos/a/b/commits/${'a'.repeat(40)}/check-runs`)).toEqual([['checks', 'read']])
    expect(neededScopes('GET', '/repos/a/b/compare/x...y')).toEqual([['contents', 'read']])
  })

  it('may make a request with one of its scopes at that level or above', () => {
    const scopes = tokenScopes({ issues: 'read', 'pull-requests': 'write' }, undefined)
    expect(allowed(scopes, 'GET', '/repos/a/b/issues')).toBe(true)
    expect(allowed(scopes, 'POST', '/repos/a/b/issues')).toBe(false)
    expect(allowed(scopes, 'POST', '/repos/a/b/issues/7/comments')).toBe(true)
    expect(allowed(scopes, 'GET', '/repos/a/b/pulls/4')).toBe(true)
    expect(allowed(scopes, 'GET', '/repos/a/b/compare/x...y')).toBe(false)
    expect(allowed(scopes, 'GET', '/repos/a/b')).toBe(true)
  })
})
