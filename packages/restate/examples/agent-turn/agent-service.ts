import * as restate from '@restatedev/restate-sdk'
import { asCallId } from '@toolpipe/core'
import { timeoutPolicy } from '@toolpipe/timeout-policy'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolDefinition, ToolRegistry } from '@toolpipe/tools'
// In your project: import { restateApproval, restateToolExecution } from '@toolpipe/restate'
import { restateApproval, restateToolExecution } from '../../src/index.js'
import type { RestateApprovalOptions } from '../../src/index.js'
import type { Model, ModelReply, TranscriptEntry } from './model.js'

/** What a turn is started with: `POST /agent/turn` with this JSON body. */
export interface TurnInput {
  readonly prompt: string
}

/** How a turn ended, and everything that happened in it. */
export interface TurnOutput {
  /** `cancelled`: the invocation was cancelled (or a person cancelled an approval). */
  readonly stopReason: 'end_turn' | 'cancelled' | 'max_steps'
  readonly text: string
  readonly transcript: readonly TranscriptEntry[]
}

/** Options of {@link createAgentService}. */
export interface AgentServiceOptions {
  /** The Restate service name. Default: `agent`. */
  readonly name?: string
  readonly model: Model
  readonly tools: readonly ToolDefinition[]
  /** The tools a person must approve before they run. */
  readonly needApproval: readonly string[]
  /** Where pending approvals go: see `restateApproval`. */
  readonly announce: RestateApprovalOptions['announce']
  readonly announceRetry?: RestateApprovalOptions['announceRetry']
  /** More policy for the turn's registry: guards, listeners, wrappers. */
  readonly configure?: (registry: ToolRegistry) => void
  /** The most model steps in one turn. Default: 8. */
  readonly maxSteps?: number
}

/** Result codes after which the turn stops instead of asking the model again. */
const cancelledCodes: ReadonlySet<string> = new Set(['APPROVAL_CANCELLED', 'INVOCATION_CANCELLED'])

/**
 * An agent turn as a Restate handler: the model's replies and the tool calls are journaled
 * steps, approvals are awakeables. Kill the process at any point, start it again, and the turn
 * goes on from its journal: no model step is asked twice, no tool body runs twice, and a pending
 * approval keeps waiting for its answer.
 */
export function createAgentService(options: AgentServiceOptions) {
  const { model, tools, needApproval, announce, announceRetry, configure } = options
  const maxSteps = options.maxSteps ?? 8
  return restate.service({
    name: options.name ?? 'agent',
    handlers: {
      turn: async (ctx: restate.Context, input: TurnInput): Promise<TurnOutput> => {
        const prompt = (input as Partial<TurnInput> | null)?.prompt
        if (typeof prompt !== 'string' || prompt === '') {
          throw new restate.TerminalError('the turn needs a JSON body {"prompt": "…"}', {
            errorCode: 400,
          })
        }
        // One registry per invocation: the Restate context belongs to this invocation only.
        const registry = createToolRegistry({
          approval: restateApproval(ctx, { announce, announceRetry }),
          logger: ctx.console,
        })
        registry.use(timeoutPolicy())
        registry.use(restateToolExecution(ctx))
        for (const tool of tools) registry.register(tool)
        registry.on('tools/pre-execute', (exec, next) =>
          needApproval.includes(exec.name)
            ? { kind: 'ask', reason: 'changes shared state' }
            : next(),
        )
        configure?.(registry)

        const agent = { id: 'agent' }
        const transcript: TranscriptEntry[] = [{ role: 'user', text: prompt }]
        for (let step = 0; step < maxSteps; step++) {
          const request = { transcript: [...transcript], tools: registry.schemas() }
          const reply: ModelReply = await ctx.run(`model step ${step}`, () => model.reply(request))
          transcript.push({ role: 'assistant', text: reply.text, toolCalls: reply.toolCalls })
          if (reply.toolCalls.length === 0) {
            return { stopReason: 'end_turn', text: reply.text, transcript }
          }
          // One call after another, in the model's order: a replay meets the steps in the
          // order the journal has them.
          for (const call of reply.toolCalls) {
            const result = await registry.execute({
              callId: asCallId(call.id),
              name: call.name,
              arguments: call.arguments,
              agent,
            })
            transcript.push({ role: 'tool', callId: call.id, name: call.name, result })
            if (result.isError && cancelledCodes.has(result.error.code)) {
              return { stopReason: 'cancelled', text: '', transcript }
            }
          }
        }
        return { stopReason: 'max_steps', text: '', transcript }
      },
    },
  })
}
