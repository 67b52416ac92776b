// The seal of the records the action leaves on GitHub (the docs health issue's state, the job records
// in its comments and check runs, the note on the agent's pull request, a refusal): an HMAC-SHA256 of
// the record's fields under a key derived from the API key, which only the workflow holds. Another
// app, a workflow or a person can copy a record or write one that looks the same, but cannot seal it,
// so a record is believed only when its seal verifies. The derived key never leaves this object: it
// is not a field, and the object shows as "[record seal]" however it is printed.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { inspect } from 'node:util'

/** What the key is derived for: a new version of the records takes a new label, and so a new key. */
const DOMAIN = 'docs-agent-action records v1'
/** A seal as it is written: base64url of the 32 bytes of the HMAC, without padding. */
export const SEAL_PATTERN = '[A-Za-z0-9_-]{43}'
const SEAL = new RegExp(`^${SEAL_PATTERN}$`)

export class RecordSeal {
  readonly #key: Buffer

  private constructor(key: Buffer) {
    this.#key = key
  }

  /** The seal of the records kept with `apiKey`: HMAC(apiKey, "docs-agent-action records v1") is its key. */
  static fromApiKey(apiKey: string): RecordSeal {
    return new RecordSeal(createHmac('sha256', apiKey).update(DOMAIN).digest())
  }

  private mac(kind: string, fields: readonly string[]): Buffer {
    // JSON frames each field, so that no two lists of fields read the same; a string is hashed as UTF-8.
    return createHmac('sha256', this.#key)
      .update(JSON.stringify([kind, ...fields]))
      .digest()
  }

  /** The seal of a record of `kind` made of `fields`. */
  sign(kind: string, fields: readonly string[]): string {
    return this.mac(kind, fields).toString('base64url')
  }

  /** Whether `seal` is the seal of this record, compared in constant time. */
  verifies(kind: string, fields: readonly string[], seal: string | undefined): boolean {
    if (seal === undefined || !SEAL.test(seal)) return false
    // 43 characters of base64url are always 32 bytes, the length of the HMAC.
    return timingSafeEqual(Buffer.from(seal, 'base64url'), this.mac(kind, fields))
  }

  toString(): string {
    return '[record seal]'
  }

  toJSON(): string {
    return '[record seal]'
  }

  [inspect.custom](): string {
    return '[record seal]'
  }
}
