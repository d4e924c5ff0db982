/** A QR code as SVG (uqr encodes; the modules become one path, so no markup string is ever injected). */
import { useMemo } from 'react'
import { encode } from 'uqr'

/** The QR code of `value`, `size` px square, named `label` (translated by the caller) for assistive technology. */
export function QrCode({ value, label, size = 240 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 })
    let d = ''
    qr.data.forEach((row, y) => row.forEach((on, x) => on && (d += `M${x} ${y}h1v1h-1z`)))
    return { path: d, modules: qr.size }
  }, [value])
  return (
    <svg width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges" role="img" aria-label={label}>
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#18181b" />
    </svg>
  )
}
