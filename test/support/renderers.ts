// The text of one CSV file a section renderer writes, for tests of the files' content.
import type { SectionRenderer } from '../../src/render/renderer.js'

/** A function that gives the content of the file `name` the renderer writes for a report; it throws when there is none. */
export function fileText<Report>(renderer: SectionRenderer<Report>, name: string): (report: Report) => string {
  return (report) => {
    const file = renderer.csv(report).find((f) => f.name === name)
    if (!file) throw new Error(`no ${name} for this report`)
    return file.content
  }
}
