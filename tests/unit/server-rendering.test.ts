// Server rendering (issue 16): the built `gangway` and `gangway/react` import in Node, where there
// is no window, document or indexedDB, and a page using the hooks renders to HTML there with the
// disconnected state. Reads dist/, so it runs after `npm run build` (npm test builds first).
// own-globals: it runs in a process of its own (vitest.config.ts), where no other file put a global.
import { existsSync } from 'node:fs'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

const network = { id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://rpc.example'] } } }

/** The built module at `path` (dist/…), imported as a site's server would. */
async function built<T>(path: string): Promise<T> {
  if (!existsSync(path)) throw new Error('dist/ is missing: run `npm run build` first (npm test does)')
  return (await import(/* @vite-ignore */ new URL(`../../${path}`, import.meta.url).href)) as T
}

describe('server rendering', () => {
  it('runs in Node, with no document, window or indexedDB', () => {
    expect([typeof document, typeof window, typeof indexedDB]).toEqual(['undefined', 'undefined', 'undefined'])
  })

  it('gangway imports, and createModal answers with the disconnected state, starting nothing', async () => {
    const { createModal } = await built<typeof import('../../src/ui/loader.js')>('dist/loader.js')
    const modal = createModal({ projectId: 'ssr-plain', networks: [network] } as never)
    expect(modal.getAccount()).toEqual({ status: 'disconnected', balanceLoading: false, isConnected: false })
    expect(modal.getState().open).toBe(false)
  })

  it('gangway/react renders a page using the hooks to HTML', async () => {
    const { GangwayProvider, useAccount, useModal } = await built<typeof import('../../src/react/index.js')>('dist/react.js')
    function Wallet() {
      const { isConnected } = useAccount()
      const { isOpen } = useModal()
      return createElement('p', null, `${isConnected ? 'connected' : 'not connected'} · ${isOpen ? 'open' : 'closed'}`)
    }
    const html = renderToString(createElement(GangwayProvider, { options: { projectId: 'ssr-react', networks: [network] } as never }, createElement(Wallet)))
    expect(html).toBe('<p>not connected · closed</p>')
  })
})
