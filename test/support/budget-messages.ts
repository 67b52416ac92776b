// What tests check of the messages of a read that maxRequests cut, beside the two that own them: their stable start,
// never their wording after it. test/unit/analytics/pager.test.ts owns the whole text of a cut read's
// partial reason and warnings, and test/unit/analytics/reader.test.ts that of a read never made, so
// that a change to that wording changes one test file.
import { expect } from 'vitest'

/** `text` as a regular expression that matches it literally. */
const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A matcher of a message that starts with `start` and then `next` (a pattern), typed as the text it stands for. */
const startingWith = (start: string, next: string): string => expect.stringMatching(new RegExp(`^${literal(start)}${next}`)) as string

/** The partial reason of `read` ("search terms"), cut by maxRequests after its first page. */
export const cutReason = (read: string): string => startingWith(read, ': reading stopped at maxRequests \\(')

/** The partial reason of `read`, for which no request was left. */
export const unreadReason = (read: string): string => startingWith(read, ' not read: the request budget ran out \\(maxRequests, ')

/** A warning that starts with `start` ("Reading search terms stopped after 1 request") and names maxRequests next. */
export const cutWarning = (start: string): string => startingWith(start, ' at maxRequests \\(')

/** The warning of `reads` ("Feedback rows"), for which no request was left. */
export const unreadWarning = (reads: string): string => startingWith(reads, ' were not read: maxRequests \\(')
