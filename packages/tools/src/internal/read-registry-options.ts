import {
  describeThrown,
  describeValue,
  readOptionMember,
  readPluginOptions,
} from '@toolpipe/core/internal'
import type { PluginOptionsReader } from '@toolpipe/core/internal'
import type { ApprovalService } from '../approval.js'
import { ToolRegistryError } from '../tool-registry-error.js'
import type { ToolRegistryLogger } from '../tool-registry-options.js'

/** `createToolRegistry`'s options, each member read once. */
export interface RegistrySettings {
  /** The logger given (the same object, for `registry.logger`), or `console`. */
  readonly logger: ToolRegistryLogger
  readonly approval: ApprovalService | undefined
  /** A fresh copy of an array given, else the value as given: `readDialects` checks it. */
  readonly dialects: unknown
  /** A fresh copy of an array given, else the value as given: `readContentTypes` checks it. */
  readonly contentTypes: unknown
}

/**
 * Reads `createToolRegistry(options)` once, through the family's one reader: options that are not
 * an object, a member a getter or Proxy trap keeps from being read, a `logger` without a `warn`
 * function and an `approval` without a `request` function are refused now with
 * `ToolRegistryError` (`INVALID_OPTIONS`) naming the option, rather than failing a later call. The
 * `dialects` and `contentTypes` lists are copied here, each entry read once, and checked by their
 * own readers (`INVALID_DIALECT`, `INVALID_CONTENT_TYPES`).
 */
export function readRegistryOptions(options: unknown): RegistrySettings {
  const read = readPluginOptions('createToolRegistry', options, refusal)
  const logger = readService(read, 'logger', 'warn') as ToolRegistryLogger | undefined
  return {
    logger: logger ?? console,
    approval: readService(read, 'approval', 'request') as ApprovalService | undefined,
    dialects: readList(read, 'dialects'),
    contentTypes: readList(read, 'contentTypes'),
  }
}

function refusal(message: string, cause?: unknown): ToolRegistryError {
  return new ToolRegistryError(
    message,
    'INVALID_OPTIONS',
    cause === undefined ? undefined : { cause },
  )
}

/**
 * The member `name`: `undefined`, or an object (of any class: `console`, a service instance)
 * whose `method` is a function. The service itself is kept, so its method is called on it.
 */
function readService(read: PluginOptionsReader, name: string, method: string): object | undefined {
  const service = read.value(name)
  if (service === undefined) return undefined
  if ((typeof service !== 'object' && typeof service !== 'function') || service === null) {
    return read.fail(name, `must have a ${method} function, got ${describeValue(service)}`)
  }
  const member = readOptionMember(service, method, (message, cause) => {
    throw refusal(`createToolRegistry: ${name}.${method} ${message}`, cause)
  })
  if (typeof member !== 'function') {
    return read.fail(`${name}.${method}`, `must be a function, got ${describeValue(member)}`)
  }
  return service
}

/** More entries than five dialects or any set of added block kinds could need. */
const mostListEntries = 1_000

/**
 * The member `name`: an array is copied, its length and each entry read once (so a Proxy cannot
 * show the check one list and the registry another), and refused past {@link mostListEntries}
 * (a sparse `new Array(2 ** 32 - 1)` is not a list to walk); anything else is returned as given.
 */
function readList(read: PluginOptionsReader, name: string): unknown {
  const value = read.value(name)
  if (value === undefined) return undefined
  let length: number
  const copy: unknown[] = []
  try {
    if (!Array.isArray(value)) return value
    const list = value as readonly unknown[]
    length = list.length
    if (length <= mostListEntries) {
      for (let index = 0; index < length; index++) copy.push(list[index])
    }
  } catch (error) {
    throw refusal(`createToolRegistry: ${name} could not be read: ${describeThrown(error)}`, error)
  }
  if (length > mostListEntries) {
    return read.fail(name, `must have at most ${mostListEntries} entries, got ${length}`)
  }
  return copy
}
