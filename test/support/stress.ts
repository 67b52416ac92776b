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
