/**
 * What the engine asks of the main thread: only a page can touch injected and announced wallet
 * providers. In worker mode the engine's `Bridge` is the worker's end of the page port
 * (page-port.ts: two named calls, plain data, checked by the page; never a proxy of a page object);
 * in main-thread mode, the page's bridge object itself (same realm, see main-thread.ts).
 */

/** An EIP-1193 request. */
export interface ProviderRequest {
  method: string
  params?: unknown[] | Record<string, unknown>
}

export interface Bridge {
  /**
   * Calls `provider.request(args)` on the connector's EIP-1193 provider and resolves with its result.
   * `waitMs`: how long to wait for the connector to be discovered first (for session restore), default 0.
   * @throws the provider's error as `{ code, message }` (4001 for a user rejection), or
   *         `{ message: 'No connector found for connection: {id}' }` when the connector is not there.
   */
  request(connectorId: string, args: ProviderRequest, options?: { waitMs?: number }): Promise<unknown>
  /** Follows the wallet events (accountsChanged, chainChanged, disconnect) of exactly these connectors (the connected ones); [] stops. */
  watch(connectorIds: string[]): Promise<void> | void
}
