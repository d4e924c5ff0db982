/**
 * Bitcoin in the modal (docs/behaviour.md §5 Bitcoin), against the localnet's regtest stand-in
 * (localnet/bitcoin/: a real UTXO set, every input's signature verified) on the demo page with
 * `?bitcoin` (its Esplora the site's `services.bitcoin`): connect the Localnet Wallet's Bitcoin
 * account (Wallet Standard, `bitcoin:connect`), see its balance as the stand-in's UTXO sum, send
 * 0.001 BTC to a P2TR address, see it in Activity (signed by the wallet with `bitcoin:signTransaction`, verified and
 * mined by the stand-in), and have bad input refused before the wallet is asked. With `?siwx`,
 * sign in with a wallet message on bip122 (`bitcoin:signMessage` of Reown AppKit's informal
 * layout): the engine verifies the BIP-322 signature, so does the demo's server (gangway/siwx-server),
 * whose session then names the address, and so does bip322-js, a verifier outside Gangway; a
 * tampered signature is refused by all three. Over
 * WalletConnect, the Localnet WalletConnect wallet (@reown/walletkit) approves a bip122 session,
 * signs in (signMessage, hex) and signs the send's PSBT (signPsbt), which the stand-in verifies.
 */
import { describe, expect, inject, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { formatUnits, hexToBytes } from 'viem'
import { p2tr } from '@scure/btc-signer'
import { schnorr } from '@noble/curves/secp256k1'
import { localContext } from './browser.js'
import { useBrowser, waitForEngine, waitForText, waitForView, wcWallet, pairLocalnetWalletConnect, connectSettled } from './helpers.js'
import { E2E_WAIT_MS } from './wait.js'
import { REGTEST } from '../../localnet/bitcoin/regtest-chain.js'
import { BITCOIN_WALLET_KEY } from '../../localnet/bitcoin/localnet-bitcoin.js'
import { bitcoinAccounts } from '../../localnet/wallet/bitcoin-sign.js'
import { verifyBitcoinMessage } from '../../src/chains/bip122/message.js'
import { Verifier } from 'bip322-js'
import { hostSessions, me } from './demo-host.js'

const webUrl = inject('webUrl')
const bitcoinUrl = inject('bitcoinUrl')
const bitcoinWallet = inject('bitcoinWallet')
const bitcoinCaip2 = inject('bitcoinCaip2')
const wcBitcoin = inject('wcWalletBitcoinAddress')
const browser = useBrowser()

/** The address's unspent outputs, as the stand-in's Esplora lists them. */
async function utxos(address: string): Promise<{ txid: string; value: number }[]> {
  return (await (await fetch(`${bitcoinUrl}/address/${address}/utxo`)).json()) as { txid: string; value: number }[]
}
/** Whether the stand-in has put `txid` in a block. */
const confirmed = (txid: string) => async () => ((await (await fetch(`${bitcoinUrl}/tx/${txid}/status`)).json()) as { confirmed: boolean }).confirmed
const sum = (list: { value: number }[]) => list.reduce((s, u) => s + BigInt(u.value), 0n)
/**
 * Whether bip322-js (a verifier written outside Gangway, over bitcoinjs-lib) takes the BIP-322
 * signature; a signature it cannot even decode counts as not taken.
 */
function outsideCheck(address: string, message: string, signature: string): boolean {
  try {
    return Verifier.verifySignature(address, message, signature)
  } catch {
    return false
  }
}
/** A fresh P2TR (key path) address on regtest. */
const freshTaproot = () => p2tr(schnorr.getPublicKey(schnorr.utils.randomPrivateKey()), undefined, REGTEST).address!

/** A page of the demo with `query`, the Localnet Wallet's Bitcoin account connected on Connect (approved), Account showing. */
async function connectedBitcoin(query = '?bitcoin'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await localContext(browser())
  const page = await context.newPage()
  await page.goto(`${webUrl}/${query}`)
  await page.click('gangway-button')
  await waitForView(page, 'Connect')
  await connectSettled(page)
  await page.click('[data-wallet-row="wallet-standard-bitcoin:Localnet Wallet"]')
  await page.click('[data-testid=localnet-wallet-approve]')
  return { context, page }
}
/** Opens Send, picks BTC (the native row says so) and fills `amount` and `receiver` in. */
async function fillSend(page: Page, amount: string, receiver: string): Promise<void> {
  await page.click('[data-testid=gw-open-send]')
  await page.click('[data-testid=gw-send-token]')
  await waitForText(page, '[data-token="native"]', /BTC$/)
  await page.click('[data-token="native"]')
  await page.fill('[data-testid=gw-send-amount]', amount)
  await page.fill('[data-testid=gw-send-receiver]', receiver)
}

describe('Bitcoin', () => {
  it('connects the Localnet Wallet’s Bitcoin account, shows its UTXO sum, sends 0.001 BTC to a P2TR address once, and refuses bad input before any prompt', async () => {
    const { context, page } = await connectedBitcoin()
    await waitForView(page, 'Account')
    await waitForText(page, '[data-testid=gw-network]', 'Bitcoin Regtest')
    await waitForText(page, '[data-testid=gw-address]', `${bitcoinWallet.slice(0, 6)}…${bitcoinWallet.slice(-4)}`)
    const held = sum(await utxos(bitcoinWallet))
    await waitForText(page, '[data-testid=gw-balance]', `${formatUnits(held - (held % 100_000n), 8)} BTC`)

    const prompts = () => page.evaluate(() => (window as unknown as { __localnetBitcoinWallet: { prompts: number } }).__localnetBitcoinWallet.prompts)
    const asked = await prompts()
    const receiver = freshTaproot()
    const review = async (amount: string, to: string) => {
      await page.fill('[data-testid=gw-send-amount]', amount)
      await page.fill('[data-testid=gw-send-receiver]', to)
    }
    await fillSend(page, '', '')
    // Bad input: refused by the form, or where the transfer is built, never shown to the wallet.
    await review('0.001', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    await waitForText(page, '[data-testid=gw-send-problem]', 'Invalid receiver address')
    await review('100', receiver)
    await waitForText(page, '[data-testid=gw-send-problem]', 'Insufficient balance')
    for (const [amount, to, error] of [
      ['0.000001', receiver, 'Amount below the dust limit'],
      // A testnet address (tb1…), a valid one of another network: the checksum passes, the network does not.
      ['0.001', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'Invalid receiver address'],
      // A flipped checksum character.
      ['0.001', `${receiver.slice(0, -1)}${receiver.endsWith('q') ? 'p' : 'q'}`, 'Invalid receiver address'],
    ]) {
      await review(amount!, to!)
      await page.click('[data-testid=gw-send-review]')
      await page.click('[data-testid=gw-send-confirm]')
      await waitForText(page, '[data-testid=gw-send-error]', error!)
      await page.click('[data-testid=gw-back]')
    }
    expect(await prompts()).toBe(asked)

    await review('0.001', receiver)
    await page.click('[data-testid=gw-send-review]')
    await waitForText(page, '[data-testid=gw-send-summary]', '0.001 BTC')
    await page.click('[data-testid=gw-send-confirm]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    const received = await utxos(receiver)
    expect(received.map((u) => u.value)).toEqual([100_000])
    expect(await prompts()).toBe(asked + 1)
    // Mined: the stand-in puts it in a block a second after it took it; the balance shown is the UTXO sum after it.
    await expect.poll(confirmed(received[0]!.txid), { timeout: E2E_WAIT_MS }).toBe(true)
    const after = sum(await utxos(bitcoinWallet))
    expect(after).toBeLessThan(held - 100_000n)
    await waitForText(page, '[data-testid=gw-balance]', `${formatUnits(after - (after % 100_000n), 8)} BTC`)

    // Activity, from the stand-in's Esplora: the send on top (what the address paid, the fee in it), the coinbase that funded it.
    await page.click('[data-tab=Activity]')
    await page.waitForSelector(`[data-testid=gw-activity] li[data-hash="${received[0]!.txid}"]`)
    const rows = await page.$$eval('[data-testid=gw-activity] li[data-hash]', (lis) => lis.map((li) => ({ hash: li.getAttribute('data-hash'), text: li.textContent ?? '' })))
    expect(rows[0]).toMatchObject({ hash: received[0]!.txid })
    expect(rows[0]!.text).toContain('-0.001 BTC')
    expect(rows.some((r) => r.text.includes('+50 BTC'))).toBe(true)
    // A Bitcoin account has no holdings to ask the blockchain service for: no 'Token Balance Unavailable'.
    const log = await page.evaluate(() => (window as unknown as { gangway: { exportLog(): Promise<string> } }).gangway.exportLog())
    expect(log).toContain('Transaction sent')
    expect(log).not.toContain('Token Balance Unavailable')
    await context.close()
  })

  it('switches to the wallet’s ordinals account (P2TR) in the Account view, keeps it over a reload, sends from it (the wallet gives its internal key) and switches back to payment', async () => {
    // The ordinals address gets a coinbase, matured by 100 more blocks (mined elsewhere).
    const ordinals = bitcoinAccounts(hexToBytes(`0x${BITCOIN_WALLET_KEY}`))[1].address
    const mine = (blocks: number, address: string) => fetch(`${bitcoinUrl}/regtest/mine`, { method: 'POST', body: JSON.stringify({ blocks, address }) })
    expect((await mine(1, ordinals)).ok).toBe(true)
    expect((await mine(100, freshTaproot())).ok).toBe(true)
    const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

    const { context, page } = await connectedBitcoin()
    await waitForView(page, 'Account')
    await waitForText(page, '[data-testid=gw-address]', short(bitcoinWallet))
    await page.click('[data-testid=gw-account-type][data-to=ordinal]')
    await waitForText(page, '[data-testid=gw-address]', short(ordinals))
    const held = sum(await utxos(ordinals))
    await waitForText(page, '[data-testid=gw-balance]', `${formatUnits(held - (held % 100_000n), 8)} BTC`)

    // A reload restores the ordinals account: restore asks the wallet for that purpose.
    await page.reload()
    await waitForEngine(page)
    await page.click('gangway-button')
    await waitForView(page, 'Account')
    await waitForText(page, '[data-testid=gw-address]', short(ordinals))

    const receiver = freshTaproot()
    await fillSend(page, '0.001', receiver)
    await page.click('[data-testid=gw-send-review]')
    await page.click('[data-testid=gw-send-confirm]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    const received = await utxos(receiver)
    expect(received.map((u) => u.value)).toEqual([100_000])
    await expect.poll(confirmed(received[0]!.txid), { timeout: E2E_WAIT_MS }).toBe(true)
    // Spent from the ordinals address: its coinbase is gone, its change is what is left of it.
    expect(sum(await utxos(ordinals))).toBeLessThan(held - 100_000n)

    await page.click('[data-testid=gw-account-type][data-to=payment]')
    await waitForText(page, '[data-testid=gw-address]', short(bitcoinWallet))
    await context.close()
  })


  it('signs in on bip122: the wallet signs the informal text with BIP-322, the engine and the host verify it, the host’s session names the address; a tampered signature is refused', async () => {
    const host = new URL(webUrl).host
    const { context, page } = await connectedBitcoin('?bitcoin&siwx')
    await waitForView(page, 'SIWXSignMessage')
    expect(await me(page)).toEqual({ signedIn: false })

    await page.click('[data-testid=gw-siwx-sign]')
    const prompt = await waitForText(page, 'localnet-wallet-prompt p', /wants you to sign in with your Bitcoin Regtest account/)
    expect(prompt).toContain(`${host} wants you to sign in with your Bitcoin Regtest account:\n${bitcoinWallet}\n`)
    expect(prompt).toContain(`Chain ID: ${bitcoinCaip2}`)
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')

    const caipAddress = `${bitcoinCaip2}:${bitcoinWallet}`
    expect(await me(page)).toEqual({ signedIn: true, accounts: [caipAddress] })
    const [session, ...more] = await hostSessions(page, bitcoinCaip2, bitcoinWallet)
    expect(more).toEqual([])
    expect(prompt.endsWith(session!.message)).toBe(true)
    const check = (signature: string) => verifyBitcoinMessage({ address: bitcoinWallet, message: session!.message, signature, caipNetworkId: bitcoinCaip2 })
    expect(check(session!.signature)).toBe(true)
    expect(outsideCheck(bitcoinWallet, session!.message, session!.signature)).toBe(true)
    // One bit of the signature flipped: no verifier takes it, nor the host's server.
    const bytes = Uint8Array.from(atob(session!.signature), (c) => c.charCodeAt(0))
    bytes[10]! ^= 1
    const tampered = btoa(String.fromCharCode(...bytes))
    expect(check(tampered)).toBe(false)
    expect(outsideCheck(bitcoinWallet, session!.message, tampered)).toBe(false)
    const refused = await page.evaluate(
      async ([message, signature]) => (await fetch('/localnet/auth/verify', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message, signature }) })).status,
      [session!.message, tampered] as const,
    )
    expect(refused).toBeGreaterThanOrEqual(400)
    await context.close()
  })

  it('WalletConnect: the walletkit wallet approves a bip122 session, signs in with signMessage and signs the send’s PSBT, which the stand-in verifies and mines', async () => {
    const context = await localContext(browser())
    await context.route('https://verify.walletconnect.org/**', (route) => route.fulfill({ status: 204 }))
    const page = await context.newPage()
    await page.goto(`${webUrl}/?bitcoin&siwx`)
    await waitForEngine(page)
    // Bitcoin first, then WalletConnect: the session's bip122 account is the one connected.
    await page.evaluate((id) => (window as unknown as { gangway: { switchNetwork(id: string): Promise<void> } }).gangway.switchNetwork(id), bitcoinCaip2)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await pairLocalnetWalletConnect(page)
    await waitForView(page, 'SIWXSignMessage')
    const caipAddress = `${bitcoinCaip2}:${wcBitcoin}`
    const answered = (await wcWallet<string[]>('/requests')).length
    await page.click('[data-testid=gw-siwx-sign]')
    await waitForView(page, 'Account')
    expect((await wcWallet<string[]>('/requests')).slice(answered)).toEqual(['signMessage'])
    expect(await me(page)).toEqual({ signedIn: true, accounts: [caipAddress] })
    const [session] = await hostSessions(page, bitcoinCaip2, wcBitcoin)
    expect(verifyBitcoinMessage({ address: wcBitcoin, message: session!.message, signature: session!.signature, caipNetworkId: bitcoinCaip2 })).toBe(true)
    expect(outsideCheck(wcBitcoin, session!.message, session!.signature)).toBe(true)

    const receiver = freshTaproot()
    await fillSend(page, '0.001', receiver)
    await page.click('[data-testid=gw-send-review]')
    await page.click('[data-testid=gw-send-confirm]')
    await waitForView(page, 'Account')
    expect((await wcWallet<string[]>('/requests')).slice(answered)).toEqual(['signMessage', 'signPsbt'])
    const received = await utxos(receiver)
    expect(received.map((u) => u.value)).toEqual([100_000])
    await expect.poll(confirmed(received[0]!.txid), { timeout: E2E_WAIT_MS }).toBe(true)

    // Disconnect: signed out, and the wallet's session ends too (the other WalletConnect tests count the wallet's sessions).
    const topics = async () => (await wcWallet<{ topic: string; accounts: string[] }[]>('/sessions')).filter((x) => x.accounts.includes(caipAddress)).map((x) => x.topic)
    await page.evaluate(() => (window as unknown as { gangway: { disconnect(): Promise<void> } }).gangway.disconnect())
    await expect.poll(() => me(page), { timeout: E2E_WAIT_MS }).toEqual({ signedIn: false })
    await expect.poll(topics, { timeout: E2E_WAIT_MS }).toEqual([])
    await context.close()
  })
})
