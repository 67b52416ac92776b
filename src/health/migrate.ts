// A state an earlier version wrote, as this version keeps it. Versions 1 and 2 kept a gap's evidence as
// the line the issue showed ("14 thumbs down · “webhook retries” searched 31× with no click"); this
// version keeps its counts and searches (state.ts, evidenceSchema) and makes the line from them. This is
// the one place that reads such a line, once, when the state is read. The line is hostile: a search's
// words in it may hold " · ", quotes, digits and whole phrases of the line's own. It is read piece by
// piece in one pass over at most OLD_EVIDENCE_CHARS characters, each piece against anchored patterns
// with no nested repetition, and whatever is no count in the line's words is left out. A search whose
// words copy the line's own phrases (`” searched 5× with no click · 9 thumbs down · “`) can still be
// read as a count: the line said the same to a person, it is bounded like any count, and the next
// period that ranks the gap writes its evidence anew.
import { oneLine } from '../text/escape.js'
import { type ItemEvidence as GapEvidence, SEARCHES_QUOTED } from '../render/evidence-line.js'
import { EVIDENCE_WORDS_CHARS, MOST_COUNTED } from './state-limits.js'

/** The version a state of version 2 becomes: the first to keep evidence as counts. */
const EVIDENCE_AS_COUNTS = 3

/** The most characters an earlier version kept of a gap's evidence: a longer one was never written, and is not read. */
export const OLD_EVIDENCE_CHARS = 300

/** A count as the line wrote it (text/format.ts, num): digits with commas, at most two decimals. */
const N = String.raw`(\d[\d,]{0,24}(?:\.\d{1,2})?)`
const DOWN = new RegExp(`^${N} thumbs down$`)
const UP = new RegExp(`^${N} thumbs up$`)
const NOT_HELPFUL = new RegExp(`^${N} marked not helpful$`)
const UNANSWERED = new RegExp(`^${N} unanswered questions?$`)
const UNHAPPY = new RegExp(`^${N} unhappy readers? \\(${N} thumbs down, ${N} marked not helpful; a reader counts once\\)$`)
/** Searches counted, not quoted: "2 other searches with no click (40×)", or, once their words were hidden, "1 search with no click (31×)". */
const COUNTED_SEARCHES = new RegExp(`^${N} (?:other )?search(?:es)? with no click \\(${N}×\\)$`)
/** A search gap's whole line. */
const SEARCHED = new RegExp(`^searched ${N}× with no click$`)
/** The end of a quoted search: its hits. */
const QUOTE_END = new RegExp(`” searched ${N}× with no click$`)

/** A count the line wrote, or undefined when it is none the state keeps. */
function countOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const value = Number(text.replace(/,/g, ''))
  return Number.isFinite(value) && value >= 0 && value <= MOST_COUNTED ? value : undefined
}

type Counts = Record<'down' | 'up' | 'notHelpful' | 'unanswered', number>

/**
 * A gap's evidence from the line an earlier version kept (`line`, of a gap of `kind`), or undefined
 * when the line is longer than any version wrote.
 */
export function evidenceFromLine(line: string, kind: 'page' | 'search'): GapEvidence | undefined {
  if (line.length > OLD_EVIDENCE_CHARS) return undefined
  if (kind === 'search') {
    const noClick = countOf(SEARCHED.exec(line)?.[1])
    return noClick === undefined ? {} : { noClick }
  }
  const counts: Partial<Counts> = {}
  const add = (key: keyof Counts, text: string | undefined) => {
    const value = countOf(text)
    const sum = value === undefined ? undefined : (counts[key] ?? 0) + value
    if (sum !== undefined && sum <= MOST_COUNTED) counts[key] = sum
  }
  const searches: { words: string; hits: number }[] = []
  let others = { searches: 0, hits: 0 }
  // The pieces of a quoted search not closed yet: its words held " · ".
  let open: string[] | undefined
  for (const piece of line.split(' · ')) {
    if (open === undefined && !piece.startsWith('“')) {
      const unhappy = UNHAPPY.exec(piece)
      const counted = COUNTED_SEARCHES.exec(piece)
      if (unhappy) {
        add('down', unhappy[2])
        add('notHelpful', unhappy[3])
      } else if (counted) {
        const more = countOf(counted[1])
        const hits = countOf(counted[2])
        if (more !== undefined && hits !== undefined) others = { searches: others.searches + more, hits: others.hits + hits }
      } else
        for (const [key, pattern] of [
          ['down', DOWN],
          ['up', UP],
          ['notHelpful', NOT_HELPFUL],
          ['unanswered', UNANSWERED]
        ] as const)
          add(key, pattern.exec(piece)?.[1])
      continue
    }
    const pieces: string[] = [...(open ?? []), piece]
    const end = QUOTE_END.exec(piece)
    if (!end) {
      open = pieces
      continue
    }
    open = undefined
    const hits = countOf(end[1])
    if (hits === undefined) continue
    const words = pieces.join(' · ').slice(1, -end[0].length)
    searches.push({ words: oneLine(words, EVIDENCE_WORDS_CHARS), hits })
  }
  // More quoted searches than a line quotes now are counted with the others.
  for (const search of searches.slice(SEARCHES_QUOTED)) others = { searches: others.searches + 1, hits: others.hits + search.hits }
  const evidence: GapEvidence = { ...counts }
  if (searches.length > 0) evidence.searches = searches.slice(0, SEARCHES_QUOTED)
  if (others.searches > 0 && others.searches <= MOST_COUNTED && others.hits <= MOST_COUNTED) evidence.others = others
  return evidence
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A decoded block as this version reads it: one of version 1 or 2 with each gap's evidence line made
 * its counts and searches (evidenceFromLine), and version 2 numbered as this one (version 1 keeps its
 * number: state.ts reads it with what it lacked). A gap whose line cannot be read keeps it, and is
 * then no gap this version reads. Any other block is returned as it is.
 */
export function migrated(raw: unknown): unknown {
  if (!isRecord(raw) || (raw.version !== 1 && raw.version !== 2) || !Array.isArray(raw.gaps)) return raw
  const gaps = raw.gaps.map((gap: unknown) => {
    if (!isRecord(gap) || typeof gap.evidence !== 'string' || (gap.kind !== 'page' && gap.kind !== 'search')) return gap
    const evidence = evidenceFromLine(gap.evidence, gap.kind)
    return evidence === undefined ? gap : { ...gap, evidence }
  })
  return { ...raw, version: raw.version === 2 ? EVIDENCE_AS_COUNTS : 1, gaps }
}
