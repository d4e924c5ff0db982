/**
 * The typed errors only the engine throws (docs/architecture.md "Errors"): subclasses of GangwayError
 * for what a caller branches on. They live apart from kernel/errors.ts because the page bundles that
 * module, and a class that extends another cannot be left out of a bundle that imports its module.
 */
import { ERRORS, formatError } from './kernel/error-registry.js'
import { GangwayError, NETWORK_NOT_FOUND, NO_LONGER_FOLLOWED, TRANSACTION_REVERTED } from './kernel/errors.js'

/** A registered message's literal type. */
type Message<K extends keyof typeof ERRORS> = (typeof ERRORS)[K]['message']

/**
 * A network the site did not configure, or one of another namespace than the call needs: 'Network
 * not found' (docs/behaviour.md §4). Category INTERNAL_SDK_ERROR; `details` names the network.
 * @example
 * if (error instanceof NetworkNotFoundError) console.warn(error.details) // 'eip155:10'
 */
export class NetworkNotFoundError extends GangwayError {
  override name = 'NetworkNotFoundError'
  constructor(details?: string) {
    super(NETWORK_NOT_FOUND, details === undefined ? {} : { details })
  }
}

/**
 * A transaction that landed and failed: its receipt says it reverted ('Transaction reverted', EVM)
 * or its status has an error ('Transaction failed', Solana). Category API_ERROR; `details` its hash.
 * @example
 * if (error instanceof TransactionRevertedError) showFailed(error.details)
 */
export class TransactionRevertedError extends GangwayError {
  override name = 'TransactionRevertedError'
  constructor(message: typeof TRANSACTION_REVERTED | Message<'transactionFailed'> = TRANSACTION_REVERTED, details?: string) {
    super(message, { category: 'API_ERROR', ...(details === undefined ? {} : { details }) })
  }
}

/**
 * No receipt within the wait (docs/behaviour.md §9): 'Transaction not found'; or the transaction left
 * the pending ones followed: 'Transaction no longer followed'. Category API_ERROR; `details` its hash.
 * @example
 * if (error instanceof TransactionNotFoundError && error.errorId === 'noLongerFollowed') return
 */
export class TransactionNotFoundError extends GangwayError {
  override name = 'TransactionNotFoundError'
  constructor(message: Message<'transactionNotFound'> | typeof NO_LONGER_FOLLOWED = ERRORS.transactionNotFound.message, details?: string) {
    super(message, { category: 'API_ERROR', ...(details === undefined ? {} : { details }) })
  }
}

/**
 * A service call without the service's base URL (`services.*` not given): 'Service not configured:
 * {service}'. Category INTERNAL_SDK_ERROR; `service` names it.
 * @example
 * if (error instanceof ServiceNotConfiguredError) console.info(`no ${error.service}`)
 */
export class ServiceNotConfiguredError extends GangwayError {
  override name = 'ServiceNotConfiguredError'
  readonly service: string
  constructor(service: string) {
    super(formatError('serviceNotConfigured', { service }))
    this.service = service
  }
}

/**
 * A service answered 429 (docs/behaviour.md §8): 'RATE_LIMITED'; or 5xx: 'SERVER_ERROR'. Category
 * API_ERROR; `status` the HTTP status.
 * @example
 * if (error instanceof ServiceStatusError && error.errorId === 'rateLimited') retryLater()
 */
export class ServiceStatusError extends GangwayError {
  override name = 'ServiceStatusError'
  readonly status: number
  constructor(message: Message<'rateLimited' | 'serverError'>, status: number) {
    super(message, { category: 'API_ERROR', details: `HTTP ${status}` })
    this.status = status
  }
}
