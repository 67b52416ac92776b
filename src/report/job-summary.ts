// The agent job's section of the job summary, from the job's report data. Every value from the
// service is escaped; the pull request is linked only when its URL is a plain http(s) one.
import type { JobReport } from '../agent/outcome.js'
import { htmlText } from '../text/escape.js'
import { formatDuration } from '../text/format.js'

function row(label: string, valueHtml: string): string {
  return `<tr><th scope="row" align="left">${label}</th><td>${valueHtml}</td></tr>`
}

function code(text: string): string {
  return `<code>${htmlText(text, 200)}</code>`
}

function pullRequestCell(job: JobReport): string {
  if (job.prLink) {
    const label = job.prNumber ? `#${job.prNumber}` : htmlText(job.prLink, 200)
    return `<a href="${job.prLink.replace(/&/g, '&amp;')}">${label}</a>`
  }
  if (job.unsafePrLink) return `${htmlText(job.unsafePrLink, 200)} (not a plain http(s) URL, so not linked)`
  if (job.status === 'active') return 'not yet'
  return 'none'
}

export function jobSummaryHtml(job: JobReport): string {
  const rows: string[] = []
  let status = job.status ? code(job.status) : 'unknown'
  if (job.serviceStatus && job.serviceStatus !== job.status) status += ` (the service said ${code(job.serviceStatus)})`
  rows.push(row('Status', status))
  rows.push(row('Pull request', pullRequestCell(job)))
  rows.push(row('Job ID', job.jobId ? code(job.jobId) : 'none'))
  if (job.model) rows.push(row('Model', htmlText(job.model, 100)))
  if (job.repository) rows.push(row('Source', htmlText(job.repository, 200) + (job.ref ? ` at ${code(job.ref)}` : '')))
  if (job.createdAt) rows.push(row('Created', htmlText(job.createdAt, 50)))
  if (job.archivedAt) rows.push(row('Archived', htmlText(job.archivedAt, 50)))
  if (job.waitedMs !== undefined) rows.push(row('Waited', formatDuration(job.waitedMs)))
  const mark = job.failure ? '❌' : job.status === 'active' ? '⏳' : '✅'
  return [
    `<h2>${mark} Documentation agent job${job.followUp ? ' (follow-up)' : ''}</h2>`,
    `<p>${htmlText(job.headline, 1000)}</p>`,
    `<table>${rows.join('')}</table>`,
    ''
  ].join('\n')
}
