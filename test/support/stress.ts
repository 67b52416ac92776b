// Sizes for the tests that feed megabytes to show that work grows linearly or stays bounded. Under
// mutation testing (scripts/mutation.mjs sets MUTATION_TESTING) each test runs once for every mutant
// it covers, in instrumented code: there the sizes are 64 times smaller, which still tells a mutant
// from the code, and the tests at full size that only check a bound's value are skipped. `npm test`
// runs them all at full size.

export const mutationTesting = process.env.MUTATION_TESTING === '1'

/** `full`, or a 64th of it (at least 1,024) under mutation testing. */
export function stressSize(full: number): number {
  return mutationTesting ? Math.max(1024, Math.floor(full / 64)) : full
}

/** CPU time (user and system) this process spends in `work`, in microseconds: a busy machine stretches wall time, not this. */
export function cpuTime(work: () => void): number {
  const start = process.cpuUsage()
  work()
  const used = process.cpuUsage(start)
  return used.user + used.system
}

/** CPU time a measure of growthOf starts from: well above what a garbage collection or a timer tick adds. */
const MEASURABLE_US = 20_000

/**
 * How the CPU time of `work` grows from an input of some size to one of 4 × that size: about 4 when
 * its work grows linearly, 16 with the square. The least of two tries at each size, so that a garbage
 * collection in one does not count. The smaller input starts at an eighth of `size` and doubles until
 * its work takes a measurable time (MEASURABLE_US), or reaches `size`: slow work is timed on small
 * inputs, fast work on the biggest. Under mutation testing the sizes are a 64th (stressSize), too small to time:
 * there it is 1, and the test keeps its check of the result.
 */
export function growthOf(work: (size: number) => void, size: number): number {
  const most = stressSize(size)
  if (mutationTesting) {
    work(most)
    return 1
  }
  const least = (n: number): number =>
    Math.min(
      cpuTime(() => {
        work(n)
      }),
      cpuTime(() => {
        work(n)
      })
    )
  let small = Math.max(1, Math.floor(most / 8))
  let smallTime = least(small)
  while (smallTime < MEASURABLE_US && small < most) {
    small = Math.min(most, 2 * small)
    smallTime = least(small)
  }
  return least(4 * small) / Math.max(1, smallTime)
}

/** The most growthOf may give for work that grows linearly: 4, with room for the noise of timing (the square gives 16). */
export const LINEAR_GROWTH = 9
