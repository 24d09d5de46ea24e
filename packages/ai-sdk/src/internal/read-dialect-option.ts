import { describeValue } from '@toolpipe/core/internal'
import { dialects, isDialect } from '@toolpipe/schema'
import type { Dialect } from '@toolpipe/schema'
import { AiSdkBridgeError } from '../ai-sdk-bridge-error.js'

/** The `dialect` option: a known dialect, `json-schema` when left out. */
export function readDialectOption(dialect: unknown, what: string): Dialect {
  if (dialect === undefined) return 'json-schema'
  if (isDialect(dialect)) return dialect
  throw new AiSdkBridgeError(
    `${what}: dialect must be one of ${dialects.map((name) => JSON.stringify(name)).join(', ')}, got ${describeValue(dialect)}`,
    'INVALID_OPTIONS',
  )
}
