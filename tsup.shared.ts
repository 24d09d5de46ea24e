import { defineConfig } from 'tsup'
import type { Options } from 'tsup'

/**
 * The one JavaScript build every public package shares: ESM for Node 20.19+, with a source map
 * into `src/` (shipped in the tarball). Declarations and their maps come from `tsc -p
 * tsconfig.build.json`, which keeps one `.d.ts` per source file so that "go to definition" in a
 * consumer's editor lands in the shipped TypeScript source.
 */
export const sharedTsupOptions: Options = {
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'node20',
  dts: false,
  sourcemap: true,
  clean: true,
}

/** The shared build as a tsup config, for packages with the one entry `src/index.ts`. */
export const sharedTsupConfig = defineConfig(sharedTsupOptions)
