/**
 * SVG images the service emulators serve: token icons, the seeded collections' token art and
 * identity avatars (blockchain service), network and currency icons (the wallet/config service's
 * image paths, which serve token icons too), each drawn from its name so every run looks the same.
 * Inputs are escaped: they come from URLs. Demo and test tooling only.
 */
import { createHash } from 'node:crypto'

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const hue = (s: string, salt = '') => parseInt(createHash('sha256').update(s + salt).digest('hex').slice(0, 4), 16) % 360

/** A round icon with the symbol's first letters. */
export function tokenIcon(symbol: string): string {
  const h = hue(symbol)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="hsl(${h} 60% 45%)"/><text x="32" y="40" font-size="20" text-anchor="middle" fill="#fff" font-family="sans-serif">${escape(symbol.slice(0, 4))}</text></svg>`
}

/** A collection token's art: a sea at a colour of its own, a sun and the token id. */
export function collectionArt(symbol: string, id: number): string {
  const h = hue(symbol, String(id))
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="hsl(${h} 70% 80%)"/><circle cx="${30 + (id % 5) * 15}" cy="38" r="16" fill="hsl(${(h + 40) % 360} 90% 60%)"/><path d="M0 78 Q30 64 60 78 T120 78 V120 H0Z" fill="hsl(${(h + 180) % 360} 55% 40%)"/><text x="8" y="112" font-size="14" fill="#fff" font-family="sans-serif">${escape(symbol)} #${id}</text></svg>`
}

/** An avatar: two overlapping circles on a colour from the name. */
export function avatarArt(name: string): string {
  const h = hue(name)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="hsl(${h} 50% 35%)"/><circle cx="26" cy="28" r="14" fill="hsl(${(h + 60) % 360} 80% 70%)"/><circle cx="40" cy="38" r="12" fill="hsl(${(h + 200) % 360} 80% 65%)" opacity="0.8"/></svg>`
}

/** A network's icon: a rounded square at a colour of its own with a mark, an EVM diamond or Solana's three bars. */
export function networkIcon(name: string, kind: 'evm' | 'solana'): string {
  const h = hue(name)
  const mark =
    kind === 'evm'
      ? `<path d="M32 10 L46 33 L32 41 L18 33Z" fill="#fff"/><path d="M32 44 L46 36 L32 55 L18 36Z" fill="#fff" opacity="0.75"/>`
      : `<path d="M20 18 H48 L44 24 H16Z M16 29 H44 L48 35 H20Z M20 40 H48 L44 46 H16Z" fill="#fff"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="hsl(${h} 55% 42%)"/>${mark}</svg>`
}

/** A fiat currency's icon: a round coin with its sign ('$' for USD) or its code. */
export function currencyIcon(code: string): string {
  const sign = ({ USD: '$', EUR: '€', GBP: '£' } as Record<string, string>)[code] ?? code.slice(0, 3)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#15803d"/><circle cx="32" cy="32" r="25" fill="none" stroke="#fff" stroke-width="2" opacity="0.6"/><text x="32" y="42" font-size="${sign.length > 1 ? 18 : 28}" text-anchor="middle" fill="#fff" font-family="sans-serif">${escape(sign)}</text></svg>`
}
