// The seal the in-process tests write and read the action's records with (src/core/record-seal.ts),
// and one of another API key, whose records must never verify.
import { RecordSeal } from '../../src/core/record-seal.js'

export const SEAL = RecordSeal.fromApiKey('mint_unitTestKey')
export const OTHER_SEAL = RecordSeal.fromApiKey('mint_anotherKey')
