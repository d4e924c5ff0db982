/** The modal <GangwayProvider> provides to gangway/react's hooks. */
import { createContext, useContext } from 'react'
import type { GangwayModal } from '#loader'

export const ModalContext = createContext<GangwayModal | null>(null)

/** The provider's modal. @throws Error 'useModal must be used inside <GangwayProvider>' outside one. */
export function useGangway(): GangwayModal {
  const modal = useContext(ModalContext)
  if (!modal) throw new Error('useModal must be used inside <GangwayProvider>')
  return modal
}
