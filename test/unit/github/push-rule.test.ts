// The one rule for who may make the action work on their word, as GitHub's collaborator permission
// answer gives it: the same for a /docs command and a tick in the docs health issue.
import { describe, expect, it } from 'vitest'
import { mayPush } from '../../../src/github/push-rule.js'

describe('who may push', () => {
  it.each([
    ['an admin', { permission: 'admin', role_name: 'admin' }],
    ['a maintainer, whose legacy level reads write', { permission: 'write', role_name: 'maintain' }],
    ['a maintainer, as an older server answers', { permission: 'maintain' }],
    ['a writer', { permission: 'write', role_name: 'write' }],
    ['a custom role built on write', { permission: 'write', role_name: 'docs-editor' }],
    ['a maintainer whose legacy level is missing', { permission: null, role_name: 'maintain' }],
    ['a role that pushes though the legacy level reads read', { permission: 'read', role_name: 'write' }]
  ])('lets %s', (_, answer) => {
    expect(mayPush(answer)).toBe(true)
  })

  it.each([
    ['a triager, whose legacy level reads read', { permission: 'read', role_name: 'triage' }],
    ['a reader', { permission: 'read', role_name: 'read' }],
    ['someone without access', { permission: 'none', role_name: null }],
    ['an answer without fields', {}],
    ['a role named like a level with extra text', { permission: 'read', role_name: 'write-ish' }]
  ])('refuses %s', (_, answer) => {
    expect(mayPush(answer)).toBe(false)
  })
})
