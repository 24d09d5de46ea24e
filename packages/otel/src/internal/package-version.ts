// Replaced by the package's version when it is built (tsup.config.ts) and tested
// (vitest.config.ts): read at build time, so nothing reads package.json at run time.
declare const __TOOLPIPE_OTEL_VERSION__: string

/** This package's version, the version of its tracer and meter (SPEC §22). */
export const packageVersion: string = __TOOLPIPE_OTEL_VERSION__
