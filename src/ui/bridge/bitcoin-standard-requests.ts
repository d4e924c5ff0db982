/**
 * The calls of a Wallet Standard Bitcoin wallet's connector (the features of
 * ExodusMovement/bitcoin-wallet-standard `packages/core/features`), loaded with the first such call:
 * - `bitcoin:connect` (params `[{ purposes, silent }]`) → the addresses of the wallet's accounts of
 *   those purposes (default `payment`, docs/behaviour.md §6), on a Bitcoin chain. `silent` never
 *   prompts: the accounts the wallet already exposes to the site, else none;
 * - `bitcoin:signTransaction` (params `[PSBT base64, signer address, signing indexes]`) → the PSBT
 *   with those inputs signed by that account, base64 (not finalised: the engine checks and
 *   finalises it, worker/bitcoin/bitcoin-send.ts);
 * - `bitcoin:signMessage` (params `[text, signer address]`: the text signed as UTF-8) → `{ signature }`,
 *   the wallet's signature in base64 (BIP-322, or the legacy prefixed form of a wallet from before it);
 * - `bitcoin:getPublicKey` (params `[address]`) → the public key of that account of the wallet, hex
 *   (33 bytes compressed, or 32 x-only for P2TR), or null when the wallet gives none; never prompts.
 * A signer that is not an account of the wallet, or a wallet without the feature, is
 * ProviderRequestError 4100 'Unauthorized'; an answer that is not bytes of a bounded size is
 * GangwayError 'The wallet returned no signature'.
 */
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { hex } from '@scure/base'
import { fromBase64, toBase64 } from '../../events/kernel/base64.js'
import { GangwayError, PROVIDER_ERROR_CODES, ProviderRequestError } from '../../events/kernel/errors.js'

type Purpose = 'payment' | 'ordinals'
type BitcoinAccount = WalletAccount & { purpose?: Purpose }

type Features = {
  'bitcoin:connect'?: { connect(input: { purposes: Purpose[] }): Promise<{ accounts: readonly BitcoinAccount[] }> }
  'bitcoin:signTransaction'?: { signTransaction(...inputs: { psbt: Uint8Array; inputsToSign: { account: WalletAccount; signingIndexes: number[] }[] }[]): Promise<{ signedPsbt: Uint8Array }[]> }
  'bitcoin:signMessage'?: { signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<{ signedMessage: Uint8Array; signature: Uint8Array }[]> }
}

/** The largest PSBT or signature taken from a wallet, in bytes. */
const MAX_SIGNED_BYTES = 256 * 1024
/** The most signing indexes passed on. */
const MAX_INDEXES = 500

/** An account on a Bitcoin chain (`bitcoin:mainnet`, `bitcoin:testnet`, `bitcoin:regtest`…). */
const onBitcoin = (a: WalletAccount) => a.chains.some((c) => c.startsWith('bitcoin:'))

/** The wallet's bytes answer, checked. @throws GangwayError 'The wallet returned no signature'. */
function signedBytes(value: unknown): Uint8Array {
  if (!(value instanceof Uint8Array) || value.length === 0 || value.length > MAX_SIGNED_BYTES) throw new GangwayError('The wallet returned no signature', { category: 'API_ERROR' })
  return value
}

/**
 * One call of a Bitcoin connector to `wallet` (see the module's comment).
 * @throws ProviderRequestError 4100 'Unauthorized', 4200 'Unsupported method: {method}'; GangwayError
 *   'The wallet returned no signature'; the wallet's own error, untyped (the bridge types it).
 * @example await bitcoinStandardRequest(wallet, { method: 'bitcoin:connect', params: [{ purposes: ['payment'] }] }) // ['bc1q…']
 */
export async function bitcoinStandardRequest(wallet: Wallet, args: { method: string; params?: unknown }): Promise<unknown> {
  const features = wallet.features as Features
  const params = Array.isArray(args.params) ? args.params : []
  const signer = (address: unknown, feature: keyof Features) => {
    const account = wallet.accounts.find((a) => a.address === address && onBitcoin(a))
    if (!account || !features[feature]) throw new ProviderRequestError('Unauthorized', { code: PROVIDER_ERROR_CODES.UnauthorizedProviderError, details: `${String(address).slice(0, 64)} is not an account of ${wallet.name} that can sign` })
    return account
  }
  switch (args.method) {
    case 'bitcoin:connect': {
      const input = (params[0] ?? {}) as { purposes?: unknown; silent?: unknown }
      const purposes = (Array.isArray(input.purposes) ? input.purposes : ['payment']).filter((p): p is Purpose => p === 'payment' || p === 'ordinals')
      const of = (accounts: readonly BitcoinAccount[]) => accounts.filter((a) => onBitcoin(a) && (a.purpose === undefined || purposes.includes(a.purpose))).map((a) => a.address)
      if (input.silent === true) return of(wallet.accounts as readonly BitcoinAccount[])
      return of((await features['bitcoin:connect']!.connect({ purposes })).accounts)
    }
    case 'bitcoin:signTransaction': {
      const account = signer(params[1], 'bitcoin:signTransaction')
      const indexes = Array.isArray(params[2]) ? params[2].slice(0, MAX_INDEXES).filter((i): i is number => Number.isSafeInteger(i) && i >= 0) : []
      const [output] = await features['bitcoin:signTransaction']!.signTransaction({ psbt: fromBase64(String(params[0])), inputsToSign: [{ account, signingIndexes: indexes }] })
      return toBase64(signedBytes(output?.signedPsbt))
    }
    case 'bitcoin:signMessage': {
      const account = signer(params[1], 'bitcoin:signMessage')
      const [output] = await features['bitcoin:signMessage']!.signMessage({ account, message: new TextEncoder().encode(String(params[0])) })
      return { signature: toBase64(signedBytes(output?.signature)) }
    }
    case 'bitcoin:getPublicKey': {
      const key = wallet.accounts.find((a) => a.address === params[0] && onBitcoin(a))?.publicKey
      return key instanceof Uint8Array && (key.length === 32 || key.length === 33) ? hex.encode(key) : null
    }
    default:
      throw new ProviderRequestError(`Unsupported method: ${args.method}`, { code: PROVIDER_ERROR_CODES.UnsupportedProviderMethodError })
  }
}
