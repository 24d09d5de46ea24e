import { agent, text } from './tools.js'
import type { ApprovalOutcome, ApprovalRequest, ApprovalService } from '../approval.js'
import { defineTool } from '../define-tool.js'
import { createToolRegistry } from '../tool-registry.js'

export const alice = agent('alice')

/** An approval service answering with `outcomes` in order (then `allowed-once`), recording each request. */
export function service(...outcomes: ApprovalOutcome[]) {
  const requests: ApprovalRequest[] = []
  const approval: ApprovalService = {
    request: (request) => {
      requests.push(request)
      return Promise.resolve(outcomes[requests.length - 1] ?? { kind: 'allowed-once' })
    },
  }
  return { approval, requests }
}

/** A shell tool checked by a schema spec, whose card, guard view and body record what they saw. */
export function shellRegistry(approval?: ApprovalService) {
  const registry = createToolRegistry(approval === undefined ? {} : { approval })
  const seen: { body: unknown[]; guard: unknown[]; wrapper: unknown[] } = {
    body: [],
    guard: [],
    wrapper: [],
  }
  registry.register(
    defineTool({
      name: 'shell',
      description: 'runs a command',
      parameters: {
        command: { type: 'string', required: true },
        timeout: { type: 'integer', minimum: 1 },
      },
      presentCall: ({ command }) => ({ card: 'terminal', title: command }),
      execute(args) {
        seen.body.push(args)
        return Promise.resolve([text(`ran ${args.command}`)])
      },
    }),
  )
  registry.guard((exec) => {
    seen.guard.push(exec.arguments)
    return undefined
  })
  registry.on('tools/execute', (exec, next) => {
    seen.wrapper.push(exec.arguments)
    return next()
  })
  return { registry, seen }
}
