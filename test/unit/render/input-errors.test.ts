// The job summary's section for bad inputs (src/render/input-errors.ts) as a reader sees it on GitHub
// (test/support/render.js): a heading, one list item per problem naming the input, where inputs are
// set, the footer every summary ends with, and nothing a bad value holds read as HTML, Markdown, a
// link or a mention.
import { describe, expect, it } from 'vitest'
import { footerHtml } from '../../../src/render/footer.js'
import { inputErrorsSummaryHtml } from '../../../src/render/input-errors.js'
import { InputError } from '../../../src/core/input-error.js'
import { readInputs } from '../../../src/run/inputs.js'
import { renderSummary } from '../../support/render.js'

const RUN_URL = 'https://github.com/acme/docs/actions/runs/77'
const RUN = { action: 'docs-agent-action', version: '1.2.3', runUrl: RUN_URL }
const FOOTER = 'docs-agent-action 1.2.3 · workflow run'

const WHERE =
  'Inputs are set under with: in the workflow step that uses this action; secrets in Settings → Secrets and variables → Actions of the repository or organization.'

/** The text of each list item, as shown. */
function items(html: string): string[] {
  const rendered = renderSummary(html).html
  return (rendered.match(/<li>[\s\S]*?<\/li>/g) ?? []).map((li) => renderSummary(li).text)
}

/** The problems readInputs finds in these values. */
function problemsOf(values: Record<string, string>) {
  try {
    readInputs((name) => values[name] ?? '')
  } catch (error) {
    if (error instanceof InputError) return error.problems
  }
  throw new Error('readInputs accepted the values')
}

/** The section for these problems, in a run with a link. */
const summaryOf = (problems: Parameters<typeof inputErrorsSummaryHtml>[0]) => inputErrorsSummaryHtml(problems, RUN)

describe('inputErrorsSummaryHtml', () => {
  it('heads the section as invalid input, lists each input and its problem, and says where inputs are set', () => {
    const html = summaryOf([
      { input: 'wait', message: 'must be true or false, not "maybe"' },
      { input: 'topPages', message: 'must be a whole number from 1 to 1000; got "0"' }
    ])
    const seen = renderSummary(html)
    expect(seen.headings).toEqual(['❌ Invalid input'])
    expect(items(html)).toEqual(['wait must be true or false, not "maybe"', 'topPages must be a whole number from 1 to 1000; got "0"'])
    expect(seen.text).toBe(
      '❌ Invalid input The step stopped before sending any request to the service. ' +
        'wait must be true or false, not "maybe" topPages must be a whole number from 1 to 1000; got "0" ' +
        WHERE +
        ` ${FOOTER}`
    )
    expect(seen.links).toEqual([{ href: RUN_URL, text: 'workflow run' }])
  })

  it('ends with the footer every summary ends with, the run named when it is known', () => {
    const problems = [{ input: 'wait', message: 'must be true or false, not "maybe"' }]
    expect(summaryOf(problems).endsWith(footerHtml(RUN))).toBe(true)
    const unlinked = inputErrorsSummaryHtml(problems, { action: 'docs-agent-action', version: '1.2.3' })
    expect(renderSummary(unlinked).text.endsWith(`${WHERE} docs-agent-action 1.2.3`)).toBe(true)
  })

  it('shows input names and the code spans of a message as code', () => {
    const html = summaryOf(problemsOf({ apiKey: '', projectId: 'acme/docs', prompt: 'x' }))
    expect(items(html)).toEqual([
      'apiKey is empty: the secret passed to it is empty or was not passed (for example ${{ secrets.MINTLIFY_API_KEY }} with no such secret, ' +
        'or a workflow run for a pull request from a fork, which gets no secrets)',
      'projectId must be the project ID shown on the API keys page of the dashboard, not a repository name like "acme/docs"'
    ])
    const shown = renderSummary(html).html
    expect(shown).toContain('<li><code>apiKey</code> is empty')
    expect(shown).toContain('(for example <code>${{ secrets.MINTLIFY_API_KEY }}</code> with no such secret')
    expect(shown).toContain('<li><code>projectId</code> must be')
  })

  it('lists a problem of no one input without a name', () => {
    const html = summaryOf(problemsOf({ apiKey: 'k', projectId: 'p' }))
    expect(items(html)).toEqual([
      'Nothing to do: set prompt to create an agent job, jobId to watch an existing one (with prompt, to send it a follow-up), ' +
        'analytics (all, or a list of sections) to export docs analytics, or healthIssue: true to keep the docs health issue.'
    ])
    expect(renderSummary(html).html).toContain('<li>Nothing to do: set <code>prompt</code> to create')
  })

  it('shows a bad value as written: no element, link, mention or reference comes of it', () => {
    const value = '<img src=x onerror=alert(1)> **bold** [x](https://evil.example) @octocat #12 https://evil.example'
    const html = summaryOf(problemsOf({ apiKey: 'k', projectId: 'p', prompt: 'x', wait: value }))
    const seen = renderSummary(html)
    expect(items(html)).toEqual([`wait must be true or false, not "${value.slice(0, 59)}…"`])
    expect(seen.links).toEqual([{ href: RUN_URL, text: 'workflow run' }])
    expect(seen.references).toEqual([])
    expect(seen.html).not.toContain('<img')
    expect(seen.html).not.toContain('<strong>')
  })

  it('shows a lone backtick in a value as a backtick, and a value between two as code that reads the same', () => {
    expect(items(summaryOf([{ input: 'wait', message: 'must be true or false, not "a`b"' }]))).toEqual([
      'wait must be true or false, not "a`b"'
    ])
    const paired = summaryOf([{ input: 'wait', message: 'must be true or false, not "`<b>x</b>`"' }])
    expect(items(paired)).toEqual(['wait must be true or false, not "<b>x</b>"'])
    expect(renderSummary(paired).html).not.toContain('<b>')
  })

  it('keeps a long message whole', () => {
    const message = `must be ${'a'.repeat(600)}`
    expect(items(summaryOf([{ input: 'wait', message }]))).toEqual([`wait ${message}`])
  })
})
