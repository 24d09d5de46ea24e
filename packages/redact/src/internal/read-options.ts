import { describeValue, readPluginOptions } from '@toolpipe/core/internal'
import type { PluginOptionsReader } from '@toolpipe/core/internal'
import { SecretBlockedError } from '../secret-blocked-error.js'
import type { SecretAction, SecretRule } from '../secret-rule.js'
import { customScanner, recommendedScanners } from './recommended-rules.js'
import type { Scanner } from './recommended-rules.js'
import { supplementaryRules } from '../supplementary-rules.js'

/** What `redactSecrets()` goes by, read once. */
export interface RedactConfig {
  readonly scanners: readonly Scanner[]
  readonly action: SecretAction
  readonly allow: ReadonlySet<string>
  readonly logger: { warn(message: string, ...details: unknown[]): void } | undefined
}

/**
 * Reads `redactSecrets()`'s options through the shared reader (STYLE habit 18): a bad one is
 * refused with {@link SecretBlockedError} (`INVALID_OPTIONS`) naming it.
 */
export function readOptions(options: unknown): RedactConfig {
  const reader: PluginOptionsReader = readPluginOptions(
    'redactSecrets',
    options,
    (message) => new SecretBlockedError(message, 'INVALID_OPTIONS'),
  )
  const logger = reader.value('logger')
  if (logger !== undefined && !hasWarn(logger)) {
    reader.fail('logger', `must have a warn function, got ${describeValue(logger)}`)
  }
  return {
    scanners: readRules(reader),
    action: reader.oneOf('action', ['redact', 'mask', 'block']) ?? 'redact',
    allow: new Set(readStrings(reader, 'allow')),
    logger: logger as RedactConfig['logger'],
  }
}

function readRules(reader: PluginOptionsReader): Scanner[] {
  const given = reader.value('rules') ?? ['recommended']
  if (!Array.isArray(given)) reader.fail('rules', `must be an array, got ${describeValue(given)}`)
  const scanners: Scanner[] = []
  const ids = new Set<string>()
  ;(given as readonly unknown[]).forEach((rule, index) => {
    if (rule === 'recommended') {
      scanners.push(...recommendedScanners(), ...supplementaryRules.map(customScanner))
      return
    }
    const fail = (member: string, message: string): never =>
      reader.fail(`rules[${String(index)}]${member}`, message)
    if (typeof rule !== 'object' || rule === null) {
      fail('', `must be "recommended" or a rule { id, pattern }, got ${describeValue(rule)}`)
    }
    const { id, pattern, keywords } = rule as Partial<Record<keyof SecretRule, unknown>>
    if (typeof id !== 'string' || id === '')
      fail('.id', `must be a non-empty string, got ${describeValue(id)}`)
    if (ids.has(id as string)) fail('.id', `repeats the id ${describeValue(id)}`)
    ids.add(id as string)
    if (!(pattern instanceof RegExp))
      fail('.pattern', `must be a RegExp, got ${describeValue(pattern)}`)
    if (
      keywords !== undefined &&
      (!Array.isArray(keywords) ||
        keywords.some((keyword) => typeof keyword !== 'string' || keyword === ''))
    ) {
      fail('.keywords', `must be an array of non-empty strings, got ${describeValue(keywords)}`)
    }
    scanners.push(
      customScanner({
        id: id as string,
        pattern: pattern as RegExp,
        keywords: keywords as string[] | undefined,
      }),
    )
  })
  return scanners
}

function readStrings(reader: PluginOptionsReader, name: string): string[] {
  const given = reader.value(name) ?? []
  if (!Array.isArray(given) || given.some((value) => typeof value !== 'string' || value === '')) {
    reader.fail(name, `must be an array of non-empty strings, got ${describeValue(given)}`)
  }
  return given as string[]
}

function hasWarn(value: unknown): boolean {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false
  try {
    return typeof (value as { warn?: unknown }).warn === 'function'
  } catch {
    return false
  }
}
