// The end-to-end tests run dist/index.js. Their global setup (test/support/bundle-setup.ts) builds it
// first when it was not built from this src/; this checks that it did, so that no end-to-end test
// passes against a bundle older than the source.
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { inputsHash, recordedHash } from '../../scripts/dist-inputs.mjs'

const ROOT = resolve(import.meta.dirname, '../..')

describe('the bundle under test', () => {
  it('was built from the src/ beside it', () => {
    expect(recordedHash(ROOT)).toBe(inputsHash(ROOT))
  })
})
