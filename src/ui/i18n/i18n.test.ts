// The translators over the compiled catalogues (through the same compile step as the build: the
// vite plugin in vitest.config.ts), English as the fallback.
import { describe, expect, it, vi } from 'vitest'
import { createTranslator, englishTranslator, loadTranslator } from './i18n.js'
import { pickLocale, type LocaleChoice } from './locale.js'
import { PSEUDO_CLOSE, PSEUDO_OPEN } from '../../../scripts/compile-catalogue.mjs'

describe('translators', () => {
  it('English before any locale loads, and as the default', async () => {
    expect(englishTranslator.t('header.connect')).toBe('Connect Wallet')
    const en = await loadTranslator(pickLocale(undefined, ['en-US']))
    expect(en.t('networks.switchTo', { network: 'Localnet' })).toBe('Switch to Localnet')
    expect(en.t('modal.travel', { seq: 1234 })).toBe('As of event #1234 · read-only')
  })

  it('each locale speaks its language', async () => {
    const titles = { es: 'Conectar billetera', zh: '连接钱包', ja: 'ウォレットを接続', ar: 'ربط المحفظة' }
    for (const [locale, title] of Object.entries(titles)) {
      const tr = await loadTranslator(pickLocale(locale))
      expect(tr.locale).toBe(locale)
      expect(tr.t('header.connect')).toBe(title)
    }
    expect((await loadTranslator(pickLocale('es'))).t('wc.scanWith', { wallet: 'Harbor Wallet' })).toBe('Escanea este código QR con Harbor Wallet')
  })

  it('plurals follow the locale, numbers in its digits', async () => {
    const en = await loadTranslator(pickLocale('en'))
    expect(en.known('ETH allows at most 18 decimals')).toBe('ETH allows at most 18 decimals')
    expect(en.known('BTC allows at most 1 decimals')).toBe('BTC allows at most 1 decimal')
    const ar = await loadTranslator(pickLocale('ar'))
    expect(ar.known('ETH allows at most 2 decimals')).toBe('يسمح ETH بمنزلتين عشريتين على الأكثر')
    expect(ar.known('ETH allows at most 6 decimals')).toBe('يسمح ETH بـ 6 منازل عشرية على الأكثر')
    expect(ar.known('ETH allows at most 18 decimals')).toBe('يسمح ETH بـ 18 منزلة عشرية على الأكثر')
    const arEg = await loadTranslator(pickLocale('ar-EG'))
    expect(arEg.known('ETH allows at most 18 decimals')).toBe('يسمح ETH بـ ١٨ منزلة عشرية على الأكثر')
    const ja = await loadTranslator(pickLocale('ja'))
    expect(ja.known('ETH allows at most 18 decimals')).toBe('ETH の小数点以下は最大 18 桁です')
  })

  it('engine texts translate; a text the catalogue does not know shows as it is', async () => {
    const es = await loadTranslator(pickLocale('es-ES'))
    expect(es.known('Connection rejected')).toBe('Conexión rechazada')
    expect(es.known('Failed to fetch transactions')).toBe('No se pudieron obtener las transacciones')
    expect(es.known('Sent')).toBe('Enviado')
    expect(es.known('User rejected the request.')).toBe('User rejected the request.')
  })

  it('the pseudo-locale marks every message and keeps the values', async () => {
    const pseudo = await loadTranslator(pickLocale('en-XA'))
    expect(pseudo.lang).toBe('en-XA')
    expect(pseudo.t('header.connect')).toBe(`${PSEUDO_OPEN}Çöññéçţ Ŵåļļéţ${PSEUDO_CLOSE}`)
    expect(pseudo.t('networks.switchTo', { network: 'Localnet' })).toBe(`${PSEUDO_OPEN}Šŵîţçĥ ţö Localnet${PSEUDO_CLOSE}`)
    expect(pseudo.known('ETH allows at most 18 decimals')).toBe(`${PSEUDO_OPEN}ETH åļļöŵš åţ ɱöšţ 18 ðéçîɱåļš${PSEUDO_CLOSE}`)
    expect(pseudo.format.amount('2500.123')).toBe('2500.123')
  })

  it('a catalogue that does not load leaves English, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const broken = { locale: 'xx', formatTag: 'xx', lang: 'xx', dir: 'ltr' } as unknown as LocaleChoice
    const tr = await loadTranslator(broken)
    expect(tr.locale).toBe('en')
    expect(tr.t('header.connect')).toBe('Connect Wallet')
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the xx messages did not load'), expect.anything())
    warn.mockRestore()
  })

  it('English fills in a message a catalogue lacks', () => {
    const tr = createTranslator(pickLocale('es'), {})
    expect(tr.t('header.connect')).toBe('Connect Wallet')
  })
})
