// Tests the run's trigger (src/github/trigger.ts): the key every run for the same change shares, and
// the commit its check run goes on, for each event, with hostile and malformed payloads.
import { describe, expect, it } from 'vitest'
import { triggerOf } from '../../../src/github/trigger.js'

const HEAD = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3'
const MERGE = 'b94a8fe5ccb19ba61c4c0873d391e987982fbbd3'
const RUN_SHA = 'c94a8fe5ccb19ba61c4c0873d391e987982fbbd3'
const ZERO = '0'.repeat(40)
const ENV = { runId: '77', sha: RUN_SHA }

const pull = (extra: Record<string, unknown> = {}, pr: Record<string, unknown> = {}) => ({
  action: 'opened',
  ...extra,
  pull_request: { number: 42, head: { sha: HEAD }, merged: false, merge_commit_sha: MERGE, ...pr }
})

describe('triggerOf', () => {
  it('keys a pull request by its number and head commit, for pull_request and pull_request_target', () => {
    for (const event of ['pull_request', 'pull_request_target']) {
      expect(triggerOf(event, pull(), ENV)).toEqual({ key: `pull/42@${HEAD}`, sha: HEAD })
      expect(triggerOf(event, pull({ action: 'synchronize' }), ENV)).toEqual({ key: `pull/42@${HEAD}`, sha: HEAD })
    }
  })

  it('keys a merged pull request by its merge commit', () => {
    expect(triggerOf('pull_request', pull({ action: 'closed' }, { merged: true }), ENV)).toEqual({
      key: `pull/42@${MERGE}`,
      sha: MERGE
    })
  })

  it('keeps the head commit of a pull request closed without merging, or merged but not closed', () => {
    expect(triggerOf('pull_request', pull({ action: 'closed' }, { merged: false }), ENV)?.sha).toBe(HEAD)
    expect(triggerOf('pull_request', pull({ action: 'edited' }, { merged: true }), ENV)?.sha).toBe(HEAD)
  })

  it('falls back to the head commit when a merged pull request names no merge commit', () => {
    for (const merge of [null, undefined, '', ZERO, 'not-a-sha', 42])
      expect(triggerOf('pull_request', pull({ action: 'closed' }, { merged: true, merge_commit_sha: merge }), ENV)).toEqual({
        key: `pull/42@${HEAD}`,
        sha: HEAD
      })
  })

  it('writes the commit in small letters, and takes a SHA-256 commit too', () => {
    expect(triggerOf('pull_request', pull({}, { head: { sha: HEAD.toUpperCase() } }), ENV)).toEqual({
      key: `pull/42@${HEAD}`,
      sha: HEAD
    })
    const sha256 = 'ab'.repeat(32)
    expect(triggerOf('push', { after: sha256 }, ENV)).toEqual({ key: `push@${sha256}`, sha: sha256 })
  })

  it('falls back to the run for a pull request without a number or a commit', () => {
    const run = { key: 'run/77', sha: RUN_SHA }
    expect(triggerOf('pull_request', pull({}, { number: '42' }), ENV)).toEqual(run)
    expect(triggerOf('pull_request', pull({}, { head: { sha: 'abc' } }), ENV)).toEqual(run)
    expect(triggerOf('pull_request', pull({}, { head: null }), ENV)).toEqual(run)
    expect(triggerOf('pull_request', { pull_request: [] }, ENV)).toEqual(run)
  })

  it('keys a push by its after commit', () => {
    expect(triggerOf('push', { before: HEAD, after: MERGE }, ENV)).toEqual({ key: `push@${MERGE}`, sha: MERGE })
  })

  it('falls back to the run for a push that deleted a branch (after is all zeros), or names no commit', () => {
    for (const after of [ZERO, undefined, '', 'main', `${MERGE}0`, MERGE.slice(1)])
      expect(triggerOf('push', { after }, ENV)).toEqual({ key: 'run/77', sha: RUN_SHA })
  })

  it('keys a release by its tag, on the run’s commit', () => {
    expect(triggerOf('release', { action: 'published', release: { tag_name: 'v2.1.0' } }, ENV)).toEqual({
      key: 'release@v2.1.0',
      sha: RUN_SHA
    })
    expect(triggerOf('release', { release: { tag_name: 'v2.1.0' } }, { runId: '77' })).toEqual({ key: 'release@v2.1.0' })
    expect(triggerOf('release', { release: { tag_name: 'v2.1.0' } }, { ...ENV, sha: ZERO })).toEqual({ key: 'release@v2.1.0' })
  })

  it('falls back to the run for a release without a tag', () => {
    for (const release of [{}, { tag_name: '' }, { tag_name: 7 }, null, 'v1'])
      expect(triggerOf('release', { release }, ENV)).toEqual({ key: 'run/77', sha: RUN_SHA })
  })

  it('keys a comment by its id, with no commit', () => {
    expect(triggerOf('issue_comment', { action: 'created', comment: { id: 991 }, issue: { number: 3 } }, ENV)).toEqual({
      key: 'comment/991'
    })
    expect(triggerOf('issue_comment', { comment: { id: '991' } }, ENV)).toEqual({ key: 'run/77', sha: RUN_SHA })
  })

  it('keys any other event by the run, and the fields of another event’s payload count for nothing', () => {
    expect(triggerOf('workflow_dispatch', {}, ENV)).toEqual({ key: 'run/77', sha: RUN_SHA })
    expect(triggerOf('schedule', pull(), ENV)).toEqual({ key: 'run/77', sha: RUN_SHA })
    expect(triggerOf('issues', { after: HEAD, release: { tag_name: 'v1' }, comment: { id: 1 } }, ENV)).toEqual({
      key: 'run/77',
      sha: RUN_SHA
    })
    expect(triggerOf('push', pull(), ENV)).toEqual({ key: 'run/77', sha: RUN_SHA })
  })

  it('gives no trigger when the run is unknown too', () => {
    expect(triggerOf('workflow_dispatch', {}, {})).toBeUndefined()
    expect(triggerOf('workflow_dispatch', {}, { runId: '' })).toBeUndefined()
    expect(triggerOf('workflow_dispatch', {}, { runId: '9', sha: 'HEAD' })).toEqual({ key: 'run/9' })
  })

  it('never throws on a hostile or malformed payload', () => {
    const payloads: unknown[] = [
      undefined,
      null,
      0,
      'pull_request',
      [],
      [pull()],
      { pull_request: null },
      { pull_request: 'x', after: {}, release: [], comment: 'x' },
      { pull_request: { number: 1, head: 'x' } },
      { pull_request: { number: 1, head: { sha: { toString: () => HEAD } } } },
      Object.create(null) as unknown,
      { after: [HEAD] }
    ]
    for (const event of ['pull_request', 'pull_request_target', 'push', 'release', 'issue_comment', 'other'])
      for (const payload of payloads) expect(triggerOf(event, payload, ENV)).toEqual({ key: 'run/77', sha: RUN_SHA })
  })
})
