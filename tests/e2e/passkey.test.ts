/**
 * Connecting with a passkey on the demo site (docs/behaviour.md §2 Passkey), end to end: the demo at
 * `http://localhost:<port>/?passkeys` (its `passkeys` option names the localnet's bundler on chain
 * 31337), Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain) as the
 * visitor's device, the engine's passkey connector in its worker, alto bundling on anvil. Every
 * signature is the authenticator's, through `navigator.credentials`.
 */
import { describe, expect, inject, it } from 'vitest'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { createPublicClient, encodeFunctionData, erc20Abi, getAddress, http, keccak256, parseEther, toHex, type Hex } from 'viem'
import { rpc } from '../../localnet/anvil.js'
import { ENTRY_POINT_07 } from '../../localnet/erc4337.js'
import { SPONSORSHIP_REFUSED } from '../../src/events/kernel/errors.js'
import { localContext } from './browser.js'
import { me } from './demo-host.js'
import { accountSettled, cardAnimationsEnded, connectSettled, pageLog, useBrowser, waitForText, waitForView } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const tokenAddress = inject('tokenAddress') as Hex
const paymasterAddress = inject('paymasterAddress') as Hex
/** Anvil's dev account 0, which holds the localnet's seeded HBD. */
const DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const hbd = async (owner: Hex) => BigInt(await rpc<string>(rpcUrl, 'eth_call', [{ to: tokenAddress, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] }) }, 'latest']))
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

/** The paymaster's deposit at the EntryPoint, in wei. */
const paymasterDeposit = async () =>
  BigInt(await rpc<string>(rpcUrl, 'eth_call', [{ to: ENTRY_POINT_07, data: encodeFunctionData({ abi: [{ type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ type: 'address' }], outputs: [{ type: 'uint256' }] }], functionName: 'balanceOf', args: [paymasterAddress] }) }, 'latest']))

/** From Account: Send, ETH, `amount` to `receiver`, Review, then Send on the preview. */
async function sendFromAccount(page: Page, amount: string, receiver: Hex): Promise<void> {
  await page.click('[data-testid=gw-open-send]')
  await waitForView(page, 'WalletSend')
  await page.click('[data-testid=gw-send-token]')
  await waitForView(page, 'WalletSendSelectToken')
  await page.click('[data-token="native"]')
  await waitForView(page, 'WalletSend')
  await page.fill('[data-testid=gw-send-amount]', amount)
  await page.fill('[data-testid=gw-send-receiver]', receiver)
  await page.click('[data-testid=gw-send-review]')
  await waitForView(page, 'WalletSendPreview')
  await page.click('[data-testid=gw-send-confirm]')
}

/** Opens the modal on Connect, once its rows stand still. */
async function openConnect(page: Page): Promise<void> {
  await page.click('gangway-button')
  await waitForView(page, 'Connect')
  await connectSettled(page)
  await cardAnimationsEnded(page)
}

/** Opens Connect, creates a passkey and waits for `view` (Account, or SIWXSignMessage with `?siwx`); resolves to the account's address. */
async function createdAccount(page: Page, view = 'Account'): Promise<Hex> {
  await openConnect(page)
  await page.click('[data-testid=gw-passkey-create]')
  await waitForView(page, view)
  return shownAddress(page)
}

/** Funds `address` with `eth` by anvil_setBalance and mines a block, then waits for Account to show that balance (docs/behaviour.md §4: balances refresh on new blocks). */
async function funded(page: Page, address: Hex, eth: string): Promise<void> {
  await rpc(rpcUrl, 'anvil_setBalance', [address, toHex(parseEther(eth))])
  await rpc(rpcUrl, 'evm_mine')
  await waitForText(page, '[data-testid=gw-balance]', new RegExp(`^${eth.replace('.', '\\.')}(\\.?0*)? ETH$`))
}

/** `method` with `params` through the demo page's EIP-1193 provider (`modal.getWalletProvider('eip155')`). */
const provider = (page: Page, method: string, params: unknown[]) =>
  page.evaluate(([m, p]) => (window as unknown as { gangway: { getWalletProvider(ns: string): { request(x: unknown): Promise<unknown> } } }).gangway.getWalletProvider('eip155').request({ method: m, params: p }), [method, params] as const)

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

      // The connection is named as a passkey; before the first funding, Account says the passkey is the account's only key; funded, it says no more.
      expect(await page.evaluate(() => (window as unknown as { gangway: { getAccount(): { connections?: { name: string }[] } } }).gangway.getAccount().connections?.map((c) => c.name))).toEqual(['Passkey'])
      await page.getByTestId('gw-passkey-warning').waitFor()
      await funded(page, address, '1')
      await page.getByTestId('gw-passkey-warning').waitFor({ state: 'detached' })
      const receiver = fresh('send')
      await sendFromAccount(page, '0.01', receiver)
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
      const address = await createdAccount(page)

      await page.reload()
      expect(await shownAddress(page)).toBe(address)
      const message = 'Sign in to Harbour Coffee'
      const signature = (await provider(page, 'personal_sign', [toHex(message), address])) as Hex
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

  it('works the same with the engine on the main thread (`engine: main`): a passkey created, a message signed that verifyMessage accepts', async () => {
    const context = await localContext(browser())
    try {
      const { page } = await passkeyPage(context, 'passkeys&engine=main')
      const address = await createdAccount(page)
      expect(await page.evaluate(() => (window as unknown as { gangway: { getState(): { engine?: string } } }).gangway.getState().engine)).toBe('main')
      expect(page.workers()).toEqual([])
      const message = 'On the main thread'
      const signature = (await provider(page, 'personal_sign', [toHex(message), address])) as Hex
      expect(await chain().verifyMessage({ address, message, signature })).toBe(true)
    } finally {
      await context.close()
    }
  })

  it('signs in with SIWX: the demo server verifies the passkey account’s ERC-6492 signature on anvil and keeps the session', async () => {
    const context = await localContext(browser())
    try {
      const { page } = await passkeyPage(context, 'passkeys&siwx')
      const address = await createdAccount(page, 'SIWXSignMessage')
      expect(await me(page)).toEqual({ signedIn: false })
      await page.click('[data-testid=gw-siwx-sign]')
      await waitForView(page, 'Account')
      expect(await me(page)).toEqual({ signedIn: true, accounts: [`eip155:31337:${address}`] })
    } finally {
      await context.close()
    }
  })

  it('finds the account of a passkey this browser never stored: its public key recovered from two signatures', async () => {
    const first = await localContext(browser())
    const second = await localContext(browser())
    try {
      const made = await passkeyPage(first)
      const address = await createdAccount(made.page)
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

  it('adds a second passkey as another owner of the account: on a device that has only that passkey, Use a passkey finds the account, which signs and sends with it', async () => {
    const first = await localContext(browser())
    const second = await localContext(browser())
    try {
      const made = await passkeyPage(first)
      const address = await createdAccount(made.page)
      await funded(made.page, address, '1')
      // The visitor dismisses the prompt: said under the button, nothing made, nothing sent.
      await made.cdp.send('WebAuthn.setUserVerified', { authenticatorId: made.authenticatorId, isUserVerified: false })
      await made.page.click('[data-testid=gw-passkey-add]')
      await waitForText(made.page, '[data-testid=gw-passkey-add-error]', 'Passkey request cancelled')
      expect((await made.cdp.send('WebAuthn.getCredentials', { authenticatorId: made.authenticatorId })).credentials).toHaveLength(1)
      expect(await chain().getCode({ address })).toBeUndefined()
      await made.cdp.send('WebAuthn.setUserVerified', { authenticatorId: made.authenticatorId, isUserVerified: true })
      await made.page.click('[data-testid=gw-passkey-add]')
      await made.page.getByTestId('gw-passkey-added').waitFor()
      expect(await made.page.getByTestId('gw-passkey-owners').getAttribute('data-passkeys')).toBe('2')
      const [added] = (await pageLog(made.page)).events.filter((e) => e.type === 'passkey/added').map((e) => e.payload as { id: string; address: string; signer: Hex })
      expect(added).toMatchObject({ address, signer: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) })
      // On the chain: the Safe, deployed by that operation, has the passkey's signer contract as a second owner.
      const isOwner = [{ type: 'function', name: 'isOwner', stateMutability: 'view', inputs: [{ type: 'address' }], outputs: [{ type: 'bool' }] }] as const
      expect(await chain().readContract({ address, abi: isOwner, functionName: 'isOwner', args: [added!.signer] })).toBe(true)
      const { credentials } = await made.cdp.send('WebAuthn.getCredentials', { authenticatorId: made.authenticatorId })
      expect(credentials).toHaveLength(2)
      const byId = (id: string) => credentials.find((c) => Buffer.from(c.credentialId, 'base64').toString('base64url') === id)!
      const firstKey = credentials.find((c) => c !== byId(added!.id))!
      // This tab goes on signing with the passkey it connected with, not the one it added.
      const signed = async (page: Page) => {
        const message = `Still ${address}`
        const signature = (await provider(page, 'personal_sign', [toHex(message), address])) as Hex
        expect(await chain().verifyMessage({ address, message, signature })).toBe(true)
      }
      await signed(made.page)
      const counts = (await made.cdp.send('WebAuthn.getCredentials', { authenticatorId: made.authenticatorId })).credentials
      expect(counts.find((c) => c.credentialId === firstKey.credentialId)!.signCount).toBeGreaterThan(firstKey.signCount)
      expect(counts.find((c) => c.credentialId === byId(added!.id).credentialId)!.signCount).toBe(byId(added!.id).signCount)

      // Another device with the added passkey only: its user handle names the account, the chain confirms the owner.
      const other = await passkeyPage(second)
      await other.cdp.send('WebAuthn.addCredential', { authenticatorId: other.authenticatorId, credential: byId(added!.id) })
      await openConnect(other.page)
      await other.page.click('[data-testid=gw-passkey-use]')
      await waitForView(other.page, 'Account')
      expect(await shownAddress(other.page)).toBe(address)
      await signed(other.page)
      const receiver = fresh('added-owner')
      await accountSettled(other.page)
      await sendFromAccount(other.page, '0.01', receiver)
      await waitForText(other.page, '[data-testid=gw-snackbar]', 'Transaction sent')
      expect(await chain().getBalance({ address: receiver })).toBe(parseEther('0.01'))
    } finally {
      await first.close()
      await second.close()
    }
  })

  it('sends an EIP-5792 batch of two ERC20 transfers as one user operation, atomically: a batch whose second call reverts applies nothing', async () => {
    const context = await localContext(browser())
    try {
      const { page } = await passkeyPage(context)
      const address = await createdAccount(page)
      await rpc(rpcUrl, 'anvil_setBalance', [address, toHex(parseEther('1'))])
      // 10 HBD from dev account 0 (anvil's, unlocked), which the localnet seeded.
      await rpc(rpcUrl, 'eth_sendTransaction', [{ from: DEV_ACCOUNT, to: tokenAddress, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [address, parseEther('10')] }) }])
      const [a, b] = [fresh('batch-a'), fresh('batch-b')]
      const transfer = (to: Hex, amount: bigint) => ({ to: tokenAddress, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) })

      expect(await provider(page, 'wallet_getCapabilities', [address])).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
      const { id } = (await provider(page, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: address, atomicRequired: true, calls: [transfer(a, parseEther('1')), transfer(b, parseEther('2'))] }])) as { id: string }
      expect(await provider(page, 'wallet_getCallsStatus', [id])).toMatchObject({ id, status: 200, atomic: true, receipts: [{ status: '0x1' }] })
      expect([await hbd(a), await hbd(b)]).toEqual([parseEther('1'), parseEther('2')])

      // The second call moves more HBD than the account holds: the operation reverts whole, the bundler refuses it, the first transfer is not made.
      await expect(provider(page, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [transfer(a, parseEther('1')), transfer(b, parseEther('1000'))] }])).rejects.toThrow()
      expect([await hbd(a), await hbd(b)]).toEqual([parseEther('1'), parseEther('2')])
    } finally {
      await context.close()
    }
  })

  it('with the site’s paymaster, the first user operation is sponsored (the account pays only the value) and one the policy refuses is not sent', async () => {
    const context = await localContext(browser())
    try {
      const { page } = await passkeyPage(context, 'passkeys=sponsored')
      const address = await createdAccount(page)
      await funded(page, address, '0.05')
      const deposit = await paymasterDeposit()
      const first = fresh('sponsored')
      await sendFromAccount(page, '0.01', first)
      await waitForText(page, '[data-testid=gw-snackbar]', 'Transaction sent')
      expect(await chain().getBalance({ address: first })).toBe(parseEther('0.01'))
      expect(await chain().getBalance({ address })).toBe(parseEther('0.04'))
      expect(await paymasterDeposit()).toBeLessThan(deposit)

      // Deployed now: the localnet's policy sponsors an account's first operation only, so the paymaster refuses, and nothing is sent.
      const second = fresh('refused')
      await sendFromAccount(page, '0.01', second)
      await waitForText(page, '[data-testid=gw-send-error]', SPONSORSHIP_REFUSED)
      expect((await pageLog(page)).events.filter((e) => e.type === 'send/failed').at(-1)?.payload).toMatchObject({ message: SPONSORSHIP_REFUSED })
      expect(await chain().getBalance({ address: second })).toBe(0n)
      expect(await chain().getBalance({ address })).toBe(parseEther('0.04'))
    } finally {
      await context.close()
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
