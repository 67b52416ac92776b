// The analytics requests one run may make (maxRequests). Analytics share 100 requests per
// organization per hour, so a run spends from one budget however many sections and comparisons read.
//
// Spending is planned: before any section reads, the run reserves one request for the first read of
// every section, in order, while the limit allows. A reserved request can only be spent by the read
// it was reserved for; a further page is spent only from what no reservation holds. So every section
// gets its first page before any section gets a second, whatever order the concurrent reads run in.

export class RequestBudget {
  private spent = 0
  private readonly reserved = new Set<string>()

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
   * reservation holds. False when there is none.
   */
  take(key?: string): boolean {
    if (key !== undefined && this.reserved.delete(key)) {
      this.spent++
      return true
    }
    if (this.spent + this.reserved.size >= this.limit) return false
    this.spent++
    return true
  }

  /** Gives back the reservation of a read that will not be made (its section ended first). */
  release(key: string): void {
    this.reserved.delete(key)
  }

  get used(): number {
    return this.spent
  }
}
