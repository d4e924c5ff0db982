/**
 * A passkey's smart account (docs/behaviour.md §2 Passkey): the visitor asks to create a passkey or
 * to use one of the site's, or to add a passkey to the account; the engine learns the passkey's public part. The connection itself is
 * the generic `connect/succeeded` (or `connect/failed`) of the connector PASSKEY_CONNECTOR_ID.
 */
import { check, matching, object, optional } from '../schema.js'
import { intent, outcome } from './define.js'
import { anyText, errorCode, errorId, evm } from './fields.js'

/** A P-256 public key: x ‖ y, 64 bytes hex, no 0x04 prefix. */
const publicKey = matching(/^0x[0-9a-f]{128}$/)
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
   * network (counterfactual until its first user operation); `signer`, the passkey's own signer
   * contract when it was added to the account (`passkey/added`). The passkey the visitor connects
   * with: the account's passkey in use. Public data only; every tab folds it, so a reload signs with it again.
   */
  'passkey/credential-known': outcome(object({ id: credentialId, publicKey, address: evm, signer: optional(evm) }), { shared: true }),
  /** The visitor asked to add a passkey to the connected passkey's account (the Account view's *Add a passkey*): the browser's prompt follows, then one user operation signed by the connected passkey. */
  'passkey/add-requested': intent(object({}, true)),
  /**
   * A passkey added to an account as another owner, through its own signer contract (`signer`, made
   * by SafeWebAuthnSignerFactory), by the transaction `transactionHash`: public data only, folded by
   * every tab beside the account's other passkeys.
   */
  'passkey/added': outcome(object({ id: credentialId, publicKey, address: evm, signer: evm, transactionHash: matching(/^0x[0-9a-fA-F]{64}$/) }), { shared: true }),
  /** Adding a passkey failed or was refused ('Passkey request cancelled', 4001, when the visitor dismissed the prompt); the account is as it was. */
  'passkey/add-failed': outcome(object({ message: anyText, errorId: optional(errorId), code: optional(errorCode) })),
}
