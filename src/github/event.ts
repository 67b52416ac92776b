// The payload of the event that started the workflow run, as the runner wrote it to GITHUB_EVENT_PATH.
import { readFile } from 'node:fs/promises'

/** The payload, parsed; undefined when there is none or it cannot be read. */
export async function eventPayload(env: NodeJS.ProcessEnv = process.env): Promise<unknown> {
  const path = env.GITHUB_EVENT_PATH
  if (path === undefined || path === '') return undefined
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown
  } catch {
    return undefined
  }
}

/** A field of a payload as a JSON object, or undefined when it is anything else: payloads are read without trusting their shape. */
export function payloadObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}
