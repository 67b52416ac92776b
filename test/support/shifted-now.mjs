// @ts-check
// Loaded with `node --import` into a bundle a test runs (test/support/action.js, `now`): the process's
// clock reads as if it were the instant DOCS_AGENT_TEST_NOW names, and goes on from there. A scenario
// of weeks that end after the day the suite runs reads them as past, as a runner would on those days;
// timers and durations are untouched, since the clock is moved by a constant.
const fixed = Date.parse(process.env.DOCS_AGENT_TEST_NOW ?? '')
if (Number.isFinite(fixed)) {
  const RealDate = Date
  const offset = fixed - RealDate.now()
  /** A Date whose "now" is moved by `offset`; every other form is the real one. */
  class ShiftedDate extends RealDate {
    /** @param {unknown[]} args the real Date's, passed on as they are */
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset)
      else super(.../** @type {[number]} */ (args))
    }

    /** @override */
    static now() {
      return RealDate.now() + offset
    }
  }
  globalThis.Date = /** @type {DateConstructor} */ (/** @type {unknown} */ (ShiftedDate))
}
