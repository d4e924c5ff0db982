/** Small HTTP helpers the localnet servers share. */
import type { IncomingMessage } from 'node:http'

/** The request's whole body as UTF-8 text. */
export const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
