// The package's declarations are the real ones, not `any`: each misuse below must fail to compile
// (`tsc` reports an unused @ts-expect-error otherwise), so `npm run typecheck` proves the types.
import { createModal, type GangwayModal } from 'gangway'

export function misuses(modal: GangwayModal): void {
  // @ts-expect-error projectId is a string
  createModal({ projectId: 1, networks: [] })
  // @ts-expect-error no such view
  void modal.open({ view: 'Nowhere' })
  // @ts-expect-error getAccount's namespace is a chain namespace
  modal.getAccount('ethereum')
}
