/** `flagport import` and `flagport export`. */

export const TRANSFER_HELP = '  flagport import | export         (not built in this branch)'

export const runTransfer = async (command: 'import' | 'export', argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> => {
  void argv
  void env
  console.error(`flagport ${command}: not built in this branch`)
  return 1
}
