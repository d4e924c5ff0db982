/**
 * A WalletConnect relay for the localnet, speaking the relay protocol `@walletconnect/core` 2.25
 * uses, on ws://127.0.0.1 (the field notes hold the verified details):
 * - irn_subscribe / irn_batchSubscribe (a subscription id each), irn_unsubscribe / irn_batchUnsubscribe;
 * - irn_publish `{ topic, message, ttl, tag }`;
 * - wc_proposeSession `{ pairingTopic, sessionProposal, ttl }`: the sender is subscribed to the
 *   pairing topic, and the proposal published there with tag 1100;
 * - wc_approveSession `{ sessionTopic, pairingTopic, sessionProposalResponse, sessionSettlementRequest }`:
 *   the wallet is subscribed to the session topic; the response goes out on the pairing topic
 *   (tag 1101), the settlement on the session topic (tag 1102).
 * Deliveries are `irn_subscription` `{ id, data: { topic, message, publishedAt, tag, attestation: "" } }`.
 * Messages are kept per topic for their TTL and delivered on a later subscribe; never back to their
 * publisher. Request ids are echoed exactly as sent (big-number strings). Sockets are pinged every 20 s.
 * Demo and test tooling only.
 */
import { randomBytes } from 'node:crypto'
import { WebSocketServer, type WebSocket } from 'ws'

export interface Relay {
  url: string
  /** Messages published so far (tests count them). */
  published(): number
  stop(): Promise<void>
}

interface Stored {
  topic: string
  message: string
  tag: number
  publishedAt: number
  expiresAt: number
  publisher: WebSocket
}

/** Ping interval in ms: Node clients drop a socket silent for about 35 s. */
const PING_MS = 20_000

export async function startRelay({ port }: { port: number }): Promise<Relay> {
  const server = new WebSocketServer({ host: '127.0.0.1', port })
  /** topic → subscriber socket → subscription id. */
  const subscribers = new Map<string, Map<WebSocket, string>>()
  const stored = new Map<string, Stored[]>()
  let publishedCount = 0

  const deliver = (socket: WebSocket, subscriptionId: string, m: Stored) => {
    if (socket.readyState !== socket.OPEN) return
    const id = Date.now() * 1000 + Math.floor(Math.random() * 1000)
    socket.send(JSON.stringify({ id, jsonrpc: '2.0', method: 'irn_subscription', params: { id: subscriptionId, data: { topic: m.topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag, attestation: '' } } }))
  }

  const subscribe = (socket: WebSocket, topic: string): string => {
    const subs = subscribers.get(topic) ?? new Map<WebSocket, string>()
    subscribers.set(topic, subs)
    const id = subs.get(socket) ?? randomBytes(32).toString('hex')
    subs.set(socket, id)
    const now = Date.now()
    for (const m of stored.get(topic) ?? []) if (m.expiresAt > now && m.publisher !== socket) deliver(socket, id, m)
    return id
  }

  const publish = (socket: WebSocket, topic: string, message: string, ttlSeconds: number, tag: number) => {
    publishedCount++
    const now = Date.now()
    const m: Stored = { topic, message, tag, publishedAt: now, expiresAt: now + ttlSeconds * 1000, publisher: socket }
    stored.set(topic, [...(stored.get(topic) ?? []).filter((x) => x.expiresAt > now), m])
    for (const [subscriber, id] of subscribers.get(topic) ?? []) if (subscriber !== socket) deliver(subscriber, id, m)
  }

  server.on('connection', (socket: WebSocket) => {
    socket.on('message', (raw) => {
      const text = String(raw)
      let req: { id?: unknown; method?: string; params?: Record<string, unknown>; result?: unknown }
      try {
        req = JSON.parse(text)
      } catch {
        return
      }
      if (!req.method) return // an ack of a delivery
      // Ids are big numbers that JSON.parse would round: echo the id's own text (the first key the client writes).
      const rawId = /^\s*\{\s*"id"\s*:\s*("[^"]*"|[0-9]+)/.exec(text)?.[1] ?? JSON.stringify(req.id)
      const reply = (result: unknown) => socket.send(`{"id":${rawId},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`)
      const p = req.params ?? {}
      const ttl = Number(p.ttl ?? 300)
      switch (req.method) {
        case 'irn_subscribe':
          return reply(subscribe(socket, String(p.topic)))
        case 'irn_batchSubscribe':
          return reply((p.topics as string[]).map((t) => subscribe(socket, t)))
        case 'irn_unsubscribe':
          subscribers.get(String(p.topic))?.delete(socket)
          return reply(true)
        case 'irn_batchUnsubscribe':
          for (const s of (p.subscriptions as { topic: string }[]) ?? []) subscribers.get(s.topic)?.delete(socket)
          return reply(true)
        case 'irn_publish':
          publish(socket, String(p.topic), String(p.message), ttl, Number(p.tag ?? 0))
          return reply(true)
        case 'wc_proposeSession':
          subscribe(socket, String(p.pairingTopic))
          publish(socket, String(p.pairingTopic), String(p.sessionProposal), ttl, 1100)
          return reply(true)
        case 'wc_approveSession':
          subscribe(socket, String(p.sessionTopic))
          publish(socket, String(p.pairingTopic), String(p.sessionProposalResponse), ttl, 1101)
          publish(socket, String(p.sessionTopic), String(p.sessionSettlementRequest), ttl, 1102)
          return reply(true)
        default:
          return socket.send(`{"id":${rawId},"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"}}`)
      }
    })
    socket.on('close', () => {
      for (const subs of subscribers.values()) subs.delete(socket)
    })
  })
  const pinger = setInterval(() => {
    for (const c of server.clients) c.ping()
  }, PING_MS)
  await new Promise<void>((r) => (server.address() ? r() : server.once('listening', () => r())))
  return {
    url: `ws://127.0.0.1:${port}`,
    published: () => publishedCount,
    stop: async () => {
      clearInterval(pinger)
      for (const c of server.clients) c.terminate()
      await new Promise<void>((r) => server.close(() => r()))
    },
  }
}
