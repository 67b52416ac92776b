// The trend of a headline over the periods the docs health issue remembers: a row of block characters, one
// a period, which GitHub shows as it is. The bars stand on zero, so that their heights compare as the
// numbers do: a dip of 2 % is a bar 2 % lower, not a drop from the top to the bottom.

const BLOCKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█']

/** Whether a period has a value to draw: a finite number (neither undefined nor NaN). */
const isKnown = (value: number | undefined): value is number => Number.isFinite(value)

/**
 * One block a value ("▁▃█"), scaled from zero (or the lowest value, when one is below zero) to the
 * highest; a period with no value is a space; a row of zeros is a row of ▁.
 */
export function sparkline(values: readonly (number | undefined)[]): string {
  const known = values.filter(isKnown)
  if (known.length === 0) return ''
  const low = Math.min(0, ...known)
  const high = Math.max(0, ...known)
  return values
    .map((value) => {
      if (!isKnown(value)) return ' '
      if (high === low) return BLOCKS[0]
      return BLOCKS[Math.round(((value - low) / (high - low)) * (BLOCKS.length - 1))]
    })
    .join('')
}
