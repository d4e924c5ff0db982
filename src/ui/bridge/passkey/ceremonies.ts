/**
 * The page's half of a passkey (docs/behaviour.md §2 Passkey): the engine, which cannot reach
 * `navigator.credentials` from its worker, sends WebAuthn's JSON options; these run the ceremony in
 * the page and answer WebAuthn's JSON (`RegistrationResponseJSON`, `AuthenticationResponseJSON`),
 * binary fields base64url without padding. Nothing is kept here: the private key never leaves the
 * authenticator, and what is answered is public (a public key, client data, authenticator data, a
 * signature). The browser itself holds the relying party to the page's host.
 */
import { base64urlnopad } from '@scure/base'
import type { PasskeyAuthenticationJSON, PasskeyCreationOptionsJSON, PasskeyRegistrationJSON, PasskeyRequestOptionsJSON } from '../../../contract.js'
import { GangwayError, PASSKEY_CANCELLED, PASSKEY_REFUSED_HERE, PASSKEY_UNAVAILABLE, PROVIDER_ERROR_CODES, UserRejectedError } from '../../../events/kernel/errors.js'

const bytes = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(base64urlnopad.decode(text))
const text = (buffer: ArrayBuffer | null): string => base64urlnopad.encode(new Uint8Array(buffer ?? new ArrayBuffer(0)))

/** A ceremony's DOMException as Gangway's error: the visitor's cancel (or the prompt's timeout) as a rejection (4001), a refused relying party or insecure page, no P-256. */
function ceremonyError(error: unknown): unknown {
  const name = error instanceof DOMException ? error.name : undefined
  const details = error instanceof Error ? `${error.name}: ${error.message}` : undefined
  if (name === 'NotAllowedError' || name === 'AbortError') return new UserRejectedError(PASSKEY_CANCELLED, { category: 'API_ERROR', code: PROVIDER_ERROR_CODES.UserRejectedRequestError, details })
  if (name === 'SecurityError') return new GangwayError(PASSKEY_REFUSED_HERE, { category: 'API_ERROR', details })
  if (name === 'NotSupportedError') return new GangwayError(PASSKEY_UNAVAILABLE, { category: 'API_ERROR', details })
  return error
}

/**
 * The credential `ceremony` answers with `navigator.credentials`, where the page has WebAuthn.
 * @throws GangwayError 'Passkeys are not available in this browser' without it; ceremonyError's
 *   errors; UserRejectedError 'Passkey request cancelled' when the browser answers no credential.
 */
async function ran(ceremony: (container: CredentialsContainer) => Promise<Credential | null>): Promise<PublicKeyCredential> {
  if (typeof PublicKeyCredential === 'undefined' || !navigator.credentials) throw new GangwayError(PASSKEY_UNAVAILABLE, { category: 'API_ERROR', details: 'no PublicKeyCredential on this page' })
  let credential: Credential | null
  try {
    credential = await ceremony(navigator.credentials)
  } catch (error) {
    throw ceremonyError(error)
  }
  if (!credential) throw new UserRejectedError(PASSKEY_CANCELLED, { category: 'API_ERROR', code: PROVIDER_ERROR_CODES.UserRejectedRequestError })
  return credential as PublicKeyCredential
}

/**
 * Creates a passkey with `options` (`navigator.credentials.create`).
 * @returns its RegistrationResponseJSON: id, client data, attestation object, public key (SPKI) and its algorithm.
 * @throws UserRejectedError 'Passkey request cancelled' (4001) when the visitor dismisses the prompt or it times out;
 *   GangwayError 'The browser refused a passkey for this site' (the page's host is not `options.rp.id`'s site, or is an IP address);
 *   GangwayError 'Passkeys are not available in this browser'.
 * @example const registration = await passkeyCreate(optionsFromTheEngine)
 */
export async function passkeyCreate(options: PasskeyCreationOptionsJSON): Promise<PasskeyRegistrationJSON> {
  const credential = await ran((container) =>
    container.create({
      publicKey: {
        ...options,
        challenge: bytes(options.challenge),
        user: { ...options.user, id: bytes(options.user.id) },
        excludeCredentials: options.excludeCredentials?.map((c) => ({ type: c.type, id: bytes(c.id) })),
      } as PublicKeyCredentialCreationOptions,
    }),
  )
  const response = credential.response as AuthenticatorAttestationResponse
  return {
    id: credential.id,
    rawId: text(credential.rawId),
    type: 'public-key',
    response: { clientDataJSON: text(response.clientDataJSON), attestationObject: text(response.attestationObject), publicKey: text(response.getPublicKey()), publicKeyAlgorithm: response.getPublicKeyAlgorithm() },
  }
}

/**
 * Asks a passkey to sign `options.challenge` (`navigator.credentials.get`); without
 * `allowCredentials`, the visitor picks any passkey of the site.
 * @returns its AuthenticationResponseJSON: id, client data, authenticator data, the DER signature, the user handle.
 * @throws as passkeyCreate does.
 * @example const assertion = await passkeyGet(optionsFromTheEngine)
 */
export async function passkeyGet(options: PasskeyRequestOptionsJSON): Promise<PasskeyAuthenticationJSON> {
  const credential = await ran((container) =>
    container.get({
      publicKey: {
        ...options,
        challenge: bytes(options.challenge),
        allowCredentials: options.allowCredentials?.map((c) => ({ type: c.type, id: bytes(c.id) })),
      } as PublicKeyCredentialRequestOptions,
    }),
  )
  const response = credential.response as AuthenticatorAssertionResponse
  return {
    id: credential.id,
    rawId: text(credential.rawId),
    type: 'public-key',
    response: {
      clientDataJSON: text(response.clientDataJSON),
      authenticatorData: text(response.authenticatorData),
      signature: text(response.signature),
      ...(response.userHandle ? { userHandle: text(response.userHandle) } : {}),
    },
  }
}
