/**
 * EIP-5792 through `modal.getWalletProvider()` on the localnet (issue 22): a batch of two HBD
 * transfers lands atomically with the Localnet Wallet (an EIP-7702 delegation of the account to
 * Simple7702Account: one transaction, and a batch whose second call reverts leaves the first
 * unapplied), and sequentially, through Gangway's fallback, with the same wallet once it lacks
 * EIP-5792 (two transactions, the status reporting both receipts; 5760 when atomicity is required).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createPublicClient, encodeFunctionData, erc20Abi, getAddress, http, parseUnits, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { sendAndWait } from '../../localnet/anvil.js'
import { localContext } from './browser.js'
import { connectLocalnetWallet, useBrowser } from './helpers.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const token = inject('tokenAddress') as Hex
const browser = useBrowser()
const client = createPublicClient({ transport: http(rpcUrl) })

/** Anvil's fifth dev account (the Localnet Wallet's account 4): no other test uses it, since this one delegates it. */
const ACCOUNT = getAddress('0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65')
const FUNDER = getAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
const hbd = (n: string) => parseUnits(n, 18)
const balanceOf = (a: Hex) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [a] })
const fresh = () => privateKeyToAddress(generatePrivateKey())
const transfer = (to: Hex, amount: bigint) => ({ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) })

type Status = { status: number; atomic: boolean; receipts?: { status: string; transactionHash: Hex; logs: { address: string; topics: string[] }[] }[] }

/** The site's call through `gangway.getWalletProvider('eip155')`: its answer, or its error's code and message. */
function request(page: Page, method: string, params: unknown[]): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  return page.evaluate(
    ({ method, params }) =>
      (window as unknown as { gangway: { getWalletProvider(ns: string): { request(a: unknown): Promise<unknown> } } }).gangway
        .getWalletProvider('eip155')
        .request({ method, params })
        .then(
          (result) => ({ result }),
          (e: { code: number; message: string }) => ({ error: { code: e.code, message: e.message } }),
        ),
    { method, params },
  )
}

/** `wallet_sendCalls` of `calls`, approving each of the wallet's `prompts` prompts as it shows. */
async function sendCalls(page: Page, calls: unknown[], prompts: number, more: Record<string, unknown> = {}) {
  const sent = request(page, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: ACCOUNT, atomicRequired: false, calls, ...more }])
  for (let i = 0; i < prompts; i++) await page.click('[data-testid=localnet-wallet-approve]')
  return sent
}

/** `wallet_getCallsStatus` of batch `id`, once it is no longer pending (100). */
async function settled(page: Page, id: string): Promise<Status> {
  const status = async () => (await request(page, 'wallet_getCallsStatus', [id])).result as Status
  await expect.poll(async () => (await status()).status, { timeout: E2E_WAIT_MS }).not.toBe(100)
  return status()
}

beforeAll(async () => {
  await sendAndWait(rpcUrl, { from: FUNDER, to: token, data: transfer(ACCOUNT, hbd('100')).data })
})

describe('EIP-5792 batches through getWalletProvider', () => {
  it('atomic with the Localnet Wallet: both transfers in one transaction through the account’s EIP-7702 delegation; a batch whose second call reverts leaves the first unapplied', async () => {
    const page = await (await localContext(browser())).newPage()
    await connectLocalnetWallet(page, webUrl, 4)
    expect(await request(page, 'wallet_getCapabilities', [ACCOUNT, ['0x7a69']])).toEqual({ result: { '0x7a69': { atomic: { status: 'ready' } } } })

    const [a, b] = [fresh(), fresh()]
    const { result } = await sendCalls(page, [transfer(a, hbd('1')), transfer(b, hbd('2'))], 1)
    const { id } = result as { id: string }
    const status = await settled(page, id)
    expect([status.status, status.atomic, status.receipts?.length]).toEqual([200, true, 1])
    expect(status.receipts![0]!.logs.filter((l) => getAddress(l.address) === token)).toHaveLength(2)
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([hbd('1'), hbd('2')])
    // The account is now delegated to Simple7702Account (EIP-7702's designator), and says so.
    expect((await client.getCode({ address: ACCOUNT }))?.toLowerCase()).toBe(`0xef0100${inject('batchDelegates')[31337]!.slice(2).toLowerCase()}`)
    expect(await request(page, 'wallet_getCapabilities', [ACCOUNT, ['0x7a69']])).toEqual({ result: { '0x7a69': { atomic: { status: 'supported' } } } })

    // The second call asks more HBD than the account holds: the whole batch reverts.
    const before = await balanceOf(ACCOUNT)
    const c = fresh()
    const reverted = await sendCalls(page, [transfer(c, hbd('1')), transfer(fresh(), hbd('1000000'))], 1)
    const after = await settled(page, (reverted.result as { id: string }).id)
    expect([after.status, after.atomic, after.receipts?.[0]?.status]).toEqual([500, true, '0x0'])
    expect([await balanceOf(c), await balanceOf(ACCOUNT)]).toEqual([0n, before])
  })

  it('sequential through Gangway’s fallback with a wallet lacking EIP-5792: two transactions, in order, and the status reports both receipts; atomicity required is 5760', async () => {
    const page = await (await localContext(browser())).newPage()
    await connectLocalnetWallet(page, webUrl, 4)
    await page.evaluate(() => (window as unknown as { __localnetWallet: { support5792(on: boolean): void } }).__localnetWallet.support5792(false))
    expect(await request(page, 'wallet_getCapabilities', [ACCOUNT, ['0x7a69']])).toEqual({ result: { '0x7a69': { atomic: { status: 'unsupported' } } } })
    expect((await sendCalls(page, [transfer(fresh(), 1n)], 0, { atomicRequired: true })).error).toEqual({ code: 5760, message: 'The wallet does not support atomic execution but the request requires it.' })

    const [a, b] = [fresh(), fresh()]
    // The first call's prompt shows before wallet_sendCalls answers; the second's after the first receipt.
    const { result } = await sendCalls(page, [transfer(a, hbd('3')), transfer(b, hbd('4'))], 1)
    const { id } = result as { id: string }
    // The second call's prompt, once the first call's receipt is in.
    await page.click('[data-testid=localnet-wallet-approve]')
    const status = await settled(page, id)
    expect([status.status, status.atomic, status.receipts?.map((r) => r.status)]).toEqual([200, false, ['0x1', '0x1']])
    const [first, second] = await Promise.all(status.receipts!.map((r) => client.getTransactionReceipt({ hash: r.transactionHash })))
    expect(first!.transactionHash).not.toBe(second!.transactionHash)
    expect(first!.blockNumber < second!.blockNumber).toBe(true)
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([hbd('3'), hbd('4')])
  })
})
