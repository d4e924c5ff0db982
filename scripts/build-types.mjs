// Writes dist/<entry>.d.ts for each export of the package (issue 22): one declaration file per entry,
// bundled by rollup-plugin-dts from the sources, so a TypeScript site gets the real types of
// createModal, the hooks, the options and the SIWX server helper. `gangway/react` imports the
// loader's types from `./loader.js` (dist/loader.d.ts), as its code imports the loader.
// `node scripts/build-types.mjs` (npm run build runs it after esbuild).
import { rollup } from 'rollup'
import { dts } from 'rollup-plugin-dts'

/** Each export's source, by its file name in dist/. */
export const TYPED_ENTRIES = {
  loader: 'src/ui/loader.ts',
  react: 'src/react/index.tsx',
  'siwx-server': 'src/siwx-server/index.ts',
  'siwx-server-redis': 'src/siwx-server/redis-store.ts',
  wagmi: 'src/wagmi/index.ts',
  'auth-reown': 'src/auth-reown/index.ts',
}

const siblings = {
  name: 'siblings',
  resolveId: (id) => (id === '#loader' ? { id: './loader.js', external: true } : null),
}

await Promise.all(
  Object.entries(TYPED_ENTRIES).map(async ([name, input]) => {
    const bundle = await rollup({ input, plugins: [siblings, dts({ tsconfig: 'tsconfig.json', compilerOptions: { noEmit: false, types: [], stripInternal: true } })] })
    await bundle.write({ file: `dist/${name}.d.ts`, format: 'es' })
    await bundle.close()
  }),
)
