// Types of compile-catalogue.mjs (the build's catalogue compiler), for vitest.config.ts and the tests.
import type { CompiledMessage } from '@lingui/message-utils/compileMessage'

export declare const CATALOGUE_IMPORT: RegExp
export declare const PSEUDO_OPEN: string
export declare const PSEUDO_CLOSE: string
export declare function accent(text: string): string
export declare function compileOne(message: unknown, options?: { id?: string; name?: string; pseudo?: boolean }): CompiledMessage
export declare function compileCatalogue(source: unknown, options?: { name?: string; pseudo?: boolean }): Record<string, CompiledMessage>
export declare function catalogueModule(file: string, options?: { kind?: 'compiled' | 'pseudo' | 'shell' }): string
export declare const SHELL_MESSAGES: readonly string[]
export declare function catalogueFiles(dir: string): string[]
export declare function shellModule(dir: string): string
