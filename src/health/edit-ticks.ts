// The boxes one edit of the docs health issue ticked: those ticked in the body it wrote and not in the
// body before it (GitHub's `changes.body.from`). A run started by an edit acts on these alone, so that
// ticks someone else made earlier (another app, say, whose own edit started nothing) are never counted
// for whoever edits next; they wait for a scheduled run.
import { dismissTicks, restoreTicks, tickedGaps } from './body.js'

export interface EditTicks {
  /** The gaps whose ask box the edit ticked. */
  gaps: Set<string>
  /** The gaps whose "Not a gap" box the edit ticked. */
  dismissed: Set<string>
  /** The dismissed gaps whose "Bring it back" box the edit ticked. */
  restored: Set<string>
}

/** The boxes ticked in `after` and not in `before`; none when the edit left the body as it was (`before` undefined). */
export function editTicks(after: string, before: string | undefined): EditTicks {
  if (before === undefined) return { gaps: new Set(), dismissed: new Set(), restored: new Set() }
  const added = (now: Set<string>, then: Set<string>): Set<string> => new Set([...now].filter((id) => !then.has(id)))
  return {
    gaps: added(tickedGaps(after), tickedGaps(before)),
    dismissed: added(dismissTicks(after), dismissTicks(before)),
    restored: added(restoreTicks(after), restoreTicks(before))
  }
}
