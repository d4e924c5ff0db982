/**
 * The secure-site emulator (localnet/services/secure-site, issue 19) in Chromium, driven the way a
 * host drives it: a page on the demo site's origin (localhost) frames `/sdk` from
 * `http://127.0.0.1:<port>` (another site) and talks the frame protocol with exact-origin
 * postMessage. Email login (the inbox's code, a wrong code, GET_USER's two accounts), messages of a
 * wrong shape or from another window dropped unanswered, personal_sign approved by a trusted click
 * in the frame and verified with viem, the session surviving a host reload in the frame's
 * partitioned storage, the device link from a second browser context, sign-out, a social login
 * through the popup pages, a social login by the Telegram path (no popup: the host page itself goes
 * to the provider and comes back with `result_uri`; a return address of another origin refused),
 * Farcaster approval, the test hooks, a host origin the site does not allow, and signing and
 * sending as the eoa and as the Safe (ERC-6492, then deployed, EIP-1271). The hardening: the
 * approval panel's decoded call and its guard against a click begun before a request showed, five
 * wrong codes spending an email code, and OAuth states bound to the frame that asked.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createPublicClient, defineChain, encodeFunctionData, erc20Abi, http, isAddress, maxUint256, parseEther, toHex, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { localContext } from './browser.js'
import { useBrowser } from './helpers.js'
import { api, counts, frameSdk, openHost, ready, request, sdkFrame, unreadableByClient, type Host, type Reply } from './secure-site-host.js'

const webUrl = inject('webUrl')
const secureSiteUrl = inject('secureSiteUrl')
const chain = defineChain({ id: 31337, name: 'Localnet 31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [inject('rpcUrl')] } } })
const ERC6492_SUFFIX = '6492649264926492649264926492649264926492649264926492649264926492'
const browser = useBrowser()
const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`

type Mail = { kind: 'otp' | 'device'; code?: string; link?: string; at: number }
const newestMail = async (email: string) => (await api<Mail[]>(`/api/test/inbox?email=${encodeURIComponent(email)}`))[0]

/** Logs `email` in through the frame of `page` (a new address: CONNECT_EMAIL, then the inbox's code). */
async function emailLogin(page: Page, email: string): Promise<void> {
  expect(await request(page, 'CONNECT_EMAIL', { email })).toEqual({ ok: true, payload: { action: 'VERIFY_OTP' } })
  expect(await request(page, 'CONNECT_OTP', { otp: (await newestMail(email))!.code })).toEqual({ ok: true, payload: {} })
}

describe('the secure-site emulator', () => {
  it('logs in by email with the inbox code, signs after a trusted Approve, survives a host reload in partitioned storage, verifies a new device by link, and signs out', async () => {
    const projectId = `secure-site-email-${unique()}`
    const email = `alice-${unique()}@example.com`
    const a = await localContext(browser())
    try {
      const page = await a.newPage()
      await page.goto(`${webUrl}/bare.html`)
      await frameSdk(page, projectId)
      expect(await ready(page)).toEqual({ origin: secureSiteUrl, data: { type: '@w3m-frame/READY', payload: { version: '4' } } })
      expect(new URL(secureSiteUrl).hostname).toBe('127.0.0.1')

      expect(await request(page, 'SYNC_DAPP_DATA', { projectId, sdkVersion: 'gangway-test', metadata: { name: 'Test', description: '', url: webUrl, icons: [] } })).toEqual({ ok: true, payload: {} })
      expect(await request(page, 'GET_SMART_ACCOUNT_ENABLED_NETWORKS')).toEqual({ ok: true, payload: { smartAccountEnabledNetworks: [31337, 31338] } })
      expect(await request(page, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: false } })
      expect(await request(page, 'GET_USER')).toEqual({ ok: false, payload: { message: 'Not logged in' } })
      // What Reown's client could not send (outside its W3mFrameSchema.appEvent) is answered 'Invalid request':
      // an unknown name, a missing field, and IS_CONNECTED with a payload lacking the token its schema needs.
      expect(await request(page, 'NO_SUCH_REQUEST')).toEqual({ ok: false, payload: { message: 'Invalid request' } })
      expect(await request(page, 'CONNECT_EMAIL', { address: email })).toEqual({ ok: false, payload: { message: 'Invalid request' } })
      expect(await request(page, 'IS_CONNECTED', {})).toEqual({ ok: false, payload: { message: 'Invalid request' } })

      // Email: a new address gets a six-digit code; a wrong code is refused without echoing it.
      expect(await request(page, 'CONNECT_EMAIL', { email })).toEqual({ ok: true, payload: { action: 'VERIFY_OTP' } })
      const mail = await newestMail(email)
      expect(mail).toMatchObject({ kind: 'otp' })
      const code = mail!.code!
      expect(code).toMatch(/^\d{6}$/)
      expect(await (await fetch(`${secureSiteUrl}/inbox?email=${encodeURIComponent(email)}`)).text()).toContain(`Your code is <strong data-testid="inbox-code">${code}</strong>`)
      expect(await request(page, 'CONNECT_OTP', { otp: code === '000000' ? '111111' : '000000' })).toEqual({ ok: false, payload: { message: 'Invalid code' } })
      expect(await request(page, 'CONNECT_OTP', { otp: code })).toEqual({ ok: true, payload: {} })

      // As Reown's client asks (an eip155 chain as a number, with the host's node) and reads (a number is eip155's).
      const user = await request(page, 'GET_USER', { chainId: 31337, preferredAccountType: 'eoa', rpcUrl: inject('rpcUrl') })
      expect(user.ok).toBe(true)
      const accounts = user.payload.accounts as { address: Hex; type: string }[]
      expect(accounts.map((x) => x.type)).toEqual(['eoa', 'smartAccount'])
      const [eoa, safe] = accounts.map((x) => x.address) as [Hex, Hex]
      expect(isAddress(eoa) && isAddress(safe) && eoa !== safe).toBe(true)
      expect(user.payload).toEqual({ email, address: eoa, chainId: 31337, accounts, preferredAccountType: 'eoa', smartAccountDeployed: false })
      // Both accounts are funded on the chain; reads go to the node (the chain named as the client does, or
      // as CAIP-2), other methods of the client's schema are refused, and one outside it is not read at all.
      for (const address of [eoa, safe]) expect(await request(page, 'RPC_REQUEST', { method: 'eth_getBalance', params: [address, 'latest'], chainId: 31338, chainNamespace: 'eip155', rpcUrl: inject('rpcUrl2') })).toEqual({ ok: true, payload: toHex(parseEther('100')) })
      expect(await request(page, 'RPC_REQUEST', { method: 'eth_getBalance', params: [eoa, 'latest'], chainId: 'eip155:31338' })).toEqual({ ok: true, payload: toHex(parseEther('100')) })
      expect(await request(page, 'RPC_REQUEST', { method: 'eth_getBalance', params: [eoa, 'latest'], chainId: 31338, chainNamespace: 'solana' })).toEqual({ ok: false, payload: { message: 'Unsupported network' } })
      expect(await request(page, 'RPC_REQUEST', { method: 'eth_sendRawTransaction', params: ['0x00'], chainId: 31337, chainNamespace: 'eip155' })).toEqual({ ok: false, payload: { message: 'Requested RPC call is not allowed' } })
      expect(await request(page, 'RPC_REQUEST', { method: 'eth_sign', params: [eoa, '0x00'], chainId: 31337, chainNamespace: 'eip155' })).toEqual({ ok: false, payload: { message: 'Invalid request' } })
      expect(await request(page, 'SWITCH_NETWORK', { chainId: 'eip155:1' })).toEqual({ ok: false, payload: { message: 'Unsupported network' } })
      expect(await request(page, 'SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toEqual({ ok: true, payload: { type: 'smartAccount', address: safe } })
      expect(await request(page, 'SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toEqual({ ok: true, payload: { type: 'eoa', address: eoa } })

      // Messages of a wrong shape, or of the right shape from another window of the host's origin, are dropped unanswered.
      const frame = sdkFrame(page)
      const before = await counts(frame)
      await page.evaluate((origin) => {
        const target = (window as unknown as { __host: Host }).__host.frame.contentWindow!
        target.postMessage('@w3m-app/IS_CONNECTED', origin)
        target.postMessage({ type: '@w3m-app/IS_CONNECTED' }, origin)
        target.postMessage({ type: '@w3m-frame/IS_CONNECTED', id: 'bad-prefix' }, origin)
        target.postMessage({ type: '@w3m-app/IS_CONNECTED', id: 'bad-payload', payload: [1] }, origin)
        const other = document.createElement('iframe')
        document.body.append(other)
        // A function of the other window's realm posts, so that window is the message's source.
        ;(other.contentWindow as unknown as { Function: FunctionConstructor }).Function('t', 'o', "t.postMessage({ type: '@w3m-app/IS_CONNECTED', id: 'other-window' }, o)")(target, origin)
      }, secureSiteUrl)
      await expect.poll(() => counts(frame)).toEqual({ accepted: before.accepted, dropped: before.dropped + 5 })
      expect(await request(page, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: true } })
      expect(await page.evaluate(() => (window as unknown as { __host: Host }).__host.messages.filter((m) => ['bad-prefix', 'bad-payload', 'other-window'].includes(m.data.id as string)))).toEqual([])

      // personal_sign waits for the frame's approval panel; a script's click does nothing, the visitor's signs.
      const text = 'Sign in to the secure-site test'
      const signing = request(page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex(text), eoa], chainId: 'eip155:31337' })
      const sdk = page.frameLocator('#secure')
      await sdk.getByTestId('secure-approve').waitFor()
      expect(await sdk.locator('#approval-message').textContent()).toBe(text)
      expect(await sdk.locator('#approval-method').textContent()).toBe('personal_sign')
      expect(await sdk.locator('#approval-account').textContent()).toBe(`${eoa} (eoa)`)
      // A request just shown is off for a moment (approval-guard.ts); then a script's click still does nothing.
      await frame.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-testid="secure-approve"]')!.disabled)
      expect(await frame.evaluate(() => {
        const approve = document.querySelector<HTMLButtonElement>('[data-testid="secure-approve"]')!
        approve.click()
        return approve.disabled
      })).toBe(false)
      await sdk.getByTestId('secure-approve').click()
      const signed = await signing
      expect(signed.ok).toBe(true)
      expect(await verifyMessage({ address: eoa, message: text, signature: signed.payload as unknown as Hex })).toBe(true)
      await sdk.locator('#approval').waitFor({ state: 'hidden' })
      const refused = request(page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex('no'), eoa], chainId: 'eip155:31337' })
      await sdk.getByTestId('secure-reject').click()
      expect(await refused).toEqual({ ok: false, payload: { message: 'User rejected the request.', code: 4001 } })

      // Every answer so far is one Reown's client reads, but the one to a request it has no name for.
      expect(await unreadableByClient(page)).toEqual(['@w3m-frame/NO_SUCH_REQUEST_ERROR'])

      // The session lives in the frame's partitioned storage: a host reload keeps it; the secure site's own top-level page does not see it.
      const key = `secure-site:${projectId}:session`
      expect(await frame.evaluate((k) => localStorage.getItem(k), key)).toMatch(/^sst_[0-9a-f]{64}$/)
      await page.reload()
      await frameSdk(page, projectId)
      await ready(page)
      expect(await request(page, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: true } })
      const top = await a.newPage()
      await top.goto(`${secureSiteUrl}/loading`)
      expect(await top.evaluate((k) => localStorage.getItem(k), key)).toBeNull()
      // …and a known device with a live session for that email connects at once.
      expect(await request(page, 'CONNECT_EMAIL', { email })).toEqual({ ok: true, payload: { action: 'CONNECT' } })

      // Another browser (context), same email: the device must be approved by the mailed link first.
      const b = await localContext(browser())
      try {
        const other = await b.newPage()
        await other.goto(`${webUrl}/bare.html`)
        await frameSdk(other, projectId)
        await ready(other)
        expect(await request(other, 'CONNECT_EMAIL', { email })).toEqual({ ok: true, payload: { action: 'VERIFY_DEVICE' } })
        const deviceMail = await newestMail(email)
        expect(deviceMail).toMatchObject({ kind: 'device', link: expect.stringMatching(new RegExp(`^${secureSiteUrl}/device\\?token=sdt_[0-9a-f]{64}$`)) })
        await other.evaluate(() => {
          const w = window as unknown as { __host: Host; __device?: Reply }
          void w.__host.request('CONNECT_DEVICE').then((r) => (w.__device = r))
        })
        await expect.poll(async () => (await api<string[]>(`/api/test/log?projectId=${projectId}`)).filter((n) => n === 'CONNECT_DEVICE').length).toBe(1)
        expect(await other.evaluate(() => (window as unknown as { __device?: Reply }).__device)).toBeUndefined()
        const link = await b.newPage()
        await link.goto(deviceMail!.link!)
        expect(await link.locator('h1').textContent()).toBe('Device approved')
        expect(await (await other.waitForFunction(() => (window as unknown as { __device?: Reply }).__device)).jsonValue()).toEqual({ ok: true, payload: {} })
        const secondCode = (await newestMail(email))!
        expect(secondCode.kind).toBe('otp')
        expect(await request(other, 'CONNECT_OTP', { otp: secondCode.code })).toEqual({ ok: true, payload: {} })
        expect((await request(other, 'GET_USER')).payload.address).toBe(eoa)
      } finally {
        await b.close()
      }

      // Sign-out: the site forgets the session, the frame its token.
      expect(await request(page, 'SIGN_OUT')).toEqual({ ok: true, payload: {} })
      expect(await request(page, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: false } })
      expect(await sdkFrame(page).evaluate((k) => localStorage.getItem(k), key)).toBeNull()
      const log = await api<string[]>(`/api/test/log?projectId=${projectId}`)
      expect(log).toContain('SIGN_OUT')
      expect(log).toContain('RPC_REQUEST:personal_sign')
    } finally {
      await a.close()
    }
  })

  it('logs in through the social popup pages and Farcaster, and keeps quiet under a host origin it does not allow or when told not to be ready', async () => {
    const projectId = `secure-site-social-${unique()}`
    const context = await localContext(browser())
    try {
      const page = await context.newPage()
      await openHost(page, projectId)

      // Social: the popup starts at /loading, goes to the provider's page, Allow → /social posts the result to its opener.
      const opened = page.waitForEvent('popup')
      await page.evaluate((origin) => {
        const w = window as unknown as { __popup: Window | null; __results: { origin: string; fromPopup: boolean; resultUri: unknown }[] }
        w.__results = []
        addEventListener('message', (e) => {
          if (e.data && typeof e.data === 'object' && 'resultUri' in e.data) w.__results.push({ origin: e.origin, fromPopup: e.source === w.__popup, resultUri: e.data.resultUri })
        })
        w.__popup = window.open(`${origin}/loading`, 'social', 'width=600,height=800')
      }, secureSiteUrl)
      const redirect = await request(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'discord' })
      expect(redirect).toEqual({ ok: true, payload: { uri: expect.stringMatching(new RegExp(`^${secureSiteUrl}/oauth/discord\\?state=sos_[0-9a-f]{64}$`)) } })
      const popup = await opened
      await page.evaluate((uri) => void ((window as unknown as { __popup: Window }).__popup.location.href = uri), redirect.payload.uri as string)
      await popup.waitForURL(/\/oauth\/discord\?state=/)
      await popup.getByTestId('oauth-username').fill('gangway0')
      await popup.getByTestId('oauth-allow').click()
      await popup.waitForURL(/\/social\?code=/)
      const result = (await (await page.waitForFunction(() => (window as unknown as { __results: unknown[] }).__results[0])).jsonValue()) as { origin: string; fromPopup: boolean; resultUri: string }
      expect(result).toMatchObject({ origin: secureSiteUrl, fromPopup: true })
      expect(result.resultUri).toBe(popup.url())
      const social = await request(page, 'CONNECT_SOCIAL', { uri: result.resultUri })
      expect(social).toMatchObject({ ok: true, payload: { userName: 'gangway0', socialProvider: 'discord', preferredAccountType: 'eoa', smartAccountDeployed: false } })
      // A result is single use.
      expect(await request(page, 'CONNECT_SOCIAL', { uri: result.resultUri })).toEqual({ ok: false, payload: { message: 'Invalid social result' } })

      // Farcaster: CONNECT_FARCASTER waits until the channel's page is approved.
      const farcaster = await request(page, 'GET_FARCASTER_URI')
      expect(farcaster.payload.url).toMatch(new RegExp(`^${secureSiteUrl}/farcaster\\?channel=sfc_[0-9a-f]{64}$`))
      const connecting = request(page, 'CONNECT_FARCASTER')
      const phone = await context.newPage()
      await phone.goto(farcaster.payload.url as string)
      await phone.getByTestId('farcaster-approve').click()
      expect(await connecting).toEqual({ ok: true, payload: { userName: 'localnet-farcaster-user' } })
      expect((await request(page, 'GET_USER')).payload).toMatchObject({ userName: 'localnet-farcaster-user', socialProvider: 'farcaster' })

      // Hooks: failed redirect and Farcaster URIs; forgetSessions ends the project's sessions at once.
      await api('/api/test/hooks', { projectId, failSocialRedirect: true, failFarcasterUri: true })
      expect(await request(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'google' })).toEqual({ ok: false, payload: { message: 'Failed to get social redirect uri' } })
      expect(await request(page, 'GET_FARCASTER_URI')).toEqual({ ok: false, payload: { message: 'Failed to get farcaster uri' } })
      expect(await request(page, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: true } })
      await api('/api/test/hooks', { projectId, forgetSessions: true })
      expect(await request(page, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: false } })

      // The noReady hook: the frame starts, posts nothing and listens to nothing.
      const silentProject = `${projectId}-silent`
      await api('/api/test/hooks', { projectId: silentProject, noReady: true })
      const silent = await context.newPage()
      await silent.goto(`${webUrl}/bare.html`)
      await frameSdk(silent, silentProject)
      await expect.poll(() => sdkFrame(silent)?.evaluate(() => document.documentElement.dataset.state) ?? null).toBe('silent')
      expect(await silent.evaluate(() => (window as unknown as { __host: Host }).__host.messages)).toEqual([])

      // A host origin the site does not allow: its frame-ancestors refuses to render, so nothing is posted.
      const stranger = await context.newPage()
      await stranger.route('http://localhost:9/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Not allowed</title><body></body>' }))
      await stranger.goto('http://localhost:9/host.html')
      await frameSdk(stranger, projectId)
      await stranger.waitForFunction(() => (window as unknown as { __host: Host }).__host.frame.contentWindow !== null)
      await expect.poll(() => stranger.frames().find((f) => f !== stranger.mainFrame())?.url()).toMatch(/^chrome-error:/)
      expect(await stranger.evaluate(() => (window as unknown as { __host: Host }).__host.messages)).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('logs in by the Telegram path: the host page goes to the provider itself and comes back with result_uri, single use; a return address of another origin is refused', async () => {
    const projectId = `secure-site-telegram-${unique()}`
    const hostUrl = `${webUrl}/bare.html?x=1`
    const context = await localContext(browser())
    try {
      const page = await context.newPage()
      await openHost(page, projectId, hostUrl)
      /** GET_SOCIAL_REDIRECT_URI, its state rewritten as a host in Telegram does: `--` + encodeURIComponent(returnTo) appended. */
      const telegramUri = async (provider: string, returnTo: string) => {
        const { payload } = await request(page, 'GET_SOCIAL_REDIRECT_URI', { provider })
        return (payload.uri as string).replace(/([?&]state=)([^&#]*)/, (_, key: string, value: string) => `${key}${value}--${encodeURIComponent(returnTo)}`)
      }
      /** Waits for `page` to be back on the host page with a result_uri and returns the URL. */
      const backHome = async () => {
        await page.waitForURL((u) => u.href.startsWith(`${hostUrl}&`) && u.searchParams.has('result_uri'))
        return new URL(page.url())
      }

      // Allow: provider page → /social → the host page, x=1 kept, result_uri = /social's URL with the whole state.
      const uri = await telegramUri('github', hostUrl)
      await page.goto(uri)
      await page.getByTestId('oauth-username').fill('tg-user')
      await page.getByTestId('oauth-allow').click()
      const back = await backHome()
      const resultUri = back.searchParams.get('result_uri')!
      expect(back.search).toBe(`?x=1&result_uri=${encodeURIComponent(resultUri)}`)
      expect(resultUri).toMatch(new RegExp(`^${secureSiteUrl}/social\\?code=soc_[0-9a-f]{64}&state=sos_[0-9a-f]{64}--`))
      expect(new URL(resultUri).searchParams.get('state')).toBe(new URL(uri).searchParams.get('state'))
      expect(new URL(resultUri).searchParams.get('state')).toMatch(new RegExp(`^sos_[0-9a-f]{64}--${hostUrl.replace(/[.?]/g, '\\$&')}$`))
      await frameSdk(page, projectId)
      await ready(page)
      expect(await request(page, 'CONNECT_SOCIAL', { uri: resultUri })).toMatchObject({ ok: true, payload: { userName: 'tg-user', socialProvider: 'github' } })
      expect((await request(page, 'GET_USER')).payload).toMatchObject({ userName: 'tg-user', socialProvider: 'github' })
      // A result is single use.
      expect(await request(page, 'CONNECT_SOCIAL', { uri: resultUri })).toEqual({ ok: false, payload: { message: 'Invalid social result' } })

      // Deny comes back the same way; its result is refused.
      await page.goto(await telegramUri('discord', hostUrl))
      await page.getByTestId('oauth-deny').click()
      const denied = (await backHome()).searchParams.get('result_uri')!
      expect(denied).toMatch(new RegExp(`^${secureSiteUrl}/social\\?error=access_denied&state=sos_[0-9a-f]{64}--`))
      await frameSdk(page, projectId)
      await ready(page)
      expect(await request(page, 'CONNECT_SOCIAL', { uri: denied })).toEqual({ ok: false, payload: { message: 'Invalid social result' } })

      // A return address of another origin than the frame's parent: /social is an error page and goes nowhere.
      const elsewhere: string[] = []
      page.on('request', (r) => void (r.url().startsWith('http://127.0.0.2') && elsewhere.push(r.url())))
      await page.goto(await telegramUri('google', 'http://127.0.0.2:1/'))
      await page.getByTestId('oauth-allow').click()
      await page.waitForURL(/\/social\?code=/)
      await expect.poll(() => page.locator('h1').textContent()).toBe('This sign-in link is not valid')
      expect(page.url()).toMatch(new RegExp(`^${secureSiteUrl}/social\\?code=`))
      expect(elsewhere).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('signs typed data and sends as the eoa and as the Safe after Approve: ERC-6492 before the Safe exists, its first send deploys it, EIP-1271 after', async () => {
    const projectId = `secure-site-sign-${unique()}`
    const context = await localContext(browser())
    try {
      const page = await context.newPage()
      await openHost(page, projectId)
      const email = `bob-${unique()}@example.com`
      await emailLogin(page, email)
      const { accounts } = (await request(page, 'GET_USER')).payload as { accounts: { address: Hex }[] }
      const [eoa, safe] = accounts.map((x) => x.address) as [Hex, Hex]
      const pub = createPublicClient({ chain, transport: http() })
      const sdk = page.frameLocator('#secure')
      /** Sends an RPC_REQUEST on chain 31337 and clicks Approve in the frame; returns the answer and what the panel showed. */
      const approved = async (method: string, params: unknown[]) => {
        const answer = request(page, 'RPC_REQUEST', { method, params, chainId: 'eip155:31337' })
        await sdk.getByTestId('secure-approve').waitFor()
        const shown = await sdk.locator('#approval dl').innerText()
        await sdk.getByTestId('secure-approve').click()
        const reply = await answer
        expect(reply.ok).toBe(true)
        return { result: reply.payload as unknown as Hex, shown }
      }
      const typed = {
        domain: { name: 'Secure site test', version: '1', chainId: 31337, verifyingContract: '0x000000000000000000000000000000000000dEaD' as Hex },
        types: { Note: [{ name: 'text', type: 'string' }] },
        primaryType: 'Note' as const,
        message: { text: 'typed hello' },
      }
      const json = JSON.stringify({ ...typed, types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], ...typed.types } })

      // The eoa: typed data.
      const eoaTyped = await approved('eth_signTypedData_v4', [eoa, json])
      expect(eoaTyped.shown).toContain('typed hello')
      expect(await verifyTypedData({ address: eoa, ...typed, signature: eoaTyped.result })).toBe(true)

      // The Safe before it exists: ERC-6492-wrapped signatures, checked against the chain.
      expect(await request(page, 'SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toEqual({ ok: true, payload: { type: 'smartAccount', address: safe } })
      const early = await approved('personal_sign', [toHex('safe hello'), safe])
      expect(early.shown).toContain(`${safe} (smartAccount)`)
      expect(early.result.endsWith(ERC6492_SUFFIX)).toBe(true)
      expect(await pub.verifyMessage({ address: safe, message: 'safe hello', signature: early.result })).toBe(true)
      const safeTyped = await approved('eth_signTypedData_v4', [safe, json])
      expect(await pub.verifyTypedData({ address: safe, ...typed, signature: safeTyped.result })).toBe(true)

      // Its first send deploys it and moves the value; then it signs through EIP-1271.
      const receiver = privateKeyToAccount(generatePrivateKey()).address
      const sent = await approved('eth_sendTransaction', [{ from: safe, to: receiver, value: toHex(parseEther('0.01')) }])
      expect(sent.shown).toContain('0.01 ETH')
      expect((await pub.waitForTransactionReceipt({ hash: sent.result })).status).toBe('success')
      expect(await pub.getBalance({ address: receiver })).toBe(parseEther('0.01'))
      expect(await pub.getBalance({ address: safe })).toBe(parseEther('99.99'))
      expect((await request(page, 'GET_USER')).payload).toMatchObject({ address: safe, preferredAccountType: 'smartAccount', smartAccountDeployed: true })
      const late = await approved('personal_sign', [toHex('safe hello'), safe])
      expect(late.result.endsWith(ERC6492_SUFFIX)).toBe(false)
      expect(await pub.verifyMessage({ address: safe, message: 'safe hello', signature: late.result })).toBe(true)

      // The eoa sends too (the request names it, whatever the preferred type).
      const fromEoa = await approved('eth_sendTransaction', [{ from: eoa, to: receiver, value: toHex(parseEther('0.02')) }])
      expect(await pub.waitForTransactionReceipt({ hash: fromEoa.result })).toMatchObject({ status: 'success', from: eoa.toLowerCase() })
      expect(await pub.getBalance({ address: receiver })).toBe(parseEther('0.03'))

      // Networks: the frame's current chain moves; the Safe is not deployed on the other chain.
      expect(await request(page, 'SWITCH_NETWORK', { chainId: 'eip155:31338', rpcUrl: inject('rpcUrl2') })).toEqual({ ok: true, payload: { chainId: 31338 } })
      expect(await request(page, 'GET_CHAIN_ID')).toEqual({ ok: true, payload: { chainId: 31338 } })
      expect((await request(page, 'GET_USER')).payload).toMatchObject({ chainId: 31338, address: safe, smartAccountDeployed: false })
      // The client's stored last chain is a decimal string: read too.
      expect((await request(page, 'GET_USER', { chainId: '31337' })).payload).toMatchObject({ chainId: 31337, address: safe, smartAccountDeployed: true })

      // A new email: a code to the old address, then one to the new.
      const newEmail = `bob-new-${unique()}@example.com`
      expect(await request(page, 'UPDATE_EMAIL', { email: newEmail })).toEqual({ ok: true, payload: { action: 'VERIFY_PRIMARY_OTP' } })
      expect(await request(page, 'UPDATE_EMAIL_PRIMARY_OTP', { otp: (await newestMail(email))!.code })).toEqual({ ok: true, payload: {} })
      expect(await request(page, 'UPDATE_EMAIL_SECONDARY_OTP', { otp: (await newestMail(newEmail))!.code })).toEqual({ ok: true, payload: { newEmail } })
      expect((await request(page, 'GET_USER')).payload).toMatchObject({ email: newEmail, address: safe })

      // RELOAD answers, then the frame reloads and posts READY again.
      expect(await request(page, 'RELOAD')).toEqual({ ok: true, payload: {} })
      await page.waitForFunction(() => (window as unknown as { __host: Host }).__host.messages.filter((m) => m.data.type === '@w3m-frame/READY').length === 2)
      expect(await request(page, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: true } })
      // Every answer on the way is one Reown's client reads.
      expect(await unreadableByClient(page)).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('the approval panel shows a transaction’s call decoded, and a press held while the next request appears approves nothing', async () => {
    const projectId = `secure-site-panel-${unique()}`
    const context = await localContext(browser())
    try {
      const page = await context.newPage()
      await openHost(page, projectId)
      await emailLogin(page, `carol-${unique()}@example.com`)
      const eoa = (await request(page, 'GET_USER')).payload.address as Hex
      const sdk = page.frameLocator('#secure')
      const frame = sdkFrame(page)
      const panel = () => frame.evaluate(() => ({ decisions: Number(document.documentElement.dataset.decisions ?? 0), ignored: Number(document.documentElement.dataset.ignoredClicks ?? 0) }))
      /** Waits until the panel shows `text` (a message, or a call) and its Approve takes clicks. */
      const showing = (selector: string, text: string) =>
        frame.waitForFunction(
          ({ selector, text }) => {
            const approve = document.querySelector<HTMLButtonElement>('[data-testid="secure-approve"]')!
            return !document.getElementById('approval')!.hidden && document.querySelector(selector)?.textContent === text && !approve.disabled
          },
          { selector, text },
        )

      // An unlimited ERC-20 approval reads as one, as text; the visitor rejects it.
      const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
      const spender = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
      const approving = request(page, 'RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: eoa, to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }) }], chainId: 'eip155:31337' })
      await showing('#approval-call', `approve: spender ${spender}, amount unlimited, on ${token}`)
      expect(await frame.evaluate(() => document.getElementById('approval-call')!.children.length)).toBe(0)
      await sdk.getByTestId('secure-reject').click()
      expect(await approving).toEqual({ ok: false, payload: { message: 'User rejected the request.', code: 4001 } })

      // The visitor presses Approve on a request; it is taken away and another shows in its place, under the held button.
      const first = request(page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex('first'), eoa], chainId: 'eip155:31337' })
      await showing('#approval-message', 'first')
      const box = (await frame.locator('[data-testid="secure-approve"]').boundingBox())!
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      await page.mouse.down()
      expect(await request(page, 'RPC_ABORT')).toEqual({ ok: true, payload: {} })
      expect(await first).toEqual({ ok: false, payload: { message: 'Request was aborted' } })
      const second = request(page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex('second'), eoa], chainId: 'eip155:31337' })
      await showing('#approval-message', 'second')
      const before = await panel()
      // Released on the new request: that click began before it was shown, so it decides nothing.
      await page.mouse.up()
      await expect.poll(panel).toEqual({ decisions: before.decisions, ignored: before.ignored + 1 })
      expect(await frame.evaluate(() => document.getElementById('approval-message')!.textContent)).toBe('second')
      // A click of its own approves it.
      await sdk.getByTestId('secure-approve').click()
      const signed = await second
      expect(signed.ok).toBe(true)
      expect(await verifyMessage({ address: eoa, message: 'second', signature: signed.payload as unknown as Hex })).toBe(true)
      expect((await panel()).decisions).toBe(before.decisions + 1)
    } finally {
      await context.close()
    }
  })

  it('five wrong codes spend an email code; an OAuth state issued to one frame is refused by another browser’s frame and stays its own', async () => {
    const projectId = `secure-site-limits-${unique()}`
    const a = await localContext(browser())
    const b = await localContext(browser())
    try {
      const page = await a.newPage()
      await openHost(page, projectId)
      const email = `dave-${unique()}@example.com`
      expect(await request(page, 'CONNECT_EMAIL', { email })).toEqual({ ok: true, payload: { action: 'VERIFY_OTP' } })
      const code = (await newestMail(email))!.code!
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      for (let i = 0; i < 4; i++) expect(await request(page, 'CONNECT_OTP', { otp: wrong })).toEqual({ ok: false, payload: { message: 'Invalid code' } })
      expect(await request(page, 'CONNECT_OTP', { otp: wrong })).toEqual({ ok: false, payload: { message: 'Too many wrong codes: ask for a new code' } })
      expect(await request(page, 'CONNECT_OTP', { otp: code })).toEqual({ ok: false, payload: { message: 'Too many wrong codes: ask for a new code' } })
      expect(await request(page, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: false } })

      // A social code for a state this frame asked for, taken off /social before anyone redeemed it.
      const { payload } = await request(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
      await page.goto(payload.uri as string)
      await page.getByTestId('oauth-username').fill('state-owner')
      await page.getByTestId('oauth-allow').click()
      await page.waitForURL(/\/social\?code=/)
      const resultUri = page.url()
      // Another browser's frame (another device) of the same project cannot redeem it…
      const other = await b.newPage()
      await openHost(other, projectId)
      expect(await request(other, 'CONNECT_SOCIAL', { uri: resultUri })).toEqual({ ok: false, payload: { message: 'Invalid social result' } })
      expect(await request(other, 'IS_CONNECTED')).toEqual({ ok: true, payload: { isConnected: false } })
      // …and the frame it was issued to still can.
      await openHost(page, projectId)
      expect(await request(page, 'CONNECT_SOCIAL', { uri: resultUri })).toMatchObject({ ok: true, payload: { userName: 'state-owner', socialProvider: 'github' } })
    } finally {
      await a.close()
      await b.close()
    }
  })
})
