// The trend of a headline over the periods the docs health issue remembers: a row of block characters, one
// a period, scaled between the lowest and the highest value of the row, which GitHub shows as it is.

const BLOCKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█']

/** Whether a period has a value to draw: a finite number (neither undefined nor NaN). */
const isKnown = (value: number | undefined): value is number => Number.isFinite(value)

/** One block a value ("▁▃█"); a period with no value is a space; all alike is a flat row of ▄. */
export function sparkline(values: readonly (number | undefined)[]): string {
  const known = values.filter(isKnown)
  if (known.length === 0) return ''
  const low = Math.min(...known)
  const high = Math.max(...known)
  return values
    .map((value) => {
      if (!isKnown(value)) return ' '
      if (high === low) return BLOCKS[3]
      return BLOCKS[Math.round(((value - low) / (high - low)) * (BLOCKS.length - 1))]
    })
    .join('')
}
