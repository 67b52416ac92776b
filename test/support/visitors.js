// @ts-check
// Visitor data sets for the analytics tests: many paths, in no particular order, and hostile ones.

export const HOSTILE_PATHS = [
  '<img src=x onerror=alert(1)>',
  '/a|b',
  '/`code` and ``more``',
  '/' + 'long-'.repeat(410),
  '/unicode/日本語/ñandú/🙂',
  '/docs/[link](https://evil.example)',
  '/x\n::set-output name=status::completed',
  '=HYPERLINK("https://evil.example")',
  '/quote"and,comma',
  ''
]

/**
 * `n` rows with distinct paths and counts, shuffled, so the action's sort is what orders them.
 * @param {number} n
 * @param {{ hostile?: boolean, seed?: number }} [options]
 */
export function visitorRows(n, options = {}) {
  let seed = options.seed ?? 7
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  /** @type {import('../emulator/emulator.js').VisitorRow[]} */
  const rows = []
  for (let i = 0; i < n; i++) {
    const human = Math.floor(random() * 5000)
    const ai = Math.floor(random() * 3000)
    const total = Math.max(human, ai) + Math.floor(random() * Math.min(human, ai) + 0.5)
    if (options.hostile && i < HOSTILE_PATHS.length) {
      // Hostile paths get the most visitors, so that they land in the summary's top table.
      rows.push({ path: /** @type {string} */ (HOSTILE_PATHS[i]), human: 9000 + i, ai: 500 + i, total: 9400 + i })
    } else {
      rows.push({ path: `/docs/page-${i}`, human, ai, total })
    }
  }
  for (let i = rows.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    const [a, b] = [rows[i], rows[j]]
    if (a && b) [rows[i], rows[j]] = [b, a]
  }
  return rows
}

/** Site totals for a data set: deduplicated by the service, so smaller than any sum. @param {number} n */
export function siteTotals(n) {
  return { human: 1200 * n, ai: 400 * n, total: 1450 * n }
}
