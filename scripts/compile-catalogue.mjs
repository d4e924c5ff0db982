// Compiles the views' message catalogues (src/ui/i18n/catalogues/{locale}.json: id → ICU
// MessageFormat string) into Lingui's compiled form, at build time, so the shipped code carries no
// message parser (no @lingui/message-utils in dist/) and never compiles a string at run time.
// The one compile function of the esbuild plugin (esbuild.config.mjs) and the vite plugin the
// tests run on (vitest.config.ts): `import('./catalogues/es.json?compiled')` yields `{ messages }`,
// and `import('./catalogues/en.json?pseudo')` the English catalogue pseudo-localised (en-XA).
import { readFileSync, readdirSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'

/** The import suffixes the plugins answer: a compiled catalogue, or the pseudo-locale made from one. */
export const CATALOGUE_IMPORT = /^(.*\.json)\?(compiled|pseudo|shell)$/

// Accented look-alikes of the ASCII letters, so pseudo-localised text stays readable.
const ACCENTED = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]]),
)

/** Text with its ASCII letters accented ('Send' → 'Šéñð'); everything else kept. */
export function accent(text) {
  return text.replace(/[A-Za-z]/g, (c) => ACCENTED[c])
}

/** The pseudo-locale's markers around each message: a text carrying them came from a catalogue. */
export const PSEUDO_OPEN = '⟦'
export const PSEUDO_CLOSE = '⟧'

/**
 * One ICU MessageFormat string compiled (Lingui's CompiledMessage: an array of strings and
 * `[name, type?, format?]` tokens). With `pseudo`, its text is accented and the whole wrapped in
 * ⟦…⟧; placeholders, plural arguments and their selectors stay as they are.
 * @throws Error "Catalogue {name}: message {id} does not compile: {reason}" on a malformed message.
 */
export function compileOne(message, { id = '?', name = '?', pseudo = false } = {}) {
  if (typeof message !== 'string') throw new Error(`Catalogue ${name}: message ${id} is not a string`)
  let compiled
  try {
    compiled = compileMessageOrThrow(message, pseudo ? accent : undefined)
  } catch (error) {
    throw new Error(`Catalogue ${name}: message ${id} does not compile: ${error instanceof Error ? error.message : String(error)}`)
  }
  return pseudo ? [PSEUDO_OPEN, ...compiled, PSEUDO_CLOSE] : compiled
}

/**
 * A catalogue (id → ICU MessageFormat string, as parsed from its JSON) compiled, id by id.
 * `name` names it in errors (the file's path).
 * @throws Error 'Catalogue {name} must be a JSON object of messages' when it is not one, and compileOne's errors.
 */
export function compileCatalogue(source, { name = '?', pseudo = false } = {}) {
  if (!source || typeof source !== 'object' || Array.isArray(source)) throw new Error(`Catalogue ${name} must be a JSON object of messages`)
  return Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileOne(message, { id, name, pseudo })]))
}

/**
 * The ES module a catalogue import compiles to, by `kind` (the import's suffix): 'compiled',
 * `export const messages = {…}` (a plain object literal: nothing is evaluated from a string at run
 * time); 'pseudo', the same of the pseudo-locale made from the file; 'shell', the loader's messages
 * from every catalogue of the file's folder (shellModule). `file` is the catalogue's absolute path.
 * @throws compileCatalogue's or shellModule's errors, and JSON.parse's on a file that is not JSON.
 */
export function catalogueModule(file, { kind = 'compiled' } = {}) {
  if (kind === 'shell') return shellModule(dirname(file))
  const messages = compileCatalogue(JSON.parse(readFileSync(file, 'utf8')), { name: file, pseudo: kind === 'pseudo' })
  return `export const messages = ${JSON.stringify(messages)}\n`
}

/**
 * The messages the loader paints before the views load (the `<gangway-button>` label and the
 * shell's title and close button), in the order the loader reads them.
 */
export const SHELL_MESSAGES = ['header.connect', 'button.connecting', 'header.close']

/**
 * The files `import('./catalogues/en.json?shell')` is made from: every catalogue of the folder.
 * The plugins watch them.
 */
export function catalogueFiles(dir) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f))
}

/**
 * The ES module of the loader's few messages, from every catalogue in `dir` (plus the pseudo-locale
 * made from English): `export const shell = { en: ['Connect Wallet', 'Connecting…', 'Close'], es: […], …, 'en-XA': […] }`,
 * SHELL_MESSAGES in order, as plain text (the loader carries no message runtime).
 * @throws Error "Catalogue {name}: shell message {id} must be plain text" when one has placeholders
 *   or a character HTML reads as markup (< > & quotes), and compileOne's errors (a missing one).
 */
export function shellModule(dir) {
  const table = {}
  for (const file of catalogueFiles(dir)) {
    const source = JSON.parse(readFileSync(file, 'utf8'))
    const locale = basename(file, '.json')
    const plain = (pseudo) =>
      SHELL_MESSAGES.map((id) => {
        const compiled = [compileOne(source[id], { id, name: file, pseudo })].flat()
        // The shell writes them into its HTML: plain text only, no character HTML reads as markup.
        if (compiled.some((part) => typeof part !== 'string' || /[<>&"'`]/.test(part))) throw new Error(`Catalogue ${file}: shell message ${id} must be plain text`)
        return compiled.join('')
      })
    table[locale] = plain(false)
    if (locale === 'en') table['en-XA'] = plain(true)
  }
  return `export const shell = ${JSON.stringify(table)}\n`
}
