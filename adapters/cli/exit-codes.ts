/** The exit codes of every `flagport` command (docs/cli.md lists them). */
export const EXIT = {
  /** Done, or stopped cleanly by SIGINT or SIGTERM. */
  ok: 0,
  /** Could not start or finish (a store that does not open, a bad variable, a port in use), or stopped by a second signal without waiting. */
  failed: 1,
  /** The command line is wrong: an unknown command or flag, a bad flag value. */
  usage: 2,
} as const
