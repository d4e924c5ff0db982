import { describe, expect, it } from 'vitest'
import { documentLink, imageUrl, navigationFor, pageOrigin, providerPageUrl, serviceOrigin, storedImageUrl, walletLink } from './urls.js'
import { walletDeepLink } from '../../projections/rules/wallet-rules.js'

const SERVICE = 'http://127.0.0.1:5175'

describe('the URL validator', () => {
  it.each([
    ['metamask://', 'metamask://'],
    ['trust:', 'trust:'],
    ['localnetwc://', 'localnetwc://'],
    ['trust', 'trust://'],
    ['https://metamask.app.link', 'https://metamask.app.link/'],
    ['HTTPS://Wallet.Example/app', 'https://wallet.example/app'],
  ])('accepts the wallet link %s', (input, normalised) => {
    expect(walletLink(input)).toBe(normalised)
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'java\tscript:alert(1)',
    'javascript:window.__pwned=1;alert(document.domain)%0A//x',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'blob:http://127.0.0.2/0b2c',
    'file:///etc/passwd',
    'about:blank',
    'filesystem:http://x/temporary/a',
    'view-source:https://example.com',
    'intent://evil.example/#Intent;scheme=https;end',
    'INTENT://evil.example/#Intent;scheme=https;end',
    'http://attacker.example/',
    'HTTP://attacker.example/',
    'HtTp://attacker.example/',
    'ws://attacker.example/',
    'wss://attacker.example/',
    'ftp://attacker.example/',
    'no scheme at all',
    '',
    `https://x.example/${'a'.repeat(2100)}`,
    42,
    null,
    undefined,
    { toString: () => 'https://x.example/' },
  ])('refuses the wallet link %j', (input) => {
    expect(walletLink(input)).toBeUndefined()
    expect(navigationFor(input)).toBeUndefined()
  })

  it.each([
    ['rainbow://', 'rainbow://'],
    ['phantom://', 'phantom://'],
    ['zerion://', 'zerion://'],
    ['cbwallet://', 'cbwallet://'],
    ['imtokenv2://', 'imtokenv2://'],
    ['ledgerlive://', 'ledgerlive://'],
    ['harborpay-desktop://', 'harborpay-desktop://'],
    ['wallet.app+v2://', 'wallet.app+v2://'],
    ['MetaMask://wc?uri=x', 'metamask://wc?uri=x'],
    ['rainbow', 'rainbow://'],
    ['telegram://', 'telegram://'],
    ['edge://', 'edge://'],
  ])('accepts the wallet app scheme %s (allow-list)', (input, normalised) => {
    expect(walletLink(input)).toBe(normalised)
    expect(navigationFor(input)).toEqual({ href: normalised, target: 'same-tab' })
  })

  it.each([
    // Windows handlers: search-ms can show a remote share as a local folder, ms-msdt ran code (Follina).
    'search-ms:query=invoice&crumb=location:\\\\attacker.example\\share',
    'search-ms://query=x',
    'search-ms',
    'SEARCH-MS:query=x',
    'search:query=x',
    'ms-settings:',
    'ms-settings:display',
    'ms-settings://',
    'ms-settings',
    'MS-Settings:privacy',
    'ms-msdt:/id PCWDiagnostic',
    'ms-officecmd:{}',
    'ms-appinstaller:?source=https://attacker.example/a.appinstaller',
    'shell:startup',
    'shell://startup',
    // Handing a web page to another browser.
    'googlechromes://attacker.example/steal',
    'googlechrome://attacker.example/steal',
    'GoogleChromes://attacker.example/',
    'firefox://open-url?url=https://attacker.example',
    'microsoft-edge:https://attacker.example',
    'microsoft-edge-https://attacker.example',
    'opera-https://attacker.example',
    'x-safari-https://attacker.example',
    'brave://open-url?url=https://attacker.example',
    'chrome://settings',
    'chrome-extension://abcdef/page.html',
    'web+wallet://attacker.example',
    // Apple, Android and Linux system handlers.
    'itms-services://?action=download-manifest&url=https://attacker.example/m.plist',
    'itms-apps://apps.apple.com/app/id1',
    'facetime://+15550100',
    'facetime-audio://+15550100',
    'x-apple-reminderkit://REMCDReminder/1',
    'shortcuts://run-shortcut?name=x',
    'app-settings:',
    'android-app://com.attacker/https/attacker.example',
    'apt:sl',
    // Telephony and mail.
    'tel:+15550100',
    'tel://+15550100',
    'sms:+15550100',
    'mailto:a@attacker.example',
    // Files and shares.
    'smb://attacker.example/share',
    'file://attacker.example/share',
    // A wallet scheme in the opaque form, or with one slash: OS handlers are written so, wallet links are not.
    'metamask:wc?uri=x',
    'trust:/wc',
    // Not a scheme a wallet app can register.
    'wallet_app://',
    '1inch://',
  ])('refuses the OS or browser handler %j', (input) => {
    expect(walletLink(input)).toBeUndefined()
    expect(navigationFor(input)).toBeUndefined()
  })

  it('opens custom schemes in the tab and https in a new one', () => {
    expect(navigationFor('metamask://wc?uri=x')).toEqual({ href: 'metamask://wc?uri=x', target: 'same-tab' })
    expect(navigationFor('https://w.example/wc?uri=x')).toEqual({ href: 'https://w.example/wc?uri=x', target: 'new-tab' })
  })

  it('builds deep links only from accepted links', () => {
    expect(walletDeepLink('javascript:alert(1)%0A//x', 'wc:abc@2?symKey=00')).toBeUndefined()
    expect(walletDeepLink('HTTP://attacker.example', 'wc:abc@2?symKey=00')).toBeUndefined()
    expect(walletDeepLink('data:text/html,x', 'wc:abc')).toBeUndefined()
    expect(walletDeepLink('blob:http://127.0.0.2/x', 'wc:abc')).toBeUndefined()
    expect(walletDeepLink('HTTPS://W.example/app/', 'wc:x')).toBe('https://w.example/app/wc?uri=wc%3Ax')
    expect(walletDeepLink('trust', 'wc:x')).toBe('trust://wc?uri=wc%3Ax')
    expect(walletDeepLink('javascript', 'wc:x')).toBeUndefined()
  })

  it.each([
    ['https://cdn.example/w.png', 'https://cdn.example/w.png'],
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['data:image/svg+xml,<svg/>', 'data:image/svg+xml,<svg/>'],
    [`${SERVICE}/getWalletImage/abc?projectId=p`, `${SERVICE}/getWalletImage/abc?projectId=p`],
  ])('accepts the image %s', (input, normalised) => {
    expect(imageUrl(input, [SERVICE])).toBe(normalised)
  })

  it.each([
    'http://127.0.0.2:9/pixel.gif',
    'http://192.168.1.1/router.png',
    'http://127.0.0.1:5176/other-port.png',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:,plain',
    'blob:http://127.0.0.1:5175/x',
    'file:///etc/passwd',
    'ftp://x.example/w.png',
    `data:image/png;base64,${'A'.repeat(100_001)}`,
    '',
    7,
  ])('refuses the image %j', (input) => {
    expect(imageUrl(input, [SERVICE])).toBeUndefined()
  })

  it('reads image paths of the host options against its origin, which must be allowed', () => {
    expect(imageUrl('/icons/eth.svg', ['https://shop.example'], 'https://shop.example')).toBe('https://shop.example/icons/eth.svg')
    expect(imageUrl('/icons/eth.svg', [], 'http://localhost:3000')).toBeUndefined()
    expect(imageUrl('/icons/eth.svg', ['http://localhost:3000'], 'http://localhost:3000')).toBe('http://localhost:3000/icons/eth.svg')
    expect(imageUrl('//127.0.0.2/pixel.gif', ['http://localhost:3000'], 'http://localhost:3000')).toBeUndefined()
    expect(imageUrl('icons/eth.svg', ['http://localhost:3000'], 'http://localhost:3000')).toBeUndefined()
  })

  it('keeps http images in stored events for the view to judge, nothing else', () => {
    expect(storedImageUrl('http://127.0.0.2:9/pixel.gif')).toBe('http://127.0.0.2:9/pixel.gif')
    expect(storedImageUrl('javascript:alert(1)')).toBeUndefined()
    expect(storedImageUrl('data:text/html,x')).toBeUndefined()
  })

  it("takes the site's document links (terms, privacy) as http or https, paths against the page", () => {
    expect(documentLink('https://shop.example/terms')).toBe('https://shop.example/terms')
    expect(documentLink('http://127.0.0.1:5173/privacy')).toBe('http://127.0.0.1:5173/privacy')
    expect(documentLink('/terms', 'https://shop.example')).toBe('https://shop.example/terms')
    expect(documentLink('/terms')).toBeUndefined()
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'blob:https://shop.example/1', 'file:///etc/passwd', 'metamask://', 'terms.html', '', 42, `https://a.example/${'x'.repeat(2048)}`]) {
      expect(documentLink(bad, 'https://shop.example')).toBeUndefined()
    }
  })

  it("refuses a document path that leaves the page's origin, and a base that is no URL, without throwing", () => {
    // A protocol-relative path names another host; the parser also reads '\' as '/' and drops tabs and newlines.
    for (const bad of ['//other.host/x', '//shop.example/terms', '/\\other.host/x', '\\\\other.host/x', '/\t/other.host/x', ' //other.host/x', './/other.host/x']) {
      expect(documentLink(bad, 'https://shop.example')).toBeUndefined()
    }
    // 'null' is the origin of file: pages and sandboxed iframes: nothing to read a path against.
    for (const base of ['null', '', 'not a url']) expect(documentLink('/terms', base)).toBeUndefined()
    expect(imageUrl('/icons/eth.svg', ['https://shop.example'], 'null')).toBeUndefined()
    expect(documentLink('https://shop.example/terms', 'null')).toBe('https://shop.example/terms')
    expect(documentLink('../privacy.html', 'https://shop.example')).toBe('https://shop.example/privacy.html')
    expect(documentLink('./legal/terms', 'http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173/legal/terms')
  })

  it('takes the origin of a service base URL', () => {
    expect(serviceOrigin('http://127.0.0.1:5175/hostile/x')).toBe(SERVICE)
    expect(serviceOrigin('https://api.example/v1')).toBe('https://api.example')
    expect(serviceOrigin('javascript:alert(1)')).toBeUndefined()
    expect(serviceOrigin(undefined)).toBeUndefined()
  })
})

describe('the remembered answers of documentLink and imageUrl', () => {
  it('answer as a first check does, for each origin list and base the same string is asked with', () => {
    const icon = 'http://127.0.0.1:8545/icon.png'
    for (let round = 0; round < 2; round++) {
      expect(imageUrl(icon, ['http://127.0.0.1:8545'])).toBe(icon)
      expect(imageUrl(icon, [])).toBeUndefined()
      expect(imageUrl(icon, ['http://127.0.0.1:9'])).toBeUndefined()
      expect(imageUrl('/icons/eth.svg', ['http://127.0.0.1:5175'], 'http://127.0.0.1:5175')).toBe('http://127.0.0.1:5175/icons/eth.svg')
      expect(imageUrl('/icons/eth.svg', ['http://127.0.0.1:5175'], 'http://127.0.0.1:5176')).toBeUndefined()
      expect(imageUrl('/icons/eth.svg', ['http://127.0.0.1:5175'])).toBeUndefined()
      expect(documentLink('/terms', 'https://site.example')).toBe('https://site.example/terms')
      expect(documentLink('/terms', 'https://other.example')).toBe('https://other.example/terms')
      expect(documentLink('/terms')).toBeUndefined()
      expect(documentLink({ toString: () => 'https://site.example/' })).toBeUndefined()
    }
  })

  it('still refuse a string asked many times over once more strings than they keep came between', () => {
    expect(imageUrl('javascript:alert(1)', [])).toBeUndefined()
    for (let i = 0; i < 2000; i++) imageUrl(`https://cdn.example/${i}.png`, [])
    expect(imageUrl('javascript:alert(1)', [])).toBeUndefined()
    expect(imageUrl('https://cdn.example/1999.png', [])).toBe('https://cdn.example/1999.png')
  })
})

describe('the on-ramp provider page', () => {
  it('is https, or http on the site’s on-ramp origin only; never another scheme', () => {
    const local = pageOrigin('http://127.0.0.1:9/provider')
    expect(local).toEqual(['http://127.0.0.1:9'])
    expect(providerPageUrl('https://meldcrypto.com/?walletAddress=0xabc', [])).toBe('https://meldcrypto.com/?walletAddress=0xabc')
    expect(providerPageUrl('http://127.0.0.1:9/provider?x=1', local)).toBe('http://127.0.0.1:9/provider?x=1')
    for (const refused of ['http://127.0.0.1:10/provider', 'http://evil.example/provider', 'javascript:alert(1)', 'data:text/html,x', 'metamask://x', 42]) expect(providerPageUrl(refused, local)).toBeUndefined()
    expect(pageOrigin('javascript:alert(1)')).toEqual([])
  })
})
