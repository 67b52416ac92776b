// The inputs of a weekly docs health run with its issue, as the end-to-end tests of the issue give
// them: every section, reader text shown, the issue kept with the fake GitHub's token. A test adds
// or overrides what it is about (the period, readerText, wait).

/** The inputs of a docs health run against the emulator at `baseUrl`, with `more` on top. */
export function docsHealthInputs(
  baseUrl: string,
  keys: { apiKey: string; githubToken: string },
  more: Record<string, string> = {}
): Record<string, string> {
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
