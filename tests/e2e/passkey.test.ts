/**
 * Connecting with a passkey on the demo site (docs/behaviour.md §2 Passkey), end to end: the demo at
 * `http://localhost:<port>/?passkeys` (its `passkeys` option names the localnet's bundler on chain
 * 31337), Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain) as the
 * visitor's device, the engine's passkey connector in its worker, alto bundling on anvil. Every
 * signature is the authenticator's, through `navigator.credentials`.
 */
import { describe, expect, inject, it } from 'vitest'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { createPublicClient, getAddress, http, keccak256, parseEther, toHex, type Hex } from 'viem'
import { rpc } from '../../localnet/anvil.js'
import { localContext } from './browser.js'
import { accountSettled, cardAnimationsEnded, connectSettled, pageLog, useBrowser, waitForText, waitForView } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const browser = useBrowser()
const chain = () => createPublicClient({ transport: http(rpcUrl) })
const fresh = (label: string) => getAddress(`0x${keccak256(toHex(`gangway-passkey-${label}-${Date.now()}`)).slice(26)}`)

/** A page of the demo with passkeys on, in `context`, whose device is a virtual platform authenticator (resident keys, user verification). */
async function passkeyPage(context: BrowserContext, query = 'passkeys'): Promise<{ page: Page; cdp: CDPSession; authenticatorId: string }> {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  await page.goto(`${webUrl}/?${query}`)
  return { page, cdp, authenticatorId }
}

/** Opens the modal on Connect, once its rows stand still. */
async function openConnect(page: Page): Promise<void> {
  await page.click('gangway-button')
  await waitForView(page, 'Connect')
  await connectSettled(page)
  await cardAnimationsEnded(page)
}

/** The connected address the demo page shows (`modal.subscribeAccount`). */
async function shownAddress(page: Page): Promise<Hex> {
  const text = await waitForText(page, '#account', /^Signed in as 0x/)
  return getAddress(text.slice('Signed in as '.length)) as Hex
}

describe('a passkey on the Connect view', () => {
  it('creates a passkey, connects its counterfactual account, and sends ETH from it as a user operation that deploys it', async () => {
    const context = await localContext(browser())
    try {
      const { page, cdp, authenticatorId } = await passkeyPage(context)
      await openConnect(page)
      await page.click('[data-testid=gw-passkey-create]')
      await waitForView(page, 'Account')
      await accountSettled(page)
      const address = await shownAddress(page)
      expect(await chain().getCode({ address })).toBeUndefined()
      // One passkey on the device, for the demo's host; the log keeps its public part only.
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
      expect(credentials.map((c) => c.rpId)).toEqual(['localhost'])
      const known = (await pageLog(page)).events.filter((e) => e.type === 'passkey/credential-known').map((e) => e.payload)
      expect(known).toEqual([{ id: Buffer.from(credentials[0]!.credentialId, 'base64').toString('base64url'), publicKey: expect.stringMatching(/^0x[0-9a-f]{128}$/), address }])
      expect(JSON.stringify((await pageLog(page)).events)).not.toContain(credentials[0]!.privateKey)

      // Funded, and a block mined so that the engine reads the new balance (docs/behaviour.md §4: balances refresh on new blocks).
      await rpc(rpcUrl, 'anvil_setBalance', [address, toHex(parseEther('1'))])
      await rpc(rpcUrl, 'evm_mine')
      await waitForText(page, '[data-testid=gw-balance]', /^1(\.0+)? ETH$/)
      const receiver = fresh('send')
      await page.click('[data-testid=gw-open-send]')
      await waitForView(page, 'WalletSend')
      await page.click('[data-testid=gw-send-token]')
      await waitForView(page, 'WalletSendSelectToken')
      await page.click('[data-token="native"]')
      await waitForView(page, 'WalletSend')
      await page.fill('[data-testid=gw-send-amount]', '0.01')
      await page.fill('[data-testid=gw-send-receiver]', receiver)
      await page.click('[data-testid=gw-send-review]')
      await waitForView(page, 'WalletSendPreview')
      await page.click('[data-testid=gw-send-confirm]')
      await waitForText(page, '[data-testid=gw-snackbar]', 'Transaction sent')
      expect(await chain().getBalance({ address: receiver })).toBe(parseEther('0.01'))
      expect(await chain().getCode({ address })).not.toBeUndefined()
    } finally {
      await context.close()
    }
  })

  it('restores the account after a reload, signs a message verifyMessage accepts, and Use a passkey connects the same account again', async () => {
    const context = await localContext(browser())
    try {
      const { page } = await passkeyPage(context)
      await openConnect(page)
      await page.click('[data-testid=gw-passkey-create]')
      await waitForView(page, 'Account')
      const address = await shownAddress(page)

      await page.reload()
      expect(await shownAddress(page)).toBe(address)
      const message = 'Sign in to Harbour Coffee'
      const signature = (await page.evaluate(
        ([m, a]) => (window as unknown as { gangway: { getWalletProvider(ns: string): { request(x: unknown): Promise<unknown> } } }).gangway.getWalletProvider('eip155').request({ method: 'personal_sign', params: [m, a] }),
        [toHex(message), address] as const,
      )) as Hex
      // Not deployed yet: an ERC-6492 signature, which viem's verifyMessage checks on the chain.
      expect(await chain().verifyMessage({ address, message, signature })).toBe(true)

      await page.evaluate(() => (window as unknown as { gangway: { disconnect(): Promise<void> } }).gangway.disconnect())
      await waitForText(page, '#account', 'Not connected')
      await openConnect(page)
      await page.click('[data-testid=gw-passkey-use]')
      await waitForView(page, 'Account')
      expect(await shownAddress(page)).toBe(address)
    } finally {
      await context.close()
    }
  })

  it('finds the account of a passkey this browser never stored: its public key recovered from two signatures', async () => {
    const first = await localContext(browser())
    const second = await localContext(browser())
    try {
      const made = await passkeyPage(first)
      await openConnect(made.page)
      await made.page.click('[data-testid=gw-passkey-create]')
      await waitForView(made.page, 'Account')
      const address = await shownAddress(made.page)
      // The same passkey on another device (as a synced passkey is): the credential, private key included, moved by the DevTools protocol.
      const [credential] = (await made.cdp.send('WebAuthn.getCredentials', { authenticatorId: made.authenticatorId })).credentials
      const other = await passkeyPage(second)
      await other.cdp.send('WebAuthn.addCredential', { authenticatorId: other.authenticatorId, credential: credential! })
      await openConnect(other.page)
      await other.page.click('[data-testid=gw-passkey-use]')
      await waitForView(other.page, 'Account')
      expect(await shownAddress(other.page)).toBe(address)
    } finally {
      await first.close()
      await second.close()
    }
  })

  it('shows the visitor’s cancel under the buttons, connects nothing, and lets them try again', async () => {
    const context = await localContext(browser())
    try {
      const { page, cdp, authenticatorId } = await passkeyPage(context)
      await openConnect(page)
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false })
      await page.click('[data-testid=gw-passkey-create]')
      await waitForText(page, '[data-testid=gw-passkey-error]', 'Passkey request cancelled')
      expect(await page.locator('[data-testid=gw-modal]').getAttribute('data-view')).toBe('Connect')
      expect(await page.textContent('#account')).toBe('Not connected')
      expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toEqual([])
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true })
      await page.click('[data-testid=gw-passkey-create]')
      await waitForView(page, 'Account')
      await shownAddress(page)
    } finally {
      await context.close()
    }
  })
})
