import * as E from 'fp-ts/lib/Either.js'

/**
 * One read of the head version shared by every caller that arrived before it began: a caller
 * arriving while one runs waits for the next, since the running one may predate its request.
 */
export class VersionCheck {
  private running: Promise<E.Either<unknown, number>> | null = null
  private next: Promise<E.Either<unknown, number>> | null = null

  constructor(private readonly read: () => Promise<number>) {}

  run(): Promise<E.Either<unknown, number>> {
    if (this.running === null) {
      this.running = this.read().then(E.right, E.left).finally(() => (this.running = null))
      return this.running
    }
    this.next ??= this.running.then(() => {
      this.next = null
      return this.run()
    })
    return this.next
  }
}
