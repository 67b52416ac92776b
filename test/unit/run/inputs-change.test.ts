// The inputs of docs that follow the code (src/run/inputs.ts): context, contextBytes, check and
// command, each on its own and with the event that started the run, their problems named with every
// other problem at once, and the warnings for those the run ignores.
import { describe, expect, it } from 'vitest'
import { MIN_CONTEXT_BYTES } from '../../../src/change/context.js'
import { InputError } from '../../../src/core/input-error.js'
import { readInputs } from '../../../src/run/inputs.js'

const NOW = new Date('2026-11-14T15:30:00Z')
const TOKEN = 'ghs_token'
const ok = { apiKey: 'mint_abc', projectId: 'proj', prompt: 'Document this change.', githubToken: TOKEN }

const read = (values: Record<string, string>, event = 'pull_request') => readInputs((name) => values[name] ?? '', NOW, event)

/** The problems readInputs throws for these values, as `input: message` (it fails the test when nothing is thrown). */
function problems(values: Record<string, string>, event = 'pull_request'): string[] {
  try {
    read(values, event)
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return (error as InputError).problems.map((p) => `${p.input ?? ''}: ${p.message}`)
  }
  throw new Error('readInputs accepted the values')
}

describe('context and contextBytes', () => {
  it('sends the prompt alone by default, and the change within contextBytes when asked', () => {
    expect(read(ok).changeContext).toBeUndefined()
    expect(read({ ...ok, context: 'change' }).changeContext).toEqual({ maxBytes: 24_000 })
    expect(read({ ...ok, context: 'Change', contextBytes: '4000' }).changeContext).toEqual({ maxBytes: MIN_CONTEXT_BYTES })
    expect(read({ ...ok, context: 'change', contextBytes: '500000' }).changeContext).toEqual({ maxBytes: 500_000 })
  })

  it('reads the change of pull_request, pull_request_target, push and release events only, naming them', () => {
    for (const event of ['pull_request', 'pull_request_target', 'push', 'release'])
      expect(read({ ...ok, context: 'change' }, event).changeContext).toBeDefined()
    for (const event of ['workflow_dispatch', 'schedule', 'issue_comment', '']) {
      const [found] = problems({ ...ok, context: 'change' }, event)
      expect(found).toContain('context: is change, but this run was triggered by')
      expect(found).toContain('the change is read for pull_request, pull_request_target, push, release events')
    }
  })

  it('names a near miss, a budget out of range, a change without a prompt and without a token, all at once', () => {
    expect(problems({ ...ok, context: 'chnage' })).toEqual([
      'context: must be none (send the prompt alone) or change (append the change that triggered the run), not "chnage"; did you mean change?'
    ])
    const found = problems({ apiKey: 'mint_abc', projectId: 'proj', context: 'change', contextBytes: '3999', githubToken: '' })
    expect(found).toEqual([
      expect.stringMatching(/^contextBytes: must be a whole number from 4000 to 500000/),
      'githubToken: is empty, and `context: change` (to read the change) needs it: pass `${{ github.token }}`',
      'context: is change, which is sent after `prompt`; set `prompt` to say what the agent should do with the change',
      expect.stringMatching(/^: Nothing to do/)
    ])
  })

  it('warns that contextBytes is ignored without context: change', () => {
    expect(read({ ...ok, contextBytes: '8000' }).warnings).toEqual([
      'contextBytes is ignored: it bounds the change sent with the prompt, and context is none; set context: change, or remove contextBytes.'
    ])
    expect(read({ ...ok, contextBytes: '24000' }).warnings).toEqual([])
  })
})

describe('check', () => {
  it('records the job in a check run when asked, and needs the token for it', () => {
    expect(read(ok).check).toBe(false)
    expect(read({ ...ok, check: 'true' }).check).toBe(true)
    expect(problems({ ...ok, check: 'true', githubToken: '' })).toEqual([
      'githubToken: is empty, and `check: true` (to write the check run) needs it: pass `${{ github.token }}`'
    ])
    expect(problems({ ...ok, check: 'ture' })).toEqual([expect.stringContaining('did you mean true?')])
  })

  it('warns that check is ignored when the run has no job', () => {
    expect(read({ apiKey: 'mint_abc', projectId: 'proj', analytics: 'visitors', check: 'true' }, 'push').warnings).toEqual([
      'check is ignored: it records the agent job, and neither prompt nor jobId is set; set one, or remove check.'
    ])
  })
})

describe('command and the follow-up from a comment', () => {
  it('reads a follow-up from the comment when an issue_comment run has neither prompt nor jobId', () => {
    const inputs = read({ apiKey: 'mint_abc', projectId: 'proj', githubToken: TOKEN }, 'issue_comment')
    expect(inputs).toMatchObject({ followUp: true, command: '/docs', prompt: undefined, jobId: undefined })
    expect(read({ apiKey: 'mint_abc', projectId: 'proj', githubToken: TOKEN, command: '/ask-docs' }, 'issue_comment').command).toBe(
      '/ask-docs'
    )
    // With a prompt, the workflow says what to send: the comment is not read for a command.
    expect(read({ ...ok }, 'issue_comment').followUp).toBe(false)
  })

  it('has nothing to do without a comment to read', () => {
    expect(problems({ apiKey: 'mint_abc', projectId: 'proj', githubToken: TOKEN }, 'push')).toEqual([
      expect.stringMatching(/^: Nothing to do/)
    ])
  })

  it('needs the token to read the thread and answer in it', () => {
    expect(problems({ apiKey: 'mint_abc', projectId: 'proj', githubToken: '' }, 'issue_comment')).toEqual([
      'githubToken: is empty, and a follow-up from a comment (to read the thread and answer in it) needs it: pass `${{ github.token }}`'
    ])
  })

  it('takes one word of at most 50 characters as the command', () => {
    for (const command of ['/docs please', 'a'.repeat(51), '/do\ncs'])
      expect(problems({ ...ok, command }), JSON.stringify(command)).toEqual([
        expect.stringMatching(/^command: must be one word of at most 50 characters/)
      ])
  })
})
