// The action's name and version, from package.json, for the User-Agent header.
import pkg from '../package.json' with { type: 'json' }

export const ACTION_NAME: string = pkg.name
export const ACTION_VERSION: string = pkg.version
