// One HTTP exchange, through the proxy the environment names (HTTPS_PROXY, HTTP_PROXY, NO_PROXY,
// with the toolkit's own rules) or directly, under a per-request timeout and the run's abort signal,
// both of which cover every phase of the exchange: the proxy's CONNECT, the answer's headers, its body.
import { getProxyUrl } from '@actions/http-client/lib/proxy'
import { request } from 'undici'
import { type Clock, realClock } from '../core/clock.js'
import { Connections, untilAborted } from './connections.js'
import { neverSent } from './retry.js'

export interface HttpRequest {
  method: 'GET' | 'POST'
  url: URL
  headers: Record<string, string>
  body?: string
}

export interface HttpResponse {
  status: number
  headers: Record<string, string | undefined>
  body: string
}

/**
 * The exchange failed without an HTTP answer. `sent` is false only when the request surely never left;
 * `code` is the network's error code, and `viaProxy` says whether the request went to a proxy.
 */
export class TransportError extends Error {
  override name = 'TransportError'
  constructor(
    message: string,
    readonly sent: boolean,
    readonly timedOut: boolean,
    readonly code?: string,
    readonly viaProxy = false
  ) {
    super(message)
  }
}

const MAX_BODY_BYTES = 16 * 1024 * 1024

function errorCode(error: unknown): string | undefined {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } }
  const found = code ?? cause?.code
  return typeof found === 'string' ? found : undefined
}

export class Transport {
  private readonly connections = new Connections()

  /** `clock` times the request's timeout and is told of each exchange. */
  constructor(private readonly clock: Clock = realClock) {}

  send(req: HttpRequest, runSignal: AbortSignal, timeoutMs: number): Promise<HttpResponse> {
    return this.clock.exchange(this.exchange(req, runSignal, timeoutMs))
  }

  private async exchange(req: HttpRequest, runSignal: AbortSignal, timeoutMs: number): Promise<HttpResponse> {
    const timeout = this.clock.timeoutSignal(Math.max(1, timeoutMs))
    const signal = AbortSignal.any([runSignal, timeout])
    try {
      const res = await untilAborted(
        request(req.url, {
          method: req.method,
          headers: req.headers,
          body: req.body,
          signal,
          dispatcher: this.connections.dispatcherFor(req.url),
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs
        }),
        signal
      )
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length
        // Leaving the loop by throwing destroys the body stream: the rest of the answer is never read.
        if (size > MAX_BODY_BYTES) {
          throw new TransportError(`the answer was larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`, true, false)
        }
        chunks.push(chunk as Buffer)
      }
      const headers: Record<string, string | undefined> = {}
      for (const [name, value] of Object.entries(res.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value
      return { status: res.statusCode, headers, body: Buffer.concat(chunks).toString('utf8') }
    } catch (error) {
      if (runSignal.aborted) throw runSignal.reason
      if (error instanceof TransportError) throw error
      if (timeout.aborted) throw new TransportError(`no answer within ${Number((timeoutMs / 1000).toFixed(1))} s`, true, true)
      const code = errorCode(error)
      const notSent = neverSent(code)
      const detail = code ?? (error instanceof Error ? error.message : String(error))
      const viaProxy = getProxyUrl(req.url) !== undefined
      throw new TransportError(
        notSent ? `could not connect (${detail})` : `the connection failed (${detail})`,
        !notSent,
        false,
        code,
        viaProxy
      )
    }
  }

  close(): Promise<void> {
    return this.connections.close()
  }
}
