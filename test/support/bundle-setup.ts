// Global setup of the end-to-end tests (vitest.config.ts): they run the bundle (dist/index.js), so
// before any of them runs the bundle must be built from the src/ beside it. dist/inputs.sha256 holds
// the hash of what the last build read (scripts/dist-inputs.mjs); when it differs from the source
// here, the bundle is built first, once, before any test file starts.
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { inputsHash, recordedHash } from '../../scripts/dist-inputs.mjs'

const ROOT = resolve(import.meta.dirname, '../..')

export default function setup(): void {
  if (recordedHash(ROOT) === inputsHash(ROOT)) return
  console.log('dist/ was not built from this src/: building it before the end-to-end tests (npm run build)')
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (recordedHash(ROOT) !== inputsHash(ROOT)) throw new Error('npm run build did not record the hash of src/ in dist/inputs.sha256')
}
