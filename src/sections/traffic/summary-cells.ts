// The cells that describe traffic (visitors, page views): the AI share, and a bar of a page's size
// against the top page. Plain text, safe in HTML as it is.

/** Cells of the size bar at the top page's size. */
const BAR_CELLS = 8
/** Eighths of a cell, from one eighth to seven. */
const EIGHTHS = ['▏', '▎', '▍', '▌', '▋', '▊', '▉']

/** AI visitors as a share of human and AI visitors together, in per cent; undefined when there are none. */
export function aiShareOf(human: number, ai: number): number | undefined {
  const h = Math.max(0, human)
  const a = Math.max(0, ai)
  if (a === 0) return h > 0 ? 0 : undefined
  // a ÷ (h + a), without the sum: two counts that are each finite may not sum to one.
  return 100 / (1 + h / a)
}

/** "27.6%", or "–" when there is no one to share. */
export function aiShare(human: number, ai: number): string {
  const share = aiShareOf(human, ai)
  return share === undefined ? '–' : `${share.toFixed(1)}%`
}

/**
 * A page's `value` against the top page's `top` as a bar of block characters, in eighths of a cell
 * ("████▌"), which GitHub shows as it is: no image, no script. The top page fills every cell; any
 * page with a count shows at least an eighth, so that no page read looks like none.
 */
export function sizeBar(value: number, top: number): string {
  if (!(top > 0) || !(value > 0)) return ''
  const eighths = Math.max(1, Math.round((Math.min(value, top) / top) * BAR_CELLS * 8))
  const full = Math.floor(eighths / 8)
  const rest = eighths % 8
  return '█'.repeat(full) + (rest > 0 ? (EIGHTHS[rest - 1] ?? '') : '')
}
