import type { Agent } from '@toolpipe/core'
import { warnSafely } from '@toolpipe/core/internal'
import type { Disposer, ToolRegistry } from '@toolpipe/tools'
import { CallStream } from './call-stream.js'
import type { StreamedExecution, StreamSettings } from './call-stream.js'

/**
 * Installs the stream's four listeners on `registry` (see `streamToolCallsToAcp`): the call is
 * announced before any policy runs, started when its body does, and its progress and result
 * follow. Whatever a listener's step throws is warned about, never passed to the pipeline, where
 * it would fail the call.
 */
export function installStream(
  registry: ToolRegistry,
  settings: StreamSettings,
  scope: Agent | undefined,
): Disposer {
  const stream = new CallStream(registry, settings)
  const guarded = (exec: StreamedExecution, step: () => unknown): void => {
    try {
      step()
    } catch (error) {
      warnSafely(
        registry.logger,
        `toolpipe/acp: could not stream call "${exec.callId}" of tool "${exec.name}"`,
        error,
      )
    }
  }
  const disposers = [
    registry.on(
      'tools/pre-execute',
      (exec, next) => {
        guarded(exec, () => stream.announce(exec))
        return next()
      },
      { scope, prepend: true },
    ),
    registry.on(
      'tools/execute',
      (exec, next) => {
        guarded(exec, () => {
          stream.start(exec)
        })
        return next()
      },
      { scope, prepend: true },
    ),
    registry.on(
      'tools/progress',
      (exec, update) => {
        guarded(exec, () => {
          stream.progress(exec, update)
        })
      },
      { scope },
    ),
    registry.on(
      'tools/result',
      (exec, result) => {
        guarded(exec, () => {
          stream.complete(exec, result)
        })
      },
      { scope },
    ),
  ]
  return () => {
    for (const dispose of disposers) dispose()
  }
}
