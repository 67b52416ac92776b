import { describe, expect, it } from 'vitest'
import { InputError, readInputs } from '../../src/run/inputs.js'

function read(values: Record<string, string>) {
  return readInputs((name) => values[name] ?? '')
}
const ok = { apiKey: 'mint_abc', projectId: 'proj', prompt: 'Do it' }

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
    if (value === '') return expect(read({ ...ok, timeoutMinutes: value }).timeoutMs).toBe(1_800_000)
    expect(() => read({ ...ok, timeoutMinutes: value })).toThrow(/`timeoutMinutes` must be a number of minutes/)
  })

  it('rejects path segments that would change the URL', () => {
    expect(() => read({ ...ok, projectId: '..' })).toThrow(/`projectId` must be the project ID/)
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
})
