/**
 * A passkey's smart account (docs/behaviour.md §2 Passkey): the visitor asks to create a passkey or
 * to use one of the site's; the engine learns the passkey's public part. The connection itself is
 * the generic `connect/succeeded` (or `connect/failed`) of the connector PASSKEY_CONNECTOR_ID.
 */
import { check, matching, object } from '../schema.js'
import { intent, outcome } from './define.js'
import { evm } from './fields.js'

/** A credential id: base64url of at most 1023 bytes (WebAuthn §4). */
const credentialId = check<string>((v) => typeof v === 'string' && v.length > 0 && v.length <= 1364 && /^[A-Za-z0-9_-]+$/.test(v))

/** Passkey events by type. */
export const passkey = {
  /** The visitor asked for a new passkey (Connect's *Create a passkey*): the browser's prompt follows, then the account's connection. */
  'passkey/create-requested': intent(object({}, true)),
  /** The visitor asked to sign in with a passkey of the site (Connect's *Use a passkey*): the browser lists the site's passkeys. */
  'passkey/use-requested': intent(object({}, true)),
  /**
   * A passkey the engine may sign with, and its account: the credential id (base64url), its P-256
   * public key (x ‖ y, 64 bytes hex, no 0x04 prefix) and the Safe's address, the same on every
   * network (counterfactual until its first user operation). Public data only; every tab folds it,
   * so a reload signs with it again.
   */
  'passkey/credential-known': outcome(object({ id: credentialId, publicKey: matching(/^0x[0-9a-f]{128}$/), address: evm }), { shared: true }),
}
