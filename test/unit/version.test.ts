// Tests what a build says of itself (src/version.ts): the version with the build id and the ref the
// workflow names, in the footer and the log's first line, and the User-Agent's product token.
import { describe, expect, it } from 'vitest'
import pkg from '../../package.json' with { type: 'json' }
import { ACTION_BUILD, ACTION_NAME, ACTION_VERSION, buildOf, userAgentProduct, versionText } from '../../src/version.js'

describe('the version a build says', () => {
  it('is package.json name and version, and "dev" for source that runs unbuilt', () => {
    expect(ACTION_NAME).toBe(pkg.name)
    expect(ACTION_VERSION).toBe(pkg.version)
    expect(ACTION_BUILD).toBe('dev')
  })

  it('takes a stamp of 12 hexadecimal digits as the build, and anything else as dev', () => {
    expect(buildOf('3f2a9c1e0b7d')).toBe('3f2a9c1e0b7d')
    expect(buildOf('docs-agent-action:unbuilt')).toBe('dev')
    expect(buildOf('3f2a9c1e0b7')).toBe('dev')
    expect(buildOf('3f2a9c1e0b7d0')).toBe('dev')
    expect(buildOf('x3f2a9c1e0b7d')).toBe('dev')
    expect(buildOf('3F2A9C1E0B7D')).toBe('dev')
    expect(buildOf('3f2a9c1e0b7g')).toBe('dev')
  })

  it('names the build and the ref the workflow uses, a commit by its first 12 digits', () => {
    const v = ACTION_VERSION
    expect(versionText({}, '3f2a9c1e0b7d')).toBe(`${v} (build 3f2a9c1e0b7d)`)
    expect(versionText({})).toBe(`${v} (build dev)`)
    expect(versionText({ GITHUB_ACTION_REF: 'v1' }, '3f2a9c1e0b7d')).toBe(`${v} (build 3f2a9c1e0b7d, ref v1)`)
    expect(versionText({ GITHUB_ACTION_REF: 'A'.repeat(40) }, 'b')).toBe(`${v} (build b, ref ${'a'.repeat(12)})`)
    expect(versionText({ GITHUB_ACTION_REF: 'c'.repeat(64) }, 'b')).toBe(`${v} (build b, ref ${'c'.repeat(12)})`)
    expect(versionText({ GITHUB_ACTION_REF: 'c'.repeat(41) }, 'b')).toBe(`${v} (build b)`)
    expect(versionText({ GITHUB_ACTION_REF: `x${'c'.repeat(39)}` }, 'b')).toBe(`${v} (build b, ref x${'c'.repeat(39)})`)
    expect(versionText({ GITHUB_ACTION_REF: `${'c'.repeat(40)}x` }, 'b')).toBe(`${v} (build b)`)
    expect(versionText({ GITHUB_ACTION_REF: 'release/v1.2_rc-1' }, 'b')).toBe(`${v} (build b, ref release/v1.2_rc-1)`)
    // A ref of other characters, empty, or longer than 40, is not shown.
    expect(versionText({ GITHUB_ACTION_REF: '' }, 'b')).toBe(`${v} (build b)`)
    expect(versionText({ GITHUB_ACTION_REF: 'v1 <b>' }, 'b')).toBe(`${v} (build b)`)
    expect(versionText({ GITHUB_ACTION_REF: 'main\n::error::x' }, 'b')).toBe(`${v} (build b)`)
    expect(versionText({ GITHUB_ACTION_REF: 'r'.repeat(40) }, 'b')).toBe(`${v} (build b, ref ${'r'.repeat(40)})`)
    expect(versionText({ GITHUB_ACTION_REF: 'r'.repeat(41) }, 'b')).toBe(`${v} (build b)`)
  })

  it('gives the User-Agent the version with the build as its build metadata', () => {
    expect(userAgentProduct('3f2a9c1e0b7d')).toBe(`docs-agent-action/${ACTION_VERSION}+3f2a9c1e0b7d`)
    expect(userAgentProduct()).toBe(`docs-agent-action/${ACTION_VERSION}+dev`)
  })
})
