/**
 * A rule of your own (SPEC §25): every match of `pattern` is a secret, with or without the `g`
 * flag. With `keywords`, a text is searched only when it holds one of them (case-insensitive): a
 * cheap test that keeps an expensive pattern off text it cannot match.
 *
 * @example
 * const internalToken: SecretRule = { id: 'acme-token', pattern: /acme_[a-z0-9]{32}/, keywords: ['acme_'] }
 */
export interface SecretRule {
  readonly id: string
  readonly pattern: RegExp
  readonly keywords?: readonly string[] | undefined
}

/** Where a secret is: its rule, its offsets into the text (`end` exclusive), its 1-based line. */
export interface SecretFinding {
  readonly ruleId: string
  readonly start: number
  readonly end: number
  readonly line: number
}

/** What a finding does to the result (SPEC §25). */
export type SecretAction = 'redact' | 'mask' | 'block'
