/**
 * SVG images the blockchain service emulator serves: token icons, the seeded collections' token
 * art and identity avatars, each drawn from its name so every run looks the same. Inputs are
 * escaped: they come from URLs. Demo and test tooling only.
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
