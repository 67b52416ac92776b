// The seal the in-process tests write and read the action's records with (src/core/record-seal.ts),
// and one of another API key, whose records must never verify.
import { RecordSeal } from '../../src/core/record-seal.js'

/**
 * A seal made the first time a test uses it, never when a test file is loaded: work done at load runs
 * outside every test, so mutation testing could not tell which test covers the seal's code.
 */
function lazySeal(apiKey: string): RecordSeal {
  let seal: RecordSeal | undefined
  const real = (): RecordSeal => (seal ??= RecordSeal.fromApiKey(apiKey))
  return new Proxy(Object.create(RecordSeal.prototype) as RecordSeal, {
    get(_target, property) {
      const value: unknown = Reflect.get(real(), property)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(real()) : value
    }
  })
}

export const SEAL = lazySeal('mint_unitTestKey')
export const OTHER_SEAL = lazySeal('mint_anotherKey')
