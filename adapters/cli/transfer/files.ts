/** Reading and writing transfer documents as files. */
import { readFile, rename, stat, writeFile } from 'node:fs/promises'
import * as E from 'fp-ts/lib/Either.js'
import { decodeAt } from '../../../src/domain/decode.js'
import { TransferDocument } from './document.js'

/** A document file larger than this is refused before it is read. */
const MAX_FILE_BYTES = 256 * 1024 * 1024

export const readDocument = async (file: string): Promise<E.Either<string, TransferDocument>> => {
  let text: string
  try {
    const { size } = await stat(file)
    if (size > MAX_FILE_BYTES) return E.left(`${file} is larger than ${MAX_FILE_BYTES} bytes`)
    text = await readFile(file, 'utf8')
  } catch (error) {
    return E.left(`could not read ${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return E.left(`${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`)
  }
  const decoded = decodeAt(TransferDocument, '', json)
  if (E.isRight(decoded)) return decoded
  const details = decoded.left.details.map((d) => `${d.path ?? ''}: ${d.message}`).join('; ')
  return E.left(`${file} is not a flagport transfer document: ${details || decoded.left.message}`)
}

/** Written beside the target and renamed over it: a reader never sees half a document. */
export const writeDocument = async (file: string, document: TransferDocument): Promise<E.Either<string, void>> => {
  const partial = `${file}.${process.pid}.partial`
  try {
    await writeFile(partial, `${JSON.stringify(document, null, 2)}\n`)
    await rename(partial, file)
    return E.right(undefined)
  } catch (error) {
    return E.left(`could not write ${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
}
