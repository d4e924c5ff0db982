/**
 * The Localnet Wallet: an EIP-1193 provider for the demo page and the tests, forwarding to anvil's
 * unlocked dev accounts. It behaves like an extension: it announces itself through EIP-6963 (mipd),
 * sets `window.ethereum` when nothing else has, asks the visitor before the first connection (a
 * prompt in its own shadow root), remembers the approval, and emits accountsChanged / chainChanged.
 * Demo and test tooling only: never part of Gangway's bundles.
 */
import { announceProvider } from 'mipd'

type Listener = (...args: unknown[]) => void
interface RequestArgs {
  method: string
  params?: unknown[] | Record<string, unknown>
}
interface LocalnetConfig {
  rpcUrl: string
}

const AUTH_KEY = 'localnet-wallet:authorized'
const ICON =
  'data:image/svg+xml;base64,' +
  btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0f766e"/><path d="M16 40l16-20 16 20z" fill="#fff"/></svg>')

const config: LocalnetConfig = (window as unknown as { __LOCALNET__: LocalnetConfig }).__LOCALNET__

class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

async function anvil(method: string, params: unknown = []): Promise<unknown> {
  const res = await fetch(config.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const json = (await res.json()) as { result?: unknown; error?: { code: number; message: string } }
  if (json.error) throw new ProviderRpcError(json.error.code, json.error.message)
  return json.result
}

/** Shows the approval prompt; resolves true for Approve, false for Reject. */
function prompt(origin: string): Promise<boolean> {
  const host = document.createElement('localnet-wallet-prompt')
  const root = host.attachShadow({ mode: 'open' })
  root.innerHTML = `<style>div{position:fixed;top:16px;right:16px;z-index:2147483647;width:280px;padding:16px;border-radius:12px;background:#0f172a;color:#fff;font:14px system-ui;box-shadow:0 8px 24px #0006}button{margin:12px 8px 0 0;padding:8px 14px;border-radius:8px;border:0;cursor:pointer}</style><div role="dialog" aria-label="Localnet Wallet"><strong>Localnet Wallet</strong><p></p><button data-testid="localnet-wallet-reject">Reject</button><button data-testid="localnet-wallet-approve">Approve</button></div>`
  root.querySelector('p')!.textContent = `Connect to ${origin}?`
  document.body.append(host)
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      host.remove()
      resolve(ok)
    }
    root.querySelector('[data-testid=localnet-wallet-approve]')!.addEventListener('click', () => done(true))
    root.querySelector('[data-testid=localnet-wallet-reject]')!.addEventListener('click', () => done(false))
  })
}

class LocalnetWallet {
  readonly isLocalnetWallet = true
  readonly #listeners = new Map<string, Set<Listener>>()
  #accounts: string[] | undefined
  #selected = 0
  /** How many times the approval prompt showed since this page loaded (tests read it). */
  prompts = 0

  async #all(): Promise<string[]> {
    return (this.#accounts ??= (await anvil('eth_accounts')) as string[])
  }
  #authorized(): boolean {
    return localStorage.getItem(AUTH_KEY) === 'true'
  }
  async #current(): Promise<string[]> {
    if (!this.#authorized()) return []
    const all = await this.#all()
    return all[this.#selected] ? [all[this.#selected]!] : []
  }

  async request({ method, params }: RequestArgs): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts': {
        if (!this.#authorized()) {
          this.prompts++
          if (!(await prompt(location.host))) throw new ProviderRpcError(4001, 'User rejected the request.')
          localStorage.setItem(AUTH_KEY, 'true')
        }
        return this.#current()
      }
      case 'eth_accounts':
        return this.#current()
      case 'wallet_revokePermissions':
        localStorage.removeItem(AUTH_KEY)
        this.#emit('accountsChanged', [])
        return null
      default:
        return anvil(method, params ?? [])
    }
  }

  on(event: string, listener: Listener): this {
    if (!this.#listeners.has(event)) this.#listeners.set(event, new Set())
    this.#listeners.get(event)!.add(listener)
    return this
  }
  removeListener(event: string, listener: Listener): this {
    this.#listeners.get(event)?.delete(listener)
    return this
  }
  #emit(event: string, ...args: unknown[]): void {
    for (const l of this.#listeners.get(event) ?? []) l(...args)
  }

  /** Test control: switch to dev account `index` and emit accountsChanged. */
  async selectAccount(index: number): Promise<void> {
    this.#selected = index
    this.#emit('accountsChanged', await this.#current())
  }
}

const wallet = new LocalnetWallet()
const w = window as unknown as { ethereum?: unknown; __localnetWallet: LocalnetWallet }
w.__localnetWallet = wallet
if (!w.ethereum) w.ethereum = wallet
announceProvider({
  info: { uuid: crypto.randomUUID(), name: 'Localnet Wallet', icon: ICON as `data:image/${string}`, rdns: 'dev.gangway.localnet' },
  provider: wallet as never,
})
