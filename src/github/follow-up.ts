// A follow-up command in a comment: `/docs <what to change>` on the agent's pull request, by someone
// who may push to the repository, becomes a follow-up message to the job that opened it. This reads
// the command from the issue_comment payload; anything that is not a command ends the step quietly.
import { payloadObject } from './runner.js'
import { withoutInvisible } from '../text/escape.js'

export type Command =
  | { number: number; login: string; text: string; commentId: number }
  /** Why the comment asks nothing of the action, for one line of the log. */
  | { quiet: string }

const object = payloadObject

/** The command of an issue_comment payload, when the comment is one: on a pull request, by a person, starting with `command`. */
export function commandOf(payload: unknown, command: string): Command {
  const p = object(payload) ?? {}
  const issue = object(p.issue)
  const comment = object(p.comment)
  const user = object(comment?.user)
  if (!issue || !comment || typeof issue.number !== 'number' || typeof comment.id !== 'number' || typeof comment.body !== 'string') {
    return { quiet: 'The issue_comment event names no comment: nothing was sent.' }
  }
  if (p.action !== 'created')
    return { quiet: `The comment was ${typeof p.action === 'string' ? p.action.slice(0, 20) : 'changed'}, not created: nothing was sent.` }
  if (user?.type === 'Bot') return { quiet: "The comment is a bot's: nothing was sent." }
  if (issue.pull_request === undefined) return { quiet: `#${issue.number} is an issue, not a pull request: nothing was sent.` }
  // The body is read only as far as the command needs: its start, then the rest as it is.
  const body = comment.body.trimStart()
  const head = body.slice(0, command.length)
  const after = body.charAt(command.length)
  if (head.toLowerCase() !== command.toLowerCase() || (after !== '' && !/\s/.test(after))) {
    return { quiet: `The comment does not start with ${command}: nothing was sent.` }
  }
  return {
    number: issue.number,
    login: typeof user?.login === 'string' ? user.login : '',
    text: withoutInvisible(body.slice(command.length)).trim(),
    commentId: comment.id
  }
}
