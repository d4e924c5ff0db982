import { describe, expect, it } from 'vitest'
import {
  BaseError,
  ChainDisconnectedError,
  ExecutionRevertedError,
  InsufficientFundsError,
  InvalidParamsRpcError,
  LimitExceededRpcError,
  NonceTooLowError,
  ParseRpcError,
  SwitchChainError,
  UnauthorizedProviderError,
  UserRejectedRequestError,
} from 'viem'
import { estimateGas } from 'viem/actions'
import { createRpcPipeline } from '../../worker/rpc/pipeline.js'
import { eip155Client } from './client.js'

/** A client whose node answers every call with this JSON-RPC error. */
const failingWith = (code: number, message: string) =>
  eip155Client(
    'http://node',
    createRpcPipeline({
      retryCount: 0,
      fetch: async (_u, init) => {
        const { id } = JSON.parse(String(init?.body))
        return new Response(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }))
      },
    }),
  )

describe('named errors through a viem client on the pipeline (docs/behaviour.md §8)', () => {
  it('maps standard JSON-RPC and provider codes to named errors; 5000 is a user rejection', async () => {
    const cases: [number, new (...args: never[]) => Error][] = [
      [-32700, ParseRpcError],
      [-32602, InvalidParamsRpcError],
      [-32005, LimitExceededRpcError],
      [4001, UserRejectedRequestError],
      [4100, UnauthorizedProviderError],
      [4901, ChainDisconnectedError],
      [4902, SwitchChainError],
      [5000, UserRejectedRequestError],
    ]
    for (const [code, named] of cases) {
      const error = await failingWith(code, 'x').request({ method: 'eth_chainId' }).catch((e: unknown) => e)
      expect([code, error]).toEqual([code, expect.any(named)])
    }
  })
  it('maps node errors: execution reverted, nonce too low, insufficient funds', async () => {
    const cases: [string, new (...args: never[]) => Error][] = [
      ['execution reverted: not owner', ExecutionRevertedError],
      ['nonce too low', NonceTooLowError],
      ['insufficient funds for gas * price + value', InsufficientFundsError],
    ]
    for (const [message, named] of cases) {
      const error = (await estimateGas(failingWith(-32000, message), { account: '0x0000000000000000000000000000000000000001', to: '0x0000000000000000000000000000000000000002' }).catch((e: unknown) => e)) as BaseError
      expect([message, error.walk((e) => e instanceof named)]).toEqual([message, expect.any(named)])
    }
  })
})
