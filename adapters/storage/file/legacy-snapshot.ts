import { deferredSlot, isTable, parseSharedRows, type Dict } from '../../../src/storage/index.js'

/*
 * Snapshots of formats 1 and 2, written beside journals of format 1: the state in the
 * engine's layout (each table 64 x 64 buckets), format 2 with each bucket on a line of its
 * own. Read only to upgrade such a store (upgrade.ts).
 */

/** A bucket line (its newline included) as rows. */
const parseLine = (line: Buffer): Dict<unknown> => parseSharedRows(line.toString('utf8', 0, line.length - 1)) as Dict<unknown>

/** Puts each numbered bucket of the state's tables back in its slot, deferred: built when first used. */
export const attachBuckets = (state: unknown, lines: readonly Buffer[]): string | null => {
  if (state === null || typeof state !== 'object') return null
  const used = new Set<number>()
  for (const value of Object.values(state)) {
    if (!isTable(value)) continue
    for (const shard of value.shards as unknown[][]) {
      for (let b = 0; b < shard.length; b++) {
        const slot = shard[b]
        if (typeof slot !== 'number') continue
        const text = lines[slot - 1]
        if (text === undefined || used.has(slot)) return `bucket line ${slot} is missing or used twice`
        used.add(slot)
        shard[b] = deferredSlot(text, parseLine)
      }
    }
  }
  return used.size === lines.length ? null : `${lines.length - used.size} bucket lines belong to no table`
}
