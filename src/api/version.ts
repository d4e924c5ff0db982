/** What Gangway sends as `st` (SDK type) and `sv` (SDK version) on every service call (docs/behaviour.md §7). */
export const SDK_TYPE = 'gangway'
/**
 * `sv` in the hosted services' format `<framework>-<adapters>-<version>` (reown-com/appkit
 * `packages/controllers/src/utils/CoreHelperUtil.ts` generateSdkVersion; docs/services.md):
 * framework `html` (the loader and the React component share one engine), adapters `universal`
 * (Gangway has no chain adapter library of its own: its connectors speak EIP-1193, Wallet Standard
 * and WalletConnect directly), then Gangway's version.
 */
export const SDK_VERSION = 'html-universal-0.1.0'
