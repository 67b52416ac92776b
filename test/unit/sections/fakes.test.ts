// The fake of the client's analytics read that the sections' tests share (test/support/section-parts.ts)
// finds each endpoint's fake by the endpoint's path, so that a new section's endpoint needs no line in
// the support: every endpoint any section declares reaches a fake of its own name, and none other.
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { AnalyticsEndpoint, DateRange } from '../../../src/api/analytics.js'
import { fakeAnalytics, fakeName } from '../../support/section-parts.js'

/** Every endpoint the sections declare (sections/<name>/schema*.ts), by its path. */
async function sectionEndpoints(): Promise<AnalyticsEndpoint<unknown, DateRange>[]> {
  const root = new URL('../../../src/sections/', import.meta.url)
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => /(^|\/)schema[^/]*\.ts$/.test(file))
  const loaded = await Promise.all(files.map((file) => import(new URL(file, root).href) as Promise<Record<string, unknown>>))
  return loaded.flatMap((module) =>
    Object.entries(module)
      .filter(([name]) => name.endsWith('_ENDPOINT'))
      .map(([, endpoint]) => endpoint as AnalyticsEndpoint<unknown, DateRange>)
  )
}

const range = { dateFrom: '2026-11-14', dateTo: '2026-11-21' }

describe('fakeAnalytics', () => {
  it('names a fake by its endpoint path in camel case', () => {
    expect(['visitors', 'feedback/by-page', 'assistant/caller-stats', 'a-b/c-d2'].map(fakeName)).toEqual([
      'visitors',
      'feedbackByPage',
      'assistantCallerStats',
      'aBCD2'
    ])
  })

  it("hands every section's endpoint to the fake of its path's name, one name for each path", async () => {
    const endpoints = await sectionEndpoints()
    const paths = [...new Set(endpoints.map((endpoint) => endpoint.path))]
    expect(paths).toEqual(
      expect.arrayContaining(['visitors', 'views', 'searches', 'feedback', 'feedback/by-page', 'assistant', 'assistant/caller-stats'])
    )
    const names = paths.map(fakeName)
    expect(new Set(names).size).toBe(paths.length)
    const asked: string[] = []
    const fakes = Object.fromEntries(
      names.map((name) => [name, (projectId: string) => (asked.push(`${name} ${projectId}`), Promise.resolve(name))])
    )
    const api = fakeAnalytics(fakes)
    for (const endpoint of endpoints) await expect(api.analytics(endpoint, 'proj1', range)).resolves.toBe(fakeName(endpoint.path))
    expect(asked).toEqual(endpoints.map((endpoint) => `${fakeName(endpoint.path)} proj1`))
  })

  it('fails a read of an endpoint with no fake', async () => {
    const [endpoint] = await sectionEndpoints()
    if (endpoint === undefined) throw new Error('no section endpoint')
    await expect(fakeAnalytics({}).analytics(endpoint, 'proj1', range)).rejects.toThrow(`no fake of ${endpoint.path}`)
  })
})
