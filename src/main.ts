// run(): mask the key, read the inputs once, do the work, then write outputs and summary from what
// is known, fail the step in one place, and end the log with one line on how the run ended. The work
// is loaded only after the inputs are valid; bad inputs, and an error that stops the run before it
// reports, get a summary section of their own, with the footer every summary ends with.
import * as core from '@actions/core'
import { inputErrorsSummaryHtml } from './render/input-errors.js'
import { errorMessage } from './core/error-message.js'
import { runLink } from './github/run-link.js'
import type { RunInfo } from './render/footer.js'
import { runErrorSummaryHtml } from './render/run-error.js'
import { finalLine, type RunEnd } from './run/final-line.js'
import { InputError } from './core/input-error.js'
import { type Inputs, misnamedInputs, readInputs } from './run/inputs.js'
import type { Unwritten } from './run/publish.js'
import type { WorkOptions } from './run/work.js'
import { secretForms } from './text/secret.js'
import { ACTION_NAME, versionText } from './version.js'

/** The `status` output of a step whose inputs stopped it before any request. */
export const INVALID_INPUT_STATUS = 'invalid-input'

/** What the footer of the summary says of the run, as publishing the report gives it. */
function runInfo(): RunInfo {
  return { action: ACTION_NAME, version: versionText(process.env), runUrl: runLink(process.env) }
}

function warnAboutInputs(inputs: Inputs): void {
  for (const warning of [...inputs.warnings, ...misnamedInputs(process.env)]) core.warning(warning)
  if (!inputs.apiKey.startsWith('mint_')) {
    core.warning('The apiKey does not start with "mint_", the prefix of admin API keys; the service will probably reject it.')
  }
}

/** Appends a section to the job summary, where the runner gives one; a summary that cannot be written is an error. */
async function summarise(html: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return
  try {
    await core.summary.addRaw(html).write()
  } catch (writeError) {
    core.error(`Could not write the job summary: ${errorMessage(writeError)}`)
  }
}

/** Gives each piece of the report that could not be written its error annotation, and the step's failure for them all. */
function annotateUnwritten(unwritten: readonly Unwritten[]): string[] {
  for (const piece of unwritten) core.error(piece.message)
  if (unwritten.length === 0) return []
  return [`Part of the report could not be written: ${unwritten.map((piece) => piece.what).join('; ')}.`]
}

/** The run up to its last line: how it ended, once the summary is written and the step failed if it must. */
async function runToEnd(options: WorkOptions): Promise<RunEnd> {
  // Once the report is published, the summary holds it: an error after that adds nothing to it.
  let published = false
  try {
    // Each secret in every form a service might echo it in: the runner masks only what it is told of.
    for (const secret of ['apiKey', 'githubToken']) {
      for (const form of secretForms(core.getInput(secret))) core.setSecret(form)
    }
    // The log's first line says which build runs, for a bug report to quote.
    core.info(`${ACTION_NAME} ${versionText(process.env)}`)
    const inputs = readInputs((name) => core.getInput(name), new Date(), process.env.GITHUB_EVENT_NAME ?? '', process.env)
    warnAboutInputs(inputs)

    const { work, publishReport, endPhraseOf, refusalOf } = await import('./run/work.js')
    const report = await work(inputs, options)
    const written = await publishReport(report)
    published = true
    const unwritten = annotateUnwritten(written)
    const fired = report.alerts?.length ?? 0
    const alertFailure =
      inputs.failOnAlert && fired > 0 ? `${fired === 1 ? '1 alert' : `${fired} alerts`} fired, and failOn includes alert.` : undefined
    // A key refused, or a project denied, for every part is one failure, said once, rather than one per part.
    const refusal = refusalOf(report.reports)
    const partFailure = (part: (typeof report.reports)[number]) => (refusal === undefined ? part.failure : undefined)
    // Every failure of the step is in the last line, those of the run's own as well as the parts'.
    const runFailures = [refusal?.message, report.healthIssue?.failure, alertFailure].filter((f) => f !== undefined)
    const failures = [...report.reports.map(partFailure).filter((f) => f !== undefined), ...runFailures]
    if (failures.length + unwritten.length > 0) core.setFailed([...failures, ...unwritten].join('\n'))
    return {
      kind: 'parts',
      parts: report.reports.map((part) => ({ phrase: endPhraseOf(part), failure: partFailure(part) })),
      failures: [...runFailures, ...unwritten]
    }
  } catch (error) {
    if (error instanceof InputError) {
      // No request was made: status alone says why the other outputs are empty.
      core.setOutput('status', INVALID_INPUT_STATUS)
      await summarise(inputErrorsSummaryHtml(error.problems, runInfo()))
      core.setFailed(error.message)
      return { kind: 'invalid-input', inputs: [...new Set(error.problems.flatMap((p) => (p.input === undefined ? [] : [p.input])))] }
    }
    if (!published) await summarise(runErrorSummaryHtml(errorMessage(error), runInfo()))
    core.setFailed(errorMessage(error))
    return { kind: 'error', message: errorMessage(error) }
  }
}

/**
 * The action's run. `now` (milliseconds) measures how long it took, for the last line of the log;
 * `options` go to the work (a test's clock, say).
 */
export async function run(now: () => number = () => performance.now(), options: WorkOptions = {}): Promise<void> {
  const started = now()
  const end = await runToEnd(options)
  core.info(finalLine(end, now() - started))
}
