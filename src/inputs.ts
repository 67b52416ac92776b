// The action's inputs, read once and validated into one typed object before any request is made.
import { z } from 'zod'

export const FAIL_ON_WORDS = ['failed', 'archived', 'no-pr'] as const
export type FailOn = (typeof FAIL_ON_WORDS)[number]

export interface Inputs {
  apiKey: string
  projectId: string
  prompt?: string
  jobId?: string
  wait: boolean
  timeoutMs: number
  pollIntervalMs: number
  failOn: ReadonlySet<FailOn>
  baseUrl: string
}

/** Defaults as action.yml declares them; applied here too, for runs outside the runner. */
export const INPUT_DEFAULTS = {
  wait: 'true',
  timeoutMinutes: '30',
  pollIntervalSeconds: '10',
  failOn: 'failed',
  baseUrl: 'https://api.mintlify.com'
} as const

const INPUT_NAMES = ['apiKey', 'projectId', 'prompt', 'jobId', ...Object.keys(INPUT_DEFAULTS)] as const
type InputName = (typeof INPUT_NAMES)[number]

export class InputError extends Error {
  override name = 'InputError'
}

const MAX_TIMEOUT_MINUTES = 7200 // five days, the longest a self-hosted runner job may last

function shown(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 59)}…` : value)
}

const required = (what: string) => z.string().min(1, { error: `is required: ${what}` })

const pathSegment = (what: string) =>
  required(what).refine((v) => v !== '.' && v !== '..' && !/[\u0000-\u001f\u007f]/.test(v), {
    error: (issue) => `must be ${what}, not ${shown(String(issue.input))}`
  })

const optionalText = z.string().transform((v) => (v.trim() === '' ? undefined : v))

const boolean = z.string().transform((v, ctx) => {
  if (/^(true|True|TRUE)$/.test(v)) return true
  if (/^(false|False|FALSE)$/.test(v)) return false
  ctx.addIssue({ code: 'custom', message: `must be true or false, not ${shown(v)}` })
  return z.NEVER
})

const decimal = (unit: string, min: number, max: number, example: string) =>
  z.string().transform((v, ctx) => {
    const n = /^(\d+(\.\d*)?|\.\d+)$/.test(v) ? Number(v) : NaN
    if (!(n >= min && n <= max) || (min === 0 && n === 0)) {
      const low = min === 0 ? 'greater than 0' : `at least ${min}`
      ctx.addIssue({ code: 'custom', message: `must be a number of ${unit} ${low} and at most ${max}, such as ${example}; got ${shown(v)}` })
      return z.NEVER
    }
    return n
  })

const schema = z.object({
  apiKey: required('the admin API key, passed from a secret such as ${{ secrets.MINTLIFY_API_KEY }}').refine(
    (v) => /^[\x21-\x7e]+$/.test(v),
    { error: 'contains spaces or characters that cannot be sent in an HTTP header; paste the key exactly as the dashboard shows it' }
  ),
  projectId: pathSegment('the project ID from the API keys page of the dashboard'),
  prompt: optionalText,
  jobId: z
    .string()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(pathSegment('the ID of an existing agent job').optional()),
  wait: boolean,
  timeoutMinutes: decimal('minutes', 0, MAX_TIMEOUT_MINUTES, '30 or 0.5'),
  pollIntervalSeconds: decimal('seconds', 0.5, 3600, '10 or 0.5'),
  failOn: z.string().transform((v, ctx) => {
    const words = v
      .split(/[,\n]/)
      .map((w) => w.trim().toLowerCase())
      .filter((w) => w !== '')
    const unknown = words.filter((w) => !(FAIL_ON_WORDS as readonly string[]).includes(w))
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `takes a comma-separated list of ${FAIL_ON_WORDS.join(', ')}; ${unknown.map(shown).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not one of them`
      })
      return z.NEVER
    }
    return new Set(words as FailOn[]) as ReadonlySet<FailOn>
  }),
  baseUrl: z.string().transform((v, ctx) => {
    let url: URL | undefined
    try {
      url = new URL(v)
    } catch {
      url = undefined
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: `must be an http(s) origin such as ${INPUT_DEFAULTS.baseUrl}, without query, fragment or credentials; got ${shown(v)}` })
      return z.NEVER
    }
    return url.href.replace(/\/+$/, '')
  })
})

/**
 * Reads every input through `get` (core.getInput in the action) and validates them together.
 * Throws one InputError that names each bad input and what it allows; never shows the key.
 */
export function readInputs(get: (name: string) => string): Inputs {
  const raw = Object.fromEntries(
    INPUT_NAMES.map((name) => {
      const value = get(name).trim()
      const fallback = (INPUT_DEFAULTS as Record<string, string>)[name]
      return [name, value === '' && fallback !== undefined ? fallback : value]
    })
  ) as Record<InputName, string>

  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `- \`${String(issue.path[0])}\` ${issue.message}`)
    throw new InputError(`Invalid input:\n${lines.join('\n')}`)
  }
  const v = parsed.data
  if (v.prompt === undefined && v.jobId === undefined) {
    throw new InputError('Nothing to do: set `prompt` to create an agent job, or `jobId` to watch an existing one (with `prompt`, to send it a follow-up).')
  }
  return {
    apiKey: v.apiKey,
    projectId: v.projectId,
    prompt: v.prompt,
    jobId: v.jobId,
    wait: v.wait,
    timeoutMs: Math.round(v.timeoutMinutes * 60_000),
    pollIntervalMs: Math.round(v.pollIntervalSeconds * 1000),
    failOn: v.failOn,
    baseUrl: v.baseUrl
  }
}
