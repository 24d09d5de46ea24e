/** What toolpipe packages warn through: a registry's logger, `console`, or the caller's own. */
export interface WarnLogger {
  warn(message: string, ...details: unknown[]): void
}

/**
 * Tells `logger.warn`, and swallows whatever that throws: what goes to the logger is what must not
 * reach a caller, and a broken logger must not make it reach one (or become an unhandled
 * rejection) either.
 */
export function warnSafely(logger: WarnLogger, message: string, ...details: unknown[]): void {
  try {
    logger.warn(message, ...details)
  } catch {
    // Nowhere left to report it.
  }
}
