// The analytics requests one run may make (maxRequests). Analytics share 100 requests per
// organization per hour, so a run spends from one budget however many sections and comparisons read.
//
// Spending is planned: before any section reads, the run reserves one request for the first read of
// every section, in order, while the limit allows. A reserved request can only be spent by the read
// it was reserved for; a further page is spent only from what no reservation holds. So every section
// gets its first page before any section gets a second, whatever order the concurrent reads run in.
//
// Some sections go first for further pages (the gap signals, which say what readers could not find):
// until each has read all it will, another section's further page is refused when it would leave
// fewer free requests than one for each of them. No read waits for another.

/** Analytics allow 100 requests per organization per hour: the most maxRequests may be, since one run never gets more. */
export const MAX_ANALYTICS_REQUESTS = 100

export class RequestBudget {
  private spent = 0
  private readonly reserved = new Set<string>()
  private readonly ahead = new Set<string>()

  constructor(readonly limit: number) {}

  /**
   * Reserves one request for each read named in `keys`, in order, while the limit allows. A key
   * that is already reserved keeps its one reservation.
   */
  reserve(keys: readonly string[]): void {
    for (const key of keys) {
      if (this.spent + this.reserved.size >= this.limit) return
      this.reserved.add(key)
    }
  }

  /**
   * Takes one request: the one reserved for `key` when there is one, otherwise one that no
   * reservation holds and, for a further page of `section` when it does not go first, that leaves
   * one free request for each section that goes first and is still reading. False when there is none.
   */
  take(key?: string, section?: string): boolean {
    if (key !== undefined && this.reserved.delete(key)) {
      this.spent++
      return true
    }
    const held = section !== undefined && !this.ahead.has(section) ? this.ahead.size : 0
    if (this.spent + this.reserved.size + held >= this.limit) return false
    this.spent++
    return true
  }

  /** Gives back the reservation of a read that will not be made (its section ended first). */
  release(key: string): void {
    this.reserved.delete(key)
  }

  /** Puts `sections` first for further pages, until each is `finished`. */
  first(sections: readonly string[]): void {
    for (const section of sections) this.ahead.add(section)
  }

  /** `section` has read all it will: the requests held for it go to the others. */
  finished(section: string): void {
    this.ahead.delete(section)
  }

  get used(): number {
    return this.spent
  }
}
