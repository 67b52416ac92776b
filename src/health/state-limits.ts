// Limits of the docs health issue's state that its reading of earlier versions (migrate.ts) shares
// with its schema (state.ts).

/** The largest count the state keeps: a count past it is no count a docs site has. */
export const MOST_COUNTED = 1e12
/** Characters of a search's words a gap's evidence keeps, for each search it quotes. */
export const EVIDENCE_WORDS_CHARS = 80
