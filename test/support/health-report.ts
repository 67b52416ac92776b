// What the docs health report must give for the emulator's data, for the end-to-end tests and the
// fault suite: every section of the catalog, each as its own tests state it
// (test/unit/sections/<folder>/expected.ts, `<section>Expected`), collected here by walking the
// catalog, so that a new section is checked with the others and nothing here names one.
import { existsSync, readdirSync } from 'node:fs'
import { SECTION_NAMES, type SectionName } from '../../src/core/catalog.js'
import type { Emulator } from '../emulator/emulator.js'
import { endpointPattern, type FaultRead, type SectionExpectations, type Site } from './section-expectations.js'

export { pagesOf, type Site } from './section-expectations.js'

/** The `analytics` input of the runs that check the report's numbers: every section of the catalog. */
export const REPORT_SECTIONS = 'all'

/** The sections the report reads, in report order. */
export const REPORT: readonly SectionName[] = SECTION_NAMES

/** Each section's expectations, found in its tests' folder by the name `<section>Expected`: exactly one each. */
async function collect(): Promise<Readonly<Record<SectionName, SectionExpectations>>> {
  const folders = new URL('../unit/sections/', import.meta.url)
  const modules = await Promise.all(
    readdirSync(folders, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/expected.ts`, folders)))
      .map((entry) => import(new URL(`${entry.name}/expected.ts`, folders).href) as Promise<Record<string, unknown>>)
  )
  return Object.fromEntries(
    SECTION_NAMES.map((name) => {
      const found = modules.flatMap((module) => (module[`${name}Expected`] === undefined ? [] : [module[`${name}Expected`]]))
      if (found.length !== 1) throw new Error(`${found.length} of ${name}Expected in test/unit/sections/*/expected.ts, not 1`)
      return [name, found[0] as SectionExpectations]
    })
  ) as Record<SectionName, SectionExpectations>
}

/** Every section's expectations, by name. */
export const EXPECTED = await collect()

/** Adds `more` to `counts`, by key. */
function add(counts: Record<string, number>, more: Record<string, number>): Record<string, number> {
  for (const [key, count] of Object.entries(more)) counts[key] = (counts[key] ?? 0) + count
  return counts
}

/** The outputs of `sections` for the emulator's data and the site given to the visitors endpoint. */
export function expectedOutputs(site: Site, sections: readonly SectionName[] = REPORT): Record<string, string> {
  return Object.assign({}, ...sections.map((name) => EXPECTED[name].outputs(site))) as Record<string, string>
}

/**
 * The fewest requests the API allows for `sections`, by endpoint: every page, and with `compare`
 * (the default input) one request each for the previous period.
 */
export function minimumRequests(site: Site, compare = true, sections: readonly SectionName[] = REPORT): Record<string, number> {
  return sections.reduce((counts, name) => add(counts, EXPECTED[name].minimumRequests(site, compare)), {})
}

/** The fewest requests the API allows for one section, all its endpoints together (as analytics.json counts them). */
export const requestsOf = (section: SectionName, site: Site, compare = true): number =>
  Object.values(EXPECTED[section].minimumRequests(site, compare)).reduce((total, count) => total + count, 0)

/** The endpoints the comparisons of `sections` ask, in report order. */
export const comparedEndpoints = (sections: readonly SectionName[] = REPORT): string[] => sections.map((name) => EXPECTED[name].comparedAt)

/** The first endpoint each of `sections` reads, one request each (a budget that gives each section only its first read). */
export function firstRequests(sections: readonly SectionName[] = REPORT): Record<string, number> {
  return sections.reduce((counts, name) => add(counts, { [EXPECTED[name].endpoints[0]]: 1 }), {})
}

/** A read of a section, with the section it reads, the section's h2 and the endpoint of its comparison. */
export interface SectionRead extends FaultRead {
  section: SectionName
  heading: string
  comparedAt: string
}

/** The reads of `sections` that the fault scenarios fail one at a time, in report order. */
export const sectionReads = (sections: readonly SectionName[] = REPORT): SectionRead[] =>
  sections.flatMap((section) =>
    EXPECTED[section].reads.map((read) => ({
      ...read,
      section,
      heading: EXPECTED[section].heading.text,
      comparedAt: EXPECTED[section].comparedAt
    }))
  )

/** The h2s of a report of `sections`, each with its icon unless `marked` gives another; a section shown only when marked is left out otherwise. */
export function headingsWith(marked: Partial<Record<string, string>>, sections: readonly SectionName[] = REPORT): string[] {
  return sections.flatMap((name) => {
    const { text, icon, whole } = EXPECTED[name].heading
    const mark = marked[text]
    return whole || mark !== undefined ? [`${mark ?? icon} ${text}`] : []
  })
}

const ENDPOINTS: ReadonlySet<string> = new Set(REPORT.flatMap((name) => EXPECTED[name].endpoints))

/** The pattern of an endpoint's path, exactly, by its name in the request log; one no section reads is an error. */
export function pathOf(endpoint: string): RegExp {
  if (!ENDPOINTS.has(endpoint)) throw new Error(`no section reads the endpoint ${endpoint}`)
  return endpointPattern(endpoint)
}

/** The analytics requests the emulator received from `since` on, by endpoint ("visitors", "feedback/by-page"…). */
export function requestsByEndpoint(emu: Emulator, since = 0): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const request of emu.requests.slice(since)) {
    const [version, area, , ...rest] = request.path.split('/').slice(1)
    if (version !== 'v1' || area !== 'analytics') continue
    const endpoint = rest.join('/')
    counts[endpoint] = (counts[endpoint] ?? 0) + 1
  }
  return counts
}

/** The cursor the emulator gives for the row at `offset` of an endpoint paged by cursor (base64url of "endpoint:offset"). */
export function emulatorCursor(endpoint: string, offset: number): string {
  return Buffer.from(`${endpoint}:${offset}`, 'utf8').toString('base64url')
}
