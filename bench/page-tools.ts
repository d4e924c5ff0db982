/** What the browser benches share: a script bundled for the page, and a wait on the page bounded in time. */
import { build } from 'esbuild'

/** `entry` (a file under bench/browser/) bundled as an IIFE for Chromium, to add as an init script or evaluate. */
export const browserBundle = (entry: string): Promise<string> =>
  build({ entryPoints: [entry], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', write: false, logLevel: 'warning' }).then((out) => out.outputFiles[0]!.text)

/**
 * `promise`, or a rejection with Error(`message`) when it has not settled `ms` after the call (ms).
 * @throws Error `message` after `ms`.
 */
export async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}
