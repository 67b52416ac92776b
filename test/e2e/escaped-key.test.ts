// The key echoed by the service in a form the redactor knows (URL-encoded, base64, an HTML entity),
// but with one character of that form written as a JSON escape (`\u0025` for the `%` of `%5F`, `\/`
// for a `/` of base64, `\u0026` for the `&` of `&#95;`). The raw body holds no form of the key, and
// the string JSON decodes it into is plain ASCII: the key must be cleaned from it all the same.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { runtimes } from '../support/runtimes.js'

const KEY = 'mint_escKey7Wz?'
const BASE64 = Buffer.from(KEY).toString('base64')

/** The text with URL escapes, HTML entities and JSON escapes decoded: the key as anyone reading it gets it back. */
function decoded(text: string): string {
  return text
    .replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
}

for (const { name: runtime, node } of runtimes()) {
  describe('the key behind a JSON escape of an encoded form', () => {
    let emu: Emulator
    beforeAll(async () => {
      emu = await startEmulator({ keys: { [KEY]: {} } })
    })
    afterAll(async () => {
      await emu.close()
    })

    it.each([
      ['URL-encoded, its % as \\u0025', `{"error":"bad key mint\\u00255FescKey7Wz%3F"}`],
      ['base64, its / as \\/', `{"error":"bad token ${BASE64.replace('/', '\\/')}"}`],
      ['an HTML entity, its & as \\u0026', `{"error":"bad key mint\\u0026#95;escKey7Wz?"}`]
    ])(`[${runtime}] keeps the key out of the log and summary when the service echoes it %s`, async (_form, body) => {
      emu.fault({ method: 'POST', kind: 'status', status: 400, body })
      const run = await runAction({
        node,
        onTestFinished,
        inputs: { apiKey: KEY, projectId: 'proj_docs', baseUrl: emu.url, pollIntervalSeconds: '0.5', prompt: 'Echo' }
      })
      expect(run.code).toBe(1)
      const shown = [...run.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::')), run.stderr, run.summary, run.outputFile]
      // The service's words do reach the log: the test looks at what they became.
      expect(shown.join('\n')).toContain('bad ')
      for (const text of shown) {
        expect(text).not.toContain(BASE64)
        expect(decoded(text)).not.toContain(KEY)
      }
    })

    // The same forms in an answer the run takes: the job's status and its link, in the outputs, the log and the summary.
    it.each([
      ['URL-encoded, its % as \\u0025', 'mint\\u00255FescKey7Wz%3F'],
      ['base64, its / as \\/', BASE64.replace('/', '\\/')],
      ['an HTML entity, its & as \\u0026', 'mint\\u0026#95;escKey7Wz?'],
      // A URL drops every tab and line break in it: the link the run keeps is the key's.
      ['with a tab in it, which a URL drops', 'mint_esc\\tKey7Wz%3F'],
      ['with line breaks in it, which a URL drops', 'mint\\r\\n_escKey\\n7Wz%3F']
    ])(`[${runtime}] keeps the key out of the outputs, log and summary when a job's answer echoes it %s`, async (_form, echoed) => {
      const body = `{"id":"job1","status":"active ${echoed}","prLink":"https://evil.example/${echoed}"}`
      emu.fault({ method: 'POST', kind: 'status', status: 201, body })
      const run = await runAction({
        node,
        onTestFinished,
        inputs: { apiKey: KEY, projectId: 'proj_docs', baseUrl: emu.url, prompt: 'Echo', wait: 'false' }
      })
      const shown = [...run.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::')), run.stderr, run.summary, run.outputFile]
      expect(run.outputs.jobId).toBe('job1')
      for (const text of shown) {
        expect(text).not.toContain(BASE64)
        expect(decoded(text)).not.toContain(KEY)
      }
    })
  })
}
