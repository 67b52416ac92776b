// Tests the loop every analytics read goes through (src/analytics/pager.ts): offset, cursor and
// single-request paging, the guards that end a read the service would not end, the request budget
// and its reservations, errors, and the wording of the warnings and of cutClause.
import { describe, expect, it } from 'vitest'
import { RequestBudget } from '../../../src/analytics/budget.js'
import {
  cutClause,
  MAX_SECTION_ROWS,
  MAX_SECTION_TEXT,
  newReadProgress,
  type PageAnswer,
  type Paging,
  type ReadProgress,
  readPages,
  type Room,
  sectionRoom
} from '../../../src/analytics/pager.js'
import { mutationTesting } from '../../support/stress.js'

type Row = string

/** Answers each request with the next answer given; an Error is thrown; past the last answer, the request fails. */
function answers(list: (PageAnswer<Row> | Error)[]) {
  let n = 0
  return (): Promise<PageAnswer<Row>> => {
    const answer = list[n++]
    if (answer === undefined) return Promise.reject(new Error('asked for a page past the last one'))
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
  }
}

function offsetPaging(list: (PageAnswer<Row> | Error)[], pageSize = 10) {
  const asked: number[] = []
  const next = answers(list)
  const paging: Paging<Row> = {
    style: 'offset',
    pageSize,
    fetch: (offset) => {
      asked.push(offset)
      return next()
    }
  }
  return { asked, paging }
}

function cursorPaging(list: (PageAnswer<Row> | Error)[]) {
  const asked: (string | undefined)[] = []
  const next = answers(list)
  const paging: Paging<Row> = {
    style: 'cursor',
    fetch: (cursor) => {
      asked.push(cursor)
      return next()
    }
  }
  return { asked, paging }
}

function singlePaging(list: (PageAnswer<Row> | Error)[]) {
  const asked: unknown[][] = []
  const next = answers(list)
  const paging: Paging<Row> = {
    style: 'single',
    fetch: (...args: unknown[]) => {
      asked.push(args)
      return next()
    }
  }
  return { asked, paging }
}

interface ReadWith {
  budget?: RequestBudget
  key?: string
  what?: string
  room?: Room
  onPage?: (rows: readonly Row[], index: number) => void | Promise<void>
}

/** Runs one read (a budget of 40 unless told), recording the pages handed on and the warnings. */
function read(paging: Paging<Row>, options: ReadWith = {}) {
  const budget = options.budget ?? new RequestBudget(40)
  const progress = newReadProgress()
  const warnings: string[] = []
  const pages: [readonly Row[], number][] = []
  const done = readPages(paging, progress, {
    key: options.key ?? 'read',
    what: options.what ?? 'things',
    budget,
    room: options.room,
    log: { info: () => undefined, warning: (message) => warnings.push(message) },
    onPage: (rows, index) => {
      pages.push([rows, index])
      return options.onPage?.(rows, index)
    }
  })
  return { done, progress, warnings, pages, budget }
}

const complete = (requests: number): ReadProgress => ({ requests, complete: true, truncated: false })
const cut = (requests: number, why: ReadProgress['cut']): ReadProgress => ({ requests, complete: false, truncated: false, cut: why })

describe('newReadProgress', () => {
  it('starts with nothing read, a new object each time', () => {
    expect(newReadProgress()).toEqual({ requests: 0, complete: false, truncated: false })
    expect(newReadProgress()).not.toBe(newReadProgress())
  })
})

describe('offset paging', () => {
  it('reads page after page, a page size apart, while the service says there is more', async () => {
    const { asked, paging } = offsetPaging(
      [
        { rows: ['a', 'b'], hasMore: true },
        { rows: ['c'], hasMore: true },
        { rows: ['d'], hasMore: false }
      ],
      25
    )
    const run = read(paging)
    await run.done
    expect(asked).toEqual([0, 25, 50])
    expect(run.pages).toEqual([
      [['a', 'b'], 0],
      [['c'], 1],
      [['d'], 2]
    ])
    expect(run.progress).toEqual(complete(3))
    expect(run.warnings).toEqual([])
    expect(run.budget.used).toBe(3)
  })

  it('is complete after one request when the first page is the last, even an empty one', async () => {
    const { asked, paging } = offsetPaging([{ rows: [], hasMore: false }])
    const run = read(paging)
    await run.done
    expect(asked).toEqual([0])
    expect(run.progress).toEqual(complete(1))
    expect(run.warnings).toEqual([])
  })

  it('ends as partial, with a warning, when the service reports more after an empty page', async () => {
    const { asked, paging } = offsetPaging([
      { rows: ['a'], hasMore: true },
      { rows: [], hasMore: true },
      { rows: ['never'], hasMore: false }
    ])
    const run = read(paging, { what: 'page views' })
    await run.done
    expect(asked).toEqual([0, 10])
    expect(run.progress).toEqual(cut(2, 'empty-page'))
    expect(run.warnings).toEqual([
      'Reading page views was cut short after 2 requests: the service reported more after an empty page, so reading stopped. ' +
        'What was read is kept and marked partial.'
    ])
  })

  it('waits for each page to be handled before asking for the next', async () => {
    const events: string[] = []
    const next = answers([
      { rows: ['a'], hasMore: true },
      { rows: ['b'], hasMore: false }
    ])
    const paging: Paging<Row> = {
      style: 'offset',
      pageSize: 1,
      fetch: (offset) => {
        events.push(`fetch ${offset}`)
        return next()
      }
    }
    const run = read(paging, {
      onPage: async (rows, index) => {
        events.push(`page ${index} begins`)
        await new Promise((resolve) => setTimeout(resolve, 1))
        events.push(`page ${index} ends with ${rows.join()}`)
      }
    })
    await run.done
    expect(events).toEqual(['fetch 0', 'page 0 begins', 'page 0 ends with a', 'fetch 1', 'page 1 begins', 'page 1 ends with b'])
  })
})

describe('cursor paging with hasMore', () => {
  it('follows nextCursor while hasMore is true, starting with no cursor', async () => {
    const { asked, paging } = cursorPaging([
      { rows: ['a'], hasMore: true, nextCursor: 'c1' },
      { rows: ['b'], hasMore: true, nextCursor: 'c2' },
      { rows: ['c'], hasMore: false, nextCursor: null }
    ])
    const run = read(paging)
    await run.done
    expect(asked).toEqual([undefined, 'c1', 'c2'])
    expect(run.pages).toEqual([
      [['a'], 0],
      [['b'], 1],
      [['c'], 2]
    ])
    expect(run.progress).toEqual(complete(3))
    expect(run.warnings).toEqual([])
  })

  it('stops when hasMore is false, even when the answer still gives a cursor', async () => {
    const { asked, paging } = cursorPaging([
      { rows: ['a'], hasMore: false, nextCursor: 'c1' },
      { rows: ['never'], hasMore: false }
    ])
    const run = read(paging)
    await run.done
    expect(asked).toEqual([undefined])
    expect(run.progress).toEqual(complete(1))
  })

  it('ends as partial when hasMore is true but there is no cursor to read on with', async () => {
    for (const nextCursor of [null, undefined]) {
      const { asked, paging } = cursorPaging([
        { rows: ['a'], hasMore: true, nextCursor: 'c1' },
        { rows: ['b'], hasMore: true, nextCursor }
      ])
      const run = read(paging, { what: 'feedback rows' })
      await run.done
      expect(asked).toEqual([undefined, 'c1'])
      expect(run.progress).toEqual(cut(2, 'no-cursor'))
      expect(run.warnings).toEqual([
        'Reading feedback rows was cut short after 2 requests: the service reported more but gave no cursor to read it with. ' +
          'What was read is kept and marked partial.'
      ])
    }
  })

  it('ends as partial when hasMore is true after an empty page', async () => {
    const { asked, paging } = cursorPaging([
      { rows: [], hasMore: true, nextCursor: 'c1' },
      { rows: ['never'], hasMore: false }
    ])
    const run = read(paging)
    await run.done
    expect(asked).toEqual([undefined])
    expect(run.progress).toEqual(cut(1, 'empty-page'))
  })
})

describe('cursor paging without hasMore (search terms)', () => {
  it('follows nextCursor until it is null', async () => {
    const { asked, paging } = cursorPaging([
      { rows: ['a'], nextCursor: 'c1' },
      { rows: ['b'], nextCursor: 'c2' },
      { rows: ['c'], nextCursor: null }
    ])
    const run = read(paging)
    await run.done
    expect(asked).toEqual([undefined, 'c1', 'c2'])
    expect(run.progress).toEqual(complete(3))
    expect(run.warnings).toEqual([])
  })

  it('is complete when the answer has no cursor at all', async () => {
    const { asked, paging } = cursorPaging([{ rows: ['a'] }])
    const run = read(paging)
    await run.done
    expect(asked).toEqual([undefined])
    expect(run.progress).toEqual(complete(1))
  })

  it('ends as partial when a cursor is given after an empty page', async () => {
    const { asked, paging } = cursorPaging([
      { rows: ['a'], nextCursor: 'c1' },
      { rows: [], nextCursor: 'c2' },
      { rows: ['never'], nextCursor: null }
    ])
    const run = read(paging, { what: 'search terms' })
    await run.done
    expect(asked).toEqual([undefined, 'c1'])
    expect(run.progress).toEqual(cut(2, 'empty-page'))
    expect(run.warnings).toEqual([
      'Reading search terms was cut short after 2 requests: the service reported more after an empty page, so reading stopped. ' +
        'What was read is kept and marked partial.'
    ])
  })
})

describe('a cursor that repeats', () => {
  it('ends the read as partial when the service hands back a cursor it gave before', async () => {
    const { asked, paging } = cursorPaging([
      { rows: ['a'], nextCursor: 'c1' },
      { rows: ['b'], nextCursor: 'c2' },
      { rows: ['c'], nextCursor: 'c1' },
      { rows: ['never'], nextCursor: null }
    ])
    const run = read(paging, { what: 'search terms' })
    await run.done
    expect(asked).toEqual([undefined, 'c1', 'c2'])
    expect(run.pages.map(([rows]) => rows)).toEqual([['a'], ['b'], ['c']])
    expect(run.progress).toEqual(cut(3, 'repeated-cursor'))
    expect(run.warnings).toEqual([
      'Reading search terms was cut short after 3 requests: the service handed back a cursor it had already given, so reading stopped. ' +
        'What was read is kept and marked partial.'
    ])
  })

  it('never loops on a service that gives the same cursor forever, with hasMore or without', async () => {
    for (const hasMore of [true, undefined]) {
      const asked: (string | undefined)[] = []
      const paging: Paging<Row> = {
        style: 'cursor',
        fetch: (cursor) => {
          asked.push(cursor)
          return Promise.resolve({ rows: ['same'], nextCursor: 'again', hasMore })
        }
      }
      const run = read(paging, { budget: new RequestBudget(10) })
      await run.done
      expect(asked).toEqual([undefined, 'again'])
      expect(run.progress).toEqual(cut(2, 'repeated-cursor'))
      expect(run.budget.used).toBe(2)
    }
  })
})

describe('single-request reads', () => {
  it('makes one request, with no argument, and is complete', async () => {
    const { asked, paging } = singlePaging([{ rows: ['a', 'b'], hasMore: false }, { rows: ['never'] }])
    const run = read(paging)
    await run.done
    expect(asked).toEqual([[]])
    expect(run.pages).toEqual([[['a', 'b'], 0]])
    expect(run.progress).toEqual(complete(1))
    expect(run.warnings).toEqual([])
  })

  it('is complete and untruncated when the answer says nothing of more', async () => {
    const { paging } = singlePaging([{ rows: [] }])
    const run = read(paging)
    await run.done
    expect(run.progress).toEqual(complete(1))
  })

  it('is complete but marked truncated when the answer says there is more, without a warning', async () => {
    const { asked, paging } = singlePaging([{ rows: ['a'], hasMore: true }, { rows: ['never'] }])
    const run = read(paging)
    await run.done
    expect(asked).toEqual([[]])
    expect(run.progress).toEqual({ requests: 1, complete: true, truncated: true })
    expect(run.warnings).toEqual([])
  })

  it('is not read when no request is left', async () => {
    const { asked, paging } = singlePaging([{ rows: ['a'] }])
    const run = read(paging, { budget: new RequestBudget(0), what: 'caller stats' })
    await run.done
    expect(asked).toEqual([])
    expect(run.progress).toEqual(cut(0, 'budget'))
    // Nothing is said of what the service has: no request asked.
    expect(run.warnings).toEqual([
      'Caller stats were not read: maxRequests (0 requests for the whole run) ran out before them. ' +
        'Raise maxRequests to read them (analytics allow 100 requests per organization per hour).'
    ])
  })
})

describe('the request budget', () => {
  const forever = (): Paging<Row> => ({
    style: 'offset',
    pageSize: 10,
    fetch: (offset) => Promise.resolve({ rows: [`row at ${offset}`], hasMore: true })
  })

  it('stops at maxRequests while the service has more, and warns naming maxRequests', async () => {
    const run = read(forever(), { budget: new RequestBudget(2), what: 'page views' })
    await run.done
    expect(run.pages.map(([rows]) => rows)).toEqual([['row at 0'], ['row at 10']])
    expect(run.progress).toEqual(cut(2, 'budget'))
    expect(run.warnings).toEqual([
      'Reading page views stopped after 2 requests at maxRequests (2 requests for the whole run) while the service had more; ' +
        'what was read is kept and marked partial. Raise maxRequests to read more (analytics allow 100 requests per organization per hour).'
    ])
  })

  it('does not ask for more than 100, the most maxRequests may be: at 100 a shorter range or fewer sections read the rest', async () => {
    const run = read(forever(), { budget: new RequestBudget(100), what: 'page views' })
    await run.done
    expect(run.progress).toEqual(cut(100, 'budget'))
    expect(run.warnings).toEqual([
      'Reading page views stopped after 100 requests at maxRequests (100 requests for the whole run) while the service had more; ' +
        'what was read is kept and marked partial. maxRequests is at its most (analytics allow 100 requests per organization per hour): ' +
        'a shorter range or fewer sections read the rest.'
    ])
  })

  it('says it in the singular for one request', async () => {
    const run = read(forever(), { budget: new RequestBudget(1), what: 'page views' })
    await run.done
    expect(run.progress).toEqual(cut(1, 'budget'))
    expect(run.warnings).toEqual([
      'Reading page views stopped after 1 request at maxRequests (1 request for the whole run) while the service had more; ' +
        'what was read is kept and marked partial. Raise maxRequests to read more (analytics allow 100 requests per organization per hour).'
    ])
  })

  it('stops at the requests left when other reads spent part of the budget, naming the whole budget', async () => {
    const budget = new RequestBudget(3)
    budget.take()
    const run = read(forever(), { budget, what: 'page views' })
    await run.done
    expect(run.progress).toEqual(cut(2, 'budget'))
    expect(run.warnings).toEqual([
      'Reading page views stopped after 2 requests at maxRequests (3 requests for the whole run) while the service had more; ' +
        'what was read is kept and marked partial. Raise maxRequests to read more (analytics allow 100 requests per organization per hour).'
    ])
    expect(budget.used).toBe(3)
  })

  it('is complete, not cut, when the last request allowed reads the last page', async () => {
    const { paging } = offsetPaging([
      { rows: ['a'], hasMore: true },
      { rows: ['b'], hasMore: false }
    ])
    const run = read(paging, { budget: new RequestBudget(2) })
    await run.done
    expect(run.progress).toEqual(complete(2))
    expect(run.warnings).toEqual([])
  })

  it('spends the read’s reservation on its first request, and takes further pages only from what no reservation holds', async () => {
    const budget = new RequestBudget(3)
    budget.reserve(['other', 'mine'])
    const run = read(forever(), { budget, key: 'mine' })
    await run.done
    expect(run.progress).toEqual(cut(2, 'budget'))
    expect(budget.used).toBe(2)
    expect(budget.take('other')).toBe(true)
  })

  it('makes no request when its key holds no reservation and the rest is reserved for others', async () => {
    const budget = new RequestBudget(1)
    budget.reserve(['other'])
    const run = read(forever(), { budget, key: 'mine' })
    await run.done
    expect(run.progress).toEqual(cut(0, 'budget'))
    expect(budget.used).toBe(0)
    expect(budget.take('other')).toBe(true)
  })

  it('spends a reservation under its key on the first request only, never on a later page', async () => {
    const budget = new RequestBudget(2)
    budget.reserve(['mine'])
    // Something reserves under the read's key again while it reads: a later page must not spend it.
    const run = read(forever(), {
      budget,
      key: 'mine',
      onPage: () => {
        budget.reserve(['mine'])
      }
    })
    await run.done
    expect(run.progress).toEqual(cut(1, 'budget'))
    expect(budget.used).toBe(1)
    // … and the read gives it back as it ends.
    expect([budget.take(), budget.take()]).toEqual([true, false])
  })
})

describe('the read’s reservation is given back however the read ends', () => {
  /** A budget of 3 whose key `mine` is reserved again once the first page arrives, as if the read had not spent it. */
  async function endsWith(paging: Paging<Row>, expected: 'resolves' | 'rejects') {
    const budget = new RequestBudget(3)
    budget.reserve(['mine'])
    const run = read(paging, {
      budget,
      key: 'mine',
      onPage: (_rows, index) => {
        if (index === 0) budget.reserve(['mine'])
      }
    })
    if (expected === 'resolves') await run.done
    else await expect(run.done).rejects.toThrow('HTTP 500')
    return { budget, used: budget.used, free: [budget.take(), budget.take(), budget.take(), budget.take()] }
  }

  it('when the read is complete', async () => {
    const { paging } = offsetPaging([{ rows: ['a'], hasMore: false }])
    expect(await endsWith(paging, 'resolves')).toMatchObject({ used: 1, free: [true, true, false, false] })
  })

  it('when a guard cuts it', async () => {
    const { paging } = cursorPaging([{ rows: ['a'], hasMore: true, nextCursor: null }])
    expect(await endsWith(paging, 'resolves')).toMatchObject({ used: 1, free: [true, true, false, false] })
  })

  it('when a request fails', async () => {
    const { paging } = offsetPaging([{ rows: ['a'], hasMore: true }, new Error('HTTP 500')])
    expect(await endsWith(paging, 'rejects')).toMatchObject({ used: 2, free: [true, false, false, false] })
  })
})

describe('errors', () => {
  it('pass through, with the progress as it was and the failed request not counted', async () => {
    const failure = new Error('HTTP 500')
    const { asked, paging } = cursorPaging([{ rows: ['a'], hasMore: true, nextCursor: 'c1' }, failure, { rows: ['never'] }])
    const run = read(paging)
    await expect(run.done).rejects.toBe(failure)
    expect(asked).toEqual([undefined, 'c1'])
    expect(run.pages).toEqual([[['a'], 0]])
    expect(run.progress).toEqual({ requests: 1, complete: false, truncated: false })
    expect(run.warnings).toEqual([])
    expect(run.budget.used).toBe(2)
  })

  it('pass through from the first request, with nothing counted', async () => {
    const failure = new Error('HTTP 500')
    const { paging } = singlePaging([failure])
    const run = read(paging)
    await expect(run.done).rejects.toBe(failure)
    expect(run.progress).toEqual(newReadProgress())
    expect(run.budget.used).toBe(1)
  })

  it('pass through from the handling of a page, that page’s request counted as answered', async () => {
    const failure = new Error('out of memory')
    const { asked, paging } = offsetPaging([
      { rows: ['a'], hasMore: true },
      { rows: ['b'], hasMore: false }
    ])
    const run = read(paging, {
      onPage: () => {
        throw failure
      }
    })
    await expect(run.done).rejects.toBe(failure)
    expect(asked).toEqual([0])
    expect(run.progress).toEqual({ requests: 1, complete: false, truncated: false })
  })
})

describe('cutClause', () => {
  it('says why a read was cut, naming maxRequests for the whole run', () => {
    expect(cutClause('budget', new RequestBudget(40))).toBe(
      'reading stopped at maxRequests (40 requests for the whole run) while the service had more'
    )
    expect(cutClause('budget', new RequestBudget(1))).toBe(
      'reading stopped at maxRequests (1 request for the whole run) while the service had more'
    )
    expect(cutClause('budget', new RequestBudget(1000))).toBe(
      'reading stopped at maxRequests (1,000 requests for the whole run) while the service had more'
    )
    expect(cutClause('repeated-cursor', new RequestBudget(40))).toBe(
      'the service handed back a cursor it had already given, so reading stopped'
    )
    expect(cutClause('empty-page', new RequestBudget(40))).toBe('the service reported more after an empty page, so reading stopped')
    expect(cutClause('no-cursor', new RequestBudget(40))).toBe('the service reported more but gave no cursor to read it with')
    expect(cutClause('row-limit', new RequestBudget(40))).toBe(
      'the service had more than 200,000 rows, the most a run keeps of one section'
    )
    expect(cutClause('text-limit', new RequestBudget(40))).toBe(
      "the service's rows came to more than 16 MiB of text, the most a run keeps of one section"
    )
  })
})

describe('the rows a section keeps', () => {
  const rows = (n: number, from = 0): Row[] => Array.from({ length: n }, (_, i) => `r${from + i}`)
  /** JSON.stringify('rN') is N's digits and three more characters. */
  const textOf = (list: readonly Row[]): number => list.reduce((sum, row) => sum + JSON.stringify(row).length, 0)

  it('are at most 200,000 and 16 MiB of text, in a room of its own for each section', () => {
    expect([MAX_SECTION_ROWS, MAX_SECTION_TEXT]).toEqual([200_000, 16 * 1024 * 1024])
    expect(sectionRoom()).toEqual({ rows: 200_000, text: 16 * 1024 * 1024 })
    expect(sectionRoom()).not.toBe(sectionRoom())
  })

  it('end the read at the bound, keeping the rows that fit, partial with a warning, while the service has more', async () => {
    const first = rows(150_000)
    const second = rows(150_000, 150_000)
    const { asked, paging } = offsetPaging(
      [
        { rows: first, hasMore: true },
        { rows: second, hasMore: true },
        { rows: ['never'], hasMore: false }
      ],
      150_000
    )
    const run = read(paging, { what: 'page views' })
    await run.done
    expect(asked).toEqual([0, 150_000])
    expect(run.pages.map(([page, index]) => [page.length, index])).toEqual([
      [150_000, 0],
      [50_000, 1]
    ])
    expect(run.pages[1]?.[0]).toEqual(second.slice(0, 50_000))
    expect(run.progress).toEqual(cut(2, 'row-limit'))
    expect(run.warnings).toEqual([
      'Reading page views was cut short after 2 requests: the service had more than 200,000 rows, the most a run keeps of one section. What was read is kept and marked partial.'
    ])
    expect(run.budget.used).toBe(2)
  })

  it('keep a page that fills the room exactly, complete when it is the last', async () => {
    const room = { rows: 3, text: 100 }
    const { paging } = cursorPaging([{ rows: ['a', 'b', 'c'], nextCursor: null }])
    const run = read(paging, { room })
    await run.done
    expect(run.pages).toEqual([[['a', 'b', 'c'], 0]])
    expect(run.progress).toEqual(complete(1))
    expect(room).toEqual({ rows: 0, text: 100 - 9 })
  })

  it('ask for nothing more once the room is full and the service says it has more', async () => {
    const room = { rows: 3, text: 100 }
    const { asked, paging } = cursorPaging([
      { rows: ['a', 'b', 'c'], nextCursor: 'c1' },
      { rows: ['never'], nextCursor: null }
    ])
    const run = read(paging, { room })
    await run.done
    expect(asked).toEqual([undefined])
    expect(run.progress).toEqual(cut(1, 'row-limit'))
    expect(run.budget.used).toBe(1)
  })

  it('are cut within a page that is the service’s last, the read partial', async () => {
    const { paging } = singlePaging([{ rows: ['a', 'b', 'c', 'd'], hasMore: false }])
    const run = read(paging, { room: { rows: 2, text: 100 } })
    await run.done
    expect(run.pages).toEqual([[['a', 'b'], 0]])
    expect(run.progress).toEqual(cut(1, 'row-limit'))
  })

  it('end the read at the row whose text does not fit, whatever the count of rows', async () => {
    // Three rows of 5 characters as JSON ("abc" with its quotes) fit in 15; a fourth does not.
    const room = { rows: 10, text: 17 }
    const { paging } = offsetPaging([
      { rows: ['abc', 'def'], hasMore: true },
      { rows: ['ghi', 'jkl', 'mno'], hasMore: true }
    ])
    const run = read(paging, { room })
    await run.done
    expect(run.pages).toEqual([
      [['abc', 'def'], 0],
      [['ghi'], 1]
    ])
    expect(run.progress).toEqual(cut(2, 'text-limit'))
    expect(room).toEqual({ rows: 7, text: 2 })
    expect(run.warnings[0]).toContain("the service's rows came to more than 16 MiB of text, the most a run keeps of one section")
  })

  it('keep a row whose text fills the room exactly', async () => {
    const room = { rows: 10, text: 5 }
    const { paging } = singlePaging([{ rows: ['abc'] }])
    const run = read(paging, { room })
    await run.done
    expect(run.progress).toEqual(complete(1))
    expect(room).toEqual({ rows: 9, text: 0 })
  })

  it('count the text of each row as JSON, whatever its kind', async () => {
    const room = { rows: 10, text: 1000 }
    const objects: Paging<unknown> = {
      style: 'single',
      fetch: () => Promise.resolve({ rows: [{ path: '/a', n: 1 }, 'x"y', null, undefined] })
    }
    await readPages(objects, newReadProgress(), {
      key: 'k',
      what: 'w',
      budget: new RequestBudget(1),
      room,
      log: { info: () => undefined, warning: () => undefined },
      onPage: () => undefined
    })
    expect(room).toEqual({ rows: 6, text: 1000 - '{"path":"/a","n":1}'.length - '"x\\"y"'.length - 'null'.length })
  })

  it.skipIf(mutationTesting)('are shared by the reads of one room, the second read cut by what the first kept', async () => {
    const room = sectionRoom()
    const first = read(singlePaging([{ rows: rows(MAX_SECTION_ROWS - 1) }]).paging, { room })
    await first.done
    expect(first.progress).toEqual(complete(1))
    const second = read(cursorPaging([{ rows: ['x', 'y'], nextCursor: null }]).paging, { room })
    await second.done
    expect(second.pages).toEqual([[['x'], 0]])
    expect(second.progress).toEqual(cut(1, 'row-limit'))
    expect(room.text).toBe(MAX_SECTION_TEXT - textOf(rows(MAX_SECTION_ROWS - 1)) - 3)
  })

  it.skipIf(mutationTesting)('are 200,000 for a read given no room', async () => {
    const { paging } = singlePaging([{ rows: rows(MAX_SECTION_ROWS + 1) }])
    const run = read(paging)
    await run.done
    expect(run.pages[0]?.[0]).toHaveLength(MAX_SECTION_ROWS)
    expect(run.progress).toEqual(cut(1, 'row-limit'))
  })

  it.skipIf(mutationTesting)('hold 16 MiB of text for a read given no room', async () => {
    const big = 'x'.repeat(MAX_SECTION_TEXT - 2)
    const { paging } = singlePaging([{ rows: [big, 'y'] }])
    const run = read(paging)
    await run.done
    expect(run.pages[0]?.[0]).toEqual([big])
    expect(run.progress).toEqual(cut(1, 'text-limit'))
  })
})
