/**
 * The tests' Chromium (browser.ts): what leaves the machine fails at once, at the refusing proxy,
 * whatever the address (a name or an IP, http or https), and the localnet's 127.0.0.1 and localhost
 * are reached directly.
 */
import { describe, expect, inject, it } from 'vitest'
import { localContext } from './browser.js'
import { useBrowser } from './helpers.js'

const webUrl = inject('webUrl')
const browser = useBrowser()

describe("the tests' Chromium", () => {
  it('fails every request off the machine, and reaches 127.0.0.1 and localhost', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const outcome = (url: string) => page.goto(url).then((r) => `${r?.status()}`, (e: Error) => /net::ERR_[A-Z_]+/.exec(e.message)?.[0] ?? e.message)
    expect(await outcome(`${webUrl}/`)).toBe('200')
    expect(await outcome(webUrl.replace('localhost', '127.0.0.1'))).toBe('200')
    // The proxy closes the connection: reset for a plain request, not connected for a tunnel (https).
    for (const url of ['http://example.com/', 'https://example.com/', 'http://203.0.113.7/', 'https://[2001:db8::1]/']) expect(await outcome(url), url).toMatch(/^net::ERR_(CONNECTION_RESET|SOCKET_NOT_CONNECTED|TUNNEL_CONNECTION_FAILED|EMPTY_RESPONSE)$/)
    await context.close()
  })
})
