// The agent job as a part of the run: create it (or follow up), watch it, judge how it ended.
import type { Part } from '../core/part.js'
import { type AgentJobApi, type AgentJobRequest, newJobProgress, runAgentJob } from './job.js'
import { type JobPolicy, type JobReport, judgeJob } from './outcome.js'

export interface AgentJobHooks {
  /** Called once the job exists (created, or named by jobId), before it is watched. */
  onStarted?: (jobId: string) => Promise<void>
  random?: () => number
}

export function agentJobPart(api: AgentJobApi, settings: AgentJobRequest & JobPolicy, hooks: AgentJobHooks = {}): Part<JobReport> {
  const progress = newJobProgress()
  return {
    run: ({ lifetime, log }) => runAgentJob(api, settings, progress, lifetime, log, hooks),
    report: (ending, elapsedMs) => judgeJob(progress, ending, settings, elapsedMs)
  }
}
