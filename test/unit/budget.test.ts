// Tests the run's analytics request budget (src/analytics/budget.ts): every analytics read of a run
// takes from one budget, and none is made once it is spent.
import { describe, expect, it } from 'vitest'
import { RequestBudget } from '../../src/analytics/budget.js'

describe('RequestBudget', () => {
  it('gives as many requests as its limit, then none', () => {
    const budget = new RequestBudget(3)
    expect([budget.take(), budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false, false])
    expect(budget.used).toBe(3)
    expect(budget.limit).toBe(3)
  })

  it('counts what was taken', () => {
    const budget = new RequestBudget(10)
    expect(budget.used).toBe(0)
    budget.take()
    budget.take()
    expect(budget.used).toBe(2)
  })

  it('gives nothing with a limit of 0', () => {
    const budget = new RequestBudget(0)
    expect(budget.take()).toBe(false)
    expect(budget.used).toBe(0)
  })
})
