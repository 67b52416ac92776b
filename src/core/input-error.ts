// Inputs the run cannot use: every problem found, each naming the input at fault. Thrown while the
// inputs are read, before any request; main.ts turns it into the summary's list and one failure.

/** One thing wrong with the inputs: the input at fault, and what is wrong with it. */
export interface InputProblem {
  /** None when the problem is the inputs together (there is nothing to do). */
  input?: string
  /** A sentence that follows the input's name; Markdown code spans (`…`) mark names and values. */
  message: string
}

/** The inputs are unusable: every problem found, and a message for the log that lists them. */
export class InputError extends Error {
  override name = 'InputError'
  readonly problems: readonly InputProblem[]

  constructor(problems: readonly InputProblem[]) {
    const lines = problems.map((p) => `- ${p.input === undefined ? '' : `\`${p.input}\` `}${p.message}`)
    super(`Invalid input:\n${lines.join('\n')}`)
    this.problems = problems
  }
}
