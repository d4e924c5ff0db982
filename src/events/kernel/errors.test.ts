import { describe, expect, it } from 'vitest'
import * as viem from 'viem'
import { errorFields } from '../../../tests/unit/error-fields.js'
import {
  GangwayError,
  LogFormatError,
  PROVIDER_ERROR_CODES,
  ProviderRequestError,
  USER_REJECTION_CODES,
  UserRejectedError,
  asGangwayError,
  errorCode,
  errorMessage,
  isUserRejection,
  noConnectorFound,
  walletError,
} from './errors.js'

describe('GangwayError', () => {
  it('has the short message, category INTERNAL_SDK_ERROR by default, and no code or details unless given', () => {
    const e = new GangwayError('Engine not started')
    expect(e).toBeInstanceOf(Error)
    expect(errorFields(e)).toEqual({ name: 'GangwayError', category: 'INTERNAL_SDK_ERROR', message: 'Engine not started' })
    expect('code' in e).toBe(false)
    expect('details' in e).toBe(false)
    const cause = new Error('socket hang up')
    const full = new GangwayError('HTTP request failed.', { category: 'API_ERROR', details: 'GET /v1/wallets', cause, code: 503 })
    expect(errorFields(full)).toEqual({ name: 'GangwayError', category: 'API_ERROR', code: 503, message: 'HTTP request failed.', details: 'GET /v1/wallets' })
    expect(full.cause).toBe(cause)
  })

  it("carries the error registry's id of a message Gangway makes, templates included, and none for another", () => {
    expect(new GangwayError('Connection rejected').errorId).toBe('connectionRejected')
    expect(noConnectorFound('io.metamask').errorId).toBe('noConnectorFound')
    expect('errorId' in new GangwayError('Engine not started')).toBe(false)
    expect(asGangwayError({ code: 4001, message: 'User rejected the request.' }).errorId).toBeUndefined()
  })

  it('names its subclasses: LogFormatError reads as DATA_PARSING_ERROR, UserRejectedError is a ProviderRequestError', () => {
    const log = new LogFormatError('Malformed log: no events', 'line 1')
    expect(log).toBeInstanceOf(GangwayError)
    expect(errorFields(log)).toEqual({ name: 'LogFormatError', category: 'DATA_PARSING_ERROR', message: 'Malformed log: no events', details: 'line 1' })
    const refused = new UserRejectedError('User rejected the request.', { code: 4001, category: 'API_ERROR', data: { reason: 'no' } })
    expect(refused).toBeInstanceOf(ProviderRequestError)
    expect(refused).toBeInstanceOf(GangwayError)
    expect(errorFields(refused)).toEqual({ name: 'UserRejectedError', category: 'API_ERROR', code: 4001, message: 'User rejected the request.' })
    expect(refused.data).toEqual({ reason: 'no' })
  })

  it("spells 'No connector found for connection: {id}' as docs/behaviour.md §8 does, with EIP-1193 code 4900", () => {
    expect(errorFields(noConnectorFound('io.metamask'))).toEqual({ name: 'ProviderRequestError', category: 'INTERNAL_SDK_ERROR', code: 4900, message: 'No connector found for connection: io.metamask' })
  })
})

describe('PROVIDER_ERROR_CODES', () => {
  it("holds each code as viem's class of that name carries it", () => {
    for (const [name, code] of Object.entries(PROVIDER_ERROR_CODES)) {
      expect((viem as unknown as Record<string, { code?: number }>)[name]?.code, name).toBe(code)
    }
  })

  it('names the codes the page throws, and a refusal is 4001 or 5000', () => {
    expect(PROVIDER_ERROR_CODES).toMatchObject({ UserRejectedRequestError: 4001, UnauthorizedProviderError: 4100, UnsupportedProviderMethodError: 4200, ProviderDisconnectedError: 4900 })
    expect(USER_REJECTION_CODES).toEqual([4001, 5000])
  })
})

describe('asGangwayError', () => {
  it('passes a GangwayError through as the same object, whatever the options', () => {
    const e = new LogFormatError('Malformed log: no events')
    expect(asGangwayError(e, { category: 'API_ERROR', details: 'x' })).toBe(e)
  })

  it('types a wallet’s { code, message }: 4001 and 5000 as UserRejectedError, other codes as ProviderRequestError with their data', () => {
    const rejected = asGangwayError({ code: 4001, message: 'User rejected the request.' })
    expect(rejected).toBeInstanceOf(UserRejectedError)
    expect(errorFields(rejected)).toEqual({ name: 'UserRejectedError', category: 'INTERNAL_SDK_ERROR', code: 4001, message: 'User rejected the request.' })
    expect(errorFields(asGangwayError({ code: 5000, message: 'User rejected.' }))).toMatchObject({ name: 'UserRejectedError', code: 5000 })
    const reverted = asGangwayError(Object.assign(new Error('execution reverted'), { code: 3, data: '0x08c379a0' }), { category: 'API_ERROR' }) as ProviderRequestError
    expect(errorFields(reverted)).toEqual({ name: 'ProviderRequestError', category: 'API_ERROR', code: 3, message: 'execution reverted' })
    expect(reverted.data).toBe('0x08c379a0')
    expect(reverted.cause).toBeInstanceOf(Error)
  })

  it("takes viem's short message, and a message from anything else thrown", () => {
    const viemError = new viem.UserRejectedRequestError(new Error('raw'))
    expect(errorFields(asGangwayError(viemError))).toMatchObject({ name: 'UserRejectedError', code: 4001, message: 'User rejected the request.' })
    expect(errorFields(asGangwayError(new TypeError('x is undefined')))).toEqual({ name: 'GangwayError', category: 'INTERNAL_SDK_ERROR', message: 'x is undefined' })
    expect(errorFields(asGangwayError('plain text'))).toEqual({ name: 'GangwayError', category: 'INTERNAL_SDK_ERROR', message: 'plain text' })
  })

  it("reads each property once and survives getters that throw: 'Unknown error'", () => {
    let reads = 0
    const changing = {
      get code() {
        return reads++ === 0 ? 4001 : 4100
      },
      message: 'no',
    }
    expect(errorFields(asGangwayError(changing))).toMatchObject({ name: 'UserRejectedError', code: 4001 })
    expect(reads).toBe(1)
    const hostile = {
      get code(): number {
        throw new Error('boom')
      },
    }
    expect(errorFields(asGangwayError(hostile))).toEqual({ name: 'GangwayError', category: 'INTERNAL_SDK_ERROR', message: 'Unknown error' })
  })
})

describe('walletError', () => {
  it('types a wallet’s error as API_ERROR with the connector and method in details', () => {
    expect(errorFields(walletError({ code: 4001, message: 'User rejected the request.' }, 'dev.gangway.localnet', 'eth_requestAccounts'))).toEqual({
      name: 'UserRejectedError',
      category: 'API_ERROR',
      code: 4001,
      message: 'User rejected the request.',
      details: 'eth_requestAccounts on connector dev.gangway.localnet',
    })
    const own = noConnectorFound('x')
    expect(walletError(own, 'x', 'eth_accounts')).toBe(own)
  })
})

describe('the reading helpers', () => {
  it('read message, code and rejection from any value', () => {
    expect(errorMessage(new viem.HttpRequestError({ url: 'http://a', details: 'down' }))).toBe('HTTP request failed.')
    expect(errorMessage({ message: 'm' })).toBe('m')
    expect(errorMessage(7)).toBe('7')
    expect(errorCode({ code: 4100 })).toBe(4100)
    expect(errorCode({ code: '4100' })).toBeUndefined()
    expect(errorCode(null)).toBeUndefined()
    expect([4001, 5000, 4100].map((code) => isUserRejection({ code }))).toEqual([true, true, false])
    expect(isUserRejection(new UserRejectedError('no', { code: 4001 }))).toBe(true)
  })
})
