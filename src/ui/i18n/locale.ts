/**
 * Which locale the modal's views speak (docs/api.md, Localisation): the host's `locale` option (a
 * BCP 47 tag) wins, else the browser's preferred languages (`navigator.languages`, in order), else
 * English. Tags match by language only: `es-MX` → es, `zh-CN`, `zh-Hans`, `zh-TW` → zh (Simplified
 * Chinese is the one Chinese catalogue), `ar-EG` → ar. `en-XA` is the pseudo-locale (English with
 * every message marked and accented, generated at build time) that makes a hard-coded string stand
 * out in tests. No DOM here (the browser's languages are read by `browserLanguages`).
 */

/** The locales with a catalogue (src/ui/i18n/catalogues/{locale}.json). */
export const CATALOGUE_LOCALES = ['en', 'es', 'zh', 'ja', 'ar'] as const

/** The pseudo-locale: the English catalogue, each message wrapped in ⟦…⟧ with accented letters. */
export const PSEUDO_LOCALE = 'en-XA'

/** A locale the views can speak. */
export type Locale = (typeof CATALOGUE_LOCALES)[number] | typeof PSEUDO_LOCALE

/** The locale the views fall back to, whose catalogue is always loaded. */
export const FALLBACK_LOCALE = 'en' satisfies Locale

/** What the views use of a locale choice. */
export interface LocaleChoice {
  /** The catalogue: 'en', 'es', 'zh', 'ja', 'ar' or the pseudo-locale 'en-XA'. */
  locale: Locale
  /**
   * The tag numbers, dates and plurals are formatted for (Intl): the tag that was matched when it
   * is well formed (`es-MX` formats 1,5 as `1.5`), else the catalogue's language; English for the pseudo-locale.
   */
  formatTag: string
  /** The modal root's `lang`: the catalogue's language (`zh-Hans` for the Simplified Chinese catalogue; `en-XA` for the pseudo-locale). */
  lang: string
  /** The modal root's `dir`: 'rtl' for Arabic, else 'ltr'. */
  dir: 'ltr' | 'rtl'
}

const LANG: Record<Locale, string> = { en: 'en', es: 'es', zh: 'zh-Hans', ja: 'ja', ar: 'ar', 'en-XA': 'en-XA' }

/** A tag's catalogue locale, or undefined when Gangway has none for its language (`fr-FR`, '', `x`). Case-insensitive; `_` counts as `-`. */
export function matchLocale(tag: string): Locale | undefined {
  const t = tag.trim().replace(/_/g, '-').toLowerCase()
  if (t === PSEUDO_LOCALE.toLowerCase()) return PSEUDO_LOCALE
  const language = t.split('-')[0]
  return (CATALOGUE_LOCALES as readonly string[]).includes(language ?? '') ? (language as Locale) : undefined
}

/** Whether `tag` is a BCP 47 tag Intl accepts (a malformed one would throw in every formatter). */
function wellFormed(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1
  } catch {
    return false
  }
}

/** The choice for a catalogue locale matched from `tag` (its formatting tag from `tag` when well formed). */
function choiceFor(locale: Locale, tag: string): LocaleChoice {
  const cleaned = tag.trim().replace(/_/g, '-')
  const formatTag = locale === PSEUDO_LOCALE ? 'en' : wellFormed(cleaned) ? cleaned : locale
  return { locale, formatTag, lang: LANG[locale], dir: locale === 'ar' ? 'rtl' : 'ltr' }
}

/**
 * The views' locale: `option` (the host's `locale`) when given, matched by language, English when
 * Gangway has no catalogue for it; without the option, the first of `languages` (the browser's, in
 * order of preference) Gangway has a catalogue for; else English. Never throws: a malformed tag is
 * matched by its language subtag and formatted in the catalogue's language.
 */
export function pickLocale(option: string | undefined, languages: readonly string[] = []): LocaleChoice {
  if (typeof option === 'string' && option.trim()) {
    const locale = matchLocale(option)
    return locale ? choiceFor(locale, option) : choiceFor(FALLBACK_LOCALE, FALLBACK_LOCALE)
  }
  for (const tag of languages) {
    const locale = typeof tag === 'string' ? matchLocale(tag) : undefined
    // The browser never reports the pseudo-locale on purpose; only the option turns it on.
    if (locale && locale !== PSEUDO_LOCALE) return choiceFor(locale, tag)
  }
  return choiceFor(FALLBACK_LOCALE, FALLBACK_LOCALE)
}

/** The browser's preferred languages, or none where there is no navigator (a server, a test in Node). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator !== 'object' || !navigator) return []
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : []
}
