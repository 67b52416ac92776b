// Tests "Fix first" (src/report/fix-first.ts): one item a page, joining every signal about it, ranked
// by the documented score; searches with no click joined to the page whose path shares their words,
// or a topic of their own; pages nobody can fix left out; and a bounded amount of work.
import { describe, expect, it } from 'vitest'
import { fixFirst, type Signal, SIGNAL_WEIGHTS } from '../../../src/report/fix-first.js'
import { OTHER_PAGE } from '../../../src/text/page-path.js'

const down = (page: string, count: number): Signal => ({ kind: 'thumbs-down', count, page })
const unhelpful = (page: string, count: number): Signal => ({ kind: 'not-helpful', count, page })
const unanswered = (page: string, count: number): Signal => ({ kind: 'unanswered', count, page })
const search = (text: string | undefined, count: number): Signal => ({ kind: 'no-click', count, search: text })

describe('fixFirst', () => {
  it('weighs thumbs down and not helpful by 3, unanswered questions by 2 and searches with no click by 1', () => {
    expect(SIGNAL_WEIGHTS).toEqual({ 'thumbs-down': 3, 'not-helpful': 3, unanswered: 2, 'no-click': 1 })
  })

  it('joins every signal about a page into one item, and ranks the pages by their score', () => {
    const items = fixFirst([
      down('/quickstart', 4),
      unanswered('/api-reference/webhooks', 6),
      down('/api-reference/webhooks', 14),
      search('webhook retries', 31),
      unhelpful('/api-reference/webhooks', 2),
      unanswered('/quickstart', 1)
    ])
    expect(items.map((item) => [item.page, item.score])).toEqual([
      // 14×3 + 2×3 + 6×2 + 31×1
      ['/api-reference/webhooks', 91],
      ['/quickstart', 14]
    ])
    // The evidence of an item, the weightiest first.
    expect(items[0]?.signals).toEqual([
      down('/api-reference/webhooks', 14),
      search('webhook retries', 31),
      unanswered('/api-reference/webhooks', 6),
      unhelpful('/api-reference/webhooks', 2)
    ])
  })

  it('joins a search to the page that shares the most of its words, a plural like its singular, in any case', () => {
    const items = fixFirst([down('/guides/sso-setup', 1), down('/guides/setup', 3), search('SSO Setups', 5), search('Setup', 2)])
    expect(items.find((item) => item.page === '/guides/sso-setup')?.signals).toContainEqual(search('SSO Setups', 5))
    // A tie in words goes to the page with the higher score (9 against 3 + 5), then to the first path.
    expect(items.find((item) => item.page === '/guides/setup')?.signals).toContainEqual(search('Setup', 2))
  })

  it('joins a search to the page with the most of its words first, then the higher score, then the first path', () => {
    const pageOf = (signals: Signal[], text: string) =>
      fixFirst(signals).find((item) => item.signals.some((signal) => signal.search === text))?.page
    // Two words against one, whatever the scores.
    expect(pageOf([down('/x/sso-setup', 1), down('/y/setup', 5), search('sso setup', 2)], 'sso setup')).toBe('/x/sso-setup')
    // One word each: the higher score, whatever the paths.
    expect(pageOf([down('/a/setup', 1), down('/b/setup', 5), search('setup', 2)], 'setup')).toBe('/b/setup')
    expect(pageOf([down('/b/setup', 5), down('/a/setup', 1), search('setup', 2)], 'setup')).toBe('/b/setup')
    // One word and one score each: the first path.
    expect(pageOf([down('/b/setup', 1), down('/a/setup', 1), search('setup', 2)], 'setup')).toBe('/a/setup')
    expect(pageOf([down('/a/setup', 1), down('/b/setup', 1), search('setup', 2)], 'setup')).toBe('/a/setup')
  })

  it('reads the first twenty words of a search, and none of the words that name no topic', () => {
    const words = Array.from({ length: 20 }, (_, i) => `word${i}`).join(' ')
    expect(fixFirst([down('/guides/setup', 1), search(`${words} setup`, 4)]).map((item) => item.page ?? item.search)).toEqual([
      `${words} setup`,
      '/guides/setup'
    ])
    expect(fixFirst([down('/guides/how-it-works', 1), search('how', 9)]).map((item) => item.page ?? item.search)).toEqual([
      'how',
      '/guides/how-it-works'
    ])
  })

  it('makes a search that matches no page a topic of its own, counting alike searches together', () => {
    const items = fixFirst([down('/quickstart', 1), search('pricing', 7), search('Pricing ', 2), search('how to', 9)])
    expect(items.map((item) => [item.page ?? item.search, item.score])).toEqual([
      ['how to', 9],
      ['pricing', 9],
      ['/quickstart', 3]
    ])
  })

  it('leaves out pages that are not paths of the site, searches without text and signals that count nothing', () => {
    expect(fixFirst([down(OTHER_PAGE, 50), search(undefined, 40), search('  ', 3), down('/a', 0), unanswered('/b', -1)])).toEqual([])
  })

  it('leaves out counts beyond any real traffic, so that no score is Infinity', () => {
    expect(
      fixFirst([down('/a', 1e308), down('/b', Infinity), down('/c', Number.NaN), down('/d', 2)]).map((item) => [item.page, item.score])
    ).toEqual([['/d', 6]])
  })

  it('lists five items at most, ties in order of their path', () => {
    const items = fixFirst(['/f', '/e', '/d', '/c', '/b', '/a'].map((page) => down(page, 1)))
    expect(items.map((item) => item.page)).toEqual(['/a', '/b', '/c', '/d', '/e'])
    expect(fixFirst([down('/a', 1), down('/b', 2)], 1).map((item) => item.page)).toEqual(['/b'])
  })

  it('compares only a bounded number of searches and pages, however many were read', () => {
    const pages = Array.from({ length: 20_000 }, (_, i) => down(`/docs/topic-${i}/common-word`, 1 + (i % 7)))
    const searches = Array.from({ length: 20_000 }, (_, i) => search(`common word topic ${i} ${'x'.repeat(i % 50)}`, 1 + (i % 5)))
    const items = fixFirst([...pages, ...searches])
    expect(items).toHaveLength(5)
    expect(items.every((item) => item.score > 0)).toBe(true)
  })
})
