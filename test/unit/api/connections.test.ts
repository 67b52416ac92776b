// Tests the connections a run opens (src/api/connections.ts): one pool per proxy, reused, and a request
// that ends with its signal even when the connection never answers, leaving no listener behind.
import { getEventListeners } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Connections, untilAborted } from '../../../src/api/connections.js'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('Connections', () => {
  it('keeps one pool per proxy, used by every request through it, and fails requests after close()', async () => {
    vi.stubEnv('HTTPS_PROXY', 'http://127.0.0.1:9')
    vi.stubEnv('NO_PROXY', '')
    // No request is made: only the pool for a URL is chosen, and the proxy is never dialled.
    const connections = new Connections()
    const first = connections.dispatcherFor(new URL('https://service.invalid/a'))
    expect(connections.dispatcherFor(new URL('https://service.invalid/b'))).toBe(first)
    await connections.close()
    expect(() => connections.dispatcherFor(new URL('https://service.invalid/a'))).toThrow('the run has ended')
  })
})

describe('untilAborted', () => {
  it('rejects at once with the reason of a signal that has already aborted', async () => {
    const controller = new AbortController()
    controller.abort(new Error('timed out'))
    await expect(untilAborted(new Promise<never>(() => undefined), controller.signal)).rejects.toThrow('timed out')
  })

  it('rejects with the reason when the signal aborts while the request hangs', async () => {
    const controller = new AbortController()
    const pending = untilAborted(new Promise<never>(() => undefined), controller.signal)
    controller.abort(new Error('cancelled'))
    await expect(pending).rejects.toThrow('cancelled')
  })

  it('settles as the request does and leaves no listener on the signal', async () => {
    const controller = new AbortController()
    await expect(untilAborted(Promise.resolve('done'), controller.signal)).resolves.toBe('done')
    await expect(untilAborted(Promise.reject(new Error('refused')), controller.signal)).rejects.toThrow('refused')
    await new Promise((resolve) => setImmediate(resolve))
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })
})
