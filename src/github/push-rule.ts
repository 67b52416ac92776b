// Who may make the action work on their word (a /docs command, a tick in the docs health issue): a
// person who may push to the repository. One rule, read from GitHub's collaborator permission answer,
// where `permission` is the legacy level (a maintainer reads as "write", a triager as "read") and
// `role_name` the role itself (a custom role built on write has its own name and "write").

/** The fields of GitHub's answer to "a collaborator's permission" that the rule reads. */
export interface CollaboratorPermission {
  permission?: string | null
  role_name?: string | null
}

// Typed to take an absent field too, so that one reads as any level outside the set.
const PUSHING_LEVELS: ReadonlySet<string | null | undefined> = new Set(['admin', 'maintain', 'write'])

/** Whether the answer says the person may push: admin, maintain or write, by level or by role. */
export function mayPush(answer: CollaboratorPermission): boolean {
  return PUSHING_LEVELS.has(answer.permission) || PUSHING_LEVELS.has(answer.role_name)
}
