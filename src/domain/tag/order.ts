import type { Tag } from '../../model/tag.js'

/**
 * A feature's tags in Unleash's order: by type, then by value (the order of its feature_tag
 * key, which its reads follow), whatever order they were added in.
 */
export const sortedTags = <T extends Tag>(tags: readonly T[]): T[] =>
  [...tags].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
