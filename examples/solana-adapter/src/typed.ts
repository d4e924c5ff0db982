// The package's declarations are the real ones, not `any`: each misuse below must fail to compile
// (`tsc` reports an unused @ts-expect-error otherwise).
import { createModal } from 'gangway'

// @ts-expect-error a network's chainNamespace is a chain namespace
createModal({ projectId: 'p', networks: [{ id: 'x', caipNetworkId: 'solana:x', chainNamespace: 'sol', name: 'x', nativeCurrency: { name: 'x', symbol: 'x', decimals: 9 }, rpcUrls: { default: { http: [] } } }] })
