import { randomFillSync, randomUUID } from 'node:crypto'

/** Random values arrive through this port so the domain stays pure and tests are repeatable. */
export interface IdPort {
  /** A UUID, for strategies. */
  uuid(): string
  /** A short url-safe random string, for error ids, invite tokens and secrets. */
  token(size?: number): string
}

/** 64 url-safe characters: a random byte's low six bits pick one, evenly. */
const URL_ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict'

/** `size` url-safe characters from the system's secure random source (6 bits each). */
const urlSafeToken = (size: number): string => {
  const bytes = randomFillSync(new Uint8Array(size))
  let token = ''
  for (const byte of bytes) token += URL_ALPHABET[byte & 63]
  return token
}

export const randomIds: IdPort = {
  uuid: () => randomUUID(),
  token: (size = 21) => urlSafeToken(size),
}

/** Deterministic ids for tests: uuid-shaped counters and counting tokens. */
export const sequentialIds = (): IdPort => {
  let n = 0
  return {
    uuid: () => {
      n += 1
      return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`
    },
    token: (size = 21) => {
      n += 1
      return `t${n}`.padEnd(size, '0')
    },
  }
}
