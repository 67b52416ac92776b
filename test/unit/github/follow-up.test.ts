// Tests the follow-up command read from a comment (src/github/follow-up.ts): only a comment just made,
// by a person, on a pull request, whose first word is the command, asks anything of the action.
import { describe, expect, it } from 'vitest'
import { commandOf } from '../../../src/github/follow-up.js'

/** An issue_comment payload: a comment by octocat on pull request #42, with `body`. */
function payload(body: unknown, extra: { action?: unknown; user?: unknown; issue?: unknown; comment?: Record<string, unknown> } = {}) {
  return {
    action: 'action' in extra ? extra.action : 'created',
    issue: 'issue' in extra ? extra.issue : { number: 42, pull_request: { url: 'https://api.github.com/repos/acme/docs/pulls/42' } },
    comment: { id: 991, body, user: 'user' in extra ? extra.user : { login: 'octocat', type: 'User' }, ...extra.comment }
  }
}

const asked = (text: string) => ({ number: 42, login: 'octocat', text, commentId: 991 })

describe('commandOf', () => {
  it('reads the command and what follows it, trimmed', () => {
    expect(commandOf(payload('/docs also document the retry option'), '/docs')).toEqual(asked('also document the retry option'))
    expect(commandOf(payload('/docs   Keep it short.\n\nAnd add an example.  \n'), '/docs')).toEqual(
      asked('Keep it short.\n\nAnd add an example.')
    )
  })

  it('takes the command after white space at the start, and in any case', () => {
    expect(commandOf(payload('\n\t  /docs fix the typo'), '/docs')).toEqual(asked('fix the typo'))
    expect(commandOf(payload('/DOCS fix the typo'), '/docs')).toEqual(asked('fix the typo'))
    expect(commandOf(payload('/Docs fix the typo'), '/DOCS')).toEqual(asked('fix the typo'))
  })

  it('takes the command followed by a line break or a tab', () => {
    expect(commandOf(payload('/docs\nfix the typo'), '/docs')).toEqual(asked('fix the typo'))
    expect(commandOf(payload('/docs\tfix the typo'), '/docs')).toEqual(asked('fix the typo'))
  })

  it('reads a command with nothing after it as an empty text, which the caller answers', () => {
    expect(commandOf(payload('/docs'), '/docs')).toEqual(asked(''))
    expect(commandOf(payload('  /docs  \n '), '/docs')).toEqual(asked(''))
    expect(commandOf(payload('/docs \u200b\u202e'), '/docs')).toEqual(asked(''))
  })

  it('drops invisible characters from the text', () => {
    expect(commandOf(payload('/docs fix\u200b the \u202etypo\u2066 now\ufeff'), '/docs')).toEqual(asked('fix the typo now'))
  })

  it('uses another command word when configured', () => {
    expect(commandOf(payload('@docs-bot please fix'), '@docs-bot')).toEqual(asked('please fix'))
    expect(commandOf(payload('/docs please fix'), '@docs-bot')).toEqual({
      quiet: 'The comment does not start with @docs-bot: nothing was sent.'
    })
  })

  it('ignores a comment whose first word is not the command', () => {
    const quiet = { quiet: 'The comment does not start with /docs: nothing was sent.' }
    for (const body of [
      '/docsx fix it',
      '/doc fix it',
      'docs fix it',
      'please /docs fix it',
      '> /docs fix it',
      '`/docs` fix it',
      '',
      '/do',
      '\u200b/docs fix'
    ])
      expect(commandOf(payload(body), '/docs'), JSON.stringify(body)).toEqual(quiet)
  })

  it('ignores a comment that was edited or deleted, not created', () => {
    expect(commandOf(payload('/docs fix', { action: 'edited' }), '/docs')).toEqual({
      quiet: 'The comment was edited, not created: nothing was sent.'
    })
    expect(commandOf(payload('/docs fix', { action: 'deleted' }), '/docs')).toEqual({
      quiet: 'The comment was deleted, not created: nothing was sent.'
    })
    expect(commandOf(payload('/docs fix', { action: undefined }), '/docs')).toEqual({
      quiet: 'The comment was changed, not created: nothing was sent.'
    })
    expect(commandOf(payload('/docs fix', { action: 'x'.repeat(1000) }), '/docs')).toEqual({
      quiet: `The comment was ${'x'.repeat(20)}, not created: nothing was sent.`
    })
  })

  it('ignores a bot’s comment, and takes a person’s without a type', () => {
    expect(commandOf(payload('/docs fix', { user: { login: 'docs-bot[bot]', type: 'Bot' } }), '/docs')).toEqual({
      quiet: "The comment is a bot's: nothing was sent."
    })
    expect(commandOf(payload('/docs fix', { user: { login: 'octocat' } }), '/docs')).toEqual(asked('fix'))
  })

  it('gives an empty login when the comment names none', () => {
    expect(commandOf(payload('/docs fix', { user: null }), '/docs')).toEqual({ ...asked('fix'), login: '' })
    expect(commandOf(payload('/docs fix', { user: { login: 7 } }), '/docs')).toEqual({ ...asked('fix'), login: '' })
  })

  it('ignores a comment on an issue, which is not a pull request', () => {
    expect(commandOf(payload('/docs fix', { issue: { number: 7 } }), '/docs')).toEqual({
      quiet: '#7 is an issue, not a pull request: nothing was sent.'
    })
  })

  it('is quiet on a payload that names no comment', () => {
    const quiet = { quiet: 'The issue_comment event names no comment: nothing was sent.' }
    const malformed: unknown[] = [
      undefined,
      null,
      'x',
      [],
      {},
      { action: 'created', issue: { number: 42, pull_request: {} } },
      payload(undefined),
      payload(null),
      payload(['/docs fix']),
      payload('/docs fix', { issue: null }),
      payload('/docs fix', { issue: { number: '42', pull_request: {} } }),
      payload('/docs fix', { comment: { id: '991' } }),
      { ...payload('/docs fix'), comment: [] }
    ]
    for (const p of malformed) expect(commandOf(p, '/docs'), JSON.stringify(p)).toEqual(quiet)
  })

  it('returns on a body of a megabyte, and keeps all of what follows the command', () => {
    const body = `${' '.repeat(100_000)}/docs ${'fix it \u200b'.repeat(120_000)}`
    const command = commandOf(payload(body), '/docs')
    expect('text' in command && command.text.length).toBe('fix it '.repeat(120_000).trim().length)
    expect(commandOf(payload('x'.repeat(1 << 20)), '/docs')).toEqual({ quiet: 'The comment does not start with /docs: nothing was sent.' })
  })
})
