// Tests the hidden records of a job (src/report/job-marker.ts): what the action's comment and check
// run keep of the job, its key and how it ended, read back only for the same key and only at the very
// start of the action's own text; and the note on the agent's pull request.
import { describe, expect, it } from 'vitest'
import { agentPullBody, endBody, startBody } from '../../../src/report/comment-body.js'
import {
  COMMENT_MARKER,
  endedOf,
  isMarkableJobId,
  pullMarkedJob,
  pullMarker,
  readRecord,
  recordMarker,
  RETRIED_ENDINGS
} from '../../../src/report/job-marker.js'
import { JOB_REPORTS } from '../../support/job-reports.js'
import { renderSummary } from '../../support/render.js'

const RUN = 'https://github.com/acme/docs/actions/runs/77'
const KEY = 'proj_docs:pull/42@a94a8fe5ccb19ba61c4c0873d391e987982fbbd3'

describe('recordMarker and readRecord', () => {
  it('records the job and its key in a hidden line, and reads it back for that key only', () => {
    const body = startBody('job_1', RUN, KEY)
    expect(body.startsWith(`${COMMENT_MARKER}<!-- docs-agent-action job=job_1 key=${encodeURIComponent(KEY)} -->\n`)).toBe(true)
    expect(readRecord(body, KEY, COMMENT_MARKER)).toEqual({ jobId: 'job_1', key: KEY })
    expect(readRecord(body, KEY.replace('a94', 'b94'), COMMENT_MARKER)).toBeUndefined()
    expect(readRecord(body, 'proj_other:pull/42@a94a8fe5ccb19ba61c4c0873d391e987982fbbd3', COMMENT_MARKER)).toBeUndefined()
    expect(renderSummary(body).html).not.toContain('docs-agent-action')
  })

  it('keeps how a job that is over ended, and nothing for one that may still run', () => {
    expect(readRecord(endBody(JOB_REPORTS.opened, RUN, KEY), KEY, COMMENT_MARKER)).toEqual({ jobId: 'j1', key: KEY, ended: 'opened' })
    for (const outcome of ['opened', 'no-pr', 'failed', 'archived']) expect(endedOf(outcome)).toBe(outcome)
    for (const outcome of ['running', 'timeout', 'cancelled', 'error']) expect(endedOf(outcome)).toBeUndefined()
    expect(RETRIED_ENDINGS).toEqual(['failed', 'archived'])
  })

  it('reads a record only at the very start of the text: a marker quoted inside it is not one', () => {
    const marker = recordMarker({ jobId: 'j1', key: KEY })
    expect(readRecord(`${COMMENT_MARKER}${marker}`, KEY, COMMENT_MARKER)?.jobId).toBe('j1')
    expect(readRecord(`> quoted\n${COMMENT_MARKER}${marker}`, KEY, COMMENT_MARKER)).toBeUndefined()
    expect(readRecord(`${COMMENT_MARKER} ${marker}`, KEY, COMMENT_MARKER)).toBeUndefined()
    expect(readRecord(marker, KEY, COMMENT_MARKER)).toBeUndefined()
    expect(readRecord(marker, KEY)?.jobId).toBe('j1')
  })

  it('encodes a hostile key, which can neither end the comment nor be told from another', () => {
    const key = 'proj:release@v1 --> <img src=x> @team #1 key=run/1'
    const marker = recordMarker({ jobId: 'j1', key })
    expect(marker.indexOf('-->')).toBe(marker.length - 3)
    expect(readRecord(marker, key)?.jobId).toBe('j1')
    expect(readRecord(marker, 'run/1')).toBeUndefined()
    const seen = renderSummary(startBody('j1', undefined, key))
    expect(seen.text).toBe('📝 The documentation agent is working on it: job j1.')
    expect(seen).toMatchObject({ links: [], references: [] })
  })

  it('reads back a long key in any script, such as the tag of a release', () => {
    const key = `proj_docs:release@${'版'.repeat(85)}`
    expect(readRecord(startBody('j1', undefined, key), key, COMMENT_MARKER)?.jobId).toBe('j1')
  })

  it('writes and reads no job id that a marker or a URL path segment cannot hold as it is', () => {
    for (const jobId of [undefined, '', '.', '..', '...', 'a b', 'j1 -->', '<b>', 'j1\n', 'x'.repeat(201), 'job_\u202egpj']) {
      expect(isMarkableJobId(jobId), JSON.stringify(jobId)).toBe(false)
      expect(recordMarker({ jobId, key: KEY }), JSON.stringify(jobId)).toBe('')
    }
    expect(readRecord(`<!-- docs-agent-action job=.. key=${encodeURIComponent(KEY)} -->`, KEY)).toBeUndefined()
    expect(recordMarker({ jobId: 'job-1.a:b_C' })).toBe('<!-- docs-agent-action job=job-1.a:b_C -->')
  })
})

describe('pullMarker and pullMarkedJob', () => {
  it('marks the note on the agent’s pull request with its job, apart from the record of a run', () => {
    expect(pullMarker('job_1')).toBe('<!-- docs-agent-action pull job=job_1 -->')
    expect(pullMarkedJob(`${COMMENT_MARKER}${pullMarker('job_1')}\nhello`)).toBe('job_1')
    expect(pullMarkedJob(startBody('job_1', RUN))).toBeUndefined()
    expect(readRecord(agentPullBody('job_1', undefined, RUN, '/docs'), KEY, COMMENT_MARKER)).toBeUndefined()
    expect(pullMarkedJob(agentPullBody('job_1', 'Do it', RUN, '/docs'))).toBe('job_1')
  })

  it('reads the job only at the start of the action’s own comment, and no id a marker cannot hold', () => {
    expect(pullMarkedJob(pullMarker('j1'))).toBeUndefined()
    expect(pullMarkedJob(`Welcome! You wrote: ${COMMENT_MARKER}${pullMarker('j1')}`)).toBeUndefined()
    for (const id of ['a b', '<b>', '..', 'x'.repeat(201)])
      expect(pullMarkedJob(`${COMMENT_MARKER}<!-- docs-agent-action pull job=${id} -->`), id).toBeUndefined()
    expect(pullMarker('..')).toBe('')
  })
})
