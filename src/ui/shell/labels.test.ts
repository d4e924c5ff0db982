/** The loader's messages: copied from every catalogue at build time, in the locale the views would pick. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { shellLabels } from './labels.js'
import { pickLocale, CATALOGUE_LOCALES, PSEUDO_LOCALE } from '../i18n/locale.js'
import { accent, PSEUDO_CLOSE, PSEUDO_OPEN, shellModule, SHELL_MESSAGES } from '../../../scripts/compile-catalogue.mjs'
import { accountChipText } from './chip.js'

const catalogue = (locale: string): Record<string, string> => JSON.parse(readFileSync(new URL(`../i18n/catalogues/${locale}.json`, import.meta.url), 'utf8'))
/** The labels the views' own catalogue gives a locale. */
const fromCatalogue = (locale: string) => {
  if (locale !== PSEUDO_LOCALE) return SHELL_MESSAGES.map((id) => catalogue(locale)[id])
  return SHELL_MESSAGES.map((id) => `${PSEUDO_OPEN}${accent(catalogue('en')[id]!)}${PSEUDO_CLOSE}`)
}

describe('shell labels', () => {
  it("are every catalogue's Connect Wallet, Connecting… and Close, and the pseudo-locale's", () => {
    expect(shellLabels('en', [])).toEqual(['Connect Wallet', 'Connecting…', 'Close'])
    expect(shellLabels('es', [])).toEqual(['Conectar billetera', 'Conectando…', 'Cerrar'])
    for (const locale of [...CATALOGUE_LOCALES, PSEUDO_LOCALE]) expect(shellLabels(locale, [])).toEqual(fromCatalogue(locale))
  })

  it('pick the locale the views pick, for the option and for the browser languages', () => {
    const options = [undefined, '', '  ', 'es-MX', 'ZH_tw', 'ja', 'ar-EG', 'fr', 'en-XA', 'EN_xa', 'x', 'constructor', '__proto__', 'toString']
    const browsers = [[], ['fr-FR', 'de'], ['fr', 'ja-JP', 'es'], ['en-XA', 'ar'], ['en-xa'], ['constructor', 'zh-Hans'], ['de', 'en-GB', 'es']]
    for (const option of options)
      for (const languages of browsers) expect(shellLabels(option, languages), `${option} / ${languages.join()}`).toEqual(fromCatalogue(pickLocale(option, languages).locale))
  })

  it('label the button: Connect Wallet, Connecting… while connecting, the chip when connected', () => {
    const ja = shellLabels('ja', [])
    expect(accountChipText({ status: 'disconnected', isConnected: false, balanceLoading: false }, ja)).toBe('ウォレットを接続')
    expect(accountChipText({ status: 'connecting', isConnected: false, balanceLoading: false }, ja)).toBe('接続中…')
    expect(accountChipText({ status: 'connected', isConnected: true, balanceLoading: false, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', balance: '1.5', balanceSymbol: 'ETH' }, ja)).toBe('0xf39F…2266 · 1.5 ETH')
  })

  it('the build refuses a shell message with markup or a placeholder, since the shell writes them into its HTML', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-shell-'))
    const write = (messages: Record<string, string>) => writeFileSync(join(dir, 'en.json'), JSON.stringify({ 'header.connect': 'Connect Wallet', 'button.connecting': 'Connecting…', 'header.close': 'Close', ...messages }))
    write({})
    expect(shellModule(dir)).toContain('"Connect Wallet"')
    write({ 'header.close': '<img src=x onerror=alert(1)>' })
    expect(() => shellModule(dir)).toThrow(/shell message header.close must be plain text/)
    write({ 'header.close': 'Close "now"' })
    expect(() => shellModule(dir)).toThrow(/shell message header.close must be plain text/)
    write({ 'header.connect': 'Connect {name}' })
    expect(() => shellModule(dir)).toThrow(/shell message header.connect must be plain text/)
  })
})
