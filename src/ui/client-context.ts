/** The client (signals and dispatch) for the views, through React context. */
import { createContext, useContext } from 'react'
import type { Client } from './core.js'
import { GangwayError } from '../events/kernel/errors.js'

export const ClientContext = createContext<Client | null>(null)

export function useClient(): Client {
  const client = useContext(ClientContext)
  if (!client) throw new GangwayError('Gangway views need a ClientContext')
  return client
}
