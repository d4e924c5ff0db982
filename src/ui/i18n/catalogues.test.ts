// The catalogues against English: the same ids, real translations, the same placeholders and plural
// arguments, plural selectors the locale has; every catalogue compiles with the build's compile
// function (scripts/compile-catalogue.mjs), and so does the pseudo-locale made from English.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CompiledMessage } from '@lingui/message-utils/compileMessage'
import { describe, expect, it } from 'vitest'
import { compileCatalogue, compileOne, PSEUDO_CLOSE, PSEUDO_OPEN } from '../../../scripts/compile-catalogue.mjs'
import { CATALOGUE_LOCALES } from './locale.js'

const DIR = join(import.meta.dirname, 'catalogues')
const read = (locale: string): Record<string, string> => JSON.parse(readFileSync(join(DIR, `${locale}.json`), 'utf8'))

/** Texts a translation may keep as in English: brand names and what a language writes the same. */
const SAME_AS_ENGLISH = new Set(['WalletConnect', 'Farcaster', 'Tokens'])

/** Whether a message has letters outside its placeholders (one of only placeholders and signs, like '1 {from} ≈ {rate} {to}', reads the same in every language). */
const hasWords = (message: string) => /\p{L}/u.test(message.replace(/\{[^{}]*\}/g, ''))

/** A message's arguments as `name` or `name:type` ('decimals:plural'), sorted, nested ones included; and each plural's selectors. */
function argumentsOf(compiled: CompiledMessage): { args: string[]; selectors: string[][] } {
  const args = new Set<string>()
  const selectors: string[][] = []
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue
      const [name, type, format] = token
      args.add(type ? `${name}:${type}` : name)
      if ((type === 'plural' || type === 'selectordinal' || type === 'select') && format && typeof format === 'object') {
        const cases = Object.entries(format as Record<string, unknown>).filter(([key]) => key !== 'offset')
        if (type !== 'select') selectors.push(cases.map(([key]) => key))
        for (const [, sub] of cases) walk(sub as CompiledMessage)
      }
    }
  }
  walk(compiled)
  return { args: [...args].sort(), selectors }
}

/** What is wrong with catalogue `source` of `locale` against the English one; [] when nothing is. */
function catalogueProblems(locale: string, english: Record<string, string>, source: Record<string, string>): string[] {
  const problems: string[] = []
  for (const id of Object.keys(english)) if (!(id in source)) problems.push(`${locale}: ${id} is missing`)
  for (const id of Object.keys(source)) if (!(id in english)) problems.push(`${locale}: ${id} is not in English`)
  const categories = new Set<string>(new Intl.PluralRules(locale).resolvedOptions().pluralCategories)
  for (const [id, message] of Object.entries(source)) {
    const en = english[id]
    if (en === undefined) continue
    if (message === en && !SAME_AS_ENGLISH.has(message) && hasWords(message)) problems.push(`${locale}: ${id} is the English text`)
    let compiled: CompiledMessage
    try {
      compiled = compileOne(message, { id, name: locale })
    } catch (error) {
      problems.push(String((error as Error).message))
      continue
    }
    const theirs = argumentsOf(compiled)
    const ours = argumentsOf(compileOne(en, { id, name: 'en' }))
    if (theirs.args.join() !== ours.args.join()) problems.push(`${locale}: ${id} has the arguments ${theirs.args.join(', ') || 'none'}, English ${ours.args.join(', ') || 'none'}`)
    for (const keys of theirs.selectors) {
      if (!keys.includes('other')) problems.push(`${locale}: ${id} has a plural without 'other'`)
      for (const key of keys) if (!/^\d+$/.test(key) && !categories.has(key)) problems.push(`${locale}: ${id} has the plural selector '${key}', which ${locale} does not use`)
    }
  }
  return problems
}

const english = read('en')

describe('the catalogues', () => {
  it('are the locales Gangway offers, one file each', () => {
    expect(readdirSync(DIR).sort()).toEqual(CATALOGUE_LOCALES.map((l) => `${l}.json`).sort())
  })

  it('each compiles with the build compile function', () => {
    for (const locale of CATALOGUE_LOCALES) {
      const compiled = compileCatalogue(read(locale), { name: locale })
      expect(Object.keys(compiled), locale).toEqual(Object.keys(read(locale)))
    }
  })

  for (const locale of CATALOGUE_LOCALES.filter((l) => l !== 'en')) {
    it(`${locale}: the English ids, translated, with English's placeholders and plural arguments`, () => {
      expect(catalogueProblems(locale, english, read(locale))).toEqual([])
    })
  }

  it('English itself: plural selectors English has', () => {
    expect(catalogueProblems('en', english, english).filter((p) => !p.includes('is the English text'))).toEqual([])
  })

  it('the pseudo-locale marks and accents every English message and keeps its arguments', () => {
    const pseudo = compileCatalogue(english, { name: 'en-XA', pseudo: true })
    const plain = compileCatalogue(english, { name: 'en' })
    expect(Object.keys(pseudo)).toEqual(Object.keys(english))
    for (const [id, compiled] of Object.entries(pseudo)) {
      expect(compiled[0], id).toBe(PSEUDO_OPEN)
      expect(compiled.at(-1), id).toBe(PSEUDO_CLOSE)
      expect(argumentsOf(compiled).args, id).toEqual(argumentsOf(plain[id]!).args)
      // No ASCII letter is left in its text (the arguments' names are not text).
      const text = compiled.filter((t): t is string => typeof t === 'string').join('')
      expect(text, id).not.toMatch(/[A-Za-z]/)
    }
    expect(pseudo['networks.switchTo']).toEqual([PSEUDO_OPEN, 'Šŵîţçĥ ţö ', ['network'], PSEUDO_CLOSE])
  })
})

describe('the catalogue check', () => {
  const en = { a: 'Send', b: 'Switch to {network}', c: '{n, plural, one {# decimal} other {# decimals}}', d: 'WalletConnect' }

  it('passes a good translation, brand names left as they are', () => {
    expect(catalogueProblems('es', en, { a: 'Enviar', b: 'Cambiar a {network}', c: '{n, plural, one {# decimal} other {# decimales}}', d: 'WalletConnect' })).toEqual([])
  })

  it('fails on a missing id and on an id English does not have', () => {
    expect(catalogueProblems('es', en, { a: 'Enviar', b: 'Cambiar a {network}', d: 'WalletConnect', e: 'Extra' })).toEqual(['es: c is missing', 'es: e is not in English'])
  })

  it('fails on a message left in English outside the allow-list', () => {
    expect(catalogueProblems('es', en, { ...en, b: 'Cambiar a {network}', c: '{n, plural, one {# decimal} other {# decimales}}' })).toEqual(['es: a is the English text'])
  })

  it('fails on other placeholders, a plain argument for a plural, and a missing or foreign plural selector', () => {
    expect(catalogueProblems('es', en, { a: 'Enviar', b: 'Cambiar a {red}', c: '{n} decimales', d: 'WalletConnect' })).toEqual([
      'es: b has the arguments red, English network',
      'es: c has the arguments n, English n:plural',
    ])
    expect(catalogueProblems('ja', en, { a: '送金', b: '{network} に切り替え', c: '{n, plural, one {#} two {#}}', d: 'WalletConnect' })).toEqual([
      "ja: c has a plural without 'other'",
      "ja: c has the plural selector 'one', which ja does not use",
      "ja: c has the plural selector 'two', which ja does not use",
    ])
  })

  it('fails on a message that does not compile', () => {
    expect(catalogueProblems('es', en, { a: 'Enviar {x', b: 'Cambiar a {network}', c: '{n, plural, other {#}}', d: 'WalletConnect' })).toEqual([
      expect.stringMatching(/^Catalogue es: message a does not compile: /),
    ])
    expect(() => compileCatalogue({ a: 'Send {x' }, { name: 'x.json' })).toThrow(/^Catalogue x\.json: message a does not compile/)
    expect(() => compileCatalogue(['Send'], { name: 'x.json' })).toThrow('Catalogue x.json must be a JSON object of messages')
    expect(() => compileCatalogue({ a: 1 }, { name: 'x.json' })).toThrow('Catalogue x.json: message a is not a string')
  })
})
