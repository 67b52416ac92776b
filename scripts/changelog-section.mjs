// @ts-check
// The notes of a release: the section of CHANGELOG.md for one version, from its heading
// ("## 1.1.0 (2026-12-02)") to the next version's, without the heading. A version with no section, or
// whose section still says "unreleased", has no notes: scripts/release and the release workflow stop.
//
//   node scripts/changelog-section.mjs <version>
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

/**
 * The section of `version` in `changelog`, or why there is none.
 * @param {string} changelog
 * @param {string} version
 * @returns {{ notes: string } | { problem: string }}
 */
export function changelogSection(changelog, version) {
  const lines = changelog.split('\n')
  const start = lines.findIndex((line) => line.startsWith(`## ${version} `) || line === `## ${version}`)
  if (start < 0) return { problem: `CHANGELOG.md has no section for ${version}.` }
  if (/unreleased/i.test(lines[start] ?? ''))
    return { problem: `CHANGELOG.md's section for ${version} says it is unreleased: give it the release's date.` }
  const next = lines.findIndex((line, index) => index > start && line.startsWith('## '))
  const notes = lines
    .slice(start + 1, next < 0 ? undefined : next)
    .join('\n')
    .trim()
  return notes === '' ? { problem: `CHANGELOG.md's section for ${version} is empty.` } : { notes: `${notes}\n` }
}

if (process.argv[1] === import.meta.filename) {
  const version = process.argv[2] ?? ''
  const found = changelogSection(readFileSync(resolve(import.meta.dirname, '../CHANGELOG.md'), 'utf8'), version)
  if ('problem' in found) {
    console.error(found.problem)
    process.exit(1)
  }
  process.stdout.write(found.notes)
}
