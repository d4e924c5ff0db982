/** Address display: the short form and the avatar colours (docs/behaviour.md §9). Pure, and free of viem so the loader can use it. */

/** `0x1234…abcd`: the first 6 and last 4 characters of an address. */
export function shortenAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`
}

/**
 * Avatar colours (docs/behaviour.md §9: derived from the first 6 hex digits of the address): the base colour
 * `#rrggbb` from those digits and a lighter tint for the gradient's rim.
 */
export function avatarColors(address: string): { base: string; tint: string } {
  const hex = address.replace(/^0x/i, '').slice(0, 6).toLowerCase().padEnd(6, '0')
  const base = /^[0-9a-f]{6}$/.test(hex) ? hex : '888888'
  const tint = [0, 2, 4]
    .map((i) => Math.round(parseInt(base.slice(i, i + 2), 16) * 0.5 + 255 * 0.5).toString(16).padStart(2, '0'))
    .join('')
  return { base: `#${base}`, tint: `#${tint}` }
}
