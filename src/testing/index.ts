/** For adapter authors: prove a storage adapter with the same suite flagport's own adapters pass. */
export { storageContract } from './storage-contract.js'
