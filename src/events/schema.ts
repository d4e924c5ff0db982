/**
 * Typed checks for untrusted event payloads (docs/behaviour.md §5, docs/security.md): each schema is
 * a predicate on an unknown value that also carries, for TypeScript only, the type it accepts. The
 * event catalogue (events/catalogue/) declares every payload with these, and the event union,
 * entry validation and stored-event validation are derived from it.
 *
 * A check may throw a GangwayError with a more precise message than the generic refusal (a
 * malformed CAIP-2 id is 'Invalid CAIP-2 network id'): entry validation passes it on, stored-event
 * validation records it as the refusal's reason.
 */

/**
 * A check that `v` is a `T`. `T` exists only for TypeScript (the `Infer` of a payload).
 * @example
 * const amount: Schema<string> = text(80, 0)
 * amount('1.5') // true
 */
export interface Schema<T> {
  (v: unknown): boolean
  /** The accepted type; never set at run time. */
  readonly type?: T
  /** Set on `optional(...)`: the key may be absent from its object. */
  readonly optional?: true
}

/**
 * The type a schema accepts.
 * @example
 * type Amount = Infer<typeof amount> // string
 */
export type Infer<S> = S extends Schema<infer T> ? T : never

/** The fields of an object schema: each key's schema. */
export type Shape = Record<string, Schema<unknown>>

type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends { optional: true } ? K : never }[keyof S]
/** The object a shape accepts: `optional(...)` keys may be absent. */
export type ObjectOf<S extends Shape> = { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> } extends infer O
  ? { [K in keyof O]: O[K] }
  : never

/**
 * A schema from a predicate, typed `T`.
 * @example
 * const even = check<number>((v) => Number.isSafeInteger(v) && (v as number) % 2 === 0)
 */
export const check = <T>(test: (v: unknown) => boolean): Schema<T> => test as Schema<T>

/**
 * A string of `min` to `max` characters (by default non-empty, at most 256).
 * @example
 * text(64)('Alice') // true
 */
export const text = (max = 256, min = 1): Schema<string> => check((v) => typeof v === 'string' && v.length >= min && v.length <= max)

/**
 * A string matching `pattern` (anchor it: the whole string must match).
 * @example
 * matching(/^0x[0-9a-f]+$/)('0x1f') // true
 */
export const matching = (pattern: RegExp): Schema<string> => check((v) => typeof v === 'string' && pattern.test(v))

/**
 * One of the given strings.
 * @example
 * oneOf(['from', 'to'])('to') // true
 */
export const oneOf = <const V extends readonly string[]>(values: V): Schema<V[number]> => check((v) => (values as readonly unknown[]).includes(v))

/**
 * True or false.
 * @example
 * bool(false) // true
 */
export const bool: Schema<boolean> = check((v) => typeof v === 'boolean')

/**
 * A safe integer from `min` (0 by default) to `max`.
 * @example
 * whole(36)(18) // true
 */
export const whole = (max = Number.MAX_SAFE_INTEGER, min = 0): Schema<number> => check((v) => Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max)

/**
 * The key may be absent (or undefined); when present it passes `schema`.
 * @example
 * object({ code: optional(whole()) })({}) // true
 */
export const optional = <T>(schema: Schema<T>): Schema<T> & { optional: true } =>
  Object.assign(check<T>((v) => v === undefined || schema(v)), { optional: true as const })

/**
 * An array of `min` (0 by default) to `max` items, each passing `item`.
 * @example
 * list(text(64), 100)(['eip155:1']) // true
 */
export const list = <T>(item: Schema<T>, max: number, min = 0): Schema<T[]> => check((v) => Array.isArray(v) && v.length >= min && v.length <= max && v.every((x) => item(x)))

/**
 * A plain object (not an array) whose fields pass their schemas, in the shape's order (the first
 * check that throws decides the message). Other keys are allowed unless `exact`.
 * @example
 * object({ id: text(64) }, true)({ id: 'usd' }) // true
 */
export const object = <S extends Shape>(shape: S, exact = false): Schema<ObjectOf<S>> & { keys: string[] } => {
  const keys = Object.keys(shape)
  const test = (v: unknown): boolean => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return false
    const o = v as Record<string, unknown>
    if (exact && Object.keys(o).some((k) => !keys.includes(k))) return false
    return keys.every((k) => shape[k]!(o[k]))
  }
  return Object.assign(check<ObjectOf<S>>(test), { keys })
}

/**
 * An object with no fields at all.
 * @example
 * nothing({}) // true
 */
export const nothing: Schema<Record<string, never>> = object({}, true)

/**
 * Both pass: `base` gives the type (and an object's declared keys, which an intent keeps), `also`
 * a further rule across its fields.
 * @example
 * both(text(80), (v) => !String(v).startsWith('-'))
 */
export const both = <T, B extends Schema<T>>(base: B & Schema<T>, also: (v: T) => boolean): B =>
  Object.assign(check<T>((v) => base(v) && also(v as T)), 'keys' in base ? { keys: base.keys } : {}) as unknown as B

/**
 * Any one of the schemas passes (a payload that is one of several shapes).
 * @example
 * anyOf(object({ valueWei: text() }), object({ valueLamports: text() }))
 */
export const anyOf = <S extends Schema<unknown>[]>(...schemas: S): Schema<Infer<S[number]>> => check((v) => schemas.some((s) => s(v)))

/**
 * Exactly `value` (a number, boolean or null; for strings use `oneOf`).
 * @example
 * object({ rdns: anyOf(text(), exactly(null)) })
 */
export const exactly = <const V extends number | boolean | null>(value: V): Schema<V> => check((v) => v === value)
