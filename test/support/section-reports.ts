// Reports of the analytics sections as the run makes them, for the tests outside the sections'
// folders: each section's builders live beside its tests (test/unit/sections/<name>/reports.ts), on
// the fields every section shares (section-base.ts).
export { RANGE } from './section-base.js'
export * from '../unit/sections/assistant/reports.js'
export * from '../unit/sections/feedback/reports.js'
export * from '../unit/sections/searches/reports.js'
export * from '../unit/sections/traffic/reports.js'
