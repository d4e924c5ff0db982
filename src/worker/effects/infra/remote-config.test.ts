import { WAIT_MS } from '../../../../tests/unit/wait-bound.js'
import { describe, expect, it } from 'vitest'
import { LOCALNET } from '../../../../tests/unit/fixtures.js'
import type { Bridge } from '../../../contract.js'
import type { Engine } from '../../../contract.js'
import { createEngine } from '../../engine.js'
import { resolvedFeatures } from '../../../projections/select/features.js'

const bridge: Bridge = { request: async () => null, watch: () => undefined }
const SERVICES = { walletConfig: 'https://config.example' }

/** A wallet/config service answering /appkit/v1/config with `answer` (a status number fails it); every other path an empty object. */
function service(answer: unknown) {
  const configCalls: string[] = []
  const fetch: typeof globalThis.fetch = async (url) => {
    const u = new URL(String(url))
    if (u.pathname !== '/appkit/v1/config') return new Response('{}')
    configCalls.push(String(url))
    return typeof answer === 'number' ? new Response('{}', { status: answer }) : new Response(JSON.stringify(answer))
  }
  return { fetch, configCalls }
}

async function until(engine: Engine, ok: (types: string[]) => boolean): Promise<string[]> {
  const end = Date.now() + WAIT_MS
  for (;;) {
    const types = (await engine.listEvents()).events.map((e) => e.type)
    if (ok(types)) return types
    if (Date.now() > end) throw new Error(`condition not met: ${types.join(', ')}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}
/** Lets the effects run what the last appends started. */
const settled = () => new Promise((r) => setTimeout(r, 20))
const open = (engine: Engine) => engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
const close = (engine: Engine) => engine.dispatch({ type: 'modal/close-requested', payload: {} })

describe('the remote configuration (docs/behaviour.md §7, §9)', () => {
  it('is asked once per page life, not at start: on the first trigger approach or open', async () => {
    // As the hosted service answers: on/off features with a list; the features it leaves out are off.
    const s = service({ features: [{ id: 'activity', isEnabled: false, config: [] }, { id: 'multi_wallet', isEnabled: true, config: [] }, { id: 'swap', isEnabled: true, config: ['1inch'] }] })
    const engine = createEngine({ mode: 'main', fetch: s.fetch })
    await engine.start({ projectId: 'p', networks: [LOCALNET], services: SERVICES, features: { send: false } }, bridge)
    await settled()
    expect(s.configCalls).toEqual([])
    await engine.dispatch({ type: 'modal/trigger-approached', payload: {} })
    await until(engine, (t) => t.includes('features/remote-config-fetched'))
    for (let i = 0; i < 2; i++) {
      await open(engine)
      await close(engine)
    }
    await engine.dispatch({ type: 'modal/trigger-approached', payload: {} })
    await settled()
    expect(s.configCalls).toHaveLength(1)
    expect(new URL(s.configCalls[0]!).searchParams.get('projectId')).toBe('p')
    const state = await engine.getState()
    expect(state.remoteConfig).toEqual({ status: 'fetched', features: { swaps: true, onramp: false, email: false, socials: false, activity: false, branding: false, multiWallet: true, emailCapture: false } })
    expect(resolvedFeatures(state)).toMatchObject({ activity: false, multiWallet: true, swaps: true, onramp: false, send: false })
    await engine.stop()
  })

  it('a failure is logged and the defaults stay; it is not asked again', async () => {
    const s = service(500)
    const engine = createEngine({ mode: 'main', fetch: s.fetch })
    await engine.start({ projectId: 'p', networks: [LOCALNET], services: SERVICES }, bridge)
    await open(engine)
    await until(engine, (t) => t.includes('features/remote-config-failed'))
    await close(engine)
    await open(engine)
    await settled()
    expect(s.configCalls).toHaveLength(1)
    const state = await engine.getState()
    expect(state.remoteConfig.status).toBe('failed')
    expect(resolvedFeatures(state).activity).toBe(true)
    // Never shown: no snackbar.
    expect(state.snackbar.open).toBe(false)
    await engine.stop()
  })

  it('is never asked without a wallet/config service', async () => {
    const s = service({ features: [] })
    const engine = createEngine({ mode: 'main', fetch: s.fetch })
    await engine.start({ projectId: 'p', networks: [LOCALNET] }, bridge)
    await engine.dispatch({ type: 'modal/trigger-approached', payload: {} })
    await open(engine)
    await settled()
    expect(s.configCalls).toEqual([])
    expect((await engine.listEvents()).events.map((e) => e.type)).not.toContain('features/remote-config-failed')
    await engine.stop()
  })

  it('the engine refuses feature values of the wrong type, and a trigger approach with a payload', async () => {
    const start = (extra: object) => createEngine({ mode: 'main' }).start({ projectId: 'p', networks: [LOCALNET], ...extra } as never, bridge)
    await expect(start({ features: { send: 'no' } })).rejects.toThrow('Invalid option: features.send must be a boolean')
    await expect(start({ termsConditionsUrl: 'javascript:alert(1)' })).rejects.toThrow('Invalid option: termsConditionsUrl must be an http or https URL')
    await expect(start({ features: { smartSessions: true } })).rejects.toThrow('Unknown option: features.smartSessions')
    const engine = createEngine({ mode: 'main' })
    await engine.start({ projectId: 'p', networks: [LOCALNET], hostOrigin: 'https://shop.example', privacyPolicyUrl: '/privacy' }, bridge)
    await expect(engine.dispatch({ type: 'modal/trigger-approached', payload: { view: 'Account' } })).rejects.toThrow('Invalid intent payload: modal/trigger-approached')
    await engine.stop()
  })
})
