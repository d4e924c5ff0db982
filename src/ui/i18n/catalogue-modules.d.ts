// What a catalogue import yields once the build has compiled it (scripts/compile-catalogue.mjs,
// through the esbuild plugin in esbuild.config.mjs and the vite plugin in vitest.config.ts):
// `./catalogues/{locale}.json?compiled`, and `./catalogues/en.json?pseudo` for the pseudo-locale;
// `./catalogues/en.json?shell`, the loader's few messages from every catalogue.
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

declare module '*.json?shell' {
  /**
   * Locale ('en', 'es', …, 'en-XA') → the loader's messages as plain text, in the order of
   * SHELL_MESSAGES (scripts/compile-catalogue.mjs): Connect Wallet, Connecting…, Close.
   */
  export const shell: Record<string, readonly [connect: string, connecting: string, close: string]>
}
