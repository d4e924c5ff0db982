/**
 * Client of the swap service (docs/behaviour.md §7 `/v1/convert/…` on the blockchain service):
 * the tokens a network can swap, a quote, the gas price, a token's allowance, and the approval
 * and swap transactions the account then sends; through the shared service fetch (projectId, st,
 * sv, the 10 s timeout, an AbortSignal). Swaps are EVM only: every token and account is a CAIP-10
 * id `eip155:<chainId>:0x<40 hex>`, all on one chain; the native token is
 * SWAP_NATIVE_TOKEN_ADDRESS. Token prices are the blockchain client's (`getTokenPrices`,
 * src/api/blockchain.ts). The hosted service answers as AppKit's swap reads it (its 1inch provider):
 * - tokens: `{ tokens: [{ name, symbol, address (CAIP-10), decimals, logoUri, eip2612 }] }`;
 * - quotes: `{ quotes: [{ id, fromAmount, fromAccount, toAmount, toAccount }] }`, amounts in base units;
 * - gas price: `{ standard, fast, instant }`, wei as decimal strings;
 * - allowance: `{ allowance }`, base units as a decimal string;
 * - build-approve: `{ tx: { from (the token, CAIP-10), to, data, value, eip155: { gasPrice } } }`;
 *   the approval is sent to the token: `tx.from`, which echoes the `from` asked for (1inch's own `to` names
 *   the other token);
 * - build-transaction: `{ tx: { from, to (the router, CAIP-10), data, amount (what `to` yields, base
 *   units), eip155: { gas, gasPrice } } }`; it gives no value: the swap sends the amount swapped when
 *   `from` is the native token, else nothing (so no answer can make the account send more).
 *
 * Answers are remote data: amounts, gas and allowances are unsigned integers of at most
 * 256 bits, read from decimal strings, 0x hex or safe integers and kept as decimal strings (never
 * floats); addresses are 0x addresses of 40 hex digits, kept checksummed (viem's `getAddress`) and
 * on the chain asked for; transaction data is 0x hex bytes of at most SWAP_DATA_MAX_CHARS characters
 * (an approval's must be an ERC-20 `approve(address,uint256)`, with no value); token lists are cut to
 * SWAP_TOKENS_MAX entries before malformed ones are dropped, names to MAX_REMOTE_NAME and symbols to
 * SWAP_SYMBOL_MAX characters, logos must be stored image URLs (urls.ts `storedImageUrl`) of at most
 * URL_MAX characters.
 *
 * Errors (docs/behaviour.md §8), GangwayErrors of category API_ERROR unless said otherwise:
 * - a request that is not well formed is not sent: NETWORK_NOT_SUPPORTED_FOR_SWAPS 'Network not
 *   supported for Swaps' (NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE 'Network not supported for Gas Price'
 *   for the gas price) when an id is not eip155, else the call's fallback message with details
 *   'Invalid request: {field}', both of category INTERNAL_SDK_ERROR;
 * - an error status whose JSON body gives `{ reasons: [{ description }] }`: 'Insufficient liquidity'
 *   when that first description contains 'insufficient liquidity' in any case, else the description
 *   (names.ts `firstReason`: cut to MAX_REMOTE_STRING, control characters as spaces);
 * - anything else (an error status without a reason, a network failure, the timeout, a malformed
 *   answer): 'Error fetching swap tokens', 'Error fetching swap quote', 'Error fetching gas price',
 *   'Error fetching allowance', 'Error building approval transaction', 'Error building swap transaction';
 * - `details` says more (the status, the fetch's message, 'Malformed answer'), `cause` is the
 *   fetch's error; the caller's abort passes through as the signal's AbortError.
 */
import { decodeFunctionData, erc20Abi, getAddress, HttpRequestError, maxUint256, type Address, type Hex } from 'viem'
import {
  ERROR_BUILDING_APPROVAL,
  ERROR_BUILDING_SWAP,
  ERROR_FETCHING_ALLOWANCE,
  ERROR_FETCHING_GAS_PRICE,
  ERROR_FETCHING_SWAP_QUOTE,
  ERROR_FETCHING_SWAP_TOKENS,
  errorMessage,
  GangwayError,
  INSUFFICIENT_LIQUIDITY,
  NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE,
  NETWORK_NOT_SUPPORTED_FOR_SWAPS,
} from '../events/kernel/errors.js'
import { MAX_REMOTE_NAME, MAX_REMOTE_STRING, SWAP_DATA_MAX_CHARS } from '../events/kernel/limits.js'
import { defined } from '../events/defined.js'
import { storedImageUrl, URL_MAX } from '../events/kernel/urls.js'
import { projectIdOf } from './blockchain.js'
import type { SwapToken } from '../events/entities.js'
import { firstReason } from './names.js'
import { errorResponseBody, type ServiceFetch } from './service-fetch.js'

/** The swap service's name for a network's native token (ETH on Ethereum), in a CAIP-10 id like any token's. */
export const SWAP_NATIVE_TOKEN_ADDRESS = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
/** docs/behaviour.md §9: the swap slippage tolerance, in percent, sent as `eip155.slippage`. */
export const SWAP_SLIPPAGE = 1
/** The most tokens kept of one token list (the hosted service lists about 1000 on Ethereum). */
export const SWAP_TOKENS_MAX = 3000
/** The most quotes read of one answer (the hosted service gives one). */
export const SWAP_QUOTES_MAX = 20
export { SWAP_DATA_MAX_CHARS }
/** The longest token symbol kept, in characters ('USD₮0'). */
export const SWAP_SYMBOL_MAX = 20
/** The most decimals a token may have (ERC-20's `decimals` is a uint8; no real token has more than 36). */
export const SWAP_DECIMALS_MAX = 36

/** A token the network can swap (events/entities.ts: the engine's events carry it). */
export type { SwapToken }

/** A quote: what `amount` of `from` yields of `to`, both in base units (decimal strings). */
export interface SwapQuote {
  fromAmount: string
  toAmount: string
  /** The service's quote id, when it gives one (the hosted service gives null). */
  id?: string
  /** What the provider keeps, in base units of `from`, when the service says (the localnet's does). */
  fee?: string
  /** The swap's gas limit, when the service says. */
  gas?: string
}

/** The network's gas prices, in wei (decimal strings); AppKit's swap uses `standard`. */
export interface GasPrice {
  standard: string
  fast?: string
  instant?: string
}

/** A transaction for the account to send (eth_sendTransaction): `value`, `gas` and `gasPrice` in wei as decimal strings. */
export interface SwapTransaction {
  /** The contract called, checksummed. */
  to: Address
  /** 0x hex bytes, at most SWAP_DATA_MAX_CHARS characters. */
  data: Hex
  value: string
  gas?: string
  gasPrice?: string
}

/** A built swap: the transaction, and what it yields of `to` in base units when the service says. */
export interface BuiltSwapTransaction extends SwapTransaction {
  toAmount?: string
}

/** What getQuote asks: `amount` of `from` (base units, a decimal string > 0) into `to`, for `userAddress` at `gasPrice` (wei, decimal). */
export interface SwapQuoteRequest {
  amount: string
  /** CAIP-10 tokens. */
  from: string
  to: string
  /** The account, CAIP-10 (sent as its plain address, as AppKit does). */
  userAddress: string
  gasPrice: string
}

/** What buildApproveTransaction asks: an approval of `from` (a CAIP-10 token, not the native one) for a swap into `to`, by `userAddress` (CAIP-10); `amount` in base units, else the service's default (unlimited). */
export interface SwapApproveRequest {
  userAddress: string
  from: string
  to: string
  amount?: string
}

/** What buildSwapTransaction asks: a swap of `amount` of `from` (base units, a decimal string > 0) into `to`, by `userAddress`; all CAIP-10. */
export interface SwapTransactionRequest {
  amount: string
  from: string
  to: string
  userAddress: string
  /** Sent as `disableEstimate`: the service does not simulate the swap (AppKit sends true). Default true. */
  disableEstimate?: boolean
}

type Json = Record<string, unknown>
const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined)
const list = (v: unknown, max: number): unknown[] => (Array.isArray(v) ? v.slice(0, max) : [])
/** A CAIP-2 eip155 network: the chain id, decimal without a leading zero. */
const EIP155_CHAIN = /^eip155:([1-9]\d{0,31})$/
/** A CAIP-10 eip155 account or token. */
const EIP155_ACCOUNT = /^eip155:([1-9]\d{0,31}):(0x[0-9a-fA-F]{40})$/
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/
const DECIMAL = /^(?:0|[1-9]\d{0,77})$/

/** `v` as an unsigned integer of at most 256 bits, as a decimal string: from a decimal string, 0x hex (≤ 64 digits) or a safe integer ≥ 0; else undefined. */
export function readUint256(v: unknown): string | undefined {
  let n: bigint | undefined
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) n = BigInt(v)
  else if (typeof v === 'string' && (/^\d{1,78}$/.test(v) || /^0x[0-9a-fA-F]{1,64}$/.test(v))) n = BigInt(v)
  return n !== undefined && n <= maxUint256 ? n.toString() : undefined
}

/** `v` as a request's amount: a decimal string of base units without leading zeros, at most 2^256 - 1; `positive` refuses '0'. */
const isAmount = (v: unknown, positive: boolean): v is string => typeof v === 'string' && DECIMAL.test(v) && BigInt(v) <= maxUint256 && (!positive || v !== '0')

/** A CAIP-10 eip155 id's parts, or undefined. */
function account(v: unknown): { chainId: string; address: Address } | undefined {
  const m = typeof v === 'string' ? EIP155_ACCOUNT.exec(v) : null
  return m ? { chainId: m[1]!, address: getAddress(m[2]!.toLowerCase()) } : undefined
}

/** True when `token` (a CAIP-10 id) names the native token. */
export function isSwapNativeToken(token: string): boolean {
  return account(token)?.address === SWAP_NATIVE_TOKEN_ADDRESS
}

/** A 2xx answer that does not have the shape asked for. */
const malformed = (message: string, why = 'Malformed answer') => new GangwayError(message, { category: 'API_ERROR', details: why })

/** A failed call as the GangwayError of the module comment's rules; a GangwayError (this module's own) and the caller's abort pass as they are. */
function convertError(error: unknown, fallback: string, signal: AbortSignal | undefined): unknown {
  if (error instanceof GangwayError || signal?.aborted) return error
  const status = error instanceof HttpRequestError ? error.status : undefined
  // An HttpRequestError of a 2xx answer (a body too large or not JSON) is no error status.
  const badStatus = status !== undefined && (status < 200 || status > 299)
  const options = { category: 'API_ERROR' as const, details: badStatus ? `Status ${status}` : errorMessage(error).slice(0, MAX_REMOTE_STRING), cause: error }
  const reason = badStatus ? firstReason(errorResponseBody(error)) : undefined
  return new GangwayError(reason && /insufficient liquidity/i.test(reason) ? INSUFFICIENT_LIQUIDITY : (reason ?? fallback), options)
}

/** True when `id` is a CAIP id (`<namespace>:…`) of a namespace other than eip155 ('solana:…'). */
const otherNamespace = (id: unknown): boolean => typeof id === 'string' && /^[-a-z0-9]{3,8}:/.test(id) && !id.startsWith('eip155:')

/**
 * The CAIP-10 ids of a request, checked: each an eip155 account (else 'Network not supported for
 * Swaps' when it is of another namespace, or `fallback` with 'Invalid request: {field}'), all on one chain.
 * @returns the chain id (decimal) and each field's plain address, checksummed.
 */
function accounts<K extends string>(ids: Record<K, unknown>, fallback: string): { chainId: string } & Record<K, Address> {
  const out: Record<string, Address> = {}
  let chainId: string | undefined
  for (const [field, id] of Object.entries(ids) as [K, unknown][]) {
    const a = account(id)
    if (!a) throw new GangwayError(otherNamespace(id) ? NETWORK_NOT_SUPPORTED_FOR_SWAPS : fallback, { details: `Invalid request: ${field}` })
    if (chainId !== undefined && a.chainId !== chainId) throw new GangwayError(fallback, { details: `Invalid request: ${field} is on another chain` })
    chainId = a.chainId
    out[field] = a.address
  }
  return { chainId: chainId!, ...(out as Record<K, Address>) }
}

/** One token of a list on chain `chainId`, or undefined unless it has a name, a symbol, a CAIP-10 address on that chain and whole decimals in 0…SWAP_DECIMALS_MAX. */
export function toSwapToken(v: unknown, chainId: string): SwapToken | undefined {
  const t = obj(v)
  const a = account(t?.address)
  const name = typeof t?.name === 'string' ? t.name.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim().slice(0, MAX_REMOTE_NAME) : ''
  const symbol = typeof t?.symbol === 'string' ? t.symbol.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim().slice(0, SWAP_SYMBOL_MAX) : ''
  const decimals = t?.decimals
  if (!t || !a || a.chainId !== chainId || !name || !symbol || typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > SWAP_DECIMALS_MAX) return undefined
  const logo = storedImageUrl(t.logoUri)
  return defined({ name, symbol, address: `eip155:${chainId}:${a.address}`, decimals, logoUri: logo && logo.length <= URL_MAX ? logo : undefined })
}

/** 0x hex bytes of at most SWAP_DATA_MAX_CHARS characters, lowercase, else undefined. */
const txData = (v: unknown): Hex | undefined => (typeof v === 'string' && v.length <= SWAP_DATA_MAX_CHARS && HEX_BYTES.test(v) ? (v.toLowerCase() as Hex) : undefined)

/** The calls of the swap service over `api` (the shared service fetch); see the module comment for the answers' checks and the errors. */
export function convertClient(api: ServiceFetch) {
  const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {})
  return {
    /**
     * GET /v1/convert/tokens (chainId): the tokens the network can swap, in the service's order.
     * @param chainId CAIP-2, `eip155:<chainId>`.
     * @returns at most SWAP_TOKENS_MAX SwapTokens on that chain, distinct addresses (the first kept).
     * @throws GangwayError 'Network not supported for Swaps' (INTERNAL_SDK_ERROR, no request) for a
     *   network that is not eip155; 'Insufficient liquidity', the service's first reason, or 'Error
     *   fetching swap tokens' (an answer without a `tokens` list included).
     */
    async getTokens(chainId: string, signal?: AbortSignal): Promise<SwapToken[]> {
      const chain = typeof chainId === 'string' ? EIP155_CHAIN.exec(chainId)?.[1] : undefined
      if (!chain) throw new GangwayError(otherNamespace(chainId) ? NETWORK_NOT_SUPPORTED_FOR_SWAPS : ERROR_FETCHING_SWAP_TOKENS, { details: 'Invalid request: chainId' })
      try {
        const r = obj(await api.get('blockchain', 'v1/convert/tokens', { params: { chainId }, ...withSignal(signal) }))
        if (!Array.isArray(r?.tokens)) throw malformed(ERROR_FETCHING_SWAP_TOKENS)
        const seen = new Set<string>()
        return list(r.tokens, SWAP_TOKENS_MAX).flatMap((v) => {
          const t = toSwapToken(v, chain)
          if (!t || seen.has(t.address)) return []
          seen.add(t.address)
          return [t]
        })
      } catch (error) {
        throw convertError(error, ERROR_FETCHING_SWAP_TOKENS, signal)
      }
    },
    /**
     * GET /v1/convert/quotes (amount, userAddress (the plain address), from, to, gasPrice): what
     * `amount` of `from` yields of `to`.
     * @returns the first quote with both amounts (each an unsigned 256-bit integer) whose
     *   `fromAccount` and `toAccount`, when given, are the tokens asked for; its `fee` (base units of
     *   `from`, at most `fromAmount`) and `gas` when the service gives them.
     * @throws GangwayError 'Network not supported for Swaps', or 'Error fetching swap quote' with
     *   'Invalid request: {amount|from|to|userAddress|gasPrice}' (INTERNAL_SDK_ERROR, no request); else
     *   'Insufficient liquidity', the service's first reason, or 'Error fetching swap quote' (no
     *   usable quote included: details 'No quote').
     */
    async getQuote(request: SwapQuoteRequest, signal?: AbortSignal): Promise<SwapQuote> {
      const { amount, from, to, userAddress, gasPrice } = (obj(request) ?? {}) as Partial<Record<keyof SwapQuoteRequest, unknown>>
      const ids = accounts({ from, to, userAddress }, ERROR_FETCHING_SWAP_QUOTE)
      if (!isAmount(amount, true)) throw new GangwayError(ERROR_FETCHING_SWAP_QUOTE, { details: 'Invalid request: amount' })
      if (!isAmount(gasPrice, false)) throw new GangwayError(ERROR_FETCHING_SWAP_QUOTE, { details: 'Invalid request: gasPrice' })
      try {
        const r = obj(await api.get('blockchain', 'v1/convert/quotes', { params: { amount, userAddress: ids.userAddress, from: from as string, to: to as string, gasPrice }, ...withSignal(signal) }))
        if (!Array.isArray(r?.quotes)) throw malformed(ERROR_FETCHING_SWAP_QUOTE)
        const same = (v: unknown, asked: Address) => {
          const a = v === undefined || v === null ? undefined : account(v)
          return a === undefined ? v === undefined || v === null : a.chainId === ids.chainId && a.address === asked
        }
        for (const v of list(r.quotes, SWAP_QUOTES_MAX)) {
          const q = obj(v)
          const fromAmount = readUint256(q?.fromAmount)
          const toAmount = readUint256(q?.toAmount)
          if (!q || fromAmount === undefined || toAmount === undefined || !same(q.fromAccount, ids.from) || !same(q.toAccount, ids.to)) continue
          const id = typeof q.id === 'string' && q.id.length > 0 && q.id.length <= MAX_REMOTE_STRING ? q.id : undefined
          const fee = readUint256(q.fee)
          const gas = readUint256(q.gas)
          return defined({ fromAmount, toAmount, id, fee: fee !== undefined && BigInt(fee) <= BigInt(fromAmount) ? fee : undefined, gas })
        }
        throw malformed(ERROR_FETCHING_SWAP_QUOTE, 'No quote')
      } catch (error) {
        throw convertError(error, ERROR_FETCHING_SWAP_QUOTE, signal)
      }
    },
    /**
     * GET /v1/convert/gas-price (chainId): the network's gas prices.
     * @param chainId CAIP-2, `eip155:<chainId>`.
     * @returns `{ standard, fast?, instant? }`, wei as decimal strings.
     * @throws GangwayError 'Network not supported for Gas Price' (INTERNAL_SDK_ERROR, no request) for
     *   a chain id that is not `eip155:<chainId>`; else 'Insufficient liquidity', the service's first
     *   reason, or 'Error fetching gas price' (an answer without a `standard` price included).
     */
    async getGasPrice(chainId: string, signal?: AbortSignal): Promise<GasPrice> {
      if (typeof chainId !== 'string' || !EIP155_CHAIN.test(chainId)) throw new GangwayError(NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE, { details: `Invalid request: chainId` })
      try {
        const r = obj(await api.get('blockchain', 'v1/convert/gas-price', { params: { chainId }, ...withSignal(signal) }))
        const standard = readUint256(r?.standard)
        if (standard === undefined) throw malformed(ERROR_FETCHING_GAS_PRICE)
        return defined({ standard, fast: readUint256(r!.fast), instant: readUint256(r!.instant) })
      } catch (error) {
        throw convertError(error, ERROR_FETCHING_GAS_PRICE, signal)
      }
    },
    /**
     * GET /v1/convert/allowance (tokenAddress, userAddress; both CAIP-10): how much of the token
     * the swap router may spend for the account.
     * @returns the allowance in the token's base units, a decimal string.
     * @throws GangwayError 'Network not supported for Swaps', or 'Error fetching allowance' with
     *   'Invalid request: {tokenAddress|userAddress}' (INTERNAL_SDK_ERROR, no request); else
     *   'Insufficient liquidity', the service's first reason, or 'Error fetching allowance'.
     */
    async getAllowance(o: { tokenAddress: string; userAddress: string }, signal?: AbortSignal): Promise<string> {
      const { tokenAddress, userAddress } = (obj(o) ?? {}) as Partial<Record<'tokenAddress' | 'userAddress', unknown>>
      accounts({ tokenAddress, userAddress }, ERROR_FETCHING_ALLOWANCE)
      try {
        const r = obj(await api.get('blockchain', 'v1/convert/allowance', { params: { tokenAddress: tokenAddress as string, userAddress: userAddress as string }, ...withSignal(signal) }))
        const allowance = readUint256(r?.allowance)
        if (allowance === undefined) throw malformed(ERROR_FETCHING_ALLOWANCE)
        return allowance
      } catch (error) {
        throw convertError(error, ERROR_FETCHING_ALLOWANCE, signal)
      }
    },
    /**
     * GET /v1/convert/build-approve (userAddress, from, to, amount?; CAIP-10 ids): the ERC-20
     * approval that lets the swap router spend `from` for the account, to send before the swap.
     * @returns `{ to, data, value: '0', gasPrice? }`: `to` is the `from` token's address (the
     *   answer's `tx.from` must name it when given), `data` an ERC-20 `approve(address,uint256)`.
     * @throws GangwayError 'Network not supported for Swaps', or 'Error building approval
     *   transaction' with 'Invalid request: {userAddress|from|to|amount}' (`from` the native token
     *   included; INTERNAL_SDK_ERROR, no request); else 'Insufficient liquidity', the service's first
     *   reason, or 'Error building approval transaction' (data that is no approval, a value, another token).
     */
    async buildApproveTransaction(request: SwapApproveRequest, signal?: AbortSignal): Promise<SwapTransaction> {
      const { userAddress, from, to, amount } = (obj(request) ?? {}) as Partial<Record<keyof SwapApproveRequest, unknown>>
      const ids = accounts({ userAddress, from, to }, ERROR_BUILDING_APPROVAL)
      if (ids.from === SWAP_NATIVE_TOKEN_ADDRESS) throw new GangwayError(ERROR_BUILDING_APPROVAL, { details: 'Invalid request: from is the native token' })
      if (amount !== undefined && !isAmount(amount, false)) throw new GangwayError(ERROR_BUILDING_APPROVAL, { details: 'Invalid request: amount' })
      try {
        const params = { userAddress: userAddress as string, from: from as string, to: to as string, ...(amount !== undefined ? { amount } : {}) }
        const tx = obj(obj(await api.get('blockchain', 'v1/convert/build-approve', { params, ...withSignal(signal) }))?.tx)
        const data = txData(tx?.data)
        const value = readUint256(tx?.value ?? '0')
        if (!tx || !data || value === undefined) throw malformed(ERROR_BUILDING_APPROVAL)
        if (tx.from !== undefined && account(tx.from)?.address !== ids.from) throw malformed(ERROR_BUILDING_APPROVAL, 'Another token')
        if (value !== '0') throw malformed(ERROR_BUILDING_APPROVAL, 'An approval with a value')
        let approves = false
        try {
          approves = decodeFunctionData({ abi: erc20Abi, data }).functionName === 'approve'
        } catch {
          approves = false
        }
        if (!approves) throw malformed(ERROR_BUILDING_APPROVAL, 'Not an ERC-20 approval')
        const eip155 = obj(tx.eip155)
        return defined({ to: ids.from, data, value, gas: readUint256(eip155?.gas), gasPrice: readUint256(eip155?.gasPrice) })
      } catch (error) {
        throw convertError(error, ERROR_BUILDING_APPROVAL, signal)
      }
    },
    /**
     * POST /v1/convert/build-transaction with body `{ amount, eip155: { slippage: SWAP_SLIPPAGE },
     * projectId, from, to, userAddress, disableEstimate }`: the swap transaction.
     * @returns `{ to (the router, on the chain asked), data, value, gas?, gasPrice?, toAmount? }`:
     *   `value` is `amount` when `from` is the native token, else '0'; `toAmount` is the answer's
     *   `tx.amount` (base units of `to`).
     * @throws GangwayError 'Network not supported for Swaps', or 'Error building swap transaction'
     *   with 'Invalid request: {amount|from|to|userAddress}' (INTERNAL_SDK_ERROR, no request); else
     *   'Insufficient liquidity', the service's first reason, or 'Error building swap transaction'.
     */
    async buildSwapTransaction(request: SwapTransactionRequest, signal?: AbortSignal): Promise<BuiltSwapTransaction> {
      const { amount, from, to, userAddress, disableEstimate } = (obj(request) ?? {}) as Partial<Record<keyof SwapTransactionRequest, unknown>>
      const ids = accounts({ from, to, userAddress }, ERROR_BUILDING_SWAP)
      if (!isAmount(amount, true)) throw new GangwayError(ERROR_BUILDING_SWAP, { details: 'Invalid request: amount' })
      try {
        const body = { amount, eip155: { slippage: SWAP_SLIPPAGE }, projectId: projectIdOf(api), from, to, userAddress, disableEstimate: disableEstimate !== false }
        const tx = obj(obj(await api.post('blockchain', 'v1/convert/build-transaction', body, withSignal(signal)))?.tx)
        const router = account(tx?.to)
        const data = txData(tx?.data)
        if (!tx || !router || router.chainId !== ids.chainId || !data || data === '0x') throw malformed(ERROR_BUILDING_SWAP)
        const eip155 = obj(tx.eip155)
        return defined({
          to: router.address,
          data,
          value: ids.from === SWAP_NATIVE_TOKEN_ADDRESS ? amount : '0',
          gas: readUint256(eip155?.gas),
          gasPrice: readUint256(eip155?.gasPrice),
          toAmount: readUint256(tx.amount),
        })
      } catch (error) {
        throw convertError(error, ERROR_BUILDING_SWAP, signal)
      }
    },
  }
}

export type ConvertClient = ReturnType<typeof convertClient>
