// One cause, one message: when the service refused the API key (401), or denied access to the project
// (403), for every part of the run, the parts' failures are one failure, said once with every part it
// stopped, instead of the same paragraph for the agent job and each section.
import { forbiddenAdvice, KEY_REFUSED_ADVICE, serviceSaid } from '../api/errors.js'
import { logText } from '../text/escape.js'
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

/** Access to one project denied (403) for every part: a key refusal's facts, with the project and the service's reason. */
export interface ProjectDenial extends KeyRefusal {
  projectId: string
  /** The service's reason, when every part that may show it was given the same one. */
  reason?: string
  /** What to check, the likeliest cause first. */
  advice: string
}

/** Either refusal, by its cause: the API key (401) or the project (403). */
export type Refusal = ({ cause: 'key' } & KeyRefusal) | ({ cause: 'project' } & ProjectDenial)

function partsOf(reports: readonly PartReport[]): string[] {
  return reports.map((report) => (isSectionReport(report) ? report.kind : 'the agent job'))
}

/** The refused key behind every part's failure, when there is more than one part and each failed at its first request with a 401. */
export function keyRefusalOf(reports: readonly PartReport[]): KeyRefusal | undefined {
  if (reports.length < 2 || !reports.every((report) => report.keyRefused === true)) return undefined
  const parts = partsOf(reports)
  const requests = reports.length
  return {
    parts,
    requests,
    message: `The API key was refused (401) for every request: ${parts.join(', ')} (${requests} requests, all refused). ${KEY_REFUSED_ADVICE}`
  }
}

/**
 * The project denied behind every part's failure, when there is more than one part and each failed at
 * its first request with a 403 for the same project. Every such run reads analytics (one part at most
 * is the agent job), and a key that may not read may not write either: the advice names `read`.
 */
export function projectDenialOf(reports: readonly PartReport[]): ProjectDenial | undefined {
  const denials = reports.map((report) => report.accessDenied)
  const first = denials[0]
  if (reports.length < 2 || first === undefined || !denials.every((denial) => denial?.projectId === first.projectId)) return undefined
  const parts = partsOf(reports)
  const requests = reports.length
  // The service's words when the parts that may show them were given the same ones.
  const reasons = new Set(denials.flatMap((denial) => (denial?.reason === undefined ? [] : [denial.reason])))
  const reason = reasons.size === 1 ? [...reasons][0] : undefined
  const advice = forbiddenAdvice(first.projectId, 'read', reason)
  const project = logText(first.projectId, 100)
  return {
    projectId: first.projectId,
    ...(reason === undefined ? {} : { reason }),
    parts,
    requests,
    advice,
    message:
      `Access to project "${project}" was denied (403) for every request: ${parts.join(', ')} (${requests} requests, all denied).` +
      `${serviceSaid(reason)} ${advice}`
  }
}

/** The one cause behind every part's failure, when there is one: a refused key, else a denied project. */
export function refusalOf(reports: readonly PartReport[]): Refusal | undefined {
  const key = keyRefusalOf(reports)
  if (key) return { cause: 'key', ...key }
  const project = projectDenialOf(reports)
  return project && { cause: 'project', ...project }
}
