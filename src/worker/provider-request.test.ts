import { describe, expect, it } from 'vitest'
import { InvalidParamsRpcError, InvalidRequestRpcError, UnauthorizedProviderError } from 'viem'
import { ProviderRequestError } from '../events/kernel/errors.js'
import { errorFields } from '../../tests/unit/error-fields.js'
import { checkedProviderRequest } from './provider-request.js'

/** What checkedProviderRequest throws for `args`, as errorFields shows it. */
const thrown = (args: unknown, restricted = false) => {
  try {
    checkedProviderRequest(args, restricted)
    return 'returned'
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderRequestError)
    return errorFields(error)
  }
}
const refused = (code: number, message: string, details: string) => ({ name: 'ProviderRequestError', category: 'INTERNAL_SDK_ERROR', code, message, details })

describe('checkedProviderRequest', () => {
  it("refuses with ProviderRequestError, viem's codes, the exact messages and details saying what was wrong", () => {
    expect(thrown(null)).toEqual(refused(InvalidRequestRpcError.code, 'Request must be an object', 'got null'))
    expect(thrown('eth_chainId')).toEqual(refused(-32600, 'Request must be an object', 'got string'))
    expect(thrown({ method: 5 })).toEqual(refused(-32600, 'Request method must be a string', 'got number'))
    expect(thrown({ method: 'eth_call', params: 'latest' })).toEqual(refused(InvalidParamsRpcError.code, 'Request params must be an array or an object', 'got string'))
    expect(thrown({ method: 'eth_call', params: [() => 1] })).toEqual(refused(-32602, 'Request params must be plain data (structured-cloneable)', 'eth_call: params cannot be cloned'))
    expect(thrown({ method: 'personal_sign', params: [] }, true)).toEqual(refused(UnauthorizedProviderError.code, 'Requested RPC call is not allowed', 'personal_sign is not safe on the restricted path'))
    expect(UnauthorizedProviderError.code).toBe(4100)
  })

  it('passes a safe call on the restricted path, and any call otherwise, as a fresh request', () => {
    expect(checkedProviderRequest({ method: 'eth_chainId' }, true)).toEqual({ method: 'eth_chainId' })
    expect(checkedProviderRequest({ method: 'personal_sign', params: ['0x00'] }, false)).toEqual({ method: 'personal_sign', params: ['0x00'] })
  })
})
