// The analytics requests one run may make. Analytics share 100 requests per organization per hour,
// so a run spends from one budget however many sections and comparisons read.

export class RequestBudget {
  private spent = 0

  constructor(readonly limit: number) {}

  /** Takes one request from the budget; false when none is left. */
  take(): boolean {
    if (this.spent >= this.limit) return false
    this.spent++
    return true
  }

  get used(): number {
    return this.spent
  }
}
