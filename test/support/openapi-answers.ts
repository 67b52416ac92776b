// Answers the vendor's OpenAPI documents allow (test/contract/*.json), made at random: a fast-check
// arbitrary for each schema, and a loopback server that answers every documented path with a value of
// its success schema. Made for the contract test: no run may fail on an answer the documents allow.
// The schema forms the documents use are handled (`$ref`, `anyOf`, `enum`, a type or a list of types,
// `nullable`, objects with `required`, arrays, the formats `date-time`, `uri` and `ulid`, `minimum`
// and `maximum`); another throws, so that a new form in the documents is seen, not skipped.
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import fc from 'fast-check'

type Schema = Record<string, unknown>

interface Document {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>
  components?: { schemas?: Record<string, Schema> }
}

/** The vendor's documents, as stored in the repository. */
export function openApiDocuments(): Document[] {
  return ['admin-openapi.json', 'analytics.openapi.json'].map(
    (file) => JSON.parse(readFileSync(resolve(import.meta.dirname, '../contract', file), 'utf8')) as Document
  )
}

const KNOWN = new Set(['type', 'format', 'enum', 'anyOf', '$ref', 'items', 'properties', 'required', 'nullable', 'minimum', 'maximum'])
const IGNORED = new Set(['description', 'example', 'examples', 'title', 'additionalProperties', 'default', 'deprecated'])

const ULID = fc.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/)
const DATE_TIME = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString())

/** An arbitrary of the values `schema` allows, `$ref`s resolved in `doc`. */
export function arbitraryOf(schema: Schema, doc: Document): fc.Arbitrary<unknown> {
  for (const key of Object.keys(schema)) {
    if (!KNOWN.has(key) && !IGNORED.has(key)) throw new Error(`the contract's generator does not know the schema keyword ${key}`)
  }
  const ref = schema.$ref
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '')
    const target = doc.components?.schemas?.[name]
    if (!target) throw new Error(`no schema ${ref}`)
    return fc.constant(null).chain(() => arbitraryOf(target, doc))
  }
  const plain = (): fc.Arbitrary<unknown> => {
    if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Schema[]).map((s) => arbitraryOf(s, doc)))
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string]
    return fc.oneof(...types.map((type) => ofType(type, schema, doc)))
  }
  return schema.nullable === true ? fc.option(plain(), { nil: null }) : plain()
}

function ofType(type: string, schema: Schema, doc: Document): fc.Arbitrary<unknown> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined
  switch (type) {
    case 'string':
      if (schema.format === 'date-time') return DATE_TIME
      if (schema.format === 'uri') return fc.webUrl()
      if (schema.format === 'ulid') return ULID
      if (schema.format !== undefined) throw new Error(`the contract's generator does not know the format ${JSON.stringify(schema.format)}`)
      return fc.string({ maxLength: 40, unit: 'binary' })
    case 'integer':
      return fc.integer({ min: min ?? -1_000_000, max: max ?? 1_000_000 })
    case 'number':
      return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(arbitraryOf((schema.items ?? {}) as Schema, doc), { maxLength: 4 })
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>
      const required = (schema.required ?? []) as string[]
      const fields = Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, arbitraryOf(s, doc)]))
      return fc.record(fields, { requiredKeys: required.filter((name) => name in fields) })
    }
    default:
      throw new Error(`the contract's generator does not know the type ${type}`)
  }
}

/** The success schema of a request, from the documents: the first 2xx answer of the path and method that match. */
export function successSchema(
  docs: readonly Document[],
  method: string,
  path: string
): { schema: Schema; doc: Document; status: number } | undefined {
  for (const doc of docs) {
    for (const [template, operations] of Object.entries(doc.paths)) {
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`)
      if (!pattern.test(path)) continue
      const operation = operations[method.toLowerCase()]
      const [status, answer] = Object.entries(operation?.responses ?? {}).find(([code]) => /^2\d\d$/.test(code)) ?? []
      const schema = answer?.content?.['application/json']?.schema
      if (status !== undefined && schema !== undefined) return { schema, doc, status: Number(status) }
    }
  }
  return undefined
}

export interface ContractServer {
  url: string
  /** Every request answered, as `METHOD path`. */
  requests: string[]
  /** The value of each answer, in the order of `requests` (undefined for a 404). */
  answers: unknown[]
  close(): Promise<void>
}

/**
 * A server on 127.0.0.1 that answers each documented request with a value its success schema allows,
 * drawn with `seed` (a new value for each request), and 404 to anything else.
 */
export async function startContractServer(seed: number): Promise<ContractServer> {
  const docs = openApiDocuments()
  const requests: string[] = []
  const answers: unknown[] = []
  let draws = 0
  const server: Server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
      requests.push(`${req.method ?? ''} ${path}`)
      const found = successSchema(docs, req.method ?? 'GET', path)
      if (!found) {
        answers.push(undefined)
        res.writeHead(404, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ error: 'Not found' }))
        return
      }
      const [value] = fc.sample(arbitraryOf(found.schema, found.doc), { seed: seed + draws++, numRuns: 1 })
      answers.push(value)
      res.writeHead(found.status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(value))
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answers,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => {
          done()
        })
      })
  }
}
