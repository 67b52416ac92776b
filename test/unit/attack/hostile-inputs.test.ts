// Tests the record seal, the push rule, the gap words and the abort race against what an adversary
// controls: a seal string of any length and alphabet, a permission answer of any shape, reader text
// of any size, and a signal shared by many requests. Each must refuse or bound, never throw or leak.
import { getEventListeners } from 'node:events'
import { describe, expect, it } from 'vitest'
import { untilAborted } from '../../../src/api/connections.js'
import { RecordSeal } from '../../../src/core/record-seal.js'
import { type CollaboratorPermission, mayPush } from '../../../src/github/push-rule.js'
import type { FixItem } from '../../../src/render/fix-first.js'
import { itemWordsOf } from '../../../src/render/gap-words.js'
import { decodeState, emptyState, openState, sealState, STATE_MAX_CHARS } from '../../../src/health/state.js'

const seal = RecordSeal.fromApiKey('mint_attackTestKey')
const FIELDS = ['acme/docs#12', 'eyJ2ZXJzaW9uIjoyfQ==']

describe('a hostile seal', () => {
  const good = seal.sign('state', FIELDS)
  const pieces = ['A', '-', '_', '+', '/', '=', ' ', '\n', 'é', '😀', '\ud800', '\u0000', 'Ａ']

  it('of any length and alphabet is refused, never thrown on', () => {
    for (let length = 0; length <= 100; length++) {
      for (const piece of pieces) {
        const text = piece.repeat(length)
        expect(seal.verifies('state', FIELDS, text)).toBe(false)
        // The good seal cut, padded, or with one character changed for a hostile one.
        const mixed = (good + good + good).slice(0, length) + piece
        expect(seal.verifies('state', FIELDS, mixed)).toBe(false)
        expect(seal.verifies('state', FIELDS, good.slice(0, 42) + piece)).toBe(piece === good.at(42))
      }
    }
    expect(seal.verifies('state', FIELDS, `${good}=`)).toBe(false)
    expect(seal.verifies('state', FIELDS, `${good}\n`)).toBe(false)
  })

  it('of 43 base64url characters that are not the seal is refused; the last one varies only in bits base64 drops', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const verified = Array.from(alphabet).filter((last) => seal.verifies('state', FIELDS, good.slice(0, 42) + last))
    // 43 characters carry 258 bits: the 2 the HMAC does not fill are ignored, so 4 spellings decode to the
    // same 32 bytes. Each is the seal itself (no forgery), as a verbatim copy of a record would be.
    expect(verified).toHaveLength(4)
    expect(verified).toContain(good.at(42))
    const index = alphabet.indexOf(good.at(42) as string)
    expect(verified).toEqual([0, 1, 2, 3].map((bits) => alphabet[(index & ~3) + bits]))
    for (let at = 0; at < 42; at++) {
      const other = alphabet[(alphabet.indexOf(good[at] as string) + 1) % 64] as string
      expect(seal.verifies('state', FIELDS, good.slice(0, at) + other + good.slice(at + 1))).toBe(false)
    }
  })
})

describe('a hostile permission answer', () => {
  it('grants nothing unless a field is exactly admin, maintain or write', () => {
    const hostile: unknown[] = [
      '__proto__',
      'constructor',
      'hasOwnProperty',
      'toString',
      'WRITE',
      'write ',
      ' admin',
      'write\u0000',
      '',
      0,
      1,
      NaN,
      true,
      {},
      ['write'],
      { toString: () => 'write' },
      Object('write'),
      Symbol('write'),
      null,
      undefined
    ]
    for (const value of hostile) {
      expect(mayPush({ permission: value } as CollaboratorPermission)).toBe(false)
      expect(mayPush({ role_name: value } as CollaboratorPermission)).toBe(false)
      expect(mayPush({ permission: value, role_name: value } as CollaboratorPermission)).toBe(false)
    }
    expect(mayPush(JSON.parse('{"__proto__": {"permission": "write"}, "role_name": "constructor"}') as CollaboratorPermission)).toBe(false)
    expect(mayPush({ permission: 'read', role_name: 'maintain' })).toBe(true)
    expect(mayPush({ permission: null, role_name: 'write' })).toBe(true)
  })
})

describe('hostile reader text through the gap words', () => {
  const SEARCH: FixItem = { search: 'billing', score: 5, signals: [{ kind: 'no-click', count: 5, search: 'billing' }] }
  const PAGE: FixItem = { page: '/docs/keys', score: 9, signals: [] }

  it('gives a search item no question asked on no page, nor any comment', () => {
    const words = itemWordsOf([SEARCH], {
      assistant: { showReaderText: true, questions: [{ resolutionStatus: 'unanswered', query: 'where?', pageUrl: null, answer: 'x' }] },
      feedback: { showReaderText: true, entries: [{ helpful: false, path: '', comment: 'bad' }] }
    })
    expect(words).toEqual([
      { search: 'billing', questions: [], comments: [], commentCounts: [], searches: [{ search: 'billing', count: 5 }] }
    ])
  })

  it('folds many comments as long as reading keeps (2,000 characters), alike but for case and spacing, into one, and keeps three at most', () => {
    const long = 'a \t\n'.repeat(500)
    const entries = [
      ...Array.from({ length: 2_000 }, (_, i) => ({
        helpful: false,
        path: '/docs/keys',
        comment: i % 2 === 0 ? long : long.toUpperCase()
      })),
      // c0 and c1 a hundred and one times each, the others a hundred.
      ...Array.from({ length: 702 }, (_, i) => ({ helpful: false, path: '/docs/keys', comment: `c${i % 7}` })),
      { helpful: false, path: '/docs/keys', comment: ' \n\t ' }
    ]
    const [words] = itemWordsOf([PAGE], { feedback: { showReaderText: true, entries } }) ?? []
    expect(words?.comments).toHaveLength(3)
    expect(words?.comments[0]).toBe(long)
    expect(words?.comments.slice(1)).toEqual(['c0', 'c1'])
  })
})

describe('a signal shared by many requests', () => {
  it('holds no listener once each request settles, aborted or not', async () => {
    const controller = new AbortController()
    await Promise.all(Array.from({ length: 200 }, (_, i) => untilAborted(Promise.resolve(i), controller.signal)))
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
    const pending = Array.from({ length: 50 }, () => {
      let settle: (value: number) => void = () => undefined
      const request = new Promise<number>((resolve) => (settle = resolve))
      return { settle, raced: untilAborted(request, controller.signal) }
    })
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(50)
    controller.abort(new Error('timed out'))
    for (const { raced } of pending) await expect(raced).rejects.toThrow('timed out')
    for (const { settle } of pending) settle(1)
    await new Promise((resolve) => setImmediate(resolve))
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
    // A request on the signal once aborted is refused at once and leaves no listener when it settles.
    await expect(untilAborted(Promise.resolve(1), controller.signal)).rejects.toThrow('timed out')
    await new Promise((resolve) => setImmediate(resolve))
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })
})

describe('a hostile state block in the docs health issue', () => {
  const OPEN = '<!-- docs-agent-action:state '
  const CLOSE = ' -->'
  const b64 = (text: string): string => Buffer.from(text).toString('base64')
  const state = (extra: object): string => b64(JSON.stringify({ ...emptyState('p'), ...extra }))

  it('is read as no state, never thrown on, sealed or not', () => {
    const blocks = [
      '',
      '====',
      'not base64!',
      'A'.repeat(STATE_MAX_CHARS + 4),
      b64('null'),
      b64('[]'),
      b64('{"__proto__": {"version": 2}}'),
      b64('{"version": 2, "projectId": "p", "periods": [], "gaps": [], "constructor": {"prototype": {"x": 1}}}'.slice(0, -1)),
      state({ projectId: 'other' }),
      state({ gaps: [{ id: '__proto__' }] }),
      state({ periods: Array.from({ length: 13 }, () => ({ dateFrom: 'a', dateTo: 'b', headlines: {} })) })
    ]
    for (const encoded of blocks) {
      const owned = `${OPEN}${encoded}${CLOSE}`
      expect(decodeState(owned, 'p')).toBeUndefined()
      expect(openState(sealState(owned, seal, 'acme/docs#12'), 'p', seal, 'acme/docs#12').state).toBeUndefined()
    }
    // A key that is no headline, __proto__ too, is dropped: the state reads, its objects' prototype untouched.
    const proto = `${OPEN}${b64('{"version":2,"projectId":"p","periods":[{"dateFrom":"a","dateTo":"b","headlines":{"__proto__":{"x":1}}}],"gaps":[]}')}${CLOSE}`
    const read = openState(sealState(proto, seal, 'acme/docs#12'), 'p', seal, 'acme/docs#12').state
    expect(read?.periods[0]?.headlines).toEqual({})
    expect(Object.getPrototypeOf(read?.periods[0]?.headlines)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).x).toBeUndefined()
    // A block never closed, or closed only after another opens, reads as none or as the first alone.
    expect(openState(`${OPEN}${state({})}`, 'p', seal, 'acme/docs#12')).toEqual({ unproven: true })
    expect(decodeState(`${OPEN}${OPEN}${state({})}${CLOSE}`, 'p')).toBeUndefined()
  })
})
