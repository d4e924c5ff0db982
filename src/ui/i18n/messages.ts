/** The catalogues' message ids: the English catalogue's keys (every catalogue has the same ones, catalogues.test.ts). */
import type english from './catalogues/en.json'

/** A message of the catalogues ('header.connect', 'error.decimals', …). */
export type MessageId = keyof typeof english
