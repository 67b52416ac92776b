// @ts-check
// The inputs of a weekly docs health run with its issue, as the end-to-end tests of the issue give
// them: every section, reader text shown, the issue kept with the fake GitHub's token. A test adds
// or overrides what it is about (the period, readerText, wait). Plain JavaScript with JSDoc types, so
// that the loop benchmark uses it under plain Node.

/**
 * The inputs of a docs health run against the emulator at `baseUrl`, with `more` on top.
 * @param {string} baseUrl @param {{ apiKey: string, githubToken: string }} keys @param {Record<string, string>} [more]
 * @returns {Record<string, string>}
 */
export function docsHealthInputs(baseUrl, keys, more = {}) {
  return {
    apiKey: keys.apiKey,
    projectId: 'proj_docs',
    baseUrl,
    analytics: 'all',
    readerText: 'show',
    healthIssue: 'true',
    githubToken: keys.githubToken,
    pollIntervalSeconds: '0.5',
    ...more
  }
}
