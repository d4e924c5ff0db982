/**
 * The headless surface's account names (docs/api.md, Headless; docs/behaviour.md §4 name
 * registration, §5 the name rule, §9 names): RegisterAccountName's intents over the names model,
 * the same suggestions (debounced by the engine) and the same registration (signed by the wallet).
 */
import type { Signal } from '@preact/signals-core'
import type { Intent, NamesModel } from '../../contract.js'
import { formatError } from '../../events/kernel/error-registry.js'
import { GangwayError, PROVIDER_ERROR_CODES, UserRejectedError } from '../../events/kernel/errors.js'
import type { GangwayHeadless } from '../headless-types.js'
import { through } from './headless-send.js'

/**
 * `suggestNames` and `registerName` over the names model (see GangwayHeadless).
 * @example
 * ```ts
 * const { suggestNames, registerName } = headlessNames(signals.names, dispatch)
 * ```
 */
export function headlessNames(names: Signal<NamesModel>, dispatch: (intent: Intent) => Promise<void>): Pick<GangwayHeadless, 'suggestNames' | 'registerName'> {
  return {
    suggestNames: (label) => dispatch({ type: 'name/suggestions-requested', payload: { label } }),
    async registerName(name) {
      const suffix = `.${names.peek().zone}`
      const label = name.endsWith(suffix) ? name.slice(0, -suffix.length) : name
      const full = `${label}${suffix}`
      // Settled when this label is no longer being registered: registered, failed, or refused in the wallet.
      const ended = await through(
        names,
        () => dispatch({ type: 'name/register-requested', payload: { label } }),
        (m) => m.registering === label,
        (m) => m.registering !== label,
      )
      if (ended.registered === full) return full
      if (ended.error !== undefined) throw new GangwayError(ended.error, { category: 'API_ERROR', details: full })
      throw new UserRejectedError(formatError('registerNamed', { name: full }), { code: PROVIDER_ERROR_CODES.UserRejectedRequestError, category: 'API_ERROR', details: 'the signature was refused in the wallet' })
    },
  }
}
