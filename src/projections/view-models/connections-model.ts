/** Which connector serves each connected namespace, for the host's wallet provider. A view model. Pure. */
import type { Namespace } from '../../events/entities.js'
import { activeNamespace } from '../select/active-namespace.js'
import type { State } from '../state.js'
import { defined } from '../../events/defined.js'

/** Which connector serves each connected namespace (for the host's wallet provider). */
export interface ConnectionsModel {
  connectorIds: Partial<Record<Namespace, string>>
  activeNamespace?: Namespace
}

/** The connections model: the connection's connector per namespace, and the active namespace. */
export function connectionsModel(s: State): ConnectionsModel {
  return defined({ connectorIds: { ...s.connection.connectorIds }, activeNamespace: activeNamespace(s) })
}
