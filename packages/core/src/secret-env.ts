/**
 * Environment variable names that mark a secret (SPEC §25), as data: a name matches when it
 * matches one of these patterns, regardless of case. Child processes the toolpipe packages start
 * with `scrubEnv: true` (hooks, sandboxed commands) get the environment without them.
 */
export const secretEnvNamePatterns: readonly RegExp[] = Object.freeze([
  /(?:^|_)TOKENS?(?:$|_)/i,
  /(?:^|_)(?:API_?)?KEYS?$/i,
  /SECRET/i,
  /PASSWORD|PASSWD|PASSPHRASE/i,
  /CREDENTIAL/i,
  /(?:^|_)PAT$/i,
  /(?:^|_)AUTH$/i,
  /^AUTHORIZATION$/i,
  /COOKIE/i,
  /^AWS_/i,
  /^AZURE_CLIENT_/i,
  /^GOOGLE_APPLICATION_CREDENTIALS$/i,
  /^DATABASE_URL$/i,
  /(?:^|_)DSN$/i,
  /^PGPASSFILE$/i,
  /^SSH_AUTH_SOCK$/i,
])

/**
 * Whether the environment variable `name` marks a secret ({@link secretEnvNamePatterns}).
 *
 * @example
 * isSecretEnvName('GITHUB_TOKEN') // true
 * isSecretEnvName('PATH') // false
 */
export function isSecretEnvName(name: string): boolean {
  return secretEnvNamePatterns.some((pattern) => pattern.test(name))
}

/**
 * A copy of `env` without the variables whose names mark a secret; `undefined` values dropped.
 *
 * @example
 * scrubSecretEnv({ PATH: '/usr/bin', OPENAI_API_KEY: 'sk-…' }) // { PATH: '/usr/bin' }
 */
export function scrubSecretEnv(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && !isSecretEnvName(name)) kept[name] = value
  }
  return kept
}
