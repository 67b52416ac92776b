// What build of the action runs: its name and version, from package.json, and its build id, the
// hash of the source the bundle in dist/ was built from (scripts/build-id.mjs writes it into the
// bundle; docs/publishing.md says how to find the commits that have it). The footer, the log's first
// line and the User-Agent carry them, so that a report says which build wrote it.
import pkg from '../package.json' with { type: 'json' }

export const ACTION_NAME: string = pkg.name
export const ACTION_VERSION: string = pkg.version

/** Replaced by `npm run build` (scripts/build-id.mjs) with the build id, in the bundle alone. */
const STAMP = 'docs-agent-action:unbuilt'

/** The build id: 12 hexadecimal digits of the hash of the source the bundle was built from, or "dev" when the source runs unbuilt (a test, say). */
export const ACTION_BUILD: string = buildOf(STAMP)

/** A stamp as the build writes it, or "dev" for any other text. */
export function buildOf(stamp: string): string {
  return /^[0-9a-f]{12}$/.test(stamp) ? stamp : 'dev'
}

/** A ref as a person reads it: a commit's 40 or 64 digits cut to 12; a tag or branch of letters, digits and `._/-` whole up to 40 characters; anything else not shown. */
function refOf(ref: string | undefined): string | undefined {
  if (ref === undefined) return undefined
  if (/^[0-9a-f]{40}$|^[0-9a-f]{64}$/i.test(ref)) return ref.slice(0, 12).toLowerCase()
  return /^[\w./-]{1,40}$/.test(ref) ? ref : undefined
}

/**
 * The version as the footer and the log's first line say it: "1.1.0 (build 3f2a9c1e0b7d, ref v1)",
 * with the ref the workflow's `uses:` names when the runner gives it (GITHUB_ACTION_REF; none for
 * `uses: ./`), and the build `build` ("dev" for unbuilt source).
 */
export function versionText(env: { GITHUB_ACTION_REF?: string }, build: string = ACTION_BUILD): string {
  const ref = refOf(env.GITHUB_ACTION_REF)
  return `${ACTION_VERSION} (build ${build}${ref === undefined ? '' : `, ref ${ref}`})`
}

/** The product token of the User-Agent: "docs-agent-action/1.1.0+3f2a9c1e0b7d" ("+dev" for unbuilt source). */
export function userAgentProduct(build: string = ACTION_BUILD): string {
  return `${ACTION_NAME}/${ACTION_VERSION}+${build}`
}
