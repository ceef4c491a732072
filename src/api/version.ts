import { readFileSync } from 'node:fs'

/**
 * The package's version, read once from its package.json. The file sits two levels above
 * this module when run from source (src/api) and three when built (dist/src/api).
 */
const readVersion = (): string => {
  for (const relative of ['../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as { name?: unknown; version?: unknown }
      if (pkg.name === 'flagport' && typeof pkg.version === 'string') return pkg.version
    } catch {
      // Not there: try the next place.
    }
  }
  return '0.0.0'
}

export const VERSION: string = readVersion()
