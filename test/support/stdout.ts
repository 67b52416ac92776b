// The log of a test: what the toolkit (core.info, core.warning, …) writes to stdout, captured for each
// test of the file or `describe` that calls `capturedStdout()`, and kept out of the test run's output.
import { afterEach, beforeEach, vi } from 'vitest'

/** Captures stdout for each test; `text` holds what was written since the test began (or since it was set to ''). */
export function capturedStdout(): { text: string } {
  const captured = { text: '' }
  beforeEach(() => {
    captured.text = ''
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      captured.text += String(chunk)
      return true
    })
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })
  return captured
}
