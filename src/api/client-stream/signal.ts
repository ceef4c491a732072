import type { CommitListener, Unsubscribe } from '../commit-hook.js'

/**
 * "The client payloads may have changed": listeners re-read the head; they are told nothing
 * else, so a burst of commits may be one call. The stream hub depends on this alone.
 */
export interface ChangeSignal {
  listen(listener: () => void): () => void
}

/**
 * The signal of the runner's commit hook, which tells of this facade's commits once the store
 * accepted them and of other processes' through the store's subscription (PostgreSQL NOTIFY,
 * file polling), subscribed only while someone listens.
 */
export const commitSignal = (onCommit: (listener: CommitListener) => Unsubscribe): ChangeSignal => ({
  listen: (listener) => onCommit(() => listener()),
})
