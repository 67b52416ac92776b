// Tests the hidden records of a job (src/agent/records.ts): what the action's comment and check
// run keep of the job, its key and how it ended, read back only for the same key and only at the very
// start of the action's own text, and only when its seal verifies for the place it is read in; the
// note on the agent's pull request; and the record of a refusal.
import { describe, expect, it } from 'vitest'
import { agentPullBody, endBody, startBody } from '../../../src/render/comment-body.js'
import {
  COMMENT_MARKER,
  earlierPullJob,
  endedOf,
  isMarkableJobId,
  isRefusalOf,
  pullMarkedJob,
  pullMarker,
  readRecord,
  recordMarker,
  refusalMarker,
  RETRIED_ENDINGS,
  sealedAt,
  unsealedJob
} from '../../../src/agent/records.js'
import { JOB_REPORTS } from '../../support/job-reports.js'
import { renderSummary } from '../../support/render.js'
import { OTHER_SEAL, SEAL } from '../../support/seal.js'

/** Records of thread 8, as the action writes and reads them. */
const AT = { seal: SEAL, place: 'thread 8' }
const PULL_AT = { seal: SEAL, place: 'pull 8' }

const RUN = 'https://github.com/acme/docs/actions/runs/77'
const KEY = 'proj_docs:pull/42@a94a8fe5ccb19ba61c4c0873d391e987982fbbd3'

describe('recordMarker and readRecord', () => {
  it('records the job and its key in a hidden line, and reads it back for that key only', () => {
    const body = startBody('job_1', RUN, KEY, AT)
    expect(body).toMatch(
      new RegExp(`^${COMMENT_MARKER}<!-- docs-agent-action job=job_1 key=${encodeURIComponent(KEY)} seal=[\\w-]{43} -->\n`)
    )
    expect(readRecord(body, KEY, AT, COMMENT_MARKER)).toEqual({ jobId: 'job_1', key: KEY })
    expect(readRecord(body, KEY.replace('a94', 'b94'), AT, COMMENT_MARKER)).toBeUndefined()
    expect(readRecord(body, 'proj_other:pull/42@a94a8fe5ccb19ba61c4c0873d391e987982fbbd3', AT, COMMENT_MARKER)).toBeUndefined()
    expect(renderSummary(body).html).not.toContain('docs-agent-action')
  })

  it('keeps how a job that is over ended, and nothing for one that may still run', () => {
    expect(readRecord(endBody(JOB_REPORTS.opened, RUN, KEY, AT), KEY, AT, COMMENT_MARKER)).toEqual({
      jobId: 'j1',
      key: KEY,
      ended: 'opened'
    })
    for (const outcome of ['opened', 'no-pr', 'failed', 'archived']) expect(endedOf(outcome)).toBe(outcome)
    for (const outcome of ['running', 'timeout', 'cancelled', 'error']) expect(endedOf(outcome)).toBeUndefined()
    expect(RETRIED_ENDINGS).toEqual(['failed', 'archived'])
  })

  it('reads a record only at the very start of the text: a marker quoted inside it is not one', () => {
    const marker = recordMarker({ jobId: 'j1', key: KEY }, AT)
    expect(readRecord(`${COMMENT_MARKER}${marker}`, KEY, AT, COMMENT_MARKER)?.jobId).toBe('j1')
    expect(readRecord(`> quoted\n${COMMENT_MARKER}${marker}`, KEY, AT, COMMENT_MARKER)).toBeUndefined()
    expect(readRecord(`${COMMENT_MARKER} ${marker}`, KEY, AT, COMMENT_MARKER)).toBeUndefined()
    expect(readRecord(marker, KEY, AT, COMMENT_MARKER)).toBeUndefined()
    expect(readRecord(marker, KEY, AT)?.jobId).toBe('j1')
  })

  it('encodes a hostile key, which can neither end the comment nor be told from another', () => {
    const key = 'proj:release@v1 --> <img src=x> @team #1 key=run/1'
    const marker = recordMarker({ jobId: 'j1', key }, AT)
    expect(marker.indexOf('-->')).toBe(marker.length - 3)
    expect(readRecord(marker, key, AT)?.jobId).toBe('j1')
    expect(readRecord(marker, 'run/1', AT)).toBeUndefined()
    const seen = renderSummary(startBody('j1', undefined, key, AT))
    expect(seen.text).toBe('📝 The documentation agent is working on it: job j1.')
    expect(seen).toMatchObject({ links: [], references: [] })
  })

  it('reads back a long key in any script, such as the tag of a release', () => {
    const key = `proj_docs:release@${'版'.repeat(85)}`
    expect(readRecord(startBody('j1', undefined, key, AT), key, AT, COMMENT_MARKER)?.jobId).toBe('j1')
  })

  it('writes and reads no job id that cannot be made safe: none, empty, . and .., too long, not well-formed', () => {
    for (const jobId of [undefined, '', '.', '..', 'x'.repeat(1001), 'a\ud800b']) {
      expect(isMarkableJobId(jobId), JSON.stringify(jobId)).toBe(false)
      expect(recordMarker({ jobId, key: KEY }, AT), JSON.stringify(jobId)).toBe('')
    }
    const dots = `<!-- docs-agent-action job=.. key=${encodeURIComponent(KEY)} seal=${SEAL.sign('job', ['thread 8', '..', KEY, ''])} -->`
    expect(readRecord(dots, KEY, AT)).toBeUndefined()
    const malformed = `<!-- docs-agent-action job=%E0%A4%A key=${encodeURIComponent(KEY)} seal=${SEAL.sign('job', ['thread 8', '%E0%A4%A', KEY, ''])} -->`
    expect(readRecord(malformed, KEY, AT)).toBeUndefined()
    expect(recordMarker({ jobId: 'job-1.a_C~' })).toBe('<!-- docs-agent-action job=job-1.a_C~ -->')
  })

  it('keeps every other job id whole, percent-encoded in the marker, so that nothing in it ends the marker or the comment', () => {
    for (const jobId of [
      '...',
      'a b',
      'j1 -->',
      '<b>x</b>',
      'j1\n',
      'a/b',
      '**bold** [x](https://evil.example)',
      'job_\u202egpj',
      'x'.repeat(1000),
      // The longest marker: 1,000 characters of three bytes each, 9,000 characters encoded.
      '€'.repeat(1000),
      '😀'
    ]) {
      const marker = recordMarker({ jobId, key: KEY, ended: 'opened' }, AT)
      expect(marker, jobId).toMatch(/^<!-- docs-agent-action job=[A-Za-z0-9%_.!~*'()-]+ key=\S+ ended=opened seal=\S+ -->$/)
      expect(readRecord(`${COMMENT_MARKER}${marker}\nText`, KEY, AT, COMMENT_MARKER), jobId).toEqual({ jobId, key: KEY, ended: 'opened' })
      expect(pullMarkedJob(`${COMMENT_MARKER}${pullMarker(jobId, PULL_AT)}`, PULL_AT), jobId).toBe(jobId)
    }
  })

  it('reads a record written before ids were encoded, whose id holds a colon as it is', () => {
    const marker = `<!-- docs-agent-action job=job:1 key=${encodeURIComponent(KEY)} seal=${SEAL.sign('job', ['thread 8', 'job:1', KEY, ''])} -->`
    expect(readRecord(marker, KEY, AT)).toEqual({ jobId: 'job:1', key: KEY })
  })
})

describe('pullMarker and pullMarkedJob', () => {
  it('marks the note on the agent’s pull request with its job, apart from the record of a run', () => {
    expect(pullMarker('job_1')).toBe('<!-- docs-agent-action pull job=job_1 -->')
    expect(pullMarker('job_1', PULL_AT)).toMatch(/^<!-- docs-agent-action pull job=job_1 seal=[\w-]{43} -->$/)
    expect(pullMarkedJob(`${COMMENT_MARKER}${pullMarker('job_1', PULL_AT)}\nhello`, PULL_AT)).toBe('job_1')
    expect(pullMarkedJob(startBody('job_1', RUN, KEY, PULL_AT), PULL_AT)).toBeUndefined()
    expect(readRecord(agentPullBody('job_1', undefined, RUN, '/docs', PULL_AT), KEY, PULL_AT, COMMENT_MARKER)).toBeUndefined()
    expect(pullMarkedJob(agentPullBody('job_1', 'Do it', RUN, '/docs', PULL_AT), PULL_AT)).toBe('job_1')
  })

  it('reads the job only at the start of the action’s own comment, and no id a marker cannot hold', () => {
    expect(pullMarkedJob(pullMarker('j1', PULL_AT), PULL_AT)).toBeUndefined()
    expect(pullMarkedJob(`Welcome! You wrote: ${COMMENT_MARKER}${pullMarker('j1', PULL_AT)}`, PULL_AT)).toBeUndefined()
    for (const id of ['..', '.', 'x'.repeat(1001)])
      expect(
        pullMarkedJob(`${COMMENT_MARKER}<!-- docs-agent-action pull job=${id} seal=${SEAL.sign('pull', ['pull 8', id])} -->`, PULL_AT),
        id
      ).toBeUndefined()
    expect(pullMarker('..')).toBe('')
  })
})

describe('the seal of a record', () => {
  const KEYED = { jobId: 'job_1', key: KEY, ended: 'opened' }

  it('counts no record without a seal, with another key’s seal, or sealed for another place', () => {
    const unsealed = `${COMMENT_MARKER}${recordMarker(KEYED)}`
    expect(readRecord(unsealed, KEY, AT, COMMENT_MARKER)).toBeUndefined()
    expect(
      readRecord(`${COMMENT_MARKER}${recordMarker(KEYED, { seal: OTHER_SEAL, place: 'thread 8' })}`, KEY, AT, COMMENT_MARKER)
    ).toBeUndefined()
    const elsewhere = `${COMMENT_MARKER}${recordMarker(KEYED, { seal: SEAL, place: 'thread 9' })}`
    expect(readRecord(elsewhere, KEY, AT, COMMENT_MARKER)).toBeUndefined()
    expect(readRecord(elsewhere, KEY, { seal: SEAL, place: 'thread 9' }, COMMENT_MARKER)).toEqual(KEYED)
  })

  it('counts no record one of whose fields was changed after it was sealed', () => {
    const marker = recordMarker(KEYED, AT)
    expect(readRecord(marker, KEY, AT)).toEqual(KEYED)
    for (const forged of [
      marker.replace('job=job_1', 'job=job_2'),
      marker.replace(' ended=opened', ' ended=failed'),
      marker.replace(' ended=opened', ''),
      marker.replace(/seal=(.)/, (_m, c: string) => `seal=${c === 'A' ? 'B' : 'A'}`),
      marker.replace(/ seal=\S+/, '')
    ])
      expect(readRecord(forged, KEY, AT), forged).toBeUndefined()
    const pull = `${COMMENT_MARKER}${pullMarker('job_1', PULL_AT)}`
    expect(pullMarkedJob(pull.replace('job=job_1', 'job=job_evil'), PULL_AT)).toBeUndefined()
    expect(pullMarkedJob(pull, { seal: SEAL, place: 'pull 9' })).toBeUndefined()
    expect(pullMarkedJob(`${COMMENT_MARKER}${pullMarker('job_1')}`, PULL_AT)).toBeUndefined()
  })

  it('records a refusal of one person in one thread, whatever the case of their login', () => {
    const body = `${COMMENT_MARKER}${refusalMarker('Reader-Person', AT)}\nSorry`
    expect(isRefusalOf(body, 'reader-person', AT)).toBe(true)
    expect(isRefusalOf(body, 'READER-PERSON', AT)).toBe(true)
    expect(isRefusalOf(body, 'someone-else', AT)).toBe(false)
    expect(isRefusalOf(body, 'reader-person', { seal: SEAL, place: 'thread 9' })).toBe(false)
    expect(isRefusalOf(body, 'reader-person', { seal: OTHER_SEAL, place: 'thread 8' })).toBe(false)
    expect(isRefusalOf(`quoted ${body}`, 'reader-person', AT)).toBe(false)
    expect(isRefusalOf(body.replace('reader-person', 'other'), 'other', AT)).toBe(false)
  })

  it('seals a record with its repository: a copy in the same place of another repository that shares the key is not believed', () => {
    const docs = sealedAt(SEAL, 'acme/docs', 'pull 42')
    const handbook = sealedAt(SEAL, 'acme/handbook', 'pull 42')
    expect(docs).toEqual({ seal: SEAL, place: 'acme/docs pull 42', where: 'pull 42' })
    // GitHub's names ignore case: the same repository, however the runner spells it.
    expect(sealedAt(SEAL, 'Acme/Docs', 'pull 42')).toEqual(docs)
    const note = `${COMMENT_MARKER}${pullMarker('job_1', docs)}`
    expect(pullMarkedJob(note, docs)).toBe('job_1')
    expect(pullMarkedJob(note, handbook)).toBeUndefined()
    const record = recordMarker(KEYED, sealedAt(SEAL, 'acme/docs', 'thread 42'))
    expect(readRecord(record, KEY, sealedAt(SEAL, 'acme/docs', 'thread 42'))).toEqual(KEYED)
    expect(readRecord(record, KEY, sealedAt(SEAL, 'acme/handbook', 'thread 42'))).toBeUndefined()
    const refusal = `${COMMENT_MARKER}${refusalMarker('reader', sealedAt(SEAL, 'acme/docs', 'thread 42'))}`
    expect(isRefusalOf(refusal, 'reader', sealedAt(SEAL, 'acme/handbook', 'thread 42'))).toBe(false)
    // A note sealed for its place alone, as builds before 1.1.0 sealed it, is followed in no repository, but named.
    const earlier = `${COMMENT_MARKER}${pullMarker('job_1', { seal: SEAL, place: 'pull 42' })}`
    expect(pullMarkedJob(earlier, docs)).toBeUndefined()
    expect(earlierPullJob(earlier, docs)).toBe('job_1')
    expect(earlierPullJob(earlier, sealedAt(SEAL, 'acme/docs', 'pull 43'))).toBeUndefined()
    expect(earlierPullJob(earlier, sealedAt(OTHER_SEAL, 'acme/docs', 'pull 42'))).toBeUndefined()
    expect(earlierPullJob(note, docs)).toBeUndefined()
    expect(earlierPullJob(`x${earlier}`, docs)).toBeUndefined()
    // A place with no repository has no earlier form.
    expect(earlierPullJob(earlier, { seal: SEAL, place: 'acme/docs pull 42' })).toBeUndefined()
  })
})

describe('records of earlier builds', () => {
  const docs = sealedAt(SEAL, 'acme/docs', 'commit a94a8fe5ccb19ba61c4c0873d391e987982fbbd3')
  // As builds before 1.1.0 wrote them: sealed for the place in the repository alone, the job id as it is.
  const earlier = recordMarker({ jobId: 'job:1', key: KEY, ended: 'opened' }, { seal: SEAL, place: docs.where ?? '' })

  it('reads a job record sealed for its place alone, and says it is one', () => {
    expect(earlier).toContain(' seal=')
    expect(readRecord(earlier, KEY, docs)).toEqual({ jobId: 'job:1', key: KEY, ended: 'opened', earlier: true })
    expect(readRecord(earlier.replace('job%3A1', 'job:1'), KEY, docs)).toEqual({ jobId: 'job:1', key: KEY, ended: 'opened', earlier: true })
    // Another commit, another key, or another API key's seal: not this place's record.
    expect(readRecord(earlier, KEY, sealedAt(SEAL, 'acme/docs', 'commit b94a8fe5ccb19ba61c4c0873d391e987982fbbd3'))).toBeUndefined()
    expect(readRecord(earlier, `${KEY}x`, docs)).toBeUndefined()
    expect(readRecord(earlier, KEY, sealedAt(OTHER_SEAL, 'acme/docs', docs.where ?? ''))).toBeUndefined()
    expect(readRecord(earlier, KEY, { seal: SEAL, place: docs.place })).toBeUndefined()
    // A record of today is not called earlier.
    expect(readRecord(recordMarker({ jobId: 'job:1', key: KEY }, docs), KEY, docs)).toEqual({ jobId: 'job:1', key: KEY })
  })

  it('counts a refusal sealed for its thread alone', () => {
    const thread = sealedAt(SEAL, 'acme/docs', 'thread 8')
    const body = `${COMMENT_MARKER}${refusalMarker('reader', AT)}`
    expect(isRefusalOf(body, 'reader', thread)).toBe(true)
    expect(isRefusalOf(body, 'other', thread)).toBe(false)
    expect(isRefusalOf(body, 'reader', sealedAt(SEAL, 'acme/docs', 'thread 9'))).toBe(false)
  })

  it('names the job of a record with no seal, never reading it as a record', () => {
    expect(unsealedJob('<!-- docs-agent-action job=job_1 trigger=pull%2F4 -->')).toBe('job_1')
    expect(unsealedJob('<!-- docs-agent-action job=job.2:x key=proj%3Apush ended=opened -->\nText')).toBe('job.2:x')
    expect(unsealedJob(`${COMMENT_MARKER}<!-- docs-agent-action job=job_3 -->`, COMMENT_MARKER)).toBe('job_3')
    expect(unsealedJob('<!-- docs-agent-action job=job_3 -->', COMMENT_MARKER)).toBeUndefined()
    expect(unsealedJob(' <!-- docs-agent-action job=job_3 -->')).toBeUndefined()
    expect(unsealedJob(earlier)).toBeUndefined()
    expect(readRecord('<!-- docs-agent-action job=job_1 key=x -->', 'x', docs)).toBeUndefined()
  })
})
