// The cells that describe traffic (visitors, page views): the AI share, a bar of the human and AI
// shares, and the change from the previous period. Plain text, safe in HTML as it is.

/** Cells of the share bar. */
const BAR_CELLS = 10

/** AI visitors as a share of human and AI visitors together, in per cent; undefined when there are none. */
export function aiShareOf(human: number, ai: number): number | undefined {
  const both = Math.max(0, human) + Math.max(0, ai)
  return both > 0 ? (Math.max(0, ai) / both) * 100 : undefined
}

/** "27.6%", or "–" when there is no one to share. */
export function aiShare(human: number, ai: number): string {
  const share = aiShareOf(human, ai)
  return share === undefined ? '–' : `${share.toFixed(1)}%`
}

/**
 * The human and AI shares of a page as a bar of block characters ("███████░░░"), which GitHub shows
 * as it is: no image, no script. Full blocks are human, light shade AI.
 */
export function shareBar(human: number, ai: number): string {
  const share = aiShareOf(human, ai)
  if (share === undefined) return ''
  const aiCells = Math.round((share / 100) * BAR_CELLS)
  return '█'.repeat(BAR_CELLS - aiCells) + '░'.repeat(aiCells)
}

/** The change from `before` to `now`: "▲ 12.5%", "▼ 3.0%", "no change", or "new" when there was none before. */
export function changeText(now: number, before: number): string {
  if (now === before) return 'no change'
  if (before <= 0) return now > 0 ? 'new' : '–'
  const change = ((now - before) / before) * 100
  // A change that rounds to 0.0 % reads as none, not as "▲ 0.0%".
  if (Math.abs(change) < 0.05) return 'no change'
  return `${change > 0 ? '▲' : '▼'} ${Math.abs(change).toFixed(1)}%`
}

/** The change of the AI share, in percentage points: "▲ 1.2 pts". */
export function pointsText(now: number | undefined, before: number | undefined): string {
  if (now === undefined || before === undefined) return '–'
  const points = Math.round((now - before) * 10) / 10
  if (points === 0) return 'no change'
  return `${points > 0 ? '▲' : '▼'} ${Math.abs(points).toFixed(1)} ${Math.abs(points) === 1 ? 'pt' : 'pts'}`
}
