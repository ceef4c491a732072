import type { ReadState } from '../../store/tx.js'

const MAX_SLUG = 90

/**
 * Unleash's `slug(name)` as decisions.md settles it: accents dropped, lower-case, letters
 * and digits kept, whitespace runs become `-`, trimmed.
 */
const slug = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, '')
    .trim()
    .replace(/\s+/g, '-')

/** UTF-8 bytes as base64: Unleash slugs this when the name alone gives nothing (`日本`, `!!!`). */
const base64 = (text: string): string => {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** The id a project named `name` gets: its slug cut to 90 characters, then `-1`, `-2`, ... while taken. */
export const generateProjectId = (state: ReadState, name: string): string => {
  const base = (slug(name) || slug(base64(name))).slice(0, MAX_SLUG)
  if (!state.projects.has(base)) return base
  for (let n = 1; ; n++) {
    const candidate = `${base}-${n}`
    if (!state.projects.has(candidate)) return candidate
  }
}
