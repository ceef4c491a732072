/** One regular file of a tar archive: its path (with any pax or GNU long name applied) and bytes. */
export interface TarFile {
  readonly path: string
  readonly content: Uint8Array
}

const BLOCK = 512

const text = (bytes: Uint8Array, start: number, length: number): string => {
  const field = bytes.subarray(start, start + length)
  const end = field.indexOf(0)
  return Buffer.from(end < 0 ? field : field.subarray(0, end)).toString('utf8')
}

/** A pax extended header's `path` record, if it has one (`<length> path=<value>\n` records). */
const paxPath = (records: string): string | undefined => {
  for (const line of records.split('\n')) {
    const match = /^\d+ path=(.*)$/.exec(line)
    if (match) return match[1]
  }
  return undefined
}

/**
 * The regular files of an uncompressed tar archive (ustar, with pax and GNU long names), as
 * npm packs packages. Links, directories and other entries are skipped.
 */
export function* tarFiles(archive: Uint8Array): Generator<TarFile> {
  let offset = 0
  let longName: string | undefined
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK)
    if (header.every((b) => b === 0)) return
    const size = parseInt(text(header, 124, 12).trim() || '0', 8)
    const type = String.fromCharCode(header[156] ?? 0)
    const prefix = text(header, 257, 6) === 'ustar' ? text(header, 345, 155) : ''
    const name = prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100)
    const content = archive.subarray(offset + BLOCK, offset + BLOCK + size)
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK
    if (type === 'x') longName = paxPath(Buffer.from(content).toString('utf8')) ?? longName
    else if (type === 'L') longName = text(content, 0, content.length)
    else {
      if (type === '0' || type === '\0') yield { path: longName ?? name, content }
      longName = undefined
    }
  }
}
