import type { JsonValue } from '@toolpipe/core'
import { warnSafely } from '@toolpipe/core/internal'
import { shownValue } from '@toolpipe/tools'
import type { ToolExecution, ToolRegistry } from '@toolpipe/tools'

/**
 * `args` as JSON text as a person may be shown them (SPEC §25): through the registry's
 * `tools/shown` filters (`@toolpipe/redact` takes the secrets out), so no span holds a secret the
 * filters know of. Undefined, with a warning, when a filter throws or leaves no JSON: the
 * arguments are then left out of the span, never recorded raw.
 */
export function shownArguments(
  registry: ToolRegistry,
  exec: Readonly<ToolExecution<JsonValue | undefined>>,
  args: unknown,
): string | undefined {
  try {
    const text: unknown = JSON.stringify(shownValue(registry, args))
    if (typeof text === 'string') return text
  } catch (error) {
    warnSafely(registry.logger, unshown(exec), error)
    return undefined
  }
  warnSafely(registry.logger, unshown(exec))
  return undefined
}

function unshown(exec: Readonly<ToolExecution<JsonValue | undefined>>): string {
  return `toolpipe: otelTracing: a tools/shown filter failed on the arguments of call "${exec.callId}" of tool "${exec.name}"; they are left out of its span`
}
