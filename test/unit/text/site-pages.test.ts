// Tests the site's page list read from its navigation (src/text/site-pages.ts): every shape of
// docs.json and mint.json that nests pages, and a file as hostile as any text.
import { describe, expect, it } from 'vitest'
import {
  NAVIGATION_MAX_DEPTH,
  navigationPages,
  SITE_CONFIG_FILES,
  SITE_CONFIG_MAX_BYTES,
  SITE_PAGES_MAX
} from '../../../src/text/site-pages.js'

/** The pages a configuration lists, sorted; or why it lists none. */
function pagesOf(config: unknown): string[] | string {
  const read = navigationPages(typeof config === 'string' ? config : JSON.stringify(config))
  return 'pages' in read ? [...read.pages].sort() : read.why
}

describe('navigationPages', () => {
  it('reads docs.json before mint.json', () => {
    expect(SITE_CONFIG_FILES).toEqual(['docs.json', 'mint.json'])
  })

  it('takes the pages of groups nested in tabs, anchors, dropdowns, products, versions, languages and menus', () => {
    const docs = {
      name: 'Acme',
      navigation: {
        languages: [
          {
            language: 'en',
            versions: [
              {
                version: 'v2',
                tabs: [
                  {
                    tab: 'Guides',
                    groups: [
                      { group: 'Start', pages: ['quickstart', { group: 'Deploy', root: 'guides/deploy', pages: ['guides/deploy/vercel'] }] }
                    ]
                  },
                  { tab: 'API', menu: [{ item: 'Webhooks', pages: ['api-reference/webhooks'] }] }
                ]
              }
            ]
          },
          { language: 'es', anchors: [{ anchor: 'Guías', pages: ['es/quickstart'] }] }
        ],
        dropdowns: [{ dropdown: 'SDKs', products: [{ product: 'Node', groups: [{ group: 'Node', pages: ['sdk/node'] }] }] }],
        global: { anchors: [{ anchor: 'Blog', href: 'https://acme.example/blog' }] }
      }
    }
    expect(pagesOf(docs)).toEqual([
      '/api-reference/webhooks',
      '/es/quickstart',
      '/guides/deploy',
      '/guides/deploy/vercel',
      '/quickstart',
      '/sdk/node'
    ])
  })

  it('takes the pages of mint.json, whose navigation is a list of groups', () => {
    const mint = {
      name: 'Acme',
      tabs: [{ name: 'API', url: 'api-reference' }],
      navigation: [
        { group: 'Get started', pages: ['introduction', '/settings/migration'] },
        { group: 'API', pages: [{ group: 'Users', pages: ['api-reference/users/create'] }] }
      ]
    }
    expect(pagesOf(mint)).toEqual(['/api-reference/users/create', '/introduction', '/settings/migration'])
  })

  it('serves an index page at its folder too', () => {
    expect(pagesOf({ navigation: { pages: ['index', 'guides/index'] } })).toEqual(['/', '/guides', '/guides/index', '/index'])
  })

  it('leaves out what is no page path: an operation, a URL, a query, a long path, a number, a label key', () => {
    const navigation = {
      pages: ['GET /users', 'https://evil.example/a', 'a?b', 'a'.repeat(200), 7, null, 'ok'],
      group: 'not-a-page',
      href: 'outside',
      root: 42
    }
    expect(pagesOf({ navigation })).toEqual(['/ok'])
    // A `pages` that is no list is walked as any other value: a string is no page, an object's lists are read.
    expect(
      pagesOf({ navigation: { pages: 'quickstart', tabs: [{ pages: { groups: [{ pages: ['deep'] }], x: ['not-a-page'] } }] } })
    ).toEqual(['/deep'])
    expect(pagesOf({ navigation: { pages: ['a'.repeat(199)] } })).toEqual([`/${'a'.repeat(199)}`])
  })

  it('says why a file lists no page: not JSON, no navigation, too large', () => {
    expect(pagesOf('{"navigation": ')).toBe('it is not JSON')
    expect(pagesOf({ name: 'Acme' })).toBe('it has no navigation')
    expect(pagesOf({ navigation: 'quickstart' })).toBe('it has no navigation')
    expect(pagesOf({ navigation: null })).toBe('it has no navigation')
    expect(pagesOf('null')).toBe('it has no navigation')
    expect(pagesOf('"text"')).toBe('it has no navigation')
    expect(pagesOf({ navigation: {} })).toEqual([])
    const padded = (bytes: number): string => {
      const head = '{"navigation":{"pages":["a"]},"x":"'
      return `${head}${'é'.repeat(Math.floor((bytes - head.length - 2) / 2))}${(bytes - head.length - 2) % 2 === 1 ? 'e' : ''}"}`
    }
    expect(Buffer.byteLength(padded(SITE_CONFIG_MAX_BYTES))).toBe(SITE_CONFIG_MAX_BYTES)
    expect(pagesOf(padded(SITE_CONFIG_MAX_BYTES))).toEqual(['/a'])
    // Counted in bytes, not characters: two-byte characters reach the bound in half as many.
    expect(pagesOf(padded(SITE_CONFIG_MAX_BYTES + 1))).toBe(`it is larger than ${SITE_CONFIG_MAX_BYTES} bytes`)
  })

  it('reads no deeper than NAVIGATION_MAX_DEPTH, however deep the file nests', () => {
    const nested = (depth: number, page: string): unknown => {
      let value: unknown = { pages: [page] }
      for (let i = 1; i < depth; i++) value = { groups: [value] }
      return value
    }
    // Each level is an object and the array that holds it: `depth` objects take 2 × depth - 1 steps.
    const deepest = (NAVIGATION_MAX_DEPTH + 2) / 2
    expect(pagesOf({ navigation: nested(deepest, 'kept') })).toEqual(['/kept'])
    expect(pagesOf({ navigation: nested(deepest + 1, 'cut') })).toEqual([])
    // Lists nested in lists are read as well.
    expect(pagesOf({ navigation: [[{ pages: ['a', [[{ pages: ['b'] }]]] }]] })).toEqual(['/a', '/b'])
    const hostile = `{"navigation":${'['.repeat(100_000)}${']'.repeat(100_000)}}`
    expect(pagesOf(hostile)).toEqual([])
  })

  it('keeps at most SITE_PAGES_MAX pages', () => {
    const pages = Array.from({ length: SITE_PAGES_MAX + 5 }, (_, i) => `p${i}`)
    const read = navigationPages(JSON.stringify({ navigation: { pages } }))
    expect('pages' in read && read.pages.size).toBe(SITE_PAGES_MAX)
    expect('pages' in read && read.pages.has(`/p${SITE_PAGES_MAX - 1}`)).toBe(true)
    expect('pages' in read && read.pages.has(`/p${SITE_PAGES_MAX}`)).toBe(false)
  })
})
