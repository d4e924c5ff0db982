/** adoptCss: an adopted sheet where the browser has them, else a `<style>` carrying the host's nonce. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adoptCss } from './adopt-css.js'

afterEach(() => vi.unstubAllGlobals())

describe('adoptCss', () => {
  it('adds a constructable sheet after the root has, and no element', () => {
    class Sheet {
      css = ''
      replaceSync(css: string) {
        this.css = css
      }
    }
    vi.stubGlobal('CSSStyleSheet', Sheet)
    const append = vi.fn()
    const root = { adoptedStyleSheets: [] as Sheet[], host: {}, append } as unknown as ShadowRoot
    adoptCss(root, 'a{}')
    adoptCss(root, 'b{}')
    expect((root.adoptedStyleSheets as unknown as Sheet[]).map((s) => s.css)).toEqual(['a{}', 'b{}'])
    expect(append).not.toHaveBeenCalled()
  })

  it("without adopted sheets, appends a <style> with the host's nonce", () => {
    const made: { nonce?: string; textContent?: string }[] = []
    vi.stubGlobal('document', { createElement: (tag: string) => (made.push({}), expect(tag).toBe('style'), made.at(-1)) })
    const appended: unknown[] = []
    const root = { host: { nonce: 'n0nce' }, append: (el: unknown) => appended.push(el) } as unknown as ShadowRoot
    adoptCss(root, 'a{}')
    expect(appended).toEqual([{ nonce: 'n0nce', textContent: 'a{}' }])
  })
})
