// What a catalogue import yields once the build has compiled it (scripts/compile-catalogue.mjs,
// through the esbuild plugin in esbuild.config.mjs and the vite plugin in vitest.config.ts):
// `./catalogues/{locale}.json?compiled`, and `./catalogues/en.json?pseudo` for the pseudo-locale.
declare module '*.json?compiled' {
  import type { Messages } from '@lingui/core'
  /** Message id → Lingui's compiled message. */
  export const messages: Messages
}

declare module '*.json?pseudo' {
  import type { Messages } from '@lingui/core'
  /** Message id → the English message pseudo-localised (⟦…⟧, accented), compiled. */
  export const messages: Messages
}
