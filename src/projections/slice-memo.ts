/**
 * Selectors remembered on what they read: the fold (state.ts `reduce`) keeps every slice an event
 * leaves alone as the same object, so a selector given a state whose slices it read are all the
 * ones it read before returns what it returned before, without running. Pure.
 */

/**
 * `select`, remembering its last answer with the state's top-level keys it read (`s.modal`,
 * `'send' in s`), tracked through a Proxy on the state: given a state in which each of those keys
 * holds the same value (`Object.is`) as in the state it last ran on, it returns that answer
 * unchanged (the same object); otherwise it runs. A run that lists the state's keys
 * (`Object.keys(s)`, a spread) or throws remembers nothing, so the next call runs. `select` must be
 * pure, reading the state only through its argument (docs/architecture.md, projections).
 * @example
 * const network = rememberedOnSlices((s: State) => ({ id: s.networks.activeId }))
 * network(a) === network({ ...a, lastSeq: a.lastSeq + 1 }) // true: `networks` is the same object
 */
export function rememberedOnSlices<S extends object, V>(select: (s: S) => V): (s: S) => V {
  let last: { state: S; keys: PropertyKey[]; value: V } | undefined
  return (s) => {
    if (last && (last.state === s || last.keys.every((k) => Object.is((last!.state as Record<PropertyKey, unknown>)[k], (s as Record<PropertyKey, unknown>)[k])))) {
      last.state = s
      return last.value
    }
    last = undefined
    const keys = new Set<PropertyKey>()
    let listed = false
    const tracked = new Proxy(s, {
      get: (target, key, receiver) => (keys.add(key), Reflect.get(target, key, receiver)),
      has: (target, key) => (keys.add(key), Reflect.has(target, key)),
      getOwnPropertyDescriptor: (target, key) => (keys.add(key), Reflect.getOwnPropertyDescriptor(target, key)),
      ownKeys: (target) => ((listed = true), Reflect.ownKeys(target)),
    })
    const value = select(tracked)
    if (!listed) last = { state: s, keys: [...keys], value }
    return value
  }
}
