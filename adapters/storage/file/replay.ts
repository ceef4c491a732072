import type { Patch } from 'immer'
import { Bucket, DeferredBucket, PatchMismatch, applyAtLastKey, copyRecord, getOwn, keyIn, setOwn, upgradeFor, type Container } from '../../../src/storage/index.js'
import type { Decoded } from './line.js'

/**
 * Applies the patches of a format 1 journal (read only to upgrade it) to a state without changing it: containers on a patch's path are
 * copied once per replay and then changed in place, so catching up N commits costs the size
 * of their patches, not N copies of the store.
 *
 * Not immer's `applyPatches`: it refuses paths through `__proto__` and `constructor`, which
 * are legal flag and tag names here. Every key is read and written as an own property, so no
 * name reaches a prototype.
 */
export class Replay {
  /** Containers this replay created; only these may be changed in place. */
  private readonly owned = new Set<object>()

  constructor(private current: unknown) {}

  /** Replaces the whole state (a commit that carries the state rather than patches). */
  reset(state: unknown): void {
    this.current = state
  }

  apply(patches: readonly Patch[]): Decoded<void> {
    try {
      for (const patch of patches) this.applyOne(patch)
      return { ok: true, value: undefined }
    } catch (e) {
      if (e instanceof PatchMismatch) return { ok: false, reason: e.message }
      throw e
    }
  }

  /**
   * The state after every applied patch. Not frozen: the facade's immer does not freeze
   * either (freezing, and checking for it, costs time linear in the store), and states are
   * immutable by convention.
   */
  finish(): unknown {
    this.owned.clear()
    return this.current
  }

  private applyOne(patch: Patch): void {
    const path = patch.path
    if (!Array.isArray(path)) throw new PatchMismatch('a patch without a path')
    if (path.length === 0) {
      if (patch.op !== 'replace') throw new PatchMismatch(`\`${String(patch.op)}\` at the root`)
      this.current = patch.value
      return
    }
    // A commit written in a later schema after lines of an earlier one (a store opened by an
    // upgraded writer): the state takes the shape the line needs first, as the writer's did
    // when it read the same lines.
    this.current = upgradeFor(this.current, path)
    this.current = this.own(this.current, path, 0)
    let parent = this.current as Container
    for (let i = 0; i < path.length - 1; i++) {
      const key = keyIn(parent, path[i], false)
      const child = this.own(getOwn(parent, key), path, i + 1)
      setOwn(parent, key, child)
      parent = child
    }
    applyAtLastKey(parent, patch)
  }

  /** The container at `path[0 .. depth)`, copied once per replay. */
  private own(stored: unknown, path: readonly unknown[], depth: number): Container {
    // A bucket still in its snapshot text is built first: the patch changes its rows. A bucket
    // is patched as the dictionary it stands for (the paths name its rows); the table turns
    // that dictionary back into a bucket when it is next read (table-layout.ts, `settle`).
    if (stored instanceof Bucket) {
      const rows = (stored as Bucket<unknown>).toJSON() as Container
      this.owned.add(rows)
      return rows
    }
    const value = stored instanceof DeferredBucket ? (stored as DeferredBucket<unknown>).resolve() : stored
    if (value === null || typeof value !== 'object') throw new PatchMismatch(`path ${JSON.stringify(path)} runs through a non-object`)
    if (this.owned.has(value)) return value as Container
    // A table's bucket (`[table, 'shards', s, b]`) is keyed by row names: it stays a dictionary.
    const bucket = depth === 4 && path[1] === 'shards'
    const copy = copyOf(value as Container, !bucket)
    this.owned.add(copy)
    return copy
  }
}

/**
 * A copy to change in place. A prototype-free object is copied `compact`ly (rows and what they
 * hold) with `copyRecord`: `Object.create(null)` starts an object in V8's dictionary mode, and
 * each row replayed that way would be several times larger.
 */
const copyOf = (o: Container, compact: boolean): Container => {
  if (Array.isArray(o)) return o.slice()
  const proto = Object.getPrototypeOf(o) as object | null
  if (proto === null && compact) return copyRecord(o)
  // Into a prototype-free object, assignment is a plain own-property write.
  if (proto === null) return Object.assign(Object.create(null) as Record<string, unknown>, o)
  const copy = Object.create(proto) as Record<string, unknown>
  for (const key of Object.keys(o)) setOwn(copy, key, o[key])
  return copy
}
