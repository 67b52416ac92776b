// @ts-check
// What the docs health issue says of each gap, read the way a person or the next run reads it: the
// state the bundle writes into the issue (src/health/state.ts encodes it: base64 of JSON in an HTML
// comment), mapped to a verdict by ONE function, and the boxes the body shows.

/**
 * What the benchmark counts a gap's state as:
 * - `fixed`: the issue says the fix worked;
 * - `not fixed`: it says the fix did not work (the gap open again);
 * - `back`: a gap once fixed whose trouble returned;
 * - `waiting`: with the agent, or merged and not judged yet (too few readers to tell yet, too);
 * - `could not tell`: the issue gave up judging and leaves it to a person;
 * - `open`: a gap never asked for; `dismissed`: a person said it is not a gap;
 * - `unknown`: a state this table does not know (counted, never taken for another).
 * @typedef {'fixed' | 'not fixed' | 'back' | 'waiting' | 'could not tell' | 'open' | 'dismissed' | 'unknown'} Verdict
 */

/** The ledger's states (src/health/state.ts, GAP_STATES) as verdicts: the one place a new state is added. @type {Readonly<Record<string, Verdict>>} */
const VERDICT_OF_STATE = {
  new: 'open',
  asked: 'waiting',
  'pr-open': 'waiting',
  merged: 'waiting',
  resolved: 'fixed',
  back: 'back',
  dismissed: 'dismissed'
}

/** The verdicts the state gives a merged fix (src/health/evidence.ts, docs/health-issue.md), as the benchmark's. @type {Readonly<Record<string, Verdict>>} */
const VERDICT_OF_EVIDENCE = {
  fixed: 'fixed',
  'not-fixed': 'not fixed',
  'too-few': 'waiting',
  'could-not-tell': 'could not tell',
  back: 'back',
  // The page has had no visitor since the merge, with no move known: nothing is left to judge.
  gone: 'could not tell'
}

/**
 * A gap as the state holds it, the fields the benchmark reads.
 * @typedef {{ id: string, kind: string, subject: string, state: string, verdict?: string, jobId?: string, mergedOn?: string }} GapRecord
 */

/**
 * The verdict of a gap: the state's verdict on its merged fix when it has one, else its state. A gap
 * that was merged and is open again (state `new` with `mergedOn` set) with no verdict is `not fixed`.
 * @param {{ state: string, verdict?: string, mergedOn?: string }} gap @returns {Verdict}
 */
export function verdictOf(gap) {
  if (gap.verdict !== undefined)
    return Object.hasOwn(VERDICT_OF_EVIDENCE, gap.verdict) ? /** @type {Verdict} */ (VERDICT_OF_EVIDENCE[gap.verdict]) : 'unknown'
  if (gap.state === 'new' && gap.mergedOn !== undefined) return 'not fixed'
  return Object.hasOwn(VERDICT_OF_STATE, gap.state) ? /** @type {Verdict} */ (VERDICT_OF_STATE[gap.state]) : 'unknown'
}

const STATE = /<!-- docs-agent-action:state ([A-Za-z0-9+/=]+) -->/

/**
 * The page gaps of the state an issue's body carries, by page, in the ledger's order (a page may have
 * more than one); empty when it carries none. The seal is not checked: the benchmark reads what its
 * own runs wrote.
 * @param {string} body @returns {Map<string, GapRecord[]>}
 */
export function gapsOf(body) {
  const encoded = STATE.exec(body)?.[1]
  /** @type {Map<string, GapRecord[]>} */
  const gaps = new Map()
  if (encoded === undefined) return gaps
  /** @type {unknown} */
  const parsed = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))
  const state = /** @type {{ gaps?: GapRecord[] }} */ (parsed)
  for (const gap of state.gaps ?? []) if (gap.kind === 'page') gaps.set(gap.subject, [...(gaps.get(gap.subject) ?? []), gap])
  return gaps
}

const OPEN_BOX = /^- \[ \] .* <!-- gap:([0-9a-f]{12}) -->$/

/** The ids of the gaps the body shows with a box to tick (to ask the agent, again or for the first time). @param {string} body */
export function openBoxes(body) {
  /** @type {Set<string>} */
  const ids = new Set()
  for (const line of body.split('\n')) {
    const id = OPEN_BOX.exec(line)?.[1]
    if (id !== undefined) ids.add(id)
  }
  return ids
}

/** The body with the boxes of these gaps ticked. @param {string} body @param {ReadonlySet<string>} ids */
export function ticked(body, ids) {
  return body
    .split('\n')
    .map((line) => {
      const id = OPEN_BOX.exec(line)?.[1]
      return id !== undefined && ids.has(id) ? line.replace('- [ ]', '- [x]') : line
    })
    .join('\n')
}
