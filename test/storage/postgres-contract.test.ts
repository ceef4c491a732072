import t from 'tap'
import { storageContract } from '../../src/testing/storage-contract.js'
import { databaseUrl, freshStoreName, openStore } from './fixtures/postgres.js'

const url = databaseUrl(t)

const factory = (url: string, options: Parameters<typeof openStore>[2] = {}) => {
  let name = ''
  return {
    open: () => openStore(url, (name = freshStoreName('contract')), options),
    reopen: () => openStore(url, name, options),
  }
}

if (url !== null) {
  const capabilities = { durable: true, crossProcess: true, subscribe: true }
  t.test('postgres adapter', (t) => storageContract(t, factory(url), capabilities))
  // A snapshot after every commit, keeping none before it: every read runs across compactions.
  t.test('postgres adapter, compacting constantly', (t) => storageContract(t, factory(url, { compactAfterCommits: 1, keepCommits: 0 }), capabilities))
}
