// Tests the notes of a release (scripts/changelog-section.mjs): a version's section of the changelog,
// up to the next version's, and none for a version missing, unreleased or empty.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { changelogSection } from '../../../scripts/changelog-section.mjs'

const CHANGELOG = [
  '# Changelog',
  '',
  '## 1.2.0 (unreleased)',
  '',
  '- Next.',
  '',
  '## 1.1.0 (2026-12-02)',
  '',
  '### Upgrading',
  '',
  '- Nothing to do.',
  '',
  '## 1.1.0-rc.1 (2026-12-01)',
  '',
  '- A candidate.',
  '',
  '## 1.0.0',
  '',
  '- First.',
  '',
  '## 0.9.0 (2026-11-01)',
  ''
].join('\n')

describe('the notes of a release', () => {
  it("are the version's section, without its heading, up to the next version's", () => {
    expect(changelogSection(CHANGELOG, '1.1.0')).toEqual({ notes: '### Upgrading\n\n- Nothing to do.\n' })
    expect(changelogSection(CHANGELOG, '1.1.0-rc.1')).toEqual({ notes: '- A candidate.\n' })
    expect(changelogSection(CHANGELOG, '1.0.0')).toEqual({ notes: '- First.\n' })
  })

  it('are none for a version with no section, one still unreleased, or an empty one', () => {
    expect(changelogSection(CHANGELOG, '1.3.0')).toEqual({ problem: 'CHANGELOG.md has no section for 1.3.0.' })
    expect(changelogSection(CHANGELOG, '1.1')).toEqual({ problem: 'CHANGELOG.md has no section for 1.1.' })
    expect(changelogSection(CHANGELOG, '1.2.0')).toEqual({
      problem: "CHANGELOG.md's section for 1.2.0 says it is unreleased: give it the release's date."
    })
    expect(changelogSection(CHANGELOG, '0.9.0')).toEqual({ problem: "CHANGELOG.md's section for 0.9.0 is empty." })
  })

  it("holds this repository's version, with the sections an upgrade reads", () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string }
    const changelog = readFileSync(join(import.meta.dirname, '../../../CHANGELOG.md'), 'utf8')
    const heading = changelog.split('\n').find((line) => line.startsWith(`## ${pkg.version} `))
    expect(heading).toMatch(/^## \d+\.\d+\.\d+ \((unreleased|\d{4}-\d{2}-\d{2})\)$/)
    const section = changelog.slice(changelog.indexOf(heading ?? ''), changelog.indexOf('\n## ', changelog.indexOf(heading ?? '') + 1))
    expect(section).toContain('\n### Upgrading\n')
    expect(section).toContain('\n### Breaking\n')
  })
})
