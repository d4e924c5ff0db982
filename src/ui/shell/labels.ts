/**
 * The loader's few messages (the `<gangway-button>` label, the shell's title and close button) in
 * the visitor's locale, from the first frame, before any catalogue loads: the build copies them out
 * of every catalogue (`en.json?shell`, scripts/compile-catalogue.mjs). The locale is picked as the
 * views pick theirs (i18n/locale.ts pickLocale), by language only, which is all the loader needs; a
 * test checks the two agree.
 */
import { shell } from '../i18n/catalogues/en.json?shell'

/** 'Connect Wallet', 'Connecting…' and 'Close', in one locale. */
export type ShellLabels = (typeof shell)[string]

/** A tag's key in the table: its language ('es-MX' → es), or 'en-XA' for the pseudo-locale. */
const key = (tag: string) => {
  const t = tag.trim().toLowerCase()
  return /^en[-_]xa$/.test(t) ? 'en-XA' : t.split(/[-_]/)[0]!
}

/**
 * The labels for the host's `locale` option when given (English when Gangway has no catalogue for
 * it), else for the first of `languages` (the browser's) it has one for, else English. The
 * pseudo-locale comes only from the option. Never throws.
 */
export function shellLabels(option: unknown, languages: readonly string[]): ShellLabels {
  const tags = typeof option == 'string' && option.trim() ? [option] : languages.filter((t) => key(t) != 'en-XA')
  return shell[tags.map(key).find((k) => Object.hasOwn(shell, k)) ?? 'en']!
}
