/** Starts the localnet (anvil and the demo site on free ports) once for the end-to-end tests. */
import { existsSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import { startLocalnet } from '../../localnet/start.js'

declare module 'vitest' {
  export interface ProvidedContext {
    webUrl: string
    rpcUrl: string
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync('dist/loader.js')) throw new Error('dist/ is missing: run `npm run build` first (npm test does)')
  const net = await startLocalnet()
  project.provide('webUrl', net.web.url)
  project.provide('rpcUrl', net.anvil.url)
  return () => net.stop()
}
