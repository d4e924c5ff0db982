/**
 * modal.getWalletProvider(): an EIP-1193 provider for the host page that forwards to the connected
 * wallet; a personal_sign through it verifies with viem. On the restricted path (docs/behaviour.md §5, §6), reads
 * pass and signing is refused with 'Requested RPC call is not allowed', in both engine modes, even
 * for a request whose `method` getter answers differently each time it is read (issue 13, item 3).
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { getAddress, verifyMessage, type Hex } from 'viem'
import { rpc } from '../../localnet/anvil.js'
import { localContext } from './browser.js'
import { connectLocalnetWallet, useBrowser } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const browser = useBrowser()

type Provider = { request(a: { method: string; params?: unknown[] }): Promise<unknown> }
type Gangway = { getWalletProvider(ns?: string, o?: { restricted?: boolean }): Provider; getState(): { engine?: string } }

/**
 * Wraps the Localnet Wallet's `request` (the object the bridge holds) so the test sees every method
 * the wallet receives, read once from what the wallet was handed; `prompts` counts its approval prompts.
 */
function spyOnWallet(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as { __localnetWallet: { request(a: { method: string }): Promise<unknown> }; __walletSaw: string[] }
    const wallet = w.__localnetWallet
    const request = wallet.request.bind(wallet)
    w.__walletSaw = []
    wallet.request = (args) => {
      const { method } = args
      w.__walletSaw.push(method)
      return request({ ...args, method })
    }
  })
}
const walletSaw = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __walletSaw: string[]; __localnetWallet: { prompts: number } }
    return { methods: [...w.__walletSaw], prompts: w.__localnetWallet.prompts, promptShown: document.querySelector('localnet-wallet-prompt') !== null }
  })

/**
 * Sends, on the restricted provider, a request whose `method` getter answers `reads[0]` to its first
 * read, `reads[1]` to its second, and the last entry from then on. Resolves to the answer or the refusal.
 */
function trick(page: Page, reads: string[], params: unknown[]) {
  return page.evaluate(
    async ({ reads, params }) => {
      const provider = (window as unknown as { gangway: Gangway }).gangway.getWalletProvider('eip155', { restricted: true })
      let n = 0
      const request = {
        get method() {
          return reads[Math.min(n++, reads.length - 1)]!
        },
        params,
      }
      return provider.request(request).then(
        (result) => ({ result, reads: n }),
        (e: { code: number; message: string }) => ({ refusal: { code: e.code, message: e.message }, reads: n }),
      )
    },
    { reads, params },
  )
}

const REFUSAL = { code: 4100, message: 'Requested RPC call is not allowed' }

describe('the host page’s wallet provider', () => {
  it('forwards to the connected wallet, and the restricted path refuses signing', async () => {
    const [account0] = (await rpc<string[]>(rpcUrl, 'eth_accounts')).map((a) => getAddress(a))
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectLocalnetWallet(page, webUrl)

    const signing = page.evaluate(async (address) => {
      const provider = (window as unknown as { gangway: Gangway }).gangway.getWalletProvider('eip155')
      return {
        chainId: await provider.request({ method: 'eth_chainId' }),
        signature: await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f2067616e67776179', address] }),
      }
    }, account0!)
    // The wallet asks before it signs, as an extension does.
    await page.click('[data-testid=localnet-wallet-approve]')
    const signed = await signing
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
    expect(restricted).toEqual({ chainId: '0x7a69', refusal: REFUSAL })
    await context.close()
  })

  for (const [mode, path] of [
    ['worker', '/'],
    ['main', '/?engine=main'],
  ] as const) {
    it(`restricted, ${mode} engine: a method getter that changes its answer never gets a signing call to the wallet`, async () => {
      const [account0] = (await rpc<string[]>(rpcUrl, 'eth_accounts')).map((a) => getAddress(a))
      const context = await localContext(browser())
      const page = await context.newPage()
      await connectLocalnetWallet(page, webUrl, 0, path)
      expect(await page.evaluate(() => (window as unknown as { gangway: Gangway }).gangway.getState().engine)).toBe(mode)
      await spyOnWallet(page)
      const before = await walletSaw(page)
      const sign = ['0x00', account0]
      const send = [{ from: account0, to: account0, value: '0x1' }]

      // Safe to the first read, signing afterwards: the method is read once, and the call made is the one checked.
      for (const [unsafe, params] of [
        ['personal_sign', sign],
        ['eth_sendTransaction', send],
      ] as const) {
        expect(await trick(page, ['eth_chainId', unsafe], [...params])).toEqual({ result: '0x7a69', reads: 1 })
      }
      // Signing to the first read, safe afterwards: refused, and nothing reaches the wallet.
      const seenBefore = (await walletSaw(page)).methods.length
      for (const [unsafe, params] of [
        ['personal_sign', sign],
        ['eth_sendTransaction', send],
      ] as const) {
        expect(await trick(page, [unsafe, 'eth_chainId'], [...params])).toEqual({ refusal: REFUSAL, reads: 1 })
      }

      const after = await walletSaw(page)
      expect(after.methods.filter((m) => m === 'personal_sign' || m === 'eth_sendTransaction')).toEqual([])
      expect(after.methods).toEqual(['eth_chainId', 'eth_chainId'])
      expect(after.methods.length).toBe(seenBefore)
      expect(after.prompts).toBe(before.prompts)
      expect(after.promptShown).toBe(false)
      await context.close()
    })
  }
})
