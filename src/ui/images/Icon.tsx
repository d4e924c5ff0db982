/**
 * The views' one image component: every row, tile and big icon shows its image through
 * it. An image URL is preloaded (at once, or when scrolled near for `lazy` lists) with the 2 s
 * timeout of docs/behaviour.md §9; until it loads, a placeholder box of the image's size shows;
 * once loaded the <img> shows, and from then on at once (the page session's cache, image-cache.ts);
 * on an error, the timeout, or no URL at all, a generated icon shows: the name's initials as text on
 * a tone picked by a hash of the name. Images are decorative (`alt=""`, generated icons
 * `aria-hidden`): the row's visible name is its label. An image of the wallet/config service
 * (Client `corsImageOrigins`) loads in CORS mode (`crossorigin="anonymous"`), as the hosted service's
 * own client fetches its images (docs/services.md): the request carries the page's Origin. Nothing here writes markup or inline styles
 * from strings, so a strict CSP (`style-src 'self'`, `img-src` the service origins) holds.
 *
 * Sizes and shapes come from the surrounding CSS (views/styles.ts: `.gw-row`, `.gw-tile`,
 * `.gw-asset`, `.gw-nft`), or from `size="big"` (72 px) and `shape="circle"`.
 * DOM hooks: `data-icon` is `image`, `loading` or `generated`.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import { useClient } from '../client-context.js'
import { generatedIcon, images, type ImageStatus } from './image-cache.js'

export interface IconProps {
  /** The image's URL (already checked by the engine's URL validator); none: the generated icon. */
  src?: string | undefined
  /** What the image stands for (a wallet's, network's or token's name): the generated icon's initials and tone. */
  name: string
  /** `big`: the 72 px icon of the Connecting views; default: the size the surrounding CSS gives. */
  size?: 'big'
  /** `circle`: round; default: the shape the surrounding CSS gives (rounded squares, round tokens). */
  shape?: 'circle'
  /** Preload only when within 200 px of the viewport (long lists: All Wallets, NFTs, Activity). */
  lazy?: boolean
}

const noSubscription = () => () => undefined
const classOf = ({ size, shape }: Pick<IconProps, 'size' | 'shape'>) => `gw-img${size === 'big' ? ' gw-big-icon' : ''}${shape === 'circle' ? ' gw-round' : ''}`

/** An image with its placeholder and its generated fallback, as the module comment says. */
export function Icon({ src, name, size, shape, lazy = false }: IconProps) {
  const subscribe = useCallback((onChange: () => void) => (src ? images.subscribe(src, onChange) : noSubscription()), [src])
  const status: ImageStatus = useSyncExternalStore(subscribe, () => (src ? images.status(src) : 'failed'), () => 'idle' as const)
  const box = useRef<HTMLSpanElement>(null)
  const { corsImageOrigins } = useClient()
  const cors = !!src && corsImageOrigins.includes(originOf(src))
  useEffect(() => {
    if (!src || status !== 'idle') return
    const el = box.current
    if (!lazy || !el || typeof IntersectionObserver === 'undefined') return images.preload(src, cors)
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        observer.disconnect()
        images.preload(src, cors)
      },
      { rootMargin: '200px' },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [src, status, lazy, cors])
  const className = classOf({ size, shape })
  if (status === 'loaded') return <img className={className} src={src} alt="" decoding="async" data-icon="image" {...(cors ? { crossOrigin: 'anonymous' as const } : {})} />
  if (status === 'failed') return <GeneratedIcon name={name} size={size} shape={shape} />
  return <span ref={box} className={className} data-icon="loading" aria-hidden="true" />
}

/** The origin of an image URL (already validated), '' for one that does not parse. */
function originOf(src: string): string {
  try {
    return new URL(src).origin
  } catch {
    return ''
  }
}

/** The generated icon of `name` (image-cache.ts `generatedIcon`): its initials as text on its tone. */
export function GeneratedIcon({ name, size, shape }: Pick<IconProps, 'name' | 'size' | 'shape'>) {
  const { initials, tone } = generatedIcon(name)
  return (
    <span className={`${classOf({ size, shape })} gw-gen gw-gen-${tone}`} data-icon="generated" aria-hidden="true">
      {initials}
    </span>
  )
}
