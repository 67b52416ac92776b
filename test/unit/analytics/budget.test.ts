// Tests the run's analytics request budget (src/analytics/budget.ts): every analytics read of a run
// takes from one budget, none is made once it is spent, and a reserved first read always gets its
// request while further pages only get what no reservation holds.
import { describe, expect, it } from 'vitest'
import { RequestBudget } from '../../../src/analytics/budget.js'

/** Takes `n` requests that no reservation holds, and says which were given. */
function takeFree(budget: RequestBudget, n: number): boolean[] {
  return Array.from({ length: n }, () => budget.take())
}

describe('RequestBudget', () => {
  it('gives as many requests as its limit, then none', () => {
    const budget = new RequestBudget(3)
    expect(takeFree(budget, 5)).toEqual([true, true, true, false, false])
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

  it('gives nothing with a limit of 0, reserved or not', () => {
    const budget = new RequestBudget(0)
    budget.reserve(['a'])
    expect(budget.take('a')).toBe(false)
    expect(budget.take()).toBe(false)
    expect(budget.used).toBe(0)
  })

  it('takes a free request for a key that holds no reservation', () => {
    const budget = new RequestBudget(2)
    expect([budget.take('a'), budget.take('a'), budget.take('a')]).toEqual([true, true, false])
    expect(budget.used).toBe(2)
  })
})

describe('reservations', () => {
  it('keeps a reserved request for its read: free takes stop short of it', () => {
    const budget = new RequestBudget(3)
    budget.reserve(['a'])
    expect(takeFree(budget, 3)).toEqual([true, true, false])
    expect(budget.take('a')).toBe(true)
    expect(budget.used).toBe(3)
    expect(budget.take('a')).toBe(false)
  })

  it('gives a reserved read its request even when every free request is spent', () => {
    const budget = new RequestBudget(2)
    budget.reserve(['a', 'b'])
    expect(budget.take()).toBe(false)
    expect(budget.take('b')).toBe(true)
    expect(budget.take('a')).toBe(true)
    expect(budget.used).toBe(2)
  })

  it('spends a reservation once: the same key then takes only from what is free', () => {
    const budget = new RequestBudget(2)
    budget.reserve(['a', 'b'])
    expect(budget.take('a')).toBe(true)
    expect(budget.take('a')).toBe(false)
    expect(budget.take('b')).toBe(true)
    expect(budget.used).toBe(2)
  })

  it('reserves in order while the limit allows, and no further', () => {
    const budget = new RequestBudget(2)
    budget.reserve(['a', 'b', 'c'])
    expect(budget.take('c')).toBe(false)
    expect(budget.take()).toBe(false)
    expect(budget.take('a')).toBe(true)
    expect(budget.take('b')).toBe(true)
    expect(budget.used).toBe(2)
  })

  it('counts requests already spent when it reserves', () => {
    const budget = new RequestBudget(3)
    takeFree(budget, 2)
    budget.reserve(['a', 'b'])
    expect(budget.take('b')).toBe(false)
    expect(budget.take('a')).toBe(true)
    expect(budget.used).toBe(3)
  })

  it('holds one reservation for a key named twice, and reserves the next key with the room left', () => {
    const budget = new RequestBudget(3)
    budget.reserve(['a', 'a', 'b'])
    expect(takeFree(budget, 2)).toEqual([true, false])
    expect(budget.take('a')).toBe(true)
    expect(budget.take('a')).toBe(false)
    expect(budget.take('b')).toBe(true)
    expect(budget.used).toBe(3)
  })

  it('leaves a free request for pages after the reservations', () => {
    const budget = new RequestBudget(4)
    budget.reserve(['a', 'b'])
    expect(takeFree(budget, 3)).toEqual([true, true, false])
    expect([budget.take('a'), budget.take('b')]).toEqual([true, true])
    expect(budget.used).toBe(4)
  })
})

describe('release', () => {
  it('gives a reservation that will not be spent back to further pages', () => {
    const budget = new RequestBudget(2)
    budget.reserve(['a', 'b'])
    expect(budget.take()).toBe(false)
    budget.release('b')
    expect(budget.take()).toBe(true)
    expect(budget.take()).toBe(false)
    expect(budget.take('a')).toBe(true)
    expect(budget.used).toBe(2)
  })

  it('changes nothing for a key that holds no reservation', () => {
    const budget = new RequestBudget(2)
    budget.reserve(['a'])
    budget.release('b')
    budget.release('a')
    budget.release('a')
    expect(takeFree(budget, 3)).toEqual([true, true, false])
    expect(budget.used).toBe(2)
  })

  it('changes nothing for a reservation already spent', () => {
    const budget = new RequestBudget(2)
    budget.reserve(['a'])
    budget.take('a')
    budget.release('a')
    expect(takeFree(budget, 2)).toEqual([true, false])
    expect(budget.used).toBe(2)
  })
})

describe('sections that go first for further pages', () => {
  it('refuses another section a further page that would leave less than one free request for each of them still reading', () => {
    const budget = new RequestBudget(5)
    budget.reserve(['views', 'feedback'])
    budget.first(['feedback', 'searches'])
    // 3 free: views may take one, which leaves 2, one for each section that goes first.
    expect(budget.take(undefined, 'views')).toBe(true)
    expect(budget.take(undefined, 'views')).toBe(false)
    // They themselves take what is free.
    expect(budget.take(undefined, 'searches')).toBe(true)
    budget.finished('searches')
    expect(budget.take(undefined, 'views')).toBe(false)
    budget.finished('feedback')
    // None goes first any more: what no reservation holds (the first reads of views and feedback hold two) is free.
    expect([budget.take(undefined, 'views'), budget.take(undefined, 'views')]).toEqual([true, false])
    expect([budget.take('feedback'), budget.take('views')]).toEqual([true, true])
    expect(budget.used).toBe(5)
  })

  it('holds nothing back for a read that names no section, or when no section goes first', () => {
    const first = new RequestBudget(2)
    first.first(['feedback', 'searches'])
    expect([first.take(), first.take(), first.take()]).toEqual([true, true, false])
    const none = new RequestBudget(2)
    expect([none.take(undefined, 'views'), none.take(undefined, 'views'), none.take(undefined, 'views')]).toEqual([true, true, false])
  })

  it('changes nothing when a section that never went first is finished', () => {
    const budget = new RequestBudget(2)
    budget.first(['feedback'])
    budget.finished('views')
    expect([budget.take(undefined, 'views'), budget.take(undefined, 'views')]).toEqual([true, false])
  })
})
