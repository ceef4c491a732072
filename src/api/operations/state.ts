import * as E from 'fp-ts/lib/Either.js'
import type { State } from '../../model/state.js'
import { NoParams } from '../../model/params.js'
import { replaceState } from '../../store/transaction.js'
import { write } from '../operation.js'

/**
 * The whole state replaced by `state` (a committed value, shared, never changed), as one
 * commit: the facade's own upkeep (the test kit's reset to its seed), never a request's. It
 * records no event: the log becomes `state`'s.
 */
export const replaceStateOp = (state: State) =>
  write({
    params: NoParams,
    requirement: 'NONE',
    admits: 'system',
    run: (draft) => {
      replaceState(draft, state)
      return E.right(() => undefined)
    },
  })
