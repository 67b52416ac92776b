// One cause, one message: when the service refused the API key (401) for every part of the run, the
// parts' failures are one failure, said once with every part it stopped, instead of the same
// paragraph for the agent job and each section.
import { KEY_REFUSED_ADVICE } from '../api/errors.js'
import { isSectionReport, type PartReport } from './wiring.js'

export interface KeyRefusal {
  /** What the refusal stopped, in run order: the agent job, then each section by its name in `analytics`. */
  parts: string[]
  /**
   * The requests the service refused: one for each part, since a part stops at its first failed
   * request, makes its requests one at a time, and a refused key is never retried.
   */
  requests: number
  /** The step's failure: the cause, the parts, and what to do. */
  message: string
}

/** The refused key behind every part's failure, when there is more than one part and each failed at its first request with a 401. */
export function keyRefusalOf(reports: readonly PartReport[]): KeyRefusal | undefined {
  if (reports.length < 2 || !reports.every((report) => report.keyRefused === true)) return undefined
  const parts = reports.map((report) => (isSectionReport(report) ? report.kind : 'the agent job'))
  const requests = reports.length
  return {
    parts,
    requests,
    message: `The API key was refused (401) for every request: ${parts.join(', ')} (${requests} requests, all refused). ${KEY_REFUSED_ADVICE}`
  }
}
