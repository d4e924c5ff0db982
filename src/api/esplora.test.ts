// The Esplora client's tip height and transaction status reads (src/api/esplora.ts), over a fake
// transport; and esploraOver, the transport over the engine's service fetch: no Reown query
// parameters on a Bitcoin Esplora's URLs, JSON read on GET, text both ways on the broadcast.
import { describe, expect, it } from 'vitest'
import { esploraBroadcast, esploraOver, esploraTipHeight, esploraTxConfirmed, type EsploraTransport } from './esplora.js'
import { createServiceFetch } from './service-fetch.js'

const TXID = 'ab'.repeat(32)

/** A transport answering `answer` to every GET, recording the paths asked. */
function answering(answer: unknown) {
  const paths: string[] = []
  const transport: EsploraTransport = {
    getJson: async (path) => (paths.push(path), answer),
    postText: async () => {
      throw new Error('no post expected')
    },
  }
  return { transport, paths }
}

/** A stub fetch recording each call's URL, method, headers and body, answering `body`. */
function recordingFetch(body: string) {
  const calls: { url: URL; method: string | undefined; headers: Record<string, string>; body: unknown }[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    calls.push({ url: new URL(String(input)), method: init?.method, headers: { ...(init?.headers as Record<string, string> | undefined) }, body: init?.body })
    return new Response(body)
  }
  return { fetch, calls }
}

describe('esploraTipHeight', () => {
  it('reads GET /blocks/tip/height as a whole number', async () => {
    const { transport, paths } = answering(101)
    expect(await esploraTipHeight(transport)).toBe(101)
    expect(paths).toEqual(['/blocks/tip/height'])
    expect(await esploraTipHeight(answering(0).transport)).toBe(0)
  })

  it("refuses an answer that is not a whole number at or above 0 with 'Malformed tip height answer'", async () => {
    for (const answer of ['abc', '101', -1, 1.5, Number.NaN, 2 ** 53, null, undefined, { height: 1 }]) {
      await expect(esploraTipHeight(answering(answer).transport), String(answer)).rejects.toMatchObject({ name: 'GangwayError', message: 'Malformed tip height answer', category: 'API_ERROR' })
    }
  })
})

describe('esploraTxConfirmed', () => {
  it('asks GET /tx/:txid/status and reads confirmed: true as true', async () => {
    const { transport, paths } = answering({ confirmed: true, block_height: 102, block_hash: 'cd'.repeat(32), block_time: 1_700_000_000 })
    expect(await esploraTxConfirmed(transport, TXID)).toBe(true)
    expect(paths).toEqual([`/tx/${TXID}/status`])
  })

  it('reads a mempool transaction, an unknown one and a malformed answer as not confirmed', async () => {
    for (const answer of [{ confirmed: false }, {}, null, 'true', { confirmed: 'true' }, [{ confirmed: true }]]) {
      expect(await esploraTxConfirmed(answering(answer).transport, TXID), JSON.stringify(answer)).toBe(false)
    }
  })

  it("refuses an id that is not a txid with 'Invalid transaction hash', the Esplora not asked", async () => {
    for (const id of ['', 'AB'.repeat(32), 'ab'.repeat(31), `${'ab'.repeat(32)}00`, '../address/x', `0x${'ab'.repeat(31)}`]) {
      const { transport, paths } = answering({ confirmed: true })
      await expect(esploraTxConfirmed(transport, id), id).rejects.toMatchObject({ name: 'GangwayError', message: 'Invalid transaction hash', category: 'API_ERROR' })
      expect(paths).toEqual([])
    }
  })
})

describe('esploraOver: the Esplora over the service fetch', () => {
  const services = { bitcoin: 'http://127.0.0.1:3002/api', blockchain: 'https://rpc.example/' }

  it('GETs the path under services.bitcoin without projectId, st or sv, and parses the JSON', async () => {
    const { fetch, calls } = recordingFetch('{"confirmed":true}')
    const api = createServiceFetch({ services, projectId: 'p1', fetch })
    expect(await esploraTxConfirmed(esploraOver(api), TXID)).toBe(true)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.method).toBe('GET')
    expect(calls[0]!.url.href).toBe(`http://127.0.0.1:3002/api/tx/${TXID}/status`)
    expect([...calls[0]!.url.searchParams.keys()]).toEqual([])
    // Another service of the same fetch still carries Reown's parameters.
    await api.get('blockchain', 'v1/x')
    expect(Object.fromEntries(calls[1]!.url.searchParams)).toMatchObject({ projectId: 'p1', st: 'gangway', sv: expect.any(String) })
  })

  it('reads the tip height, a bare number, as JSON', async () => {
    const { fetch } = recordingFetch('2048')
    expect(await esploraTipHeight(esploraOver(createServiceFetch({ services, projectId: 'p1', fetch })))).toBe(2048)
  })

  it('POSTs the raw hex as text/plain and resolves the answer text unparsed (a txid)', async () => {
    const { fetch, calls } = recordingFetch(`${TXID}\n`)
    const transport = esploraOver(createServiceFetch({ services, projectId: 'p1', fetch }))
    expect(await transport.postText('/tx', '0200000001ff')).toBe(`${TXID}\n`)
    expect(calls).toEqual([{ url: new URL('http://127.0.0.1:3002/api/tx'), method: 'POST', headers: { 'content-type': 'text/plain' }, body: '0200000001ff' }])
    // The broadcast reads it as a txid.
    expect(await esploraBroadcast(transport, '0200000001ff')).toBe(TXID)
  })

  it('posts a text answer that looks like JSON as text, not parsed', async () => {
    const { fetch } = recordingFetch('1234')
    expect(await esploraOver(createServiceFetch({ services, projectId: 'p1', fetch })).postText('/tx', '00')).toBe('1234')
  })

  it("passes the caller's signal on: an aborted call rejects with its reason", async () => {
    const { fetch, calls } = recordingFetch('1')
    const controller = new AbortController()
    controller.abort(new DOMException('view closed', 'AbortError'))
    await expect(esploraTipHeight(esploraOver(createServiceFetch({ services, projectId: 'p1', fetch })), controller.signal)).rejects.toMatchObject({ name: 'AbortError', message: 'view closed' })
    expect(calls).toEqual([])
  })

  it("refuses with 'Service not configured: bitcoin' when services.bitcoin is absent", async () => {
    const { fetch, calls } = recordingFetch('1')
    await expect(esploraTipHeight(esploraOver(createServiceFetch({ services: { blockchain: services.blockchain }, projectId: 'p1', fetch })))).rejects.toThrow('Service not configured: bitcoin')
    expect(calls).toEqual([])
  })
})
