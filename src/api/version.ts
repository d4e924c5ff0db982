/** What Gangway sends as `st` (SDK type) and `sv` (SDK version) on every service call (docs/behaviour.md §7). */
export const SDK_TYPE = 'gangway'
export const SDK_VERSION = 'gangway-web-0.1.0'
