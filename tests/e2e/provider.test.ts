/**
 * modal.getWalletProvider(): an EIP-1193 provider for the host page that forwards to the connected
 * wallet; a personal_sign through it verifies with viem. On the restricted path (spec §5, §6), reads
 * pass and signing is refused with 'Requested RPC call is not allowed'.
 */
import { describe, expect, inject, it } from 'vitest'
import { getAddress, verifyMessage, type Hex } from 'viem'
import { rpc } from '../../localnet/anvil.js'
import { localContext } from './browser.js'
import { connectLocalnetWallet, useBrowser } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const browser = useBrowser()

type Provider = { request(a: { method: string; params?: unknown[] }): Promise<unknown> }
type Gangway = { getWalletProvider(ns?: string, o?: { restricted?: boolean }): Provider }

describe('the host page’s wallet provider', () => {
  it('forwards to the connected wallet, and the restricted path refuses signing', async () => {
    const [account0] = (await rpc<string[]>(rpcUrl, 'eth_accounts')).map((a) => getAddress(a))
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectLocalnetWallet(page, webUrl)

    const signed = await page.evaluate(async (address) => {
      const provider = (window as unknown as { gangway: Gangway }).gangway.getWalletProvider('eip155')
      return {
        chainId: await provider.request({ method: 'eth_chainId' }),
        signature: await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f2067616e67776179', address] }),
      }
    }, account0!)
    expect(signed.chainId).toBe('0x7a69')
    expect(await verifyMessage({ address: account0!, message: 'hello gangway', signature: signed.signature as Hex })).toBe(true)

    const restricted = await page.evaluate(async (address) => {
      const provider = (window as unknown as { gangway: Gangway }).gangway.getWalletProvider('eip155', { restricted: true })
      const chainId = await provider.request({ method: 'eth_chainId' })
      const refusal = await provider.request({ method: 'personal_sign', params: ['0x00', address] }).then(
        () => null,
        (e: { code: number; message: string }) => ({ code: e.code, message: e.message }),
      )
      return { chainId, refusal }
    }, account0!)
    expect(restricted).toEqual({ chainId: '0x7a69', refusal: { code: 4100, message: 'Requested RPC call is not allowed' } })
    await context.close()
  })
})
