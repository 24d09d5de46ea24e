import { createHash } from 'node:crypto'
import { appendFile, mkdir } from 'node:fs/promises'
import { dirname, isAbsolute, resolve } from 'node:path'
import type { JsonValue } from '@toolpipe/core'
import { shownValue } from '@toolpipe/tools'
import type {
  ToolDecision,
  ToolExecution,
  ToolExecutionResult,
  ToolExecutionToken,
  ToolRegistry,
  ToolRegistryPlugin,
} from '@toolpipe/tools'
import { canonicalJson, warnSafely } from '@toolpipe/core/internal'

/** Options of {@link jsonlAuditLog}. */
export interface JsonlAuditLogOptions {
  /**
   * Also write each call's arguments (default: only their SHA-256 digest), as the registry's
   * `tools/shown` filters clean them (`redactSecrets()`: no secret in the log); left out of the
   * line, with a warning, when a filter throws.
   */
  readonly includeArguments?: boolean | undefined
  /**
   * What a relative `path` is relative to (default: the project root of a `permissions()`
   * plugin on the same registry; without one, the process's working directory, with a warning).
   */
  readonly projectRoot?: string | undefined
}

/** One line of the audit log. */
export interface AuditLogLine {
  /** When the call finished, ISO 8601. */
  readonly time: string
  readonly callId: string
  readonly tool: string
  readonly agentId?: string
  /** SHA-256 (hex) of the arguments' canonical JSON (keys sorted); absent when there were none. */
  readonly argumentsSha256?: string
  /** The arguments, only with `includeArguments`, as the `tools/shown` filters clean them. */
  readonly arguments?: JsonValue
  /** Every stage that decided or changed the call, in order (SPEC §18.5). */
  readonly decisions: readonly ToolDecision[]
  /** `OK`, or the error result's code (`POLICY_DENIED`, `APPROVAL_REJECTED`, …). */
  readonly outcome: string
}

/**
 * A registry plugin that appends one JSON line per finished call to `path` (SPEC §18.5): time,
 * call id, tool, agent id, a SHA-256 digest of the arguments' canonical JSON (never the
 * arguments unless asked), every decision of its record, and the outcome code. Lines are written
 * in the order calls finish; a write that fails is logged and the calls go on.
 *
 * @example
 * registry.use(jsonlAuditLog('.toolpipe/audit.jsonl'))
 */
export function jsonlAuditLog(
  path: string,
  options: JsonlAuditLogOptions = {},
): ToolRegistryPlugin {
  if (typeof path !== 'string' || path === '')
    throw new TypeError('jsonlAuditLog: path must be a file path')
  const includeArguments = options.includeArguments === true
  return (registry) => {
    const decisions = new Map<ToolExecutionToken, ToolDecision[]>()
    // Resolved at the first line: a permissions() plugin installed after this one counts too.
    let file: string | undefined
    const target = (): string => (file ??= resolveLogPath(path, options.projectRoot, registry))
    let queue: Promise<void> = Promise.resolve()
    let made = false
    const offDecision = registry.on('tools/decision', (exec, decision) => {
      const list = decisions.get(exec.token)
      if (list === undefined) decisions.set(exec.token, [decision])
      else list.push(decision)
    })
    const offResult = registry.on('tools/result', (exec, result) => {
      const recorded = decisions.get(exec.token) ?? []
      decisions.delete(exec.token)
      const text = auditLine(registry, exec, result, recorded, includeArguments)
      const destination = target()
      queue = queue
        .then(async () => {
          if (!made) await mkdir(dirname(destination), { recursive: true })
          made = true
          await appendFile(destination, text)
        })
        .catch((error: unknown) => {
          warnSafely(
            registry.logger,
            `toolpipe: could not append to the audit log ${destination}`,
            error,
          )
        })
    })
    return () => {
      offDecision()
      offResult()
    }
  }
}

/**
 * The JSON line (newline included) of one finished call. With `includeArguments`, the arguments
 * as the registry's `tools/shown` filters clean them (SPEC §25: `@toolpipe/redact` takes the
 * secrets out); a filter that fails, or leaves no JSON, leaves them out, never writes them raw.
 * The digest is always of the call's own arguments.
 */
function auditLine(
  registry: ToolRegistry,
  exec: ToolExecution<JsonValue | undefined>,
  result: ToolExecutionResult,
  decisions: readonly ToolDecision[],
  includeArguments: boolean,
): string {
  const args = exec.arguments
  const line = (shown: { arguments?: JsonValue }): AuditLogLine => ({
    time: new Date().toISOString(),
    callId: exec.callId,
    tool: exec.name,
    ...(exec.agent === undefined ? {} : { agentId: exec.agent.id }),
    ...(args === undefined
      ? {}
      : { argumentsSha256: createHash('sha256').update(canonicalJson(args)).digest('hex') }),
    ...shown,
    decisions,
    outcome: result.isError ? result.error.code : 'OK',
  })
  if (includeArguments && args !== undefined) {
    try {
      return `${JSON.stringify(line({ arguments: shownValue(registry, args) }))}\n`
    } catch (error) {
      warnSafely(
        registry.logger,
        `toolpipe: jsonlAuditLog: a tools/shown filter failed on the arguments of call "${exec.callId}" of tool "${exec.name}"; they are left out of its line`,
        error,
      )
    }
  }
  return `${JSON.stringify(line({}))}\n`
}

/**
 * Where a relative log path goes (SPEC §26: the project root, not wherever the process was
 * started): `projectRoot`, else the root of the policy on the registry, else the working
 * directory — said once, since that is rarely what was meant.
 */
function resolveLogPath(
  path: string,
  projectRoot: string | undefined,
  registry: ToolRegistry,
): string {
  if (isAbsolute(path)) return path
  const root = projectRoot ?? registry.provided('policy/context')[0]?.projectRoot
  if (root !== undefined) return resolve(root, path)
  const resolved = resolve(path)
  warnSafely(
    registry.logger,
    `toolpipe: jsonlAuditLog("${path}") is relative and no project root is known (no projectRoot option, no permissions() plugin): writing to ${resolved}`,
  )
  return resolved
}
