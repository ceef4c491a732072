import { createClientCache, type ClientCache } from '../../src/api/client-cache.js'
import { type LiveEvaluator, liveEvaluator } from '../../src/api/client-evaluator.js'
import { replaceStateOp } from '../../src/api/operations/state.js'
import type { EvaluatorOptions } from '../../src/evaluation/index.js'
import type { State } from '../../src/model/state.js'
import { systemClock } from '../../src/ports/clock.js'

/** What a facade's evaluators use by default (src/api/facade/client.ts): the system clock, Math.random, no host name. */
const DEFAULTS: EvaluatorOptions = { now: () => systemClock.now(), random: Math.random }

/**
 * A seed's state, and what every kit of that seed shares while it holds that very state: the
 * evaluators of its environments, each flag compiled once for all of them, and the operation
 * that resets a kit to it. The state is an immutable value, so sharing it shares nothing a
 * kit could change: a kit that writes commits to its own store.
 */
export class SeededStore {
  private cache: ClientCache | undefined
  private readonly evaluators = new Map<string, LiveEvaluator>()
  /** The system operation that puts this state back in a kit's store. */
  readonly resetOp: ReturnType<typeof replaceStateOp>

  constructor(readonly state: State) {
    this.resetOp = replaceStateOp(state)
  }

  /** The evaluator of an environment, as a facade over this state with the default options makes it. */
  evaluator(environment: string): LiveEvaluator {
    const found = this.evaluators.get(environment)
    if (found !== undefined) return found
    const made = liveEvaluator(() => this.state, (this.cache ??= createClientCache()).view(environment), DEFAULTS)
    // Kept for the environments the state has: names asked for at random cost no memory.
    if (this.state.environments.has(environment)) this.evaluators.set(environment, made)
    return made
  }
}
