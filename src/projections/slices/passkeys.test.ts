import { describe, expect, it } from 'vitest'
import { PASSKEY_CONNECTOR_ID } from '../../events/kernel/page-kernel.js'
import { LOCALNET, log, started, type Item } from '../../../tests/unit/fixtures.js'
import { project } from '../state.js'
import { accountModel } from '../view-models/account-model.js'
import { MAX_PASSKEYS } from './passkeys.js'

const ACCOUNT = '0x2222222222222222222222222222222222222222'
const OTHER = '0x4444444444444444444444444444444444444444'
const key = (n: number) => `0x${n.toString(16).padStart(2, '0').repeat(64)}`
const known = (id: string, address = ACCOUNT): Item => ['passkey/credential-known', { id, publicKey: key(id.length), address }]
const added = (id: string, address = ACCOUNT): Item => ['passkey/added', { id, publicKey: key(7), address, signer: '0x3333333333333333333333333333333333333333', transactionHash: `0x${'12'.repeat(32)}` }]
const connectedWith = (id: string): Item[] => [
  known(id),
  ['connect/succeeded', { connectorId: PASSKEY_CONNECTOR_ID, namespace: 'eip155', caipAddress: `eip155:31337:${ACCOUNT}`, via: 'prompt', accounts: [ACCOUNT], mode: 'replace' }],
]
const fold = (...items: Item[]) => project(log(...started({ passkeys: { networks: [LOCALNET.caipNetworkId], sponsored: [] } }), ...items))

describe('passkeys (docs/behaviour.md §2 Passkey)', () => {
  it('keeps the passkey connected with first, and an added one after its account’s passkey in use', () => {
    const s = fold(known('other', OTHER), ...connectedWith('first'), ['passkey/add-requested', {}], added('second'))
    expect(s.passkeys.credentials.map((c) => c.id)).toEqual(['first', 'second', 'other'])
    expect(s.passkeys.credentials[1]).toMatchObject({ signer: '0x3333333333333333333333333333333333333333' })
    expect(s.passkeys).toMatchObject({ added: { id: 'second' } })
    expect(s.passkeys.asking).toBeUndefined()
    // Connecting with the added one later makes it the one in use.
    expect(fold(...connectedWith('first'), added('second'), known('second')).passkeys.credentials.map((c) => c.id)).toEqual(['second', 'first'])
    // Without a passkey of its account, an added one goes first; the list stays bounded.
    expect(fold(added('alone', OTHER)).passkeys.credentials.map((c) => c.id)).toEqual(['alone'])
    const many = Array.from({ length: MAX_PASSKEYS }, (_, i) => known(`k${i}`, OTHER))
    expect(fold(...many, added('new')).passkeys.credentials).toHaveLength(MAX_PASSKEYS)
  })

  it('reports how this tab’s add ended, leaves another tab’s ask alone, and forgets the outcome on the next ask or a close', () => {
    const failed = fold(...connectedWith('first'), ['passkey/add-requested', {}], ['passkey/add-failed', { message: 'Passkey request cancelled', code: 4001 }])
    expect(failed.passkeys).toEqual({ credentials: [expect.objectContaining({ id: 'first' })], added: { error: 'Passkey request cancelled' } })
    expect(fold(...connectedWith('first'), ['passkey/add-requested', {}], ['passkey/add-failed', { message: 'x' }], ['passkey/add-requested', {}]).passkeys).toEqual({ credentials: [expect.objectContaining({ id: 'first' })], asking: 'add' })
    expect(fold(...connectedWith('first'), ['passkey/add-requested', {}], added('second'), ['modal/close-requested', {}]).passkeys.added).toBeUndefined()
    // Another tab's add: learnt, nothing reported here; a failure elsewhere changes nothing.
    const elsewhere = fold(...connectedWith('first'), added('second'), ['passkey/add-failed', { message: 'x' }])
    expect(elsewhere.passkeys.added).toBeUndefined()
    expect(elsewhere.passkeys.credentials.map((c) => c.id)).toEqual(['first', 'second'])
  })

  it('gives the Account view the account’s passkeys and the add under way (AccountModel.passkey)', () => {
    expect(accountModel(fold(...connectedWith('first'))).passkey).toEqual({ passkeys: 1, adding: false })
    expect(accountModel(fold(...connectedWith('first'), ['passkey/add-requested', {}])).passkey).toEqual({ passkeys: 1, adding: true })
    expect(accountModel(fold(...connectedWith('first'), ['passkey/add-requested', {}], added('second'))).passkey).toEqual({ passkeys: 2, adding: false, added: true })
    expect(accountModel(fold(...connectedWith('first'), ['passkey/add-requested', {}], ['passkey/add-failed', { message: 'Transaction reverted' }])).passkey).toEqual({ passkeys: 1, adding: false, error: 'Transaction reverted' })
    // Another connector's account has none.
    expect(accountModel(fold(known('first'))).passkey).toBeUndefined()
  })
})
