// run(): mask the key, read the inputs once, do the work, then write outputs and summary from what
// is known and fail the step in one place. The work is loaded only after the inputs are valid.
import { isIPv4 } from 'node:net'
import * as core from '@actions/core'
import { errorMessage } from './run/error-message.js'
import { type Inputs, readInputs } from './run/inputs.js'

/** A host on this machine: localhost, 127.0.0.0/8 (URL writes IPv4 addresses in full) or [::1]. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || (isIPv4(hostname) && hostname.startsWith('127.')) || hostname === '[::1]'
}

function warnAboutInputs(inputs: Inputs): void {
  if (!inputs.apiKey.startsWith('mint_')) {
    core.warning('The apiKey does not start with "mint_", the prefix of admin API keys; the service will probably reject it.')
  }
  const url = new URL(inputs.baseUrl)
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    core.warning('baseUrl uses plain http, so the API key crosses the network unencrypted; use https.')
  }
}

export async function run(): Promise<void> {
  try {
    for (const secret of ['apiKey', 'githubToken']) {
      const value = core.getInput(secret)
      if (value) core.setSecret(value)
    }
    const inputs = readInputs((name) => core.getInput(name))
    warnAboutInputs(inputs)

    const { work, publishReport } = await import('./run/work.js')
    const report = await work(inputs)
    try {
      await publishReport(report)
    } catch (error) {
      core.warning(`Could not write the job summary: ${errorMessage(error)}`)
    }
    const failures = report.sections.map((section) => section.failure).filter((f) => f !== undefined)
    if (failures.length > 0) core.setFailed(failures.join('\n'))
  } catch (error) {
    core.setFailed(errorMessage(error))
  }
}
