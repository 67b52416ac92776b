// Tests the catalog of sections (src/core/catalog.ts) and the wiring on top of it
// (src/run/wiring.ts) by what they do: each renderer writes the catalog's headlines, outputs and
// files; an alert rule is taken over a headline only when its section is read (and per cent only
// over one a run can compare); and (checked by `npm run typecheck`, which covers test/) the compiler rejects
// a catalog entry or a wiring that misses a piece.
import { existsSync, readdirSync } from 'node:fs'
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  HEADLINE_NAMES,
  type HeadlineEntry,
  type HeadlineKey,
  SECTION_CATALOG,
  SECTION_NAMES,
  sectionCatalog,
  type SectionName
} from '../../../src/core/catalog.js'
import { InputError } from '../../../src/core/input-error.js'
import { readInputs } from '../../../src/run/inputs.js'
import { type SectionReport, SECTIONS, sectionRendererOf, wiring } from '../../../src/run/wiring.js'
import { searchesPart } from '../../../src/sections/searches/read.js'
import { searchesRenderer } from '../../../src/sections/searches/render.js'
import { visitorsPart } from '../../../src/sections/traffic/read-visitors.js'
import { visitorsRenderer } from '../../../src/sections/traffic/render-visitors.js'

/**
 * A report of section `name` that read everything: the builder `<name>Report()` that the section's
 * own tests keep (test/unit/sections/<folder>/reports.ts), so that a new section brings its own.
 */
async function wholeReport(name: SectionName): Promise<SectionReport> {
  const folders = new URL('./', import.meta.url)
  const modules = readdirSync(folders, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/reports.ts`, folders)))
    .map((entry) => import(new URL(`${entry.name}/reports.ts`, folders).href) as Promise<Record<string, unknown>>)
  const builders = (await Promise.all(modules)).flatMap((module) => {
    const builder = module[`${name}Report`]
    return typeof builder === 'function' ? [builder as () => SectionReport] : []
  })
  expect(builders, `${name}Report in test/unit/sections/*/reports.ts`).toHaveLength(1)
  return (builders[0] as () => SectionReport)()
}

const NOW = new Date('2026-11-14T15:30:00Z')

/** A copy of the value without one of its fields. */
function without<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  return Object.fromEntries(Object.entries(value).filter(([name]) => name !== key)) as Omit<T, K>
}

/** A whole entry of a scratch section, to take pieces from. */
const SCRATCH = {
  failureName: 'Scratch analytics',
  banner: 'Scratch',
  noun: 'scratch rows',
  reads: [{ key: 'scratch', name: 'scratch rows' }],
  comparison: 'scratch:previous',
  readsReaderText: false,
  gapSignal: false,
  headlines: { scratchRows: { label: 'Scratch rows', comparable: true } },
  outputs: ['scratchTotal'],
  files: ['scratch.csv']
} as const

describe('the catalog of sections', () => {
  it('names each headline the renderers show, in the order a report of every section shows them', async () => {
    const shown = []
    for (const name of SECTION_NAMES) {
      const report = await wholeReport(name)
      shown.push(
        ...sectionRendererOf(report)
          .headlines(report)
          .map((h) => h.key)
      )
    }
    expect(Object.keys(HEADLINE_NAMES)).toEqual(shown)
    // The names people read for these sections' headlines; a section added to the catalog adds its own after them.
    expect(HEADLINE_NAMES).toMatchObject({
      visitorsHuman: 'Human visitors',
      visitorsAi: 'AI visitors',
      views: 'Page views',
      searches: 'Searches',
      searchesNoClick: 'Searches with no click',
      thumbsDown: 'Thumbs down',
      assistantQuestions: 'Assistant questions',
      assistantUnanswered: 'Unanswered questions'
    })
  })

  it.each(SECTION_NAMES)('takes an alert rule over each %s headline only when that section is read', async (name) => {
    const report = await wholeReport(name)
    const other = SECTION_NAMES.find((section) => section !== name) ?? name
    const inputs = (analytics: string, alerts: string): Record<string, string> => ({
      apiKey: 'mint_abc',
      projectId: 'proj',
      analytics,
      alerts
    })
    const refusal = (values: Record<string, string>): string | undefined => {
      try {
        readInputs((input) => values[input] ?? '', NOW)
        return undefined
      } catch (error) {
        expect(error).toBeInstanceOf(InputError)
        return (error as Error).message
      }
    }
    for (const { key } of sectionRendererOf(report).headlines(report)) {
      expect(refusal(inputs(name, `${key} > 1`)), key).toBeUndefined()
      expect(refusal(inputs(other, `${key} > 1`)), key).toContain(`which the ${name} section gives`)
    }
  })

  it('refuses a per-cent alert rule over a headline whose earlier value would take every page of the earlier period, and takes one over the others', () => {
    const refusal = (alerts: string): string | undefined => {
      try {
        readInputs((input) => ({ apiKey: 'mint_abc', projectId: 'proj', analytics: 'all', alerts })[input] ?? '', NOW)
        return undefined
      } catch (error) {
        expect(error).toBeInstanceOf(InputError)
        return (error as Error).message
      }
    }
    for (const key of ['searchesNoClick', 'assistantUnanswered'])
      expect(refusal(`${key} > +10%`), key).toContain('which the report never reads')
    for (const key of ['searches', 'thumbsDown', 'visitorsHuman', 'assistantQuestions'])
      expect(refusal(`${key} > +10%`), key).toBeUndefined()
  })

  it('gives every read, comparison, output and file one section only', () => {
    const all = SECTION_NAMES.flatMap((name) => {
      const entry = SECTION_CATALOG[name]
      return [...entry.reads.map((read) => read.key), entry.comparison, ...entry.outputs, ...entry.files]
    })
    expect(new Set(all).size).toBe(all.length)
  })

  it.each(SECTION_NAMES)('is what the %s renderer writes: its headlines, outputs and files', async (name) => {
    const entry = SECTION_CATALOG[name]
    const report = await wholeReport(name)
    expect(report.kind).toBe(name)
    const renderer = sectionRendererOf(report)
    const headlines: Readonly<Record<string, HeadlineEntry>> = entry.headlines
    expect(renderer.headlines(report).map((h) => h.key)).toEqual(Object.keys(headlines))
    expect(Object.keys(renderer.outputs(report))).toEqual(entry.outputs)
    expect(renderer.csv(report).map((file) => file.name)).toEqual(entry.files)
  })

  it('has the compiler reject an entry that misses a piece', () => {
    expectTypeOf(SECTION_CATALOG.searches.headlines.searchesNoClick.comparable).toEqualTypeOf<false>()
    expectTypeOf<
      | 'visitorsHuman'
      | 'visitorsAi'
      | 'views'
      | 'searches'
      | 'searchesNoClick'
      | 'thumbsDown'
      | 'assistantQuestions'
      | 'assistantUnanswered'
    >().toExtend<HeadlineKey>()
    expect(Object.keys(sectionCatalog({ scratch: SCRATCH }))).toEqual(['scratch'])
    // @ts-expect-error a section without its reads
    sectionCatalog({ scratch: without(SCRATCH, 'reads') })
    // @ts-expect-error a section without the read of its comparison
    sectionCatalog({ scratch: without(SCRATCH, 'comparison') })
    // @ts-expect-error a section with no read at all
    sectionCatalog({ scratch: { ...SCRATCH, reads: [] } })
    // @ts-expect-error a headline without whether it can be compared in one request
    sectionCatalog({ scratch: { ...SCRATCH, headlines: { scratchRows: { label: 'Scratch rows' } } } })
    // @ts-expect-error a headline without its label
    sectionCatalog({ scratch: { ...SCRATCH, headlines: { scratchRows: { comparable: true } } } })
  })

  it('has the compiler reject wiring that misses a section, a part or a renderer, or wires a section the catalog lacks', () => {
    const whole = { ...SECTIONS }
    expect(Object.keys(wiring(whole))).toEqual(SECTION_NAMES)
    // @ts-expect-error a section of the catalog with no wiring
    wiring(without(whole, 'assistant'))
    // @ts-expect-error wiring of a section the catalog does not have
    wiring({ ...whole, scratch: { part: visitorsPart, render: visitorsRenderer } })
    // @ts-expect-error an entry without its renderer
    wiring({ ...whole, searches: { part: searchesPart } })
    // @ts-expect-error an entry without its part
    wiring({ ...whole, searches: { render: searchesRenderer } })
    // @ts-expect-error an entry whose part reads another section
    wiring({ ...whole, searches: { part: visitorsPart, render: searchesRenderer } })
  })
})
