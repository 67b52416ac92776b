// The fetch the GitHub clients send through: through the proxy the environment names (HTTPS_PROXY,
// HTTP_PROXY, NO_PROXY, with the toolkit's rules) or directly, over connections this object owns and
// closes at the end of the run, so that nothing GitHub or a proxy leaves open keeps the process
// alive. A request ends when its signal aborts, even while a proxy holds the tunnel's CONNECT.
import { fetch } from 'undici'
import { Connections, untilAborted } from './connections.js'

/** A fetch as the GitHub client takes it. */
export type FetchLike = typeof globalThis.fetch

export class GitHubFetch {
  private readonly connections = new Connections()

  /** The fetch to give the GitHub client. */
  readonly fetch: FetchLike = (async (input: string | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.href)
    const signal = init?.signal ?? undefined
    const pending = fetch(url, { ...(init as Record<string, unknown>), dispatcher: this.connections.dispatcherFor(url) })
    return signal ? untilAborted(pending, signal) : pending
  }) as unknown as FetchLike

  /** Closes every connection it opened; a request after this fails at once. */
  close(): Promise<void> {
    return this.connections.close()
  }
}
