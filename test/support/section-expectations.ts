// What a section must give for the emulator's data, as each section's own tests state it
// (test/unit/sections/<folder>/expected.ts, `<section>Expected`): the shape, and the helpers those
// files share. test/support/health-report.ts collects one for every section of the catalog.

/** The site the tests give the visitors endpoint, which has no data of its own (test/support/visitors.js): its pages. */
export interface Site {
  pages: number
}

/** One read of a section as the fault scenarios name and judge it when it fails. */
export interface FaultRead {
  /** Its endpoint, as the emulator's request log names it. */
  endpoint: string
  /** The read in the words of docs/reliability.md: "A page views request". */
  label: string
  /** How an error names the read. */
  reading: string
  /** Paged by a cursor: the service's words about it can echo what readers typed, and are left out where reader text is hidden. */
  cursor?: true
  /** Requests of its section answered before it: its first read's page, and the comparison after it. */
  before?: number
  /** Before the read's own error, when an earlier read of its section was answered. */
  incomplete?: string
  /** The section's outputs when this read fails on every try. */
  outputsIfFailed: Record<string, string>
  /** What the read is called in warnings and partial reasons, for reads that page. */
  pages?: string
}

/** What a section gives for the emulator's data, and how the summary and the request log show it. */
export interface SectionExpectations {
  /** Its endpoints as the emulator's request log names them (the path after the project), the one read first first. */
  endpoints: readonly [string, ...string[]]
  /** The endpoint its comparison with the previous period asks. */
  comparedAt: string
  /** Its outputs. */
  outputs(site: Site): Record<string, string>
  /** The fewest requests the API allows for its data, by endpoint: every page, and with `compare` the comparison. */
  minimumRequests(site: Site, compare: boolean): Record<string, number>
  /** Its h2 in the summary: the text after the icon, the icon, and whether a report that read it whole shows it. */
  heading: { text: string; icon: string; whole: boolean }
  /** Its reads as the fault scenarios fail them one at a time, in the order it makes them. */
  reads: readonly FaultRead[]
}

/** Requests to read `rows` rows at `limit` a request: one when there are none. */
export const pagesOf = (rows: number, limit: number): number => Math.max(1, Math.ceil(rows / limit))

/** The pattern of an endpoint's path, exactly (feedback is not feedback/by-page). */
export const endpointPattern = (endpoint: string): RegExp => new RegExp(`/${endpoint.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
