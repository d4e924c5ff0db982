/**
 * A passkey's ceremonies as they cross from the engine to the page and back (docs/behaviour.md §2
 * Passkey): WebAuthn's JSON forms (WebAuthn Level 3, `PublicKeyCredentialCreationOptionsJSON`,
 * `PublicKeyCredentialRequestOptionsJSON`, `RegistrationResponseJSON`, `AuthenticationResponseJSON`),
 * every binary field base64url without padding. Only a page can call `navigator.credentials`; the
 * engine builds the options, the page runs the ceremony and answers the JSON, and the engine checks
 * it here before ox (through viem) reads it as the credential it would have had from the browser.
 * The private key never leaves the authenticator: what comes back is a public key, client data,
 * authenticator data and a signature.
 */
import * as Base64 from 'ox/Base64'
import type { CredentialCreationOptions, CredentialRequestOptions } from 'ox/webauthn/Types'
import { ERRORS } from '../../../events/kernel/error-registry.js'
import { GangwayError } from '../../../events/kernel/errors.js'

/** PublicKeyCredentialCreationOptionsJSON, as the engine asks for a new passkey. */
export interface PasskeyCreationOptionsJSON {
  rp: { id: string; name: string }
  user: { id: string; name: string; displayName: string }
  challenge: string
  pubKeyCredParams: { type: 'public-key'; alg: number }[]
  authenticatorSelection?: { residentKey?: string; requireResidentKey?: boolean; userVerification?: string; authenticatorAttachment?: string }
  attestation?: string
  excludeCredentials?: { type: 'public-key'; id: string }[]
  timeout?: number
}

/** PublicKeyCredentialRequestOptionsJSON, as the engine asks a passkey to sign. No `allowCredentials`: any passkey of the site (a discoverable credential). */
export interface PasskeyRequestOptionsJSON {
  challenge: string
  rpId: string
  allowCredentials?: { type: 'public-key'; id: string }[]
  userVerification?: string
  timeout?: number
}

/** RegistrationResponseJSON, what the page answers for a new passkey; `publicKey` is the SubjectPublicKeyInfo (DER) of its P-256 key. */
export interface PasskeyRegistrationJSON {
  id: string
  rawId: string
  type: 'public-key'
  response: { clientDataJSON: string; attestationObject: string; publicKey: string; publicKeyAlgorithm: number }
}

/** AuthenticationResponseJSON, what the page answers for a signature; `signature` is ASN.1 DER. */
export interface PasskeyAuthenticationJSON {
  id: string
  rawId: string
  type: 'public-key'
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string }
}

/** COSE's ES256 (ECDSA over P-256 with SHA-256), the one algorithm a passkey owner of the account may use. */
export const ES256 = -7

/** The message of every answer from the page refused here. */
export const BAD_PASSKEY_ANSWER = ERRORS.badPasskeyAnswer.message

/** Largest sizes accepted, in characters of base64url: a credential id (1023 bytes at most, WebAuthn §4), client data, authenticator data, an attestation object, a signature, a public key. */
const MAX = { id: 1364, clientDataJSON: 4096, authenticatorData: 2048, attestationObject: 8192, signature: 100, publicKey: 200, userHandle: 88 } as const

const BASE64URL = /^[A-Za-z0-9_-]*$/

const refuse = (details: string): never => {
  throw new GangwayError(BAD_PASSKEY_ANSWER, { category: 'API_ERROR', details })
}

/** `value[key]` when it is base64url of at most MAX[key] characters (and not empty unless `optional`). */
function base64url(value: Record<string, unknown>, key: keyof typeof MAX, optional = false): string {
  const field = value[key]
  if (optional && (field === undefined || field === null)) return ''
  if (typeof field !== 'string' || field.length === 0 || field.length > MAX[key] || field.length % 4 === 1 || !BASE64URL.test(field)) refuse(`${key} is not base64url of at most ${MAX[key]} characters`)
  return field as string
}

const record = (value: unknown, what: string): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : refuse(`${what} is not an object`))

/** The credential, its response and client data, checked as far as both ceremonies agree. */
function credentialOf(value: unknown): { id: string; response: Record<string, unknown>; clientDataJSON: string } {
  const credential = record(value, 'the credential')
  const id = base64url(credential, 'id')
  if (credential.rawId !== id) refuse('rawId differs from id')
  if (credential.type !== 'public-key') refuse('type is not public-key')
  const response = record(credential.response, 'the response')
  return { id, response, clientDataJSON: base64url(response, 'clientDataJSON') }
}

/**
 * A page's answer to a creation, checked: every field present, base64url and bounded, the key an
 * ES256 one.
 * @throws GangwayError 'Invalid passkey answer' (API_ERROR, `details` naming the field) otherwise.
 * @example checkedRegistration(await bridge.request(PASSKEY_CONNECTOR_ID, { method: PASSKEY_CALLS.create, params: [options] }))
 */
export function checkedRegistration(value: unknown): PasskeyRegistrationJSON {
  const { id, response, clientDataJSON } = credentialOf(value)
  const [attestationObject, publicKey] = [base64url(response, 'attestationObject'), base64url(response, 'publicKey')]
  if (response.publicKeyAlgorithm !== ES256) refuse(`publicKeyAlgorithm is not ${ES256} (ES256)`)
  return { id, rawId: id, type: 'public-key', response: { clientDataJSON, attestationObject, publicKey, publicKeyAlgorithm: ES256 } }
}

/**
 * A page's answer to a request for a signature, checked as checkedRegistration does.
 * @throws GangwayError 'Invalid passkey answer' (API_ERROR) otherwise.
 * @example checkedAuthentication(await bridge.request(PASSKEY_CONNECTOR_ID, { method: PASSKEY_CALLS.get, params: [options] }))
 */
export function checkedAuthentication(value: unknown): PasskeyAuthenticationJSON {
  const { id, response, clientDataJSON } = credentialOf(value)
  const [authenticatorData, signature, userHandle] = [base64url(response, 'authenticatorData'), base64url(response, 'signature'), base64url(response, 'userHandle', true)]
  return { id, rawId: id, type: 'public-key', response: { clientDataJSON, authenticatorData, signature, ...(userHandle ? { userHandle } : {}) } }
}

/** Bytes (a view or a buffer) as base64url without padding. */
const toJSON = (source: ArrayBufferLike | ArrayBufferView): string =>
  Base64.fromBytes(ArrayBuffer.isView(source) ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength) : new Uint8Array(source), { url: true, pad: false })
const fromJSON = (text: string): ArrayBuffer => {
  const bytes = Base64.toBytes(text)
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
}

/** ox's creation options (binary fields as bytes) in their JSON form. */
export function creationOptionsJSON(options: CredentialCreationOptions): PasskeyCreationOptionsJSON {
  const o = options.publicKey!
  return {
    rp: { id: o.rp.id!, name: o.rp.name },
    user: { id: toJSON(o.user.id), name: o.user.name, displayName: o.user.displayName },
    challenge: toJSON(o.challenge),
    pubKeyCredParams: o.pubKeyCredParams.map(({ alg }) => ({ type: 'public-key', alg })),
    ...(o.authenticatorSelection ? { authenticatorSelection: { ...o.authenticatorSelection } } : {}),
    ...(o.attestation ? { attestation: o.attestation } : {}),
    ...(o.excludeCredentials ? { excludeCredentials: o.excludeCredentials.map(({ id }) => ({ type: 'public-key' as const, id: toJSON(id) })) } : {}),
    ...(o.timeout ? { timeout: o.timeout } : {}),
  }
}

/** ox's request options in their JSON form. */
export function requestOptionsJSON(options: CredentialRequestOptions): PasskeyRequestOptionsJSON {
  const o = options.publicKey!
  return {
    challenge: toJSON(o.challenge),
    rpId: o.rpId!,
    ...(o.allowCredentials?.length ? { allowCredentials: o.allowCredentials.map(({ id }) => ({ type: 'public-key' as const, id: toJSON(id) })) } : {}),
    ...(o.userVerification ? { userVerification: o.userVerification } : {}),
    ...(o.timeout ? { timeout: o.timeout } : {}),
  }
}

/** A checked registration as the `PublicKeyCredential` ox reads in `createCredential` (id, and the response's public key, attestation object and client data). */
export function registrationCredential(json: PasskeyRegistrationJSON) {
  const { clientDataJSON, attestationObject, publicKey } = json.response
  return { id: json.id, type: 'public-key', response: { clientDataJSON: fromJSON(clientDataJSON), attestationObject: fromJSON(attestationObject), getPublicKey: () => fromJSON(publicKey) } }
}

/** A checked authentication as the `PublicKeyCredential` ox reads in `sign` (id, and the response's client data, authenticator data and DER signature). */
export function authenticationCredential(json: PasskeyAuthenticationJSON) {
  const { clientDataJSON, authenticatorData, signature } = json.response
  return { id: json.id, type: 'public-key', response: { clientDataJSON: fromJSON(clientDataJSON), authenticatorData: fromJSON(authenticatorData), signature: fromJSON(signature) } }
}

/**
 * The JSON options of a sign-in with any passkey of the site `rpId` (a discoverable credential, no
 * `allowCredentials`), or with `credentialId` only, over a fresh random challenge, user verification required.
 */
export function signInOptionsJSON(rpId: string, credentialId?: string): PasskeyRequestOptionsJSON {
  return { challenge: toJSON(crypto.getRandomValues(new Uint8Array(32))), rpId, userVerification: 'required', ...(credentialId ? { allowCredentials: [{ type: 'public-key' as const, id: credentialId }] } : {}) }
}
