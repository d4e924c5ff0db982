/** The Localnet Wallet's EIP-1193 error: a message and the numeric `code` (4001, 4100, 4902, -32602…). Demo and test tooling. */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}
