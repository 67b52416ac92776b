// The fetch the GitHub clients send through: through the proxy the environment names (HTTPS_PROXY,
// HTTP_PROXY, NO_PROXY, with the toolkit's rules) or directly, over connections this object owns and
// closes at the end of the run, so that nothing GitHub or a proxy leaves open keeps the process
// alive. A request ends when its signal aborts, even while a proxy holds the tunnel's CONNECT.
import { getProxyUrl } from '@actions/http-client/lib/proxy'
import { Agent, type Dispatcher, fetch, ProxyAgent } from 'undici'

/** A fetch as the GitHub client takes it. */
export type FetchLike = typeof globalThis.fetch

export class GitHubFetch {
  private direct: Agent | undefined
  private readonly proxied = new Map<string, ProxyAgent>()
  private closed = false

  private dispatcherFor(url: URL): Dispatcher {
    if (this.closed) throw new Error('the run has ended: no more requests to GitHub')
    const proxy = getProxyUrl(url)
    if (!proxy) return (this.direct ??= new Agent())
    let agent = this.proxied.get(proxy.href)
    if (!agent) {
      agent = new ProxyAgent(proxy.href)
      this.proxied.set(proxy.href, agent)
    }
    return agent
  }

  /** The fetch to give the GitHub client. */
  readonly fetch: FetchLike = (async (input: string | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.href)
    const signal = init?.signal ?? undefined
    const pending = fetch(url, { ...(init as Record<string, unknown>), dispatcher: this.dispatcherFor(url) })
    if (!signal) return pending
    // The request's promise, or the signal's reason as soon as it aborts, whatever the connection does.
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        reject(signal.reason as Error)
      }
      if (signal.aborted) onAbort()
      signal.addEventListener('abort', onAbort, { once: true })
      pending.then(resolve, reject).finally(() => {
        signal.removeEventListener('abort', onAbort)
      })
    })
  }) as unknown as FetchLike

  /** Closes every connection it opened; a request after this fails at once. */
  async close(): Promise<void> {
    this.closed = true
    const agents: Dispatcher[] = [...this.proxied.values()]
    if (this.direct) agents.push(this.direct)
    await Promise.all(agents.map((a) => a.destroy().catch(() => undefined)))
  }
}
