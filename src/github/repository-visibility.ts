// Whether a repository is private, as GitHub says it now: readerText `auto` shows the text readers
// typed only in a private repository, since a public repository's summary, artifacts and issues are
// public, and an enterprise's internal repository's are open to everyone in the enterprise. The event
// payload's `repository.private` is not asked: it is a snapshot from when the event fired, and a
// re-run of an old run would take a repository made public since for private.
import type { GitHubClient } from './client.js'
import { githubFailure } from './client.js'
import type { Repository } from './runner.js'
import { logText } from '../text/escape.js'

/** A repository's visibility as GitHub names it, or `unknown` when GitHub could not be asked or did not answer. */
export type Visibility = 'public' | 'private' | 'internal' | 'unknown'

/** What the visibilities need of GitHub. */
export type VisibilityClient = Pick<GitHubClient, 'visibility'>

/**
 * The visibility of each repository the run asks about, asked of GitHub once per repository and kept
 * for the run. A request that fails counts as public, and the log says so once for each repository.
 */
export class Visibilities {
  private readonly asked = new Map<string, Promise<Visibility>>()

  constructor(
    /** The GitHub client, opened when first asked for. */
    private readonly client: () => Promise<VisibilityClient>,
    private readonly warn: (message: string) => void
  ) {}

  /** The visibility of `repository`; `unknown` (to be taken for public) when GitHub could not say. */
  of(repository: Repository): Promise<Visibility> {
    const name = `${repository.owner}/${repository.name}`
    let visibility = this.asked.get(name)
    if (visibility === undefined) {
      visibility = this.ask(repository, name)
      this.asked.set(name, visibility)
    }
    return visibility
  }

  /** Whether GitHub says `repository` is private: false for every other answer, and when it could not say. */
  async isPrivate(repository: Repository): Promise<boolean> {
    return (await this.of(repository)) === 'private'
  }

  private async ask(repository: Repository, name: string): Promise<Visibility> {
    let why: string
    try {
      const client = await this.client()
      if (typeof client !== 'string') return await client.visibility(repository.owner, repository.name)
      why = client
    } catch (error) {
      why = logText(githubFailure(error), 200)
    }
    this.warn(
      `Could not ask GitHub whether ${name} is private (${why}): it is taken for public, and readers' words are kept out of what it shows.`
    )
    return 'unknown'
  }
}

/**
 * The repository a job's `source.repository` names (a full URL, as the service gives it), when it is a
 * repository on the run's GitHub server (`server`, an origin): `https://github.com/acme/docs`, with or
 * without `.git`; undefined for anything else.
 */
export function repositoryAt(source: string | null | undefined, server: string): Repository | undefined {
  const url = URL.parse(source ?? '')
  if (url === null || !URL.canParse(server) || url.origin !== new URL(server).origin) return undefined
  const match = /^\/([A-Za-z0-9][A-Za-z0-9_-]{0,38})\/([A-Za-z0-9._-]{1,100}?)(?:\.git)?\/?$/.exec(url.pathname)
  return match ? { owner: match[1] as string, name: match[2] as string } : undefined
}
