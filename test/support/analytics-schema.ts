// The JSON Schema of analytics.json (docs/analytics.schema.json), compiled once, and a check that
// names every place a file breaks it.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'

export const SCHEMA_FILE = resolve(import.meta.dirname, '../../docs/analytics.schema.json')

/** The schema as a program reads it. */
export const ANALYTICS_SCHEMA = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as {
  properties: Record<string, unknown>
  dependentRequired: Record<string, string[]>
  $defs: Record<string, unknown>
}

// Strict: a keyword the validator does not know, or one that does not apply to the type it is given
// with, is an error in the schema. A `required` may name a property its own object does not describe
// (the sections a file must hold one of).
const validate = new Ajv2020({ strict: true, strictRequired: false, allErrors: true, allowUnionTypes: true }).compile(ANALYTICS_SCHEMA)

/**
 * Where and how `file` breaks the schema, one line a place: "/visitors/pages/0/path must match
 * pattern …", "/ must NOT have additional property totals"; empty when it keeps to it. The line
 * that only says a condition's `then` failed is left out: the place it failed has its own line.
 */
export function schemaErrors(file: unknown): string[] {
  if (validate(file)) return []
  return (validate.errors ?? []).flatMap((error) => {
    if (error.keyword === 'if') return []
    const where = error.instancePath || '/'
    if (error.keyword === 'additionalProperties')
      return [`${where} must NOT have additional property ${String(error.params.additionalProperty)}`]
    return [`${where} ${error.message ?? 'is invalid'}`]
  })
}
