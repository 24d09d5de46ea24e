import type { ToolExecution, ToolExecutionResult, ToolRegistryPlugin } from '@toolpipe/tools'
import { failureResult } from '@toolpipe/tools/internal'
import { checkContext } from './internal/check-context.js'
import { isCancellation } from './internal/restate-failures.js'
import { resultSerde } from './internal/serdes.js'
import { InvocationCancelledError } from './invocation-cancelled-error.js'
import type { RestateHandlerContext } from './restate-handler-context.js'

/**
 * A registry plugin that runs each call's dispatch as a journaled step of the Restate
 * invocation: a `tools/execute` wrapper around `next()` inside `ctx.run`, with the step named
 * after the tool and the call id (`tool <name> <callId>`). Once a step's result is in the
 * journal, a replay of the handler (after a crash, a deploy, a suspension) returns that result
 * and the body does not run again; a replay that reaches a different call at that point fails
 * with Restate's journal mismatch rather than returning another call's result.
 *
 * - **The result is journaled, success or error.** An error result (the tool threw, a wrapper
 *   inside this one threw or timed out, the definition was replaced) is the call's outcome: it is
 *   journaled like a success, never retried by Restate.
 * - **Outermost.** The wrapper is prepended, so every wrapper inside it (a timeout policy, a
 *   retry loop) runs inside the step and its outcome is journaled with it; a wrapper registered
 *   later with `prepend` runs outside the step, on every replay, and must be deterministic.
 * - **`exec.signal`** inside the step aborts when the caller's signal aborts, when this attempt
 *   of the invocation ends (the invocation was killed, or the server gave up on this attempt: the
 *   result could no longer be journaled, and the step runs again in the next attempt), or when
 *   the invocation is cancelled (the call's result is then {@link InvocationCancelledError}).
 *
 * The context belongs to one invocation: install the plugin on a registry made for that
 * invocation, and run the calls of one turn in a deterministic order.
 *
 * @param ctx - the Restate context of the running handler
 * @throws {RestateBridgeError} `INVALID_OPTIONS` when `ctx` is not a Restate context
 * @example
 * const agentTurn = restate.service({
 *   name: 'agent',
 *   handlers: {
 *     turn: async (ctx: restate.Context, prompt: string) => {
 *       const registry = createToolRegistry({ approval: restateApproval(ctx, { announce }) })
 *       registry.use(restateToolExecution(ctx))
 *       registry.register(writeFile)
 *       // … the turn's calls go through registry.execute()
 *     },
 *   },
 * })
 */
export function restateToolExecution(ctx: RestateHandlerContext): ToolRegistryPlugin {
  const context = checkContext(ctx, 'restateToolExecution')
  return (registry) =>
    registry.on('tools/execute', (exec, next) => runAsStep(context, exec, next), {
      prepend: true,
    })
}

async function runAsStep(
  ctx: RestateHandlerContext,
  exec: ToolExecution,
  next: () => Promise<ToolExecutionResult>,
): Promise<ToolExecutionResult> {
  const callerSignal = exec.signal
  const cancellation = new AbortController()
  const signals = [ctx.request().attemptCompletedSignal, cancellation.signal]
  exec.signal = AbortSignal.any(callerSignal === undefined ? signals : [callerSignal, ...signals])
  try {
    return await ctx.run(
      `tool ${exec.name} ${exec.callId}`,
      async (): Promise<ToolExecutionResult> => {
        try {
          return await next()
        } catch (thrown) {
          // The pipeline would make this an error result (a wrapper's failure, SPEC §6.3): make
          // the same one here, so that it is journaled as the call's outcome instead of a failed
          // step that Restate retries.
          return failureResult(thrown, 'listener')
        }
      },
      { serde: resultSerde },
    )
  } catch (error) {
    if (!isCancellation(error)) throw error
    const cancelled = new InvocationCancelledError(exec.name, exec.callId)
    // The body may still be running: tell it to stop.
    cancellation.abort(cancelled)
    throw cancelled
  } finally {
    exec.signal = callerSignal
  }
}
