/**
 * Where the server's own messages go: what an operator needs and a client must not see (the
 * paths and system messages behind a storage error, what a recovery dropped).
 */
export interface LoggerPort {
  error(message: string): void
  warn(message: string): void
}

export const consoleLogger: LoggerPort = {
  error: (message) => console.error(message),
  warn: (message) => console.warn(message),
}
