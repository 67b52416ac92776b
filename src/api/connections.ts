// The connections a run opens, to the service and to GitHub: through the proxy the environment names
// (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, with the toolkit's own rules) or directly, one pool per proxy,
// all owned here and closed when the run ends, so that nothing a server or a proxy leaves open keeps
// the process alive.
import { getProxyUrl } from '@actions/http-client/lib/proxy'
import { Agent, ProxyAgent, type Dispatcher } from 'undici'

export class Connections {
  private direct: Agent | undefined
  private readonly proxied = new Map<string, ProxyAgent>()
  private closed = false

  /** The pool a request to `url` goes through; after close(), a request fails at once. */
  dispatcherFor(url: URL): Dispatcher {
    if (this.closed) throw new Error('the run has ended: no more requests')
    const proxy = getProxyUrl(url)
    if (!proxy) return (this.direct ??= new Agent())
    let agent = this.proxied.get(proxy.href)
    if (!agent) {
      agent = new ProxyAgent(proxy.href)
      this.proxied.set(proxy.href, agent)
    }
    return agent
  }

  /** Closes every connection opened. */
  async close(): Promise<void> {
    this.closed = true
    const agents: Dispatcher[] = [...this.proxied.values()]
    if (this.direct) agents.push(this.direct)
    await Promise.all(agents.map((a) => a.destroy().catch(() => undefined)))
  }
}

/**
 * The request's promise, or its signal's reason as soon as the signal aborts. undici heeds the signal
 * only once the request has a connection: a proxy that accepts the connection and never answers the
 * tunnel's CONNECT would hold the request past every timeout. The request, aborted by the same signal,
 * is never written to a connection that opens later; Connections.close() ends the one to the proxy.
 */
export function untilAborted<T>(pending: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      reject(signal.reason as Error)
    }
    if (signal.aborted) onAbort()
    // A signal aborts once: the listener needs no `once`, and is removed when the request settles.
    signal.addEventListener('abort', onAbort)
    pending.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', onAbort)
    })
  })
}
