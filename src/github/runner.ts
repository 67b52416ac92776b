// What the runner says of the run, read once: the repository, the event and its payload (the file at
// GITHUB_EVENT_PATH), the GitHub server and API, the run's id, attempt and commit, and the workspace. Everything else
// takes what it needs from here as typed arguments; nothing else reads these variables or the payload.
import { readFile } from 'node:fs/promises'
import { errorMessage } from '../core/error-message.js'
import { githubServer, runLink } from './run-link.js'

/** A repository, its owner and name split once. */
export interface Repository {
  owner: string
  name: string
}

export interface Runner {
  /** GITHUB_REPOSITORY as the runner gives it ('' when it gives none), for messages and seals. */
  repositoryText: string
  /** The repository, when GITHUB_REPOSITORY is owner/name. */
  repository?: Repository
  /** The repository's id (GITHUB_REPOSITORY_ID, digits), when given: it stays the same through a rename or a transfer. */
  repositoryId?: string
  /** The event that started the run (GITHUB_EVENT_NAME); '' outside a workflow. */
  eventName: string
  /** The event payload, parsed; undefined when there is none or it cannot be read. */
  payload: unknown
  /** Why the payload at GITHUB_EVENT_PATH could not be read, when it could not. */
  payloadError?: string
  /** The origin of the run's GitHub server (githubServer). */
  server: string
  /** The REST API's base URL (GITHUB_API_URL, else GitHub's). */
  apiUrl: string
  /** The link to this workflow run, when the runner names it. */
  runUrl?: string
  /** The workflow run's id (GITHUB_RUN_ID), when given. */
  runId?: string
  /** The attempt of the workflow run: 1 for the first, above 1 for a re-run. */
  runAttempt: number
  /** The commit of the run (GITHUB_SHA), when given. */
  sha?: string
  /** The workflow's workspace (GITHUB_WORKSPACE), where a checkout puts the repository, when given. */
  workspace?: string
}

/** The repository named by "owner/name", or undefined for anything else. */
export function repositoryOf(text: string): Repository | undefined {
  const [owner, name] = text.split('/')
  return owner && name ? { owner, name } : undefined
}

/** A variable the runner gives, or undefined when it is unset or empty. */
const given = (value: string | undefined): string | undefined => (value === '' ? undefined : value)

/** The runner's variables and the event payload, read once. */
export async function readRunner(env: NodeJS.ProcessEnv = process.env): Promise<Runner> {
  const repositoryText = env.GITHUB_REPOSITORY ?? ''
  const repository = repositoryOf(repositoryText)
  let payload: unknown
  let payloadError: string | undefined
  const path = given(env.GITHUB_EVENT_PATH)
  if (path !== undefined) {
    try {
      payload = JSON.parse(await readFile(path, 'utf8')) as unknown
    } catch (error) {
      payloadError = errorMessage(error)
    }
  }
  const attempt = Number(env.GITHUB_RUN_ATTEMPT)
  const runUrl = runLink(env)
  const runId = given(env.GITHUB_RUN_ID)
  const sha = given(env.GITHUB_SHA)
  const workspace = given(env.GITHUB_WORKSPACE)
  const repositoryId = /^\d{1,20}$/.test(env.GITHUB_REPOSITORY_ID ?? '') ? env.GITHUB_REPOSITORY_ID : undefined
  return {
    repositoryText,
    ...(repository ? { repository } : {}),
    ...(repositoryId === undefined ? {} : { repositoryId }),
    eventName: env.GITHUB_EVENT_NAME ?? '',
    payload,
    ...(payloadError === undefined ? {} : { payloadError }),
    server: githubServer(env),
    apiUrl: given(env.GITHUB_API_URL) ?? 'https://api.github.com',
    ...(runUrl === undefined ? {} : { runUrl }),
    ...(runId === undefined ? {} : { runId }),
    runAttempt: Number.isInteger(attempt) && attempt > 0 ? attempt : 1,
    ...(sha === undefined ? {} : { sha }),
    ...(workspace === undefined ? {} : { workspace })
  }
}

/** A field of a payload as a JSON object, or undefined when it is anything else: payloads are read without trusting their shape. */
export function payloadObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}
