import { createHash } from 'node:crypto'
import { appendFile, mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { JsonValue } from '@toolpipe/core'
import type { ToolDecision, ToolExecutionToken, ToolRegistryPlugin } from '@toolpipe/tools'
import { stableJson } from './internal/rules/gemini-policy.js'

/** Options of {@link jsonlAuditLog}. */
export interface JsonlAuditLogOptions {
  /** Also write each call's arguments (default: only their SHA-256 digest). */
  readonly includeArguments?: boolean | undefined
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
  /** The arguments, only with `includeArguments`. */
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
    let queue: Promise<void> = mkdir(dirname(path), { recursive: true }).then(() => undefined)
    const offDecision = registry.on('tools/decision', (exec, decision) => {
      const list = decisions.get(exec.token)
      if (list === undefined) decisions.set(exec.token, [decision])
      else list.push(decision)
    })
    const offResult = registry.on('tools/result', (exec, result) => {
      const recorded = decisions.get(exec.token) ?? []
      decisions.delete(exec.token)
      const args = exec.arguments
      const line: AuditLogLine = {
        time: new Date().toISOString(),
        callId: exec.callId,
        tool: exec.name,
        ...(exec.agent === undefined ? {} : { agentId: exec.agent.id }),
        ...(args === undefined
          ? {}
          : { argumentsSha256: createHash('sha256').update(stableJson(args)).digest('hex') }),
        ...(includeArguments && args !== undefined ? { arguments: args } : {}),
        decisions: recorded,
        outcome: result.isError ? result.error.code : 'OK',
      }
      const text = `${JSON.stringify(line)}\n`
      queue = queue
        .then(() => appendFile(path, text))
        .catch((error: unknown) => {
          try {
            registry.logger.warn(`toolpipe: could not append to the audit log ${path}`, error)
          } catch {
            // Nowhere left to report it.
          }
        })
    })
    return () => {
      offDecision()
      offResult()
    }
  }
}
