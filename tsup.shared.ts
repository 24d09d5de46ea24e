import { defineConfig } from 'tsup'

/** The one build every public package shares: ESM and bundled `.d.ts` for Node 20.19+. */
export const sharedTsupConfig = defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'node20',
  dts: true,
  clean: true,
})
