// Tests whether the run's repository counts as private (src/github/repository-visibility.ts): only a
// payload that says so makes it private; no payload (runner.test.ts reads it) counts as public.
import { describe, expect, it } from 'vitest'
import { isPrivateIn } from '../../../src/github/repository-visibility.js'

describe('isPrivateIn', () => {
  it('is true only when the payload’s repository says private: true', () => {
    expect(isPrivateIn({ repository: { private: true, name: 'docs' } })).toBe(true)
    expect(isPrivateIn({ repository: { private: false } })).toBe(false)
    expect(isPrivateIn({ repository: { private: 'true' } })).toBe(false)
    expect(isPrivateIn({ repository: { private: 1 } })).toBe(false)
    expect(isPrivateIn({ repository: {} })).toBe(false)
  })

  it('is false for an internal repository, which says private: true and visibility: internal', () => {
    expect(isPrivateIn({ repository: { private: true, visibility: 'internal' } })).toBe(false)
    expect(isPrivateIn({ repository: { private: true, visibility: 'public' } })).toBe(false)
    expect(isPrivateIn({ repository: { private: true, visibility: 'INTERNAL' } })).toBe(false)
    expect(isPrivateIn({ repository: { private: true, visibility: null } })).toBe(false)
    expect(isPrivateIn({ repository: { private: false, visibility: 'private' } })).toBe(false)
    expect(isPrivateIn({ repository: { private: true, visibility: 'private' } })).toBe(true)
  })

  it('is false for a payload without a repository object', () => {
    expect(isPrivateIn({})).toBe(false)
    expect(isPrivateIn({ private: true })).toBe(false)
    expect(isPrivateIn({ repository: null })).toBe(false)
    expect(isPrivateIn({ repository: 'private' })).toBe(false)
    expect(isPrivateIn({ repository: true })).toBe(false)
  })

  it('is false for a payload that is not an object', () => {
    expect(isPrivateIn(null)).toBe(false)
    expect(isPrivateIn(undefined)).toBe(false)
    expect(isPrivateIn('{"repository":{"private":true}}')).toBe(false)
    expect(isPrivateIn(1)).toBe(false)
    expect(isPrivateIn(true)).toBe(false)
  })

  it('takes no function for an object, payload or repository', () => {
    expect(isPrivateIn(Object.assign(() => undefined, { repository: { private: true } }))).toBe(false)
    expect(isPrivateIn({ repository: Object.assign(() => undefined, { private: true }) })).toBe(false)
  })
})
