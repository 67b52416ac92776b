// The agent job's step outputs and its line in the log.
import type { JobReport } from '../agent/outcome.js'

export function jobOutputs(job: JobReport): Record<string, string> {
  return {
    jobId: job.jobId ?? '',
    status: job.status ?? '',
    prLink: job.prLink ?? '',
    prNumber: job.prNumber ?? ''
  }
}

/** The headline, unless the job fails the step (the failure is then the step's error). */
export function jobLogLine(job: JobReport): string | undefined {
  return job.failure ? undefined : job.headline
}
