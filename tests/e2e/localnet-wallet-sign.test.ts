/**
 * The Localnet Wallet signs messages as an extension does (issue 20), asked directly on the demo
 * page, with no Gangway in between: on EVM, personal_sign and eth_signTypedData_v4 through its
 * EIP-6963 provider (refused before the site is connected and for an account it does not expose,
 * malformed params refused without a prompt, the visitor's approval or rejection), each signature
 * verified with viem; on Solana, solana:signMessage and solana:signIn through the Wallet Standard,
 * each signature verified with ed25519 (@noble/curves) and the sign-in text read back with
 * Gangway's parseSiwsMessage.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { getAddress, toHex, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { rpc } from '../../localnet/anvil.js'
import { parseSiwsMessage } from '../../src/siwx/solana-message.js'
import { localContext } from './browser.js'
import { useBrowser } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const solanaWallet = inject('solanaWallet')
const browser = useBrowser()

/** What a request started by `start` came to: its result, or the error's code and message. */
type Outcome = { result: unknown } | { code: unknown; message: string }

type Eip1193 = { request(a: { method: string; params?: unknown[] }): Promise<unknown> }
type PageWindow = Window & {
  __provider: Eip1193
  __solana: { accounts: readonly { address: string }[]; features: Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>> }
  __pending: Promise<Outcome>
  __localnetWallet: { prompts: number }
  __localnetSolanaWallet: { prompts: number }
}

/** Opens the demo page in a fresh context; finds the Localnet Wallet by EIP-6963 (its rdns) and by the Wallet Standard (an app's `app-ready` handshake). */
async function openDemo(): Promise<Page> {
  const context = await localContext(browser())
  const page = await context.newPage()
  await page.goto(webUrl)
  await page.evaluate(() => {
    const w = window as unknown as PageWindow
    window.addEventListener('eip6963:announceProvider', (e) => {
      const { info, provider } = (e as CustomEvent<{ info: { rdns: string }; provider: Eip1193 }>).detail
      if (info.rdns === 'dev.gangway.localnet') w.__provider = provider
    })
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    const register = (...wallets: PageWindow['__solana'][]) => {
      const found = wallets.find((wallet) => 'solana:signMessage' in wallet.features)
      if (found) w.__solana = found
      return () => undefined
    }
    window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register } }))
  })
  await page.waitForFunction(() => Boolean((window as unknown as PageWindow).__provider && (window as unknown as PageWindow).__solana))
  return page
}

/** Starts an EIP-1193 request on the Localnet Wallet's provider; `outcome(page)` resolves to how it ended. */
function start(page: Page, method: string, params: unknown[]): Promise<void> {
  return page.evaluate(
    ({ method, params }) => {
      const w = window as unknown as PageWindow
      w.__pending = w.__provider.request({ method, params }).then(
        (result) => ({ result }),
        (e: { code?: unknown; message: string }) => ({ code: e.code, message: e.message }),
      )
    },
    { method, params },
  )
}

/**
 * Starts a Wallet Standard feature call (`feature`'s `method`) with `inputs`, where a string
 * field `message` of an input is sent as its UTF-8 bytes and `account: true` as the wallet's
 * account. Byte results come back as arrays.
 */
function startSolana(page: Page, feature: string, method: string, inputs: Record<string, unknown>[]): Promise<void> {
  return page.evaluate(
    ({ feature, method, inputs }) => {
      const w = window as unknown as PageWindow
      const wallet = w.__solana
      const account = { address: (window as unknown as { __LOCALNET__: { solana: { walletAddress: string } } }).__LOCALNET__.solana.walletAddress, publicKey: new Uint8Array(32), chains: [], features: [] }
      const made = inputs.map((input) => ({
        ...input,
        ...(typeof input.message === 'string' ? { message: new TextEncoder().encode(input.message) } : {}),
        ...(input.account === true ? { account: wallet.accounts[0] ?? account } : {}),
      }))
      const plain = (v: unknown): unknown => (v instanceof Uint8Array ? Array.from(v) : Array.isArray(v) ? v.map(plain) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'publicKey').map(([k, x]) => [k, plain(x)])) : v)
      w.__pending = Promise.resolve()
        .then(() => wallet.features[feature]![method]!(...made))
        .then(
          (result) => ({ result: plain(result) }),
          (e: { code?: unknown; message: string }) => ({ code: e.code, message: e.message }),
        )
    },
    { feature, method, inputs },
  )
}

const outcome = (page: Page): Promise<Outcome> => page.evaluate(() => (window as unknown as PageWindow).__pending)
const prompts = (page: Page) => page.evaluate(() => ({ evm: (window as unknown as PageWindow).__localnetWallet.prompts, solana: (window as unknown as PageWindow).__localnetSolanaWallet.prompts }))
const promptShown = (page: Page) => page.evaluate(() => document.querySelector('localnet-wallet-prompt') !== null)
/** The open prompt's text, once it shows. */
const promptText = (page: Page) => page.locator('localnet-wallet-prompt p').textContent()
const approve = (page: Page) => page.click('[data-testid=localnet-wallet-approve]')
const reject = (page: Page) => page.click('[data-testid=localnet-wallet-reject]')

/** The result of a request that succeeded. */
function resultOf(o: Outcome): unknown {
  if (!('result' in o)) throw new Error(`refused: ${String(o.code)} ${o.message}`)
  return o.result
}

const TYPED = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: { name: 'Gangway Demo Mail', version: '1', chainId: 31337 },
  message: { to: '0x000000000000000000000000000000000000dEaD', contents: 'hello typed data' },
} as const

describe('the Localnet Wallet signs messages', () => {
  it('EVM: personal_sign and eth_signTypedData_v4 for the connected site and its accounts, after the visitor approves', async () => {
    const all = (await rpc<string[]>(rpcUrl, 'eth_accounts')).map((a) => getAddress(a))
    const page = await openDemo()

    // Before the site is connected: refused, no prompt.
    await start(page, 'personal_sign', [toHex('too early'), all[0]])
    expect(await outcome(page)).toEqual({ code: 4100, message: 'Unauthorized' })
    await start(page, 'eth_signTypedData_v4', [all[0], JSON.stringify(TYPED)])
    expect(await outcome(page)).toEqual({ code: 4100, message: 'Unauthorized' })
    expect(await prompts(page)).toEqual({ evm: 0, solana: 0 })

    await start(page, 'eth_requestAccounts', [])
    await approve(page)
    const exposed = (resultOf(await outcome(page)) as string[]).map((a) => getAddress(a))
    expect(exposed[0]).toBe(all[0])
    const unexposed = all.find((a) => !exposed.includes(a))!
    expect(unexposed).toBeDefined()

    // Approved: the prompt shows the message as text; the signature is the account's (EIP-191).
    const message = 'Sign in to the Gangway demo\nNonce: 8f2c1a'
    await start(page, 'personal_sign', [toHex(message), exposed[0]])
    expect(await promptText(page)).toContain(message)
    await approve(page)
    const signature = resultOf(await outcome(page)) as Hex
    expect(await verifyMessage({ address: exposed[0]!, message, signature })).toBe(true)
    expect(await verifyMessage({ address: exposed[1]!, message, signature })).toBe(false)

    // Another exposed account signs too; bytes that are not UTF-8 are shown as hex.
    await start(page, 'personal_sign', ['0xff00fe', exposed[1]!.toLowerCase()])
    expect(await promptText(page)).toContain('0xff00fe')
    await approve(page)
    expect(await verifyMessage({ address: exposed[1]!, message: { raw: '0xff00fe' }, signature: resultOf(await outcome(page)) as Hex })).toBe(true)

    // Rejected: 4001.
    await start(page, 'personal_sign', [toHex('no thanks'), exposed[0]])
    await reject(page)
    expect(await outcome(page)).toEqual({ code: 4001, message: 'User rejected the request.' })
    expect((await prompts(page)).evm).toBe(4)

    // An account the wallet does not expose to the site, and malformed params: refused, no prompt.
    await start(page, 'personal_sign', [toHex('not yours'), unexposed])
    expect(await outcome(page)).toEqual({ code: 4100, message: 'The requested account has not been authorized by the user.' })
    await start(page, 'eth_signTypedData_v4', [unexposed, JSON.stringify(TYPED)])
    expect(await outcome(page)).toEqual({ code: 4100, message: 'The requested account has not been authorized by the user.' })
    for (const [method, params, message] of [
      ['personal_sign', ['hello', exposed[0]], 'Invalid params: the message is not 0x hex of whole bytes'],
      ['personal_sign', [toHex('x'.repeat(64 * 1024 + 1)), exposed[0]], 'Invalid params: the message is longer than 65536 bytes'],
      ['personal_sign', [exposed[0]], 'Invalid params: personal_sign takes [messageHex, address]'],
      ['eth_signTypedData_v4', [exposed[0], '{"types":'], 'Invalid params: the typed data is not JSON'],
      ['eth_signTypedData_v4', [exposed[0], JSON.stringify({ ...TYPED, primaryType: 'Letter' })], 'Invalid params: the typed data needs types, primaryType, domain and message'],
      ['eth_signTypedData_v4', [exposed[0], TYPED], 'Invalid params: eth_signTypedData_v4 takes [address, typedDataJson]'],
      ['eth_signTypedData_v4', [exposed[0], JSON.stringify({ ...TYPED, domain: { ...TYPED.domain, chainId: 1 } })], 'Provided chainId "1" must match the active chainId "31337"'],
    ] as const) {
      await start(page, method, [...params])
      expect(await outcome(page), `${method}: ${message}`).toEqual({ code: -32602, message })
    }
    expect((await prompts(page)).evm).toBe(4)
    expect(await promptShown(page)).toBe(false)

    // eth_signTypedData_v4 approved: the prompt names the primary type and the domain; the signature is the account's (EIP-712).
    await start(page, 'eth_signTypedData_v4', [exposed[2], JSON.stringify(TYPED)])
    const shown = await promptText(page)
    expect(shown).toContain('Mail')
    expect(shown).toContain('Gangway Demo Mail')
    await approve(page)
    const typedSignature = resultOf(await outcome(page)) as Hex
    const { EIP712Domain: _, ...types } = TYPED.types
    expect(await verifyTypedData({ address: exposed[2]!, domain: TYPED.domain, types, primaryType: 'Mail', message: TYPED.message, signature: typedSignature })).toBe(true)
    expect(await verifyTypedData({ address: exposed[0]!, domain: TYPED.domain, types, primaryType: 'Mail', message: TYPED.message, signature: typedSignature })).toBe(false)

    await start(page, 'eth_signTypedData_v4', [exposed[0], JSON.stringify(TYPED)])
    await reject(page)
    expect(await outcome(page)).toEqual({ code: 4001, message: 'User rejected the request.' })
    expect(await prompts(page)).toEqual({ evm: 6, solana: 0 })
    await page.context().close()
  })

  it('Solana: solana:signMessage after connecting, and solana:signIn (which connects), each signed with the wallet’s ed25519 key', async () => {
    const publicKey = base58.decode(solanaWallet)
    const page = await openDemo()
    const features = await page.evaluate(() => {
      const w = (window as unknown as PageWindow).__solana
      return { signMessage: (w.features['solana:signMessage'] as unknown as { version: string }).version, signIn: (w.features['solana:signIn'] as unknown as { version: string }).version }
    })
    expect(features).toEqual({ signMessage: '1.1.0', signIn: '1.0.0' })

    // Not connected: signMessage is refused without a prompt.
    await startSolana(page, 'solana:signMessage', 'signMessage', [{ account: true, message: 'too early' }])
    expect(await outcome(page)).toEqual({ code: 4100, message: 'Unauthorized' })

    // signIn with no domain connects the site and signs in to the page's host.
    const host = new URL(webUrl).host
    await startSolana(page, 'solana:signIn', 'signIn', [{ nonce: 'a1b2c3d4e5' }])
    expect(await promptText(page)).toContain(`${host} wants you to sign in with your Solana account:`)
    await approve(page)
    const [first] = resultOf(await outcome(page)) as { account: { address: string }; signedMessage: number[]; signature: number[]; signatureType: string }[]
    expect(first!.account.address).toBe(solanaWallet)
    expect(first!.signatureType).toBe('ed25519')
    expect(parseSiwsMessage(new TextDecoder().decode(Uint8Array.from(first!.signedMessage)))).toEqual({ domain: host, address: solanaWallet, nonce: 'a1b2c3d4e5' })
    expect(ed25519.verify(Uint8Array.from(first!.signature), Uint8Array.from(first!.signedMessage), publicKey)).toBe(true)
    expect(await page.evaluate(() => (window as unknown as PageWindow).__solana.accounts.map((a) => a.address))).toEqual([solanaWallet])

    // signIn with the site's fields: the text carries them, the signature verifies.
    const input = { domain: host, statement: 'Sign in to the Gangway demo.', uri: webUrl, version: '1', nonce: 'Zq81fJc02x', issuedAt: new Date().toISOString(), resources: ['https://example.com/terms'] }
    await startSolana(page, 'solana:signIn', 'signIn', [input])
    expect(await promptText(page)).toContain('Nonce: Zq81fJc02x')
    await approve(page)
    const [signedIn] = resultOf(await outcome(page)) as { signedMessage: number[]; signature: number[] }[]
    const fields = parseSiwsMessage(new TextDecoder().decode(Uint8Array.from(signedIn!.signedMessage)))
    expect(fields).toEqual({ ...input, address: solanaWallet })
    expect(ed25519.verify(Uint8Array.from(signedIn!.signature), Uint8Array.from(signedIn!.signedMessage), publicKey)).toBe(true)

    // A domain other than the page's is signed as asked, with a warning in the prompt; rejected here.
    await startSolana(page, 'solana:signIn', 'signIn', [{ domain: 'elsewhere.example', nonce: 'Zq81fJc02y' }])
    expect(await promptText(page)).toContain(`Warning: this page is ${host}, not elsewhere.example.`)
    await reject(page)
    expect(await outcome(page)).toEqual({ code: 4001, message: 'User rejected the request.' })

    // signMessage, now connected: the bytes as given, signed with the wallet's key.
    const text = 'Gangway says hello to Solana'
    await startSolana(page, 'solana:signMessage', 'signMessage', [{ account: true, message: text }])
    expect(await promptText(page)).toContain(text)
    await approve(page)
    const [signed] = resultOf(await outcome(page)) as { signedMessage: number[]; signature: number[] }[]
    const bytes = new TextEncoder().encode(text)
    expect(Uint8Array.from(signed!.signedMessage)).toEqual(bytes)
    expect(ed25519.verify(Uint8Array.from(signed!.signature), bytes, publicKey)).toBe(true)
    expect(ed25519.verify(Uint8Array.from(signed!.signature), new TextEncoder().encode(`${text}!`), publicKey)).toBe(false)

    await startSolana(page, 'solana:signMessage', 'signMessage', [{ account: true, message: 'no thanks' }])
    await reject(page)
    expect(await outcome(page)).toEqual({ code: 4001, message: 'User rejected the request.' })
    const asked = (await prompts(page)).solana
    expect(asked).toBe(5)

    // Malformed inputs: a clear Error, no prompt.
    for (const [feature, method, inputs, message] of [
      ['solana:signMessage', 'signMessage', [{ account: { address: 'So11111111111111111111111111111111111111112' }, message: 'x' }], "solana:signMessage: the account is not this wallet's"],
      ['solana:signMessage', 'signMessage', [{ account: true, message: 42 }], 'solana:signMessage: the message is not a Uint8Array'],
      ['solana:signMessage', 'signMessage', [], 'solana:signMessage: no input'],
      ['solana:signIn', 'signIn', [{ nonce: 42 }], 'solana:signIn: nonce is not a string'],
      ['solana:signIn', 'signIn', [{ address: 'So11111111111111111111111111111111111111112' }], "solana:signIn: So11111111111111111111111111111111111111112 is not this wallet's address"],
      ['solana:signIn', 'signIn', [{ resources: 'https://example.com' }], 'solana:signIn: resources is not an array of strings'],
    ] as const) {
      await startSolana(page, feature, method, [...inputs] as Record<string, unknown>[])
      expect(await outcome(page)).toEqual({ code: undefined, message })
    }
    await startSolana(page, 'solana:signIn', 'signIn', [{ statement: 'two\nlines' }])
    expect(await outcome(page)).toMatchObject({ message: expect.stringMatching(/^solana:signIn: the input does not make a Sign-In-With-Solana message \(.+\)$/) })
    expect((await prompts(page)).solana).toBe(asked)
    expect(await promptShown(page)).toBe(false)
    await page.context().close()
  })
})
