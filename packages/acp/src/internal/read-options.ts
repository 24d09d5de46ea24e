import { describeValue } from '@toolpipe/core/internal'
import { AcpBridgeError } from '../acp-bridge-error.js'
import type { AcpBridgeErrorCode } from '../acp-bridge-error.js'
import { sessionPaths } from './session-paths.js'
import type { SessionPaths } from './session-paths.js'

/**
 * Reads the fields of an integrator's context or options object, each exactly once, and throws an
 * {@link AcpBridgeError} naming the first field that cannot be used: `where` says whose (such as
 * `toAcpToolCall: context`), `code` which error.
 */
export class OptionsReader {
  readonly #source: object
  readonly #where: string
  readonly #code: AcpBridgeErrorCode

  constructor(source: unknown, where: string, code: AcpBridgeErrorCode) {
    if (typeof source !== 'object' || source === null) {
      throw new AcpBridgeError(`${where} must be an object, got ${describeValue(source)}`, code)
    }
    this.#source = source
    this.#where = where
    this.#code = code
  }

  /** The raw value of `key`; a throwing getter becomes the reader's error. */
  read(key: string): unknown {
    try {
      return (this.#source as Record<string, unknown>)[key]
    } catch (error) {
      throw new AcpBridgeError(`${this.#where}.${key} could not be read`, this.#code, {
        cause: error,
      })
    }
  }

  string(key: string): string {
    const value = this.read(key)
    if (typeof value !== 'string') this.fail(key, 'must be a string', value)
    return value
  }

  /** An object with a `method` function (read once, through a getter or Proxy too). */
  withMethod(key: string, method: string): unknown {
    const value = this.read(key)
    let found: unknown
    try {
      found =
        typeof value === 'object' && value !== null
          ? (value as Record<string, unknown>)[method]
          : undefined
    } catch (error) {
      throw new AcpBridgeError(`${this.#where}.${key}.${method} could not be read`, this.#code, {
        cause: error,
      })
    }
    if (typeof found !== 'function') this.fail(key, `must have a ${method} method`, value)
    return value
  }

  optionalString(key: string): string | undefined {
    const value = this.read(key)
    if (value !== undefined && typeof value !== 'string') this.fail(key, 'must be a string', value)
    return value
  }

  boolean(key: string): boolean | undefined {
    const value = this.read(key)
    if (value !== undefined && typeof value !== 'boolean')
      this.fail(key, 'must be a boolean', value)
    return value
  }

  /** The session cwd: a string that is an absolute POSIX or fully qualified Windows path. */
  paths(key: string): SessionPaths {
    const value = this.string(key)
    const paths = sessionPaths(value)
    if (paths === undefined) this.fail(key, 'must be an absolute path', value)
    return paths
  }

  fail(key: string, rule: string, value: unknown): never {
    throw new AcpBridgeError(
      `${this.#where}.${key} ${rule}, got ${describeValue(value)}`,
      this.#code,
    )
  }
}
