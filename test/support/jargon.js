// @ts-check
// Words a docs lead does not use, kept in one place: the rendered first-screen tests
// (test/e2e/first-screen/) assert that no summary or docs health issue shows any of them. Each is a
// regular expression over the text a reader sees, white space made one space.

/** @type {readonly { phrase: RegExp, instead: string }[]} */
export const JARGON = [
  { phrase: /ranked \d+ periods since/i, instead: 'on the list N weeks since …' },
  { phrase: /not proven yet/i, instead: 'waiting: N more weeks of readers to tell' },
  { phrase: /\d+ of \d+ periods since the merge/i, instead: 'waiting: N more weeks of readers to tell' },
  { phrase: /too few readers to tell yet/i, instead: 'waiting: N more weeks of readers to tell' },
  { phrase: /\bjob job_|\bjob [0-9a-f]{8,}/, instead: 'the agent is working on it' },
  { phrase: /when it runs on issues: edited/i, instead: 'if the workflow runs when this issue is edited' },
  { phrase: /leaves Fix first and docsGaps/i, instead: 'is left off Fix first and out of what the agent is sent' },
  { phrase: /readers in trouble/i, instead: 'thumbs down, unanswered questions and searches with no click' },
  { phrase: /fell 100 ?%/i, instead: 'fell from N to none' },
  { phrase: /for every ticked gap/i, instead: 'one agent job for all ticked gaps' },
  { phrase: /not ranked in the latest period/i, instead: 'not on this week’s list' },
  { phrase: /latest period:/i, instead: 'this week:' },
  { phrase: /a period on average/i, instead: 'per week' },
  { phrase: /\d+ periods → since/i, instead: 'before … (N weeks) → since …' },
  // Overlapping signals named side by side read as more readers than there are.
  { phrase: /\d+ thumbs down · (?:[^·]+ · )*\d+ marked not helpful/i, instead: 'N unhappy readers (…; a reader counts once)' },
  { phrase: /\d+ marked not helpful · (?:[^·]+ · )*\d+ thumbs down/i, instead: 'N unhappy readers (…; a reader counts once)' }
]

/** The jargon phrases `text` holds, as found. @param {string} text */
export function jargonIn(text) {
  return JARGON.flatMap(({ phrase }) => {
    const found = phrase.exec(text)
    return found ? [found[0]] : []
  })
}
