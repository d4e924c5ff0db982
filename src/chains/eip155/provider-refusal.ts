/**
 * viem's named EIP-1193 / EIP-5792 errors as the refusal Gangway throws to the site's provider call.
 */
import { GangwayError, ProviderRequestError } from '../../events/kernel/errors.js'

/** A viem error class that names a provider error: built from a cause, with its static `code`. */
export interface NamedProviderError {
  new (cause: Error): { shortMessage: string }
  code: number
}

/**
 * A ProviderRequestError with the short message and code viem gives `named` (UnsupportedChainIdError:
 * 4901 'Chain not configured.'; EIP-5792's 5700-5760), and `details` saying what was refused.
 * @example
 * throw providerRefusal(DuplicateIdError, id.slice(0, 80)) // code 5720
 */
export function providerRefusal(named: NamedProviderError, details: string): ProviderRequestError {
  return new ProviderRequestError(new named(new GangwayError(details)).shortMessage, { code: named.code, details })
}
