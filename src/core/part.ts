// The one shape every part of a run has (the agent job, each analytics section): it does its work
// under the run's lifetime, keeps what it learns as it goes, and reports it as plain data however
// the work ended. run/work.ts runs a list of parts; report/ renders what they report.
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

/** A part of the run whose report is a `Report`: plain data, with the failure that fails the step, if any. */
export interface Part<Report> {
  run(ctx: PartContext): Promise<void>
  /** What the part amounts to, from what it learnt and how it ended; `elapsedMs` is the run's time so far. */
  report(ending: PartEnding, elapsedMs: number): Report
}

/** The ending of a part whose work threw `error`. */
export function endingOf(error: unknown): PartEnding {
  return error instanceof StopError ? { kind: 'stopped', stop: error } : { kind: 'failed', error }
}

/** The stop that ended the part, whether it was stopped while running or never began. */
export function stopOf(ending: PartEnding): StopError | undefined {
  return ending.stop
}
