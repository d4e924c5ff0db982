/**
 * The analytics service's wire (docs/services.md): the client and the emulator against the bodies
 * its owner's client sends (reown-com/appkit; fixtures/analytics/*.json).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnalyticsService, type AnalyticsService } from '../../localnet/services/analytics.js'
import { freePort } from '../../localnet/ports.js'
import { analyticsClient, type AnalyticsEntry } from '../../src/api/analytics.js'
import { createServiceFetch } from '../../src/api/service-fetch.js'
import { answering, askEmulator, expectAnswerFits, fixture } from './contract.js'

let service: AnalyticsService
beforeAll(async () => {
  service = await startAnalyticsService({ port: await freePort() })
})
afterAll(() => service.stop())

const client = (fetch: typeof globalThis.fetch) => analyticsClient(createServiceFetch({ services: { analytics: 'https://pulse.example' }, projectId: 'contract-test', fetch }))
const at = Date.UTC(2026, 10, 29, 6)
const event: AnalyticsEntry = { eventId: '5b5d0b9e-8f3a-4a57-9d43-0d2f3c1b7a10', url: 'https://shop.example/', domain: 'shop.example', timestamp: at, props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } } }
const report: AnalyticsEntry = { eventId: '5b5d0b9e-8f3a-4a57-9d43-0d2f3c1b7a11', url: 'https://shop.example/', domain: 'shop.example', timestamp: at, props: { type: 'error', event: 'INTERNAL_SDK_ERROR', errorType: 'GangwayError', errorMessage: 'boom', stackTrace: '' } }

describe('analytics service', () => {
  it('events go as an array to /batch, as text (no content type of its own: no preflight)', async () => {
    const f = fixture('analytics/batch')
    const wire = answering(f)
    await client(wire.fetch).send([event])
    expect(wire.problems).toEqual([])
    expectAnswerFits(await askEmulator(service.url, f), f)
  })
  it('an error report goes alone to /e, its timestamp ISO 8601, as text', async () => {
    const f = fixture('analytics/error')
    const wire = answering(f)
    await client(wire.fetch).report(report)
    expect(wire.problems).toEqual([])
    expect((wire.sent[0]!.body as { timestamp: string }).timestamp).toBe('2026-11-29T06:00:00.000Z')
    expectAnswerFits(await askEmulator(service.url, f), f)
    // The old wire, an array to /e, is refused.
    expect((await askEmulator(service.url, f, { body: [f.request.body] })).status).toBe(400)
  })
})
