// The auth connector's call policy: safe calls pass, signing and sending are wrapped in
// approval events, anything else is refused without reaching the secure site; other connectors and
// the connection's own calls are untouched.
import { describe, expect, it } from 'vitest'
import type { Bridge } from '../../contract.js'
import { UserRejectedError } from '../../events/kernel/errors.js'
import type { NewEvent } from '../../events/types.js'
import { authPolicyBridge } from './auth-requests.js'

function setup(answer: (method: string) => unknown = () => 'ok') {
  const forwarded: string[] = []
  const appended: NewEvent[] = []
  const inner: Bridge = {
    async request(id, args) {
      forwarded.push(`${id} ${args.method}`)
      const wrapped = (args.params as [{ method?: string; caipNetworkId?: string }] | undefined)?.[0]
      if ((args.method === 'gangway_auth_rpc' || args.method === 'gangway_auth_approve') && wrapped?.caipNetworkId !== 'eip155:31337') throw new Error('no network')
      return answer(wrapped?.method ?? args.method)
    },
    watch: () => undefined,
  }
  return { bridge: authPolicyBridge(inner, (e) => appended.push(e), () => 'eip155:31337'), site: authPolicyBridge(inner, (e) => appended.push(e), () => 'eip155:31337', { site: true }), forwarded, appended }
}

describe('the auth connector’s call policy', () => {
  it('forwards the connection’s own calls as they come and safe calls as gangway_auth_rpc on the EVM network, with no event', async () => {
    const t = setup()
    for (const method of ['eth_getBalance', 'eth_accounts', 'eth_chainId', 'wallet_switchEthereumChain', 'wallet_revokePermissions', 'gangway_auth_getUser']) await t.bridge.request('AUTH', { method })
    expect(t.forwarded).toEqual(['AUTH gangway_auth_rpc', 'AUTH eth_accounts', 'AUTH eth_chainId', 'AUTH wallet_switchEthereumChain', 'AUTH wallet_revokePermissions', 'AUTH gangway_auth_getUser'])
    expect(t.appended).toEqual([])
  })

  it('the site may read the accounts and chain as they are; its switch goes through the policy (refused), its revoke through approval', async () => {
    const t = setup()
    await t.site.request('AUTH', { method: 'eth_accounts' })
    await expect(t.site.request('AUTH', { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).rejects.toMatchObject({ code: 4100 })
    await t.site.request('AUTH', { method: 'wallet_revokePermissions' })
    expect(t.forwarded).toEqual(['AUTH eth_accounts', 'AUTH gangway_auth_approve'])
  })

  it('refuses what the secure site does not serve with 4100, never forwarding it', async () => {
    const t = setup()
    await expect(t.bridge.request('AUTH', { method: 'eth_sign' })).rejects.toMatchObject({ code: 4100, message: 'Requested RPC call is not allowed' })
    expect(t.forwarded).toEqual([])
    expect(t.appended).toEqual([{ type: 'auth/rpc-refused', payload: { method: 'eth_sign' } }])
  })

  it('wraps signing and sending in approval events, with the outcome', async () => {
    const t = setup((m) => {
      if (m === 'eth_sendTransaction') throw new UserRejectedError('User rejected the request.', { code: 4001 })
      if (m === 'eth_signTypedData_v4') throw new Error('boom')
      return '0xsig'
    })
    expect(await t.bridge.request('AUTH', { method: 'personal_sign', params: ['0x00', '0x01'] })).toBe('0xsig')
    expect(t.forwarded[0]).toBe('AUTH gangway_auth_approve')
    await expect(t.bridge.request('AUTH', { method: 'eth_sendTransaction' })).rejects.toThrow('User rejected')
    await expect(t.bridge.request('AUTH', { method: 'eth_signTypedData_v4' })).rejects.toThrow('boom')
    expect(t.appended.map((e) => [e.type, (e.payload as { outcome?: string }).outcome ?? (e.payload as { method: string }).method])).toEqual([
      ['auth/approval-requested', 'personal_sign'],
      ['auth/approval-settled', 'approved'],
      ['auth/approval-requested', 'eth_sendTransaction'],
      ['auth/approval-settled', 'rejected'],
      ['auth/approval-requested', 'eth_signTypedData_v4'],
      ['auth/approval-settled', 'failed'],
    ])
  })

  it('logs what an eth_sendTransaction sends (tx-preview/requested) before its approval, under the approval’s id; the sender from the params, else the account', async () => {
    const appended: NewEvent[] = []
    const inner: Bridge = { request: async () => '0xhash', watch: () => undefined }
    let n = 0
    const bridge = authPolicyBridge(inner, (e) => appended.push(e), () => 'eip155:31337', { site: true, account: () => '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', newId: () => `id${++n}` })
    const to = '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65'
    await bridge.request('AUTH', { method: 'eth_sendTransaction', params: [{ to, value: '0x10', data: '0xA9059CBB' }] })
    await bridge.request('AUTH', { method: 'eth_sendTransaction', params: [{ from: to, to, input: '0x' }] })
    // Params the secure site would refuse are not previewed; the approval is asked as before.
    await bridge.request('AUTH', { method: 'eth_sendTransaction', params: [{ to: 'nowhere' }] })
    await bridge.request('AUTH', { method: 'personal_sign', params: ['0x00', to] })
    expect(appended.filter((e) => e.type !== 'auth/approval-settled')).toEqual([
      { type: 'tx-preview/requested', payload: { id: 'id1', caipNetworkId: 'eip155:31337', from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', call: { to: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65', data: '0xa9059cbb', valueWei: '16' } } },
      { type: 'auth/approval-requested', payload: { method: 'eth_sendTransaction', id: 'id1' } },
      { type: 'tx-preview/requested', payload: { id: 'id2', caipNetworkId: 'eip155:31337', from: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65', call: { to: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65', valueWei: '0' } } },
      { type: 'auth/approval-requested', payload: { method: 'eth_sendTransaction', id: 'id2' } },
      { type: 'auth/approval-requested', payload: { method: 'eth_sendTransaction', id: 'id3' } },
      { type: 'auth/approval-requested', payload: { method: 'personal_sign', id: 'id4' } },
    ])
    expect(appended.filter((e) => e.type === 'auth/approval-settled').map((e) => (e.payload as { id: string }).id)).toEqual(['id1', 'id2', 'id3', 'id4'])
  })

  it('leaves every other connector alone', async () => {
    const t = setup()
    await t.bridge.request('io.metamask', { method: 'eth_sign' })
    expect(t.forwarded).toEqual(['io.metamask eth_sign'])
    expect(t.appended).toEqual([])
  })
})
