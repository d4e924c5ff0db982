/**
 * A passkey's smart account, end to end in Chromium: the page's ceremonies
 * (src/ui/bridge/passkey/ceremonies.ts) on Chromium's virtual authenticator (the DevTools protocol's
 * WebAuthn domain: a platform authenticator with resident keys and user verification), the account
 * code (src/chains/eip155/passkey) building a Safe 1.4.1 whose owner is the passkey, and the
 * localnet's ERC-4337 stack on chain 31337 (localnet/erc4337.ts, alto as the bundler). Every
 * signature comes from `navigator.credentials.get` through the virtual authenticator; none is made in
 * Node. The page is `http://localhost:<port>` (a browser refuses an IP address as the relying party
 * id), served by the test on 127.0.0.1, the chain and the bundler reached over HTTP.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { build } from 'esbuild'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'
import { createPublicClient, encodeFunctionData, http, parseEther, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { rpc } from '../../localnet/anvil.js'
import { labelledKey } from '../../localnet/test-keys.js'
import { PASSKEY_CANCELLED, PASSKEY_REFUSED_HERE } from '../../src/events/kernel/errors.js'
import type { PasskeyCredential } from '../../src/chains/eip155/passkey/passkey-account.js'
import { launchChromium, localContext } from './browser.js'
import type { PasskeyHarness } from './passkey/harness.js'

const rpcUrl = inject('rpcUrl')
const bundlerUrl = inject('bundlerUrl')
let browser: Browser
let script: string
/** The harness page's server, on 127.0.0.1, reached as localhost. */
let server: Server
let origin: string

beforeAll(async () => {
  browser = await launchChromium()
  script = (await build({ entryPoints: ['tests/e2e/passkey/harness.ts'], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', write: false, logLevel: 'warning' })).outputFiles[0]!.text
  server = createServer((req, res) => {
    const [type, body] = req.url === '/harness.js' ? ['text/javascript', script] : ['text/html', '<!doctype html><title>Passkey harness</title><script src="/harness.js"></script>']
    res.writeHead(200, { 'content-type': type }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://localhost:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await browser?.close()
  server?.close()
})

/** A page of the harness with a virtual platform authenticator of its own; `userVerified`: whether the visitor passes its check. */
async function harnessPage(): Promise<{ page: Page; context: BrowserContext; cdp: CDPSession; authenticatorId: string }> {
  const context = await localContext(browser)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  await page.goto(`${origin}/`)
  await page.waitForFunction(() => 'harness' in window)
  return { page, context, cdp, authenticatorId }
}

type Harness = { [K in keyof PasskeyHarness]: (...args: Parameters<PasskeyHarness[K]>) => Promise<unknown> }
/** Calls the harness's `name` in `page` with `args`; throws Error(message) for what it answered as an error. */
async function call<K extends keyof Harness>(page: Page, name: K, ...args: Parameters<PasskeyHarness[K]>): Promise<Exclude<Awaited<ReturnType<PasskeyHarness[K]>>, { error: unknown }>> {
  const answer = (await page.evaluate(([n, a]) => (window as unknown as { harness: Record<string, (...x: unknown[]) => Promise<unknown>> }).harness[n]!(...a), [name, args] as const)) as { error?: { message: string } }
  if (answer && typeof answer === 'object' && 'error' in answer && answer.error) throw Object.assign(new Error(answer.error.message), answer.error)
  return answer as never
}

const where = () => ({ rpcUrl, bundlerUrl })
const chain = () => createPublicClient({ transport: http(rpcUrl) })
const fund = (address: Hex, eth: string) => rpc(rpcUrl, 'anvil_setBalance', [address, `0x${parseEther(eth).toString(16)}`])

describe('a passkey’s smart account', () => {
  it('creates a passkey, knows its address before deployment, and its first user operation deploys it and pays exactly once', async () => {
    const { page, context, cdp, authenticatorId } = await harnessPage()
    try {
      const credential = await call(page, 'create')
      expect(credential.publicKey).toMatch(/^0x[0-9a-f]{128}$/)
      // The authenticator holds one discoverable credential for localhost, the one created; the page kept only its public part.
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
      expect(credentials.map((c) => [c.rpId, c.isResidentCredential, Buffer.from(c.credentialId, 'base64').toString('base64url')])).toEqual([['localhost', true, credential.id]])

      const address = (await call(page, 'address', credential, where())) as Hex
      expect(await chain().getCode({ address })).toBeUndefined()
      await fund(address, '1')
      const receiver = privateKeyToAccount(labelledKey('passkey first operation receiver')).address
      const sent = await call(page, 'send', credential, where(), [{ to: receiver, value: parseEther('0.01').toString() }])
      expect(sent).toEqual({ success: true, sender: address })
      expect(await chain().getCode({ address })).not.toBeUndefined()
      expect(await chain().getBalance({ address: receiver })).toBe(parseEther('0.01'))
    } finally {
      await context.close()
    }
  })

  it('signs messages that verifyMessage accepts on the chain, before deployment (ERC-6492) and after (EIP-1271)', async () => {
    const { page, context } = await harnessPage()
    try {
      const credential = await call(page, 'create')
      const address = (await call(page, 'address', credential, where())) as Hex
      const before = await call(page, 'sign', credential, where(), 'Sign in to the harness')
      expect(before.valid).toBe(true)
      await fund(address, '1')
      await call(page, 'send', credential, where(), [{ to: address, value: '0' }])
      expect(await chain().getCode({ address })).not.toBeUndefined()
      const after = await call(page, 'sign', credential, where(), 'Sign in to the harness')
      expect(after.valid).toBe(true)
      expect(after.signature).not.toBe(before.signature)
    } finally {
      await context.close()
    }
  })

  it('sends a batch as one user operation, atomically: a reverting second call leaves the first unapplied', async () => {
    const { page, context } = await harnessPage()
    try {
      const credential = await call(page, 'create')
      const address = (await call(page, 'address', credential, where())) as Hex
      await fund(address, '1')
      const [a, b] = [privateKeyToAccount(labelledKey('passkey batch receiver a')).address, privateKeyToAccount(labelledKey('passkey batch receiver b')).address]
      expect(await call(page, 'send', credential, where(), [{ to: a, value: parseEther('0.01').toString() }, { to: b, value: parseEther('0.02').toString() }])).toMatchObject({ success: true })
      expect([await chain().getBalance({ address: a }), await chain().getBalance({ address: b })]).toEqual([parseEther('0.01'), parseEther('0.02')])
      // The second call reverts (the EntryPoint refuses a plain call with unknown data): the operation fails as a whole.
      const reverting = { to: '0x0000000071727De22E5E9d8BAf0edAc6f37da032' as Hex, data: encodeFunctionData({ abi: [{ type: 'function', name: 'nothingHere', inputs: [], outputs: [], stateMutability: 'nonpayable' }], functionName: 'nothingHere' }) }
      // Its gas is the estimate of the same calls without the revert, which a bundler could not estimate: the operation is mined, and reverts.
      const estimateAs = [{ to: a, value: parseEther('0.01').toString() }, { ...reverting, to: b }]
      expect(await call(page, 'send', credential, where(), [{ to: a, value: parseEther('0.01').toString() }, reverting], { estimateAs })).toMatchObject({ success: false })
      expect(await chain().getBalance({ address: a })).toBe(parseEther('0.01'))
    } finally {
      await context.close()
    }
  })

  it('refuses a user operation signed by another passkey: the account does not own it, the bundler refuses it, nothing is sent', async () => {
    const { page, context } = await harnessPage()
    try {
      const owner = await call(page, 'create')
      const stranger: PasskeyCredential = await call(page, 'create')
      const address = (await call(page, 'address', owner, where())) as Hex
      await fund(address, '1')
      const receiver = privateKeyToAccount(labelledKey('passkey refused receiver')).address
      // viem names the bundler's AA24 (the account's validation refused the signature).
      await expect(call(page, 'send', owner, where(), [{ to: receiver, value: parseEther('0.01').toString() }], { signer: stranger })).rejects.toMatchObject({
        message: expect.stringMatching(/^Signature provided for the User Operation is invalid/),
        details: expect.stringMatching(/AA24 signature error/),
      })
      expect(await chain().getBalance({ address: receiver })).toBe(0n)
    } finally {
      await context.close()
    }
  })

  it('reports the visitor’s cancel and a relying party the browser refuses clearly', async () => {
    const { page, context, cdp, authenticatorId } = await harnessPage()
    try {
      await expect(call(page, 'create', 'example.com')).rejects.toMatchObject({ message: PASSKEY_REFUSED_HERE })
      const credential = await call(page, 'create')
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false })
      await expect(call(page, 'create')).rejects.toMatchObject({ message: PASSKEY_CANCELLED, code: 4001 })
      await expect(call(page, 'sign', credential, where(), 'refused')).rejects.toMatchObject({ message: PASSKEY_CANCELLED, code: 4001 })
      // Nothing was created by the refused ceremonies: the authenticator holds the one passkey.
      expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1)
    } finally {
      await context.close()
    }
  })
})
