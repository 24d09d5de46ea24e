/** Where a settings-file watch reports a file that does not parse or cannot be watched. */
export interface SettingsFileLogger {
  warn(message: string, ...details: unknown[]): void
}
