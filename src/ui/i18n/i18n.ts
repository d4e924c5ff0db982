/**
 * The views' messages: a Lingui instance per locale over catalogues the
 * build compiled (scripts/compile-catalogue.mjs; no message is parsed at run time). English is
 * bundled with the views, the fallback for any message; every other catalogue is a chunk of its own,
 * fetched only when its locale is picked (`loadTranslator`), before the views' first render, so
 * they never show English first. Views read the active translator with `useT()`.
 */
import { setupI18n, type Messages } from '@lingui/core'
import { createContext, useContext } from 'react'
import { messages as english } from './catalogues/en.json?compiled'
import { formatsFor, type Formats } from './format.js'
import { knownMessage } from './known.js'
import { FALLBACK_LOCALE, pickLocale, type Locale, type LocaleChoice } from './locale.js'
import type { MessageId } from './messages.js'

export type { MessageId } from './messages.js'

/** Each locale's catalogue but English's, as its own chunk. */
const CATALOGUES: Record<Exclude<Locale, typeof FALLBACK_LOCALE>, () => Promise<{ messages: Messages }>> = {
  es: () => import('./catalogues/es.json?compiled'),
  zh: () => import('./catalogues/zh.json?compiled'),
  ja: () => import('./catalogues/ja.json?compiled'),
  ar: () => import('./catalogues/ar.json?compiled'),
  'en-XA': () => import('./catalogues/en.json?pseudo'),
}

/** What the views translate and format with: the locale choice, its messages and its formatters. */
export interface Translator extends LocaleChoice {
  /**
   * The message `id` in this locale, with `values` in its placeholders ('Switch to {network}' →
   * `t('networks.switchTo', { network: 'Localnet' })`); the English message where this locale has none.
   */
  t(id: MessageId, values?: Record<string, unknown>): string
  /**
   * An English text from the engine (an error string of docs/behaviour.md §8, a send rule's message,
   * a name a view model makes; known.ts lists them) in this locale; any other text (a wallet's own
   * error message) as it is.
   */
  known(text: string): string
  /** Numbers, amounts, dollars and dates in this locale (format.ts). */
  format: Formats
}

/** The translator of `choice` over `messages` (compiled; English fills in any message they lack). */
export function createTranslator(choice: LocaleChoice, messages: Messages = {}): Translator {
  const i18n = setupI18n({ locale: choice.locale, locales: [choice.formatTag], messages: { [choice.locale]: { ...english, ...messages } } })
  const t = (id: MessageId, values?: Record<string, unknown>) => i18n._(id, values)
  return {
    ...choice,
    t,
    known(text) {
      const m = knownMessage(text)
      return m ? t(m.id, m.values) : text
    },
    format: formatsFor(choice.formatTag),
  }
}

/** English: the views' language when nothing else is picked, and while no provider gives one. */
export const englishTranslator: Translator = createTranslator(pickLocale(FALLBACK_LOCALE))

/**
 * The translator of `choice`, its catalogue loaded (English at once; any other fetched as its
 * chunk). Never rejects: a catalogue that cannot load leaves English, with a console warning.
 */
export async function loadTranslator(choice: LocaleChoice): Promise<Translator> {
  if (choice.locale === FALLBACK_LOCALE) return createTranslator(choice)
  try {
    return createTranslator(choice, (await CATALOGUES[choice.locale]()).messages)
  } catch (error) {
    console.warn(`[gangway] the ${choice.locale} messages did not load; the views speak English`, error)
    return createTranslator(pickLocale(FALLBACK_LOCALE))
  }
}

/** The translator the views below it use (app.tsx provides the one of the picked locale). */
export const I18nContext = createContext<Translator>(englishTranslator)

/** The active translator: `const { t, known, format } = useT()`. */
export function useT(): Translator {
  return useContext(I18nContext)
}
