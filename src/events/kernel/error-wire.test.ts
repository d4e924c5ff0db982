import { afterEach, describe, expect, it } from 'vitest'
import { expose, transferHandlers, wrap } from 'comlink'
import { errorFields } from '../../../tests/unit/error-fields.js'
import { GangwayError, InvalidOptionError, LogFormatError, ProviderRequestError, UserRejectedError } from './errors.js'
import { MAX_ERROR_DATA, MAX_ERROR_DETAILS, MAX_ERROR_MESSAGE, fromWire, installErrorWire, toWire, type ThrowHandler } from './error-wire.js'

/** An error to the wire, through a structured clone (as postMessage sends it), and back. */
const roundTrip = (error: unknown) => fromWire(structuredClone(toWire(error)))

describe('the error wire', () => {
  it('carries class, category, code, details, message and data, and rebuilds the same class', () => {
    const cases: GangwayError[] = [
      new GangwayError('Engine not started'),
      new GangwayError('HTTP request failed.', { category: 'API_ERROR', details: 'GET /v1/wallets: 503', code: 503 }),
      new LogFormatError('Malformed log: line 2 is not JSON', '{"seq":'),
      new ProviderRequestError('Requested RPC call is not allowed', { code: 4100, details: 'personal_sign is not safe on the restricted path' }),
      new UserRejectedError('User rejected the request.', { code: 4001, category: 'API_ERROR', details: 'eth_requestAccounts on connector dev.gangway.localnet' }),
      new GangwayError('Network not found', { category: 'SECURE_SITE_ERROR' }),
      new InvalidOptionError('Unknown option: colour', { details: 'Gangway takes: projectId, networks' }),
    ]
    for (const sent of cases) {
      const got = roundTrip(sent)
      expect(got.constructor, sent.name).toBe(sent.constructor)
      expect(errorFields(got)).toEqual(errorFields(sent))
    }
    // The registry's id comes back with the message.
    expect(roundTrip(new GangwayError('Network not found')).errorId).toBe('networkNotFound')
    const withData = roundTrip(new ProviderRequestError('execution reverted', { code: 3, data: { revert: '0x08c379a0', nested: [1, 'two', null] } })) as ProviderRequestError
    expect(withData).toBeInstanceOf(ProviderRequestError)
    expect(withData.data).toEqual({ revert: '0x08c379a0', nested: [1, 'two', null] })
  })

  it('types what is not a GangwayError before it crosses: a wallet’s { code, message } arrives as a UserRejectedError', () => {
    const got = roundTrip({ code: 4001, message: 'User rejected the request.', data: { why: 'closed' } })
    expect(got).toBeInstanceOf(UserRejectedError)
    expect(errorFields(got)).toEqual({ name: 'UserRejectedError', category: 'INTERNAL_SDK_ERROR', code: 4001, message: 'User rejected the request.' })
    expect((got as UserRejectedError).data).toEqual({ why: 'closed' })
    expect(errorFields(roundTrip(new TypeError('boom')))).toEqual({ name: 'GangwayError', category: 'INTERNAL_SDK_ERROR', message: 'boom' })
    expect(errorFields(roundTrip(undefined))).toEqual({ name: 'GangwayError', category: 'INTERNAL_SDK_ERROR', message: 'undefined' })
  })

  it('leaves the cause and the stack behind, and data that is not plain or too large', () => {
    const wire = toWire(new GangwayError('x', { cause: new Error('secret path /home/me') }))
    expect(Object.keys(wire).sort()).toEqual(['category', 'message', 'name'])
    const fn = toWire(new ProviderRequestError('x', { code: 1, data: { f: () => 1 } }))
    expect('data' in fn).toBe(false)
    const big = toWire(new ProviderRequestError('x', { code: 1, data: 'a'.repeat(MAX_ERROR_DATA) }))
    expect('data' in big).toBe(false)
    const date = toWire(new ProviderRequestError('x', { code: 1, data: [new Date(0)] }))
    expect('data' in date).toBe(false)
  })

  it('falls back to GangwayError for a class it does not know, or a provider error without a valid code', () => {
    for (const name of ['TypeError', 'AdminError', 'constructor', '__proto__', 'toString', 'hasOwnProperty', '', 42]) {
      const got = fromWire({ name, category: 'API_ERROR', message: 'm', code: 4001 })
      expect(got.constructor, String(name)).toBe(GangwayError)
      expect(errorFields(got)).toEqual({ name: 'GangwayError', category: 'API_ERROR', code: 4001, message: 'm' })
    }
    class Custom extends GangwayError {
      override name = 'CustomError'
    }
    expect(roundTrip(new Custom('c')).constructor).toBe(GangwayError)
    for (const code of [undefined, '4001', 4001.5, Number.NaN, Infinity, 2 ** 60]) {
      const got = fromWire({ name: 'UserRejectedError', category: 'API_ERROR', message: 'm', code })
      expect(got.constructor, String(code)).toBe(GangwayError)
      expect('code' in got).toBe(false)
    }
  })

  it('refuses what a hostile other side could send: unknown categories, prototype keys, huge strings, non-objects', () => {
    expect(fromWire({ name: 'GangwayError', category: 'ROOT', message: 'm' }).category).toBe('INTERNAL_SDK_ERROR')
    expect(fromWire({ name: 'GangwayError', category: 'constructor', message: 'm' }).category).toBe('INTERNAL_SDK_ERROR')

    const polluting = JSON.parse('{"name":"ProviderRequestError","category":"API_ERROR","message":"m","code":1,"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"data":{"__proto__":{"polluted":true}}}') as unknown
    const got = fromWire(structuredClone(polluting)) as ProviderRequestError
    expect(got).toBeInstanceOf(ProviderRequestError)
    expect(Object.getPrototypeOf(got)).toBe(ProviderRequestError.prototype)
    expect((got as unknown as { polluted?: unknown }).polluted).toBeUndefined()
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
    expect('data' in got).toBe(false)
    expect(Object.keys(got).sort()).toEqual(['category', 'code', 'name'])

    const huge = fromWire({ name: 'GangwayError', category: 'API_ERROR', message: 'm'.repeat(10 * MAX_ERROR_MESSAGE), details: 'd'.repeat(10 * MAX_ERROR_DETAILS) })
    expect(huge.message).toHaveLength(MAX_ERROR_MESSAGE)
    expect(huge.details).toHaveLength(MAX_ERROR_DETAILS)
    expect(toWire(new GangwayError('m'.repeat(10 * MAX_ERROR_MESSAGE))).message).toHaveLength(MAX_ERROR_MESSAGE)

    for (const junk of [null, undefined, 'GangwayError', 4001, ['GangwayError'], new Map([['name', 'GangwayError']]), { name: 'GangwayError', message: 42 }]) {
      expect(errorFields(fromWire(junk)), String(junk)).toEqual({ name: 'GangwayError', category: 'INTERNAL_SDK_ERROR', message: 'Unknown error' })
    }
  })
})

describe('installErrorWire (comlink)', () => {
  const builtin = transferHandlers.get('throw')!
  const ports: MessagePort[] = []
  afterEach(() => {
    transferHandlers.set('throw', builtin)
    for (const p of ports.splice(0)) p.close()
  })

  /** A comlink-exposed object on one end of a channel, wrapped on the other. */
  function exposed<T extends object>(api: T) {
    const { port1, port2 } = new MessageChannel()
    ports.push(port1, port2)
    expose(api, port1)
    return wrap<T>(port2)
  }

  it('makes a thrown typed error arrive as the same class with category, code, details and message', async () => {
    installErrorWire(transferHandlers as Map<string, ThrowHandler>)
    const remote = exposed({
      refuse(): void {
        throw new UserRejectedError('User rejected the request.', { code: 4001, category: 'API_ERROR', details: 'eth_requestAccounts on connector dev.gangway.localnet' })
      },
      plain(): void {
        throw { code: 4100, message: 'Unauthorized' }
      },
      async answer() {
        return { ok: 1 }
      },
    })
    const caught = await remote.refuse().then(() => undefined, (e: unknown) => e)
    expect(caught).toBeInstanceOf(UserRejectedError)
    expect(errorFields(caught)).toEqual({ name: 'UserRejectedError', category: 'API_ERROR', code: 4001, message: 'User rejected the request.', details: 'eth_requestAccounts on connector dev.gangway.localnet' })
    const plain = await remote.plain().then(() => undefined, (e: unknown) => e)
    expect(plain).toBeInstanceOf(ProviderRequestError)
    expect(errorFields(plain)).toEqual({ name: 'ProviderRequestError', category: 'INTERNAL_SDK_ERROR', code: 4100, message: 'Unauthorized' })
    expect(await remote.answer()).toEqual({ ok: 1 })
  })

  it('installs once, keeps the built-in canHandle, and does nothing without a throw handler', () => {
    const handlers = transferHandlers as Map<string, ThrowHandler>
    installErrorWire(handlers)
    const installed = handlers.get('throw')
    installErrorWire(handlers)
    expect(handlers.get('throw')).toBe(installed)
    expect(installed).not.toBe(builtin)
    expect(installed!.canHandle(new Error('not marked'))).toBe(false)
    const empty = new Map<string, ThrowHandler>()
    installErrorWire(empty)
    expect(empty.size).toBe(0)
  })
})
