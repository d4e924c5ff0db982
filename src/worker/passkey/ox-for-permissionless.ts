/**
 * What permissionless takes of ox (its `utils/ox.js` imports the whole `ox` index, for the five
 * modules its Safe and Kernel accounts read), as the passkey-code build gives it in place of that
 * index (esbuild.config.mjs `oxForPermissionless`): the index would bring every ox module
 * (mnemonic word lists, ciphers…) into passkey-code.js.
 */
export * as Base64 from 'ox/Base64'
export * as Hex from 'ox/Hex'
export * as PublicKey from 'ox/PublicKey'
export * as Signature from 'ox/Signature'
export * as WebAuthnP256 from 'ox/WebAuthnP256'
