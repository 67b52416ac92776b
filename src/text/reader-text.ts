// Text that readers of the docs typed (search queries, feedback comments, assistant questions). It
// may hold personal data, and a public repository's summary and artifacts are public: it is kept
// only when the run shows reader text, and even then e-mail addresses in it are masked.

/** Something shaped like an e-mail address: a local part, an @, and a domain with a dot in it. */
const EMAIL = /[^\s@<>()[\]{}"',;:]+@[^\s@<>()[\]{}"',;:]+\.[^\s@<>()[\]{}"',;:]*[^\s@<>()[\]{}"',;:.]/g

export const EMAIL_MASK = '[email]'

/** The text with every e-mail address in it replaced by [email]. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, EMAIL_MASK)
}

/** Reader text as a run may keep it: masked when shown, nothing when hidden. */
export function readerText(text: string | null | undefined, show: boolean): string | undefined {
  if (!show || text === null || text === undefined) return undefined
  return maskEmails(text)
}
