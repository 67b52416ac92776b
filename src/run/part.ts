// The one shape every part of a run has (the agent job, the visitor export, and each analytics
// section to come): it does its work under the run's lifetime, keeps what it learns as it goes, and
// reports it as plain data however the work ended. work.ts runs a list of parts; report/ renders
// what they report.
import type { Section } from '../report/sections.js'
import { type Lifetime, StopError } from './lifetime.js'

export interface Log {
  info(message: string): void
  warning(message: string): void
  debug?(message: string): void
}

export interface PartContext {
  lifetime: Lifetime
  log: Log
}

/** How a part's work ended. */
export type PartEnding =
  | { kind: 'finished'; stop?: undefined }
  /** An error other than a stop ended it. */
  | { kind: 'failed'; error: unknown; stop?: undefined }
  /** The deadline or a cancellation signal stopped it while it ran. */
  | { kind: 'stopped'; stop: StopError }
  /** The run had already been stopped when its turn came. */
  | { kind: 'skipped'; stop: StopError }

export interface Part {
  run(ctx: PartContext): Promise<void>
  /** What the part amounts to, from what it learnt and how it ended; `elapsedMs` is the run's time so far. */
  report(ending: PartEnding, elapsedMs: number): Section
}

/** The ending of a part whose work threw `error`. */
export function endingOf(error: unknown): PartEnding {
  return error instanceof StopError ? { kind: 'stopped', stop: error } : { kind: 'failed', error }
}

/** The stop that ended the part, whether it was stopped while running or never began. */
export function stopOf(ending: PartEnding): StopError | undefined {
  return ending.stop
}
