/**
 * SIWX with a smart account (issue 20; docs/behaviour.md §4 SIWX) in Chromium, on the demo page's
 * `?siwx` mode (the host's server verifies with gangway/siwx-server: localnet/demo-auth.ts), logged
 * in by email through the secure-site emulator, whose preferred account is the user's Safe 1.4.1:
 * - counterfactual: Sign in makes the Safe sign in the secure site's approval UI (ApproveTransaction)
 *   with an ERC-6492 signature; the engine verifies it on anvil (the modal reaches Account), the
 *   host's `/localnet/auth/me` names the Safe, and the Safe still has no code;
 * - its first send deploys it; a reload restores the login and the session, whose ERC-6492 signature
 *   still verifies against the deployed Safe (no new signature);
 * - once the host's server has revoked that session, the next reload asks for a new sign-in: the Safe
 *   signs with a plain signature, which its `isValidSignature` accepts (EIP-1271), and the engine and
 *   the host verify it through the chain. (Not a disconnect and a new email login: a second code
 *   within 30 s of the first is refused: docs/api.md, email login.)
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createPublicClient, getAddress, hashMessage, http, parseAbi, type Hex } from 'viem'
import { localContext } from './browser.js'
import { askEmailCode, mailedCode, pageLog, useBrowser, waitForEngine, waitForText, waitForView } from './helpers.js'
import { approveInFrame, FRAME, sendApproved } from './secure-frame.js'
import { hostSessions, me, type HostSession } from './demo-host.js'
import { rpc } from '../../localnet/anvil.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const secureSiteUrl = inject('secureSiteUrl')
const browser = useBrowser()
const ERC6492_SUFFIX = '6492649264926492649264926492649264926492649264926492649264926492'
/** EIP-1271's answer for a valid signature: `isValidSignature`'s selector. */
const EIP1271_MAGIC = '0x1626ba7e'
const client = createPublicClient({ transport: http(rpcUrl) })

type Account = { isConnected: boolean; address?: string; connectorId?: string; embeddedWalletInfo?: { accountType?: string; isSmartAccountDeployed?: boolean } }
const account = (page: Page) => page.evaluate(() => (window as unknown as { gangway: { getAccount(): Account } }).gangway.getAccount())
/** The demo host's sessions of `address` on chain 31337. */
const sessions = (page: Page, address: string) => hostSessions(page, 'eip155:31337', address)
/** How many mails the secure-site emulator sent to `email`. */
const mailCount = async (email: string) => ((await (await fetch(`${secureSiteUrl}/api/test/inbox?email=${encodeURIComponent(email)}`)).json()) as unknown[]).length
/** The sessions the engine verified in this page session (since its last `engine/started`), as their `via`: 'signature' or 'stored'. */
async function verifiedVia(page: Page): Promise<string[]> {
  const { events } = await pageLog(page)
  const started = events.map((e) => e.type).lastIndexOf('engine/started')
  return events.slice(started + 1).filter((e) => e.type === 'siwx/session-verified').map((e) => (e.payload as { via: string }).via)
}

/** On SIWXSignMessage: Sign in, approved in the secure site's UI; resolves once the engine verified it (Account) with the host's one session of `address`. */
async function signIn(page: Page, address: string): Promise<HostSession> {
  await page.click('[data-testid=gw-siwx-sign]')
  await approveInFrame(page)
  await waitForView(page, 'Account', 30_000)
  expect(await me(page)).toEqual({ signedIn: true, accounts: [`eip155:31337:${address}`] })
  const [session, ...more] = await sessions(page, address)
  expect(more).toEqual([])
  return session!
}

describe('Sign In With X with a smart account', () => {
  it('the email login’s Safe signs in before it exists (ERC-6492) and, once deployed, again through EIP-1271; the engine and the host verify both on anvil', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const email = `safe-siwx-${Date.now()}@harbour.example`
    await page.goto(`${webUrl}/?siwx`)
    await waitForEngine(page)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await askEmailCode(page, email)
    await page.fill('[data-testid=gw-otp-input]', await mailedCode(secureSiteUrl, email))
    await waitForView(page, 'SIWXSignMessage')
    // The secure site's preferred account is the Safe, not yet deployed.
    const a = await account(page)
    expect(a).toMatchObject({ connectorId: 'AUTH', embeddedWalletInfo: { accountType: 'smartAccount', isSmartAccountDeployed: false } })
    const safe = getAddress(a.address!)
    expect(await rpc<string>(rpcUrl, 'eth_getCode', [safe, 'latest'])).toBe('0x')
    expect(await me(page)).toEqual({ signedIn: false })

    // Counterfactual: the Safe signs with ERC-6492 wrapping (the factory call); the engine and the host check it on anvil.
    const early = await signIn(page, safe)
    expect(early.caipAddress).toBe(`eip155:31337:${safe}`)
    expect(early.signature.endsWith(ERC6492_SUFFIX)).toBe(true)
    expect(await client.verifyMessage({ address: safe, message: early.message, signature: early.signature as Hex })).toBe(true)
    expect(await verifiedVia(page)).toEqual(['signature'])
    // Verifying it deployed nothing.
    expect(await rpc<string>(rpcUrl, 'eth_getCode', [safe, 'latest'])).toBe('0x')

    // The Safe's first send, approved in the secure site, deploys it.
    const receiver = await sendApproved(page, '0.01', 'siwx-safe')
    await waitForText(page, '[data-testid=gw-snackbar]', 'Transaction sent', 60_000)
    expect(BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [receiver, 'latest']))).toBe(10_000_000_000_000_000n)
    expect(await rpc<string>(rpcUrl, 'eth_getCode', [safe, 'latest'])).not.toBe('0x')
    await expect.poll(async () => (await account(page)).embeddedWalletInfo?.isSmartAccountDeployed).toBe(true)

    // A reload: the email login comes back without a code, and the host's session, signed before the
    // Safe existed, still verifies now that it does (no new signature, no SIWXSignMessage).
    await page.reload()
    await waitForEngine(page)
    await expect.poll(() => verifiedVia(page), { timeout: E2E_WAIT_MS }).toEqual(['stored'])
    expect(await account(page)).toMatchObject({ connectorId: 'AUTH', address: safe })
    expect(await page.locator('[data-testid=gw-modal][data-open]').isVisible()).toBe(false)

    // The site signs the Safe out on its side (its server revokes the session): the next page session asks for a new sign-in.
    expect(await page.evaluate(async (address) => (await fetch('/localnet/auth/revoke', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chainId: 'eip155:31337', address }) })).json(), safe)).toEqual({ revoked: 1, signedIn: false })
    expect(await me(page)).toEqual({ signedIn: false })
    const mails = await mailCount(email)
    await page.reload()
    await waitForEngine(page)
    await waitForView(page, 'SIWXSignMessage', 30_000)
    expect(await account(page)).toMatchObject({ connectorId: 'AUTH', address: safe, embeddedWalletInfo: { accountType: 'smartAccount', isSmartAccountDeployed: true } })
    expect(await mailCount(email)).toBe(mails)

    // Deployed: a plain signature, which the Safe itself accepts (EIP-1271); the engine and the host check it through the chain.
    const late = await signIn(page, safe)
    expect(late.signature.endsWith(ERC6492_SUFFIX)).toBe(false)
    expect(late.message).not.toBe(early.message)
    const isValidSignature = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'])
    expect(await client.readContract({ address: safe, abi: isValidSignature, functionName: 'isValidSignature', args: [hashMessage(late.message), late.signature as Hex] })).toBe(EIP1271_MAGIC)
    expect(await client.verifyMessage({ address: safe, message: late.message, signature: late.signature as Hex })).toBe(true)
    expect(await verifiedVia(page)).toEqual(['signature'])
    await context.close()
  })
})
