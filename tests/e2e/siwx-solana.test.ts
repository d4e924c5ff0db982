/**
 * SIWX on Solana through the modal (issue 20; docs/behaviour.md §4 SIWX) in Chromium, on the demo
 * page's `?siwx` mode (its server, localnet/demo-auth.ts on gangway/siwx-server, keeps the sessions
 * behind an HTTP-only cookie) with the Localnet Wallet's Solana side (Wallet Standard): connect it
 * from Connect, SIWXSignMessage, Sign in → the wallet's `solana:signIn` prompt (its Sign-In-With-
 * Solana text, written by the wallet from the fields Gangway gave) → approved; the engine checked
 * the text and verified the ed25519 signature, the host's server verified it again, and
 * `GET /localnet/auth/me` names the `solana:…` account; a reload restores the connection and the
 * session with no new signature; a disconnect signs out. A wallet without `solana:signIn` signs the
 * same text with `solana:signMessage`; so does a WalletConnect session (the Localnet WalletConnect
 * wallet's `solana_signMessage`, base58 both ways).
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { parseSiwsMessage } from '../../src/siwx/solana-message.js'
import { localContext } from './browser.js'
import { useBrowser, waitForEngine, waitForText, waitForView, wcWallet, pairLocalnetWalletConnect } from './helpers.js'
import { hostSessions, me } from './demo-host.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const solanaCaip2 = inject('solanaCaip2')
const solanaWallet = inject('solanaWallet')
const browser = useBrowser()

/** The demo host's sessions of the Solana account. */
const sessions = (page: Page) => hostSessions(page, solanaCaip2, solanaWallet)
const account = (page: Page) => page.evaluate(() => (window as unknown as { gangway: { getAccount(): { isConnected: boolean; namespace?: string; caipAddress?: string } } }).gangway.getAccount())
const prompts = (page: Page) => page.evaluate(() => (window as unknown as { __localnetSolanaWallet: { prompts: number } }).__localnetSolanaWallet.prompts)
const exportLog = (page: Page) => page.evaluate(() => (window as unknown as { gangway: { exportLog(o?: { redact: boolean }): Promise<string> } }).gangway.exportLog({ redact: false }))

describe('Sign In With X on Solana through the modal', () => {
  it('connect the Solana wallet, sign in with solana:signIn (verified by the engine and the host), reload keeps the session without a signature, disconnect signs out', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const host = new URL(webUrl).host
    await page.goto(`${webUrl}/?siwx`)
    await page.click('gangway-button')
    await page.click('[data-wallet-row="wallet-standard:Localnet Wallet"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'SIWXSignMessage')
    const caipAddress = `${solanaCaip2}:${solanaWallet}`
    expect(await account(page)).toMatchObject({ isConnected: true, namespace: 'solana', caipAddress })
    expect(await me(page)).toEqual({ signedIn: false })

    // Sign in: the wallet's sign-in prompt (solana:signIn), not a plain message's (solana:signMessage).
    await page.click('[data-testid=gw-siwx-sign]')
    const prompt = await waitForText(page, 'localnet-wallet-prompt p', /wants you to sign in with your Solana account/)
    expect(prompt.startsWith(`Sign in to ${host}?\n\n${host} wants you to sign in with your Solana account:\n${solanaWallet}\n\nSign in to Harbour Coffee\n`)).toBe(true)
    expect(prompt).not.toContain('Warning')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')

    // The host's server verified the sign-in (ed25519) and names the solana: account.
    expect(await me(page)).toEqual({ signedIn: true, accounts: [caipAddress] })
    const [session, ...more] = await sessions(page)
    expect(more).toEqual([])
    expect(session!.caipAddress).toBe(caipAddress)
    expect(prompt.endsWith(session!.message)).toBe(true)
    const fields = parseSiwsMessage(session!.message)
    expect(fields).toMatchObject({ domain: host, address: solanaWallet, uri: new URL(webUrl).origin, version: '1', chainId: solanaCaip2.split(':')[1], statement: 'Sign in to Harbour Coffee' })
    // The signature as the Wallet Standard bridge hands it: 64 bytes of base64, the wallet's ed25519 over the text.
    const signature = base64.decode(session!.signature)
    expect(ed25519.verify(signature, new TextEncoder().encode(session!.message), base58.decode(solanaWallet), { zip215: false })).toBe(true)
    // The log holds neither the message's nonce nor its signature.
    const raw = await exportLog(page)
    expect(raw).not.toContain(fields.nonce!)
    expect(raw).not.toContain(session!.signature.slice(0, 40))

    // A reload: restored and signed in from the host's session, no prompt, no SIWXSignMessage.
    await page.reload()
    await waitForEngine(page)
    await expect.poll(async () => (await account(page)).isConnected, { timeout: E2E_WAIT_MS }).toBe(true)
    await expect.poll(() => exportLog(page).then((l) => l.includes('"via":"stored"')), { timeout: E2E_WAIT_MS }).toBe(true)
    expect(await account(page)).toMatchObject({ namespace: 'solana', caipAddress })
    expect(await prompts(page)).toBe(0)
    expect(await page.locator('[data-testid=gw-modal][data-open]').isVisible()).toBe(false)
    expect(await me(page)).toEqual({ signedIn: true, accounts: [caipAddress] })

    // Disconnect signs out: the host's session is revoked.
    await page.click('gangway-button')
    await waitForView(page, 'Account')
    await page.click('[data-testid=gw-disconnect]')
    await expect.poll(() => me(page)).toEqual({ signedIn: false })
    expect(await sessions(page)).toEqual([])
    expect((await account(page)).isConnected).toBe(false)
    await context.close()
  })

  it('a wallet without solana:signIn signs the same Sign-In-With-Solana text with solana:signMessage, which the host verifies', async () => {
    const context = await localContext(browser())
    // The Localnet Wallet as a wallet from before solana:signIn.
    await context.addInitScript(() => localStorage.setItem('localnet-wallet:solana-without-sign-in', 'true'))
    const page = await context.newPage()
    const host = new URL(webUrl).host
    await page.goto(`${webUrl}/?siwx`)
    await page.click('gangway-button')
    await page.click('[data-wallet-row="wallet-standard:Localnet Wallet"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'SIWXSignMessage')
    await page.click('[data-testid=gw-siwx-sign]')
    // A plain message's prompt: Gangway wrote the text, the wallet signs its bytes.
    const prompt = await waitForText(page, 'localnet-wallet-prompt p', /wants you to sign in with your Solana account/)
    expect(prompt.startsWith(`Sign this message for ${host}?\n\n${host} wants you to sign in with your Solana account:\n${solanaWallet}\n`)).toBe(true)
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    const caipAddress = `${solanaCaip2}:${solanaWallet}`
    expect(await me(page)).toEqual({ signedIn: true, accounts: [caipAddress] })
    const [session] = await sessions(page)
    expect(prompt.endsWith(session!.message)).toBe(true)
    expect(ed25519.verify(base64.decode(session!.signature), new TextEncoder().encode(session!.message), base58.decode(solanaWallet), { zip215: false })).toBe(true)
    expect(await prompts(page)).toBe(2)
    await context.close()
  })

  it('a WalletConnect session on Solana signs in with solana_signMessage (the text in base58, the signature base58), which the engine and the host verify', async () => {
    const context = await localContext(browser())
    await context.route('https://verify.walletconnect.org/**', (route) => route.fulfill({ status: 204 }))
    const page = await context.newPage()
    await page.goto(`${webUrl}/?siwx`)
    await waitForEngine(page)
    // Solana first, then WalletConnect: the session's Solana account is the one connected.
    await page.evaluate((id) => (window as unknown as { gangway: { switchNetwork(id: string): Promise<void> } }).gangway.switchNetwork(id), solanaCaip2)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    const topics = async () => (await wcWallet<{ topic: string; accounts: string[] }[]>('/sessions')).map((x) => x.topic)
    const earlier = await topics()
    await pairLocalnetWalletConnect(page)
    await waitForView(page, 'SIWXSignMessage')
    const { caipAddress } = await account(page)
    const live = (await wcWallet<{ topic: string; accounts: string[] }[]>('/sessions')).find((x) => !earlier.includes(x.topic))!
    expect(live.accounts).toContain(caipAddress)
    expect(caipAddress!.startsWith(`${solanaCaip2}:`)).toBe(true)
    const answered = (await wcWallet<string[]>('/requests')).length

    await page.click('[data-testid=gw-siwx-sign]')
    await waitForView(page, 'Account')
    // The wallet was asked solana_signMessage once (WalletConnect has no sign-in method: the engine fell back).
    expect((await wcWallet<string[]>('/requests')).slice(answered)).toEqual(['solana_signMessage'])
    expect(await me(page)).toEqual({ signedIn: true, accounts: [caipAddress] })
    const address = caipAddress!.slice(solanaCaip2.length + 1)
    const [session] = await hostSessions(page, solanaCaip2, address)
    expect(parseSiwsMessage(session!.message)).toMatchObject({ domain: new URL(webUrl).host, address, chainId: solanaCaip2.split(':')[1] })
    // The signature as WalletConnect gives it: base58, 64 bytes, over the text's UTF-8 bytes.
    expect(ed25519.verify(base58.decode(session!.signature), new TextEncoder().encode(session!.message), base58.decode(address), { zip215: false })).toBe(true)

    await page.evaluate(() => (window as unknown as { gangway: { disconnect(): Promise<void> } }).gangway.disconnect())
    await expect.poll(() => me(page)).toEqual({ signedIn: false })
    await expect.poll(topics).not.toContain(live.topic)
    await context.close()
  })
})
