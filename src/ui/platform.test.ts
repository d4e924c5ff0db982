// The platform the social options and the pairing reuse depend on, from the user agent and Telegram's globals.
import { describe, expect, it } from 'vitest'
import { detectPlatform } from './platform.js'

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const IPHONE_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1'
const IPAD_DESKTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'
const ANDROID = 'Mozilla/5.0 (Linux; Android 15; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

describe('the page platform', () => {
  it('reads iOS (an iPad asking for the desktop site too), iOS Safari, Android, a Mac and Telegram', () => {
    expect(detectPlatform({ userAgent: IPHONE_SAFARI, touch: true, globals: {} })).toEqual({ telegram: false, ios: true, android: false, mac: false, iosSafari: true })
    expect(detectPlatform({ userAgent: IPHONE_CHROME, touch: true, globals: {} })).toMatchObject({ ios: true, iosSafari: false })
    expect(detectPlatform({ userAgent: IPAD_DESKTOP, touch: true, globals: {} })).toMatchObject({ ios: true, mac: false, iosSafari: true })
    expect(detectPlatform({ userAgent: IPAD_DESKTOP, touch: false, globals: {} })).toMatchObject({ ios: false, mac: true, iosSafari: false })
    expect(detectPlatform({ userAgent: ANDROID, touch: true, globals: { Telegram: {} } })).toEqual({ telegram: true, ios: false, android: true, mac: false, iosSafari: false })
    expect(detectPlatform({ userAgent: LINUX, touch: false, globals: { TelegramWebviewProxy: {} } })).toEqual({ telegram: true, ios: false, android: false, mac: false, iosSafari: false })
    expect(detectPlatform({ userAgent: LINUX, touch: false, globals: {} })).toEqual({ telegram: false, ios: false, android: false, mac: false, iosSafari: false })
  })
})
