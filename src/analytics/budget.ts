// The analytics requests one run may make (maxRequests). Analytics share 100 requests per
// organization per hour, so a run spends from one budget however many sections and comparisons read.
//
// Spending is planned: before any section reads, the run reserves one request for the first read of
// every section, in order, while the limit allows. A reserved request can only be spent by the read
// it was reserved for; a further page is spent only from what no reservation holds. So every section
// gets its first page before any section gets a second, whatever order the concurrent reads run in.
//
// Some sections go first for further pages (the gap signals, which say what readers could not find):
// until each of them has read all it will, the further pages of the others wait their turn.

export class RequestBudget {
  private spent = 0
  private readonly reserved = new Set<string>()
  private readonly ahead = new Set<string>()
  private waiting: (() => void)[] = []

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

  /** Puts `sections` first for further pages, until each is `finished`. */
  first(sections: readonly string[]): void {
    for (const section of sections) this.ahead.add(section)
  }

  /** `section` has read all it will; once no section that goes first is left, the others' further pages go on. */
  finished(section: string): void {
    this.ahead.delete(section)
    if (this.ahead.size > 0) return
    const waiting = this.waiting
    this.waiting = []
    for (const go of waiting) go()
  }

  /**
   * Resolves when `section` may ask for a further page: at once for a section that goes first, or
   * when none is left; otherwise once every such section is finished. Rejects with the signal's
   * reason (the run's StopError) as soon as it aborts.
   */
  turn(section: string, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason as Error)
    if (this.ahead.size === 0 || this.ahead.has(section)) return Promise.resolve()
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        reject(signal.reason as Error)
      }
      signal.addEventListener('abort', onAbort, { once: true })
      this.waiting.push(() => {
        signal.removeEventListener('abort', onAbort)
        resolve()
      })
    })
  }

  get used(): number {
    return this.spent
  }
}
