import { describe, expect, it } from 'vitest'
import { matchLocale, pickLocale } from './locale.js'

describe('locale choice', () => {
  it('the host option wins over the browser languages', () => {
    expect(pickLocale('ja', ['es-ES', 'en'])).toMatchObject({ locale: 'ja', formatTag: 'ja', lang: 'ja', dir: 'ltr' })
    expect(pickLocale('ar-EG', ['es'])).toMatchObject({ locale: 'ar', formatTag: 'ar-EG', lang: 'ar', dir: 'rtl' })
  })

  it('an option Gangway has no catalogue for gives English, not the browser language', () => {
    expect(pickLocale('fr-FR', ['es'])).toMatchObject({ locale: 'en', formatTag: 'en', lang: 'en', dir: 'ltr' })
  })

  it('without the option, the first browser language with a catalogue; else English', () => {
    expect(pickLocale(undefined, ['fr-FR', 'es-MX', 'ja'])).toMatchObject({ locale: 'es', formatTag: 'es-MX', lang: 'es' })
    expect(pickLocale('', ['zh-CN'])).toMatchObject({ locale: 'zh', formatTag: 'zh-CN', lang: 'zh-Hans' })
    expect(pickLocale(undefined, ['fr', 'de'])).toMatchObject({ locale: 'en', formatTag: 'en' })
    expect(pickLocale(undefined, [])).toMatchObject({ locale: 'en', formatTag: 'en', lang: 'en', dir: 'ltr' })
    expect(pickLocale(undefined)).toMatchObject({ locale: 'en' })
  })

  it('matches region and script variants by language', () => {
    expect(matchLocale('es-MX')).toBe('es')
    expect(matchLocale('ES')).toBe('es')
    for (const tag of ['zh-CN', 'zh-Hans', 'zh-SG', 'zh-Hans-CN', 'zh_CN', 'zh-TW']) expect(matchLocale(tag), tag).toBe('zh')
    expect(matchLocale('ja-JP')).toBe('ja')
    expect(matchLocale('ar-EG')).toBe('ar')
    expect(matchLocale('en-GB')).toBe('en')
    for (const tag of ['fr', 'de-DE', 'pt-BR', '', 'x', 'english']) expect(matchLocale(tag), tag).toBeUndefined()
  })

  it('the pseudo-locale only from the option, formatted as English', () => {
    expect(pickLocale('en-XA')).toEqual({ locale: 'en-XA', formatTag: 'en', lang: 'en-XA', dir: 'ltr' })
    expect(pickLocale('EN-xa')).toMatchObject({ locale: 'en-XA' })
    // A browser reporting it is not asking for test markers.
    expect(pickLocale(undefined, ['en-XA', 'ja'])).toMatchObject({ locale: 'ja' })
  })

  it('a malformed tag of a known language formats in the catalogue language and never throws', () => {
    expect(pickLocale('es-@@')).toMatchObject({ locale: 'es', formatTag: 'es' })
    expect(pickLocale('zh_CN')).toMatchObject({ locale: 'zh', formatTag: 'zh-CN' })
    expect(pickLocale(undefined, [42 as unknown as string, 'ar'])).toMatchObject({ locale: 'ar' })
  })
})
