/** What counts as a mobile device for the docs/behaviour.md §2 Opening rule and deep links: a coarse pointer (touch). */
export const isMobileDevice = (): boolean => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches
