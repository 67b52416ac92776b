// The key and the GitHub token echoed in the forms an HTML page or a careless service writes them in:
// a character of theirs as any of HTML's named character references (`&lowbar;`, `&UnderBar;`), as a
// decimal or hex one without its `;` (`&#95`), or the whole secret upper-cased. Neither may reach the
// log, the annotations, the summary or the outputs, in any form anyone reading them can decode.
import { characterEntities } from 'character-entities'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { everything, runAction } from '../support/action.js'
import { docsHealthInputs } from '../support/docs-health-inputs.js'
import { startGitHubFake } from '../support/github-fake.js'
import { runtimes } from '../support/runtimes.js'

const KEY = 'mint_entityKey7Wz'
const TOKEN = 'ghs_entityToken4Qd'

/** Named references by their name in lower case: HTML's names in any case, as a careless decoder reads them. */
const NAMED = new Map(Object.entries(characterEntities).map(([name, value]) => [name.toLowerCase(), value]))

/** The text with every HTML character reference decoded, its `;` or not, then upper-cased: what a reader can get back from it. */
function decoded(text: string): string {
  return text
    .replace(/&amp;?/gi, '&')
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&([a-z][a-z0-9]*);?/gi, (whole, name: string) => NAMED.get(name.toLowerCase()) ?? whole)
    .normalize('NFKC')
    .toUpperCase()
}

/** Everything the run showed or wrote but the lines that tell the runner what to mask. */
const shown = (run: Awaited<ReturnType<typeof runAction>>) =>
  everything(run)
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n')

/** The secret with its first `_` written as `reference`. */
const withReference = (secret: string, reference: string) => secret.replace('_', reference)

const FORMS: [string, (secret: string) => string][] = [
  ['as &lowbar;', (secret) => withReference(secret, '&lowbar;')],
  ['as &UnderBar; without its ;', (secret) => withReference(secret, '&UnderBar')],
  ['as &#95 without its ;', (secret) => withReference(secret, '&#95')],
  ['as &#X5F;', (secret) => withReference(secret, '&#X5F;')],
  ['upper-cased', (secret) => secret.toUpperCase()],
  ['upper-cased, with &LOWBAR;', (secret) => withReference(secret.toUpperCase(), '&LOWBAR;')]
]

for (const { name: runtime, node } of runtimes()) {
  describe('the key and the token in every entity form', () => {
    let emu: Emulator
    let github: Awaited<ReturnType<typeof startGitHubFake>>
    beforeAll(async () => {
      emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
      github = await startGitHubFake()
    })
    afterAll(async () => {
      await github.close()
      await emu.close()
    })

    it.each(FORMS)(
      `[${runtime}] keeps the key out of ::error::, the last line and the summary when the service echoes it %s`,
      async (_form, echo) => {
        emu.fault({ method: 'POST', kind: 'status', status: 400, body: JSON.stringify({ error: `bad key ${echo(KEY)} refused` }) })
        const run = await runAction({
          node,
          onTestFinished,
          inputs: { apiKey: KEY, projectId: 'proj_docs', baseUrl: emu.url, pollIntervalSeconds: '0.5', prompt: 'Echo' }
        })
        expect(run.code).toBe(1)
        const text = shown(run)
        // The service's words do reach the log: the test looks at what they became.
        expect(text).toContain('bad key *** refused')
        expect(decoded(text)).not.toContain(KEY.toUpperCase())
      }
    )

    it.each(FORMS)(`[${runtime}] keeps the token out of the log and the summary when GitHub echoes it %s`, async (_form, echo) => {
      github.fault({ status: 422, message: `Validation failed for ${echo(TOKEN)} now` })
      const run = await runAction({
        node,
        onTestFinished,
        inputs: docsHealthInputs(emu.url, { apiKey: KEY, githubToken: TOKEN }, { dateFrom: '2026-11-09', dateTo: '2026-11-16' }),
        event: { name: 'schedule', payload: { repository: { full_name: 'acme/docs', private: true } } },
        env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: '7' }
      })
      const text = shown(run)
      expect(text).toContain('Validation failed for *** now')
      expect(decoded(text)).not.toContain(TOKEN.toUpperCase())
    })
  })
}
