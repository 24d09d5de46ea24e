import { timeoutPolicy } from '@toolpipe/timeout-policy'
import { createToolRegistry, ToolDeniedError } from '@toolpipe/tools'
import type { ApprovalService, ToolRegistry } from '@toolpipe/tools'
import { otelTracing } from '../otel-tracing.js'
import { text, tool } from './otel.js'
import type { recordingTracing } from './otel.js'

/** Answers an approval request by the tool's name: `approve_<outcome>`, else allowed once. */
const approvalByToolName: ApprovalService = {
  request: async ({ toolName }) => {
    switch (toolName) {
      case 'approve_rejected':
        return { kind: 'rejected', reason: 'no' }
      case 'approve_cancelled':
        return { kind: 'cancelled' }
      case 'approve_unavailable':
        return { kind: 'unavailable' }
      case 'approve_invalid':
        return { kind: 'allowed-forever' } as never
      case 'approve_throws':
        throw new Error('approval UI crashed')
      default:
        return { kind: 'allowed-once' }
    }
  },
}

/** The tools of {@link pipelineOf}: each ends its call one way. */
function registerOutcomeTools(registry: ToolRegistry): void {
  for (const name of [
    'ok',
    'policy_denied',
    'policy_throws',
    'guard_denied',
    'post_blocked',
    'approve_rejected',
    'approve_cancelled',
    'approve_unavailable',
    'approve_invalid',
    'approve_throws',
    'approve_no_agent',
  ]) {
    registry.register(tool(name))
  }
  registry.register(
    tool('strict', undefined, {
      checkArgs: (args) =>
        typeof args === 'object' && args !== null && 'path' in args
          ? []
          : [
              {
                code: 'missing',
                path: ['path'],
                message: 'missing required property "path"',
                expected: 'string',
              },
            ],
    }),
  )
  registry.register(
    tool('fails', () => {
      throw new Error('disk on fire')
    }),
  )
  registry.register(
    tool('denies_itself', () => {
      throw new ToolDeniedError('quota reached', 'POLICY_DENIED')
    }),
  )
  registry.register(tool('hangs', () => new Promise(() => undefined), { timeoutMs: 5 }))
}

/**
 * A registry whose tools each end one way, traced by `tracer`. `approval` answers by the tool's
 * name; `policy` decides by it.
 */
export function pipelineOf(tracer: ReturnType<typeof recordingTracing>['tracer']): ToolRegistry {
  const registry = createToolRegistry({
    approval: approvalByToolName,
    logger: { warn: () => undefined },
  })
  registry.use(timeoutPolicy({ graceMs: 1 }))
  registry.use(otelTracing({ tracer }))
  registerOutcomeTools(registry)
  registry.on('tools/pre-execute', (exec, next) => {
    if (exec.name === 'policy_denied') return { kind: 'deny', reason: 'not today' }
    if (exec.name === 'policy_throws') throw new Error('policy crashed')
    if (exec.name.startsWith('approve_')) return { kind: 'ask' }
    return next()
  })
  registry.guard((exec) => (exec.name === 'guard_denied' ? 'stay in the project' : undefined))
  registry.on('tools/post-execute', (exec, _result, next) =>
    exec.name === 'post_blocked' ? { kind: 'block', feedback: [text('rejected')] } : next(),
  )
  return registry
}
