// Compiles the views' message catalogues (src/ui/i18n/catalogues/{locale}.json: id → ICU
// MessageFormat string) into Lingui's compiled form, at build time, so the shipped code carries no
// message parser (no @lingui/message-utils in dist/) and never compiles a string at run time.
// The one compile function of the esbuild plugin (esbuild.config.mjs) and the vite plugin the
// tests run on (vitest.config.ts): `import('./catalogues/es.json?compiled')` yields `{ messages }`,
// and `import('./catalogues/en.json?pseudo')` the English catalogue pseudo-localised (en-XA).
import { readFileSync } from 'node:fs'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'

/** The import suffixes the plugins answer: a compiled catalogue, or the pseudo-locale made from one. */
export const CATALOGUE_IMPORT = /^(.*\.json)\?(compiled|pseudo)$/

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
 * The ES module a catalogue file compiles to: `export const messages = {…}` (a plain object literal:
 * nothing is evaluated from a string at run time). `file` is the catalogue's absolute path.
 * @throws compileCatalogue's errors, and JSON.parse's on a file that is not JSON.
 */
export function catalogueModule(file, { pseudo = false } = {}) {
  const messages = compileCatalogue(JSON.parse(readFileSync(file, 'utf8')), { name: file, pseudo })
  return `export const messages = ${JSON.stringify(messages)}\n`
}
