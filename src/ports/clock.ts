/** Time arrives through this port so the domain stays pure and tests can fix it. */
export interface ClockPort {
  /** Milliseconds since the epoch. */
  now(): number
}

export const systemClock: ClockPort = { now: () => Date.now() }

/** A clock that only moves when told to: for tests and reproducible examples. */
export const fixedClock = (start: number | string | Date = '2026-01-01T00:00:00.000Z') => {
  let current = new Date(start).getTime()
  return {
    now: () => current,
    advance: (ms: number) => {
      current += ms
    },
    set: (at: number | string | Date) => {
      current = new Date(at).getTime()
    },
  }
}
