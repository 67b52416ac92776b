// Which in-process test files may share their worker's modules. Both vitest configs (the whole
// suite, vitest.config.ts, and the in-process tests that mutation testing runs, vitest.unit.config.ts)
// read it, so that they split the files alike.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..', '..')

/** The fault scenarios run the whole action, each under a heap bound of its own project. */
export const FAULTS = 'test/integration/faults.test.ts'

/** A file that replaces a module, loads modules afresh or runs the whole action needs modules of its own. */
const OWN_MODULES = /\bvi\.(?:mock|doMock|resetModules)\(|\brunInProcess\(/

/** The test files under `test/<dir>/` for each dir given that need a fresh module graph, fault scenarios aside. */
export function ownModuleFiles(dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(join(ROOT, 'test', dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => `test/${dir}/${file.split('\\').join('/')}`)
      .filter((file) => file !== FAULTS && OWN_MODULES.test(readFileSync(join(ROOT, file), 'utf8')))
  )
}
