/**
 * The durable file store: `openFileStorage({ path })`. The pieces live in ./file/; this module
 * is the public surface (docs/file-store.md).
 */
export { openFileStorage, type FileStorageOptions } from './file/open.js'
export type { CorruptJournal, CorruptSnapshot, FileStoreError, FileStoreIoError, LockTimeout, MissingJournal, UnsupportedFormat } from './file/errors.js'
export { nodeFileSystem, type FileSystem } from './file/fs.js'
