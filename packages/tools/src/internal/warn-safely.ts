// One helper for the whole family: core's (`@toolpipe/core/internal`).
export { warnSafely } from '@toolpipe/core/internal'
