/**
 * The passkey connector's page side for the bridge (docs/behaviour.md §2 Passkey): it owns
 * PASSKEY_CONNECTOR_ID and answers the engine's two ceremony calls, `gangway_passkey_create` and
 * `gangway_passkey_get` (their one parameter WebAuthn's JSON options), with ceremonies.ts, a chunk
 * loaded at the first call. Every other call of the connector is the engine's own to answer
 * (worker/passkey/): here it is refused with 4200.
 */
import type { PasskeyCreationOptionsJSON, PasskeyRequestOptionsJSON } from '../../../contract.js'
import { unsupportedMethod } from '../../../events/kernel/errors.js'
import { PASSKEY_CALLS, PASSKEY_CONNECTOR_ID } from '../../../events/kernel/page-kernel.js'
import type { ConnectorSource } from '../eip1193-bridge.js'

/**
 * The passkey source, its ceremonies loaded at the first call (and asked again after a failed load).
 * @example createBridge(dispatch, [lazyPasskeySource()])
 */
export function lazyPasskeySource(): ConnectorSource {
  let ceremonies: Promise<typeof import('./ceremonies.js')> | undefined
  const load = () => (ceremonies ??= import('./ceremonies.js').catch((error: unknown) => ((ceremonies = undefined), Promise.reject(error))))
  return {
    owns: (connectorId) => connectorId === PASSKEY_CONNECTOR_ID,
    close: () => undefined,
    watch: () => undefined,
    async request(_connectorId, args) {
      const [options] = Array.isArray(args.params) ? args.params : []
      if (args.method === PASSKEY_CALLS.create) return (await load()).passkeyCreate(options as PasskeyCreationOptionsJSON)
      if (args.method === PASSKEY_CALLS.get) return (await load()).passkeyGet(options as PasskeyRequestOptionsJSON)
      throw unsupportedMethod(args.method)
    },
  }
}
