import { build } from 'esbuild'
const r = await build({ entryPoints: { worker: 'src/worker/entry.ts' }, bundle: true, format: 'esm', splitting: true, outdir: '/tmp/metaout', chunkNames: 'worker-[hash]', metafile: true, minify: true, platform: 'browser', target: 'es2022', write: false, logLevel: 'error', define: { 'window.WebSocket': 'globalThis.WebSocket' } })
const out = r.metafile.outputs
const [wk, w] = Object.entries(out).find(([k]) => k.endsWith('/worker.js'))
const ripeChunk = Object.entries(out).find(([k, v]) => Object.keys(v.inputs).some((i) => i.includes('ripemd160')))
console.log('worker.js bytes', w.bytes, 'static imports', w.imports.filter(i => i.kind === 'import-statement').map(i => i.path.split('/').pop()))
console.log('ripemd chunk', ripeChunk?.[0].split('/').pop(), Object.keys(ripeChunk?.[1].inputs ?? {}))
