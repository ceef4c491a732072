/** createAdminApi called from plain JavaScript with options that are not what it needs. */
import t from 'tap'
import { openAuth } from '../../adapters/auth/open.js'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import { internalsOf } from '../../src/api/internals.js'
import { raw } from '../support/raw.js'

t.test('a missing or misshapen port is a TypeError naming the option, and the store is left unseeded', async (t) => {
  const storage = createMemoryStorage()
  await t.rejects(createAdminApi(raw(undefined)), { name: 'TypeError', message: /needs an options object/ })
  await t.rejects(createAdminApi(raw({})), { name: 'TypeError', message: /option `storage` is missing; pass createMemoryStorage\(\)/ })
  await t.rejects(createAdminApi(raw({ storage })), { name: 'TypeError', message: /option `auth` is missing/ })
  await t.rejects(createAdminApi(raw({ storage: {}, auth: openAuth() })), { name: 'TypeError', message: /option `storage` lacks head\(\), sync\(\), commit\(\), close\(\)/ })
  await t.rejects(createAdminApi(raw({ storage, auth: { authenticate: true } })), { name: 'TypeError', message: /option `auth` lacks authenticate\(\)/ })
  await t.rejects(createAdminApi(raw({ storage, auth: openAuth(), clock: Date.now })), { name: 'TypeError', message: /option `clock` lacks now\(\)/ })
  await t.rejects(createAdminApi(raw({ storage, auth: openAuth(), ids: {} })), { name: 'TypeError', message: /option `ids` lacks uuid\(\), token\(\)/ })
  await t.rejects(createAdminApi(raw({ storage, auth: openAuth(), config: 'prod' })), { name: 'TypeError', message: /option `config` must be an object/ })
  t.equal(storage.head().state, null, 'nothing was written')
})

t.test('options that are what it needs make a facade', async (t) => {
  const api = await createAdminApi({ storage: createMemoryStorage(), auth: openAuth(), clock: { now: () => 0 } })
  t.type(api.features.create, 'function')
})

t.test('passwordHashCost: 17 by default, and a cost no stored hash may name is a TypeError', async (t) => {
  const api = await createAdminApi({ storage: createMemoryStorage(), auth: openAuth() })
  t.equal(internalsOf(api).config.passwordHashCost, 17)
  for (const bad of [9, 21, 12.5, Number.NaN, '12']) {
    await t.rejects(createAdminApi({ storage: createMemoryStorage(), auth: openAuth(), config: { passwordHashCost: bad as number } }), {
      name: 'TypeError',
      message: /passwordHashCost must be a whole number from 10 to 20/,
    })
  }
})
