import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { bootScriptSrc, deferPageScripts } from '../../server/http/script-priority'

const VIKE_HTML =
  '<head><link rel="stylesheet" type="text/css" href="/assets/static/site.css">' +
  '</head><body><div id="root"><h1>Hail Damage?</h1></div>' +
  '<script id="vike_pageContext" type="application/json">{}</script>' +
  '<script src="/assets/entries/entry-client-routing.AbC123.js" type="module" async></script>' +
  '<link rel="modulepreload" href="/assets/entries/client_pages_index.X1.js" as="script" type="text/javascript">' +
  '<link rel="modulepreload" href="/assets/chunks/chunk-Y2.js" as="script" type="text/javascript"></body>'

describe('deferPageScripts', () => {
  it('without a boot script, asks for the entry and its modules at low priority', () => {
    const html = deferPageScripts(VIKE_HTML)
    expect(html).toContain(
      '<script src="/assets/entries/entry-client-routing.AbC123.js" type="module" async fetchpriority="low">',
    )
    expect(html.match(/<link rel="modulepreload" fetchpriority="low" /g)).toHaveLength(2)
  })

  it('with a boot script, hands it the entry and the modules and leaves no other script tag', () => {
    const html = deferPageScripts(VIKE_HTML, '/boot.js?v=0123456789')
    expect(html).toContain(
      '<script src="/boot.js?v=0123456789" type="module" async fetchpriority="low" ' +
        'data-entry="/assets/entries/entry-client-routing.AbC123.js" ' +
        'data-preload="/assets/entries/client_pages_index.X1.js /assets/chunks/chunk-Y2.js"></script>',
    )
    expect(html).not.toContain('modulepreload')
    expect(html.match(/<script src=/g)).toHaveLength(1)
    // The rest of the page is untouched.
    expect(html).toContain('<div id="root"><h1>Hail Damage?</h1></div>')
    expect(html).toContain('<script id="vike_pageContext" type="application/json">{}</script>')
  })

  it('leaves a page without Vike’s entry (the development server) as it was', () => {
    const dev = '<script type="module" src="/@vite/client"></script>'
    expect(deferPageScripts(dev, '/boot.js?v=0123456789')).toBe(dev)
  })
})

describe('bootScriptSrc', () => {
  let dir: string | undefined
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('versions the URL by the file’s content, and is undefined without the file', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'boot-'))
    expect(bootScriptSrc(dir)).toBeUndefined()
    writeFileSync(path.join(dir, 'boot.js'), 'console.log(1)\n')
    const first = bootScriptSrc(dir)
    expect(first).toMatch(/^\/boot\.js\?v=[0-9a-f]{10}$/)
    writeFileSync(path.join(dir, 'boot.js'), 'console.log(2)\n')
    expect(bootScriptSrc(dir)).not.toBe(first)
  })
})
