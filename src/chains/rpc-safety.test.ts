import { describe, expect, it } from 'vitest'
import { isSafeRpcMethod, rpcMethodClass } from './rpc-safety.js'

describe('wallet RPC method classification (docs/behaviour.md §5)', () => {
  it('reads, raw transaction sends, capability and asset queries are safe', () => {
    for (const m of ['eth_call', 'eth_getBalance', 'eth_chainId', 'eth_getLogs', 'eth_sendRawTransaction', 'wallet_getCapabilities', 'wallet_getCallsStatus', 'wallet_getAssets']) expect([m, isSafeRpcMethod(m)]).toEqual([m, true])
  })
  it('signing, sending, sendCalls, permissions and user operations are not; nor is anything unknown', () => {
    for (const m of ['personal_sign', 'eth_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls', 'wallet_grantPermissions', 'wallet_revokePermissions', 'eth_sendUserOperation', 'solana_signTransaction', 'made_up'])
      expect([m, isSafeRpcMethod(m)]).toEqual([m, false])
  })
  it('a wallet with its own approval UI: safe methods as they come, signing and sending after approval, anything else refused', () => {
    expect(['eth_call', 'eth_getBalance', 'eth_sendRawTransaction'].map(rpcMethodClass)).toEqual(['safe', 'safe', 'safe'])
    expect(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls', 'eth_sendUserOperation', 'solana_signTransaction'].map(rpcMethodClass)).toEqual(Array(6).fill('approval'))
    expect(['made_up', 'eth_sign_everything', 'debug_traceTransaction', '', 'constructor', '__proto__'].map(rpcMethodClass)).toEqual(Array(6).fill('refused'))
    // Signing a bare hash or handing back a signed transaction unsent: refused, never shown for approval.
    expect(['eth_sign', 'eth_signTypedData', 'eth_signTypedData_v3', 'eth_signTransaction'].map(rpcMethodClass)).toEqual(Array(4).fill('refused'))
  })
})
