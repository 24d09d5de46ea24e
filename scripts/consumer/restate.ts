// @toolpipe/restate as a consumer uses it, with its peer dependency (@restatedev/restate-sdk)
// installed beside it: a Restate service whose handler builds a registry with journaled tool
// steps and awakeable approvals. No server is needed: the program type-checks the handler and
// runs what works without one. The SDK's declarations need Node's typings (see the
// configurations in scripts/check-consumers.mjs); toolpipe's own types need nothing more.
import * as restate from '@restatedev/restate-sdk'
import { asCallId } from '@toolpipe/core'
import {
  InvocationCancelledError,
  parseApprovalAnswer,
  restateApproval,
  RestateBridgeError,
  restateToolExecution,
} from '@toolpipe/restate'
import type { AnswerApprovalOptions, RestateApprovalOptions } from '@toolpipe/restate'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolExecutionResult } from '@toolpipe/tools'

const log = (globalThis as unknown as { console: { log(message: string): void } }).console.log

const announce: RestateApprovalOptions['announce'] = (request, awakeableId) => {
  log(`approve ${request.toolName} (${request.view.title}): ${awakeableId}`)
}

const agent = restate.service({
  name: 'agent',
  handlers: {
    turn: async (ctx: restate.Context, prompt: string): Promise<ToolExecutionResult> => {
      const registry = createToolRegistry({ approval: restateApproval(ctx, { announce }) })
      registry.use(restateToolExecution(ctx))
      registry.register({
        name: 'echo',
        description: 'Echo the prompt.',
        parameters: { type: 'object' },
        execute: async () => [{ type: 'text', text: prompt }],
      })
      return registry.execute({
        callId: asCallId('c1'),
        name: 'echo',
        arguments: {},
        agent: { id: 'a' },
      })
    },
  },
})

const answer: AnswerApprovalOptions = {
  ingress: 'http://localhost:8080',
  awakeableId: 'sign_1',
  outcome: parseApprovalAnswer('{"kind":"rejected","reason":"not today"}'),
}

let refused = ''
try {
  restateToolExecution({} as restate.Context)
} catch (error) {
  if (error instanceof RestateBridgeError) refused = error.code
}
const cancelled = new InvocationCancelledError('echo', 'c1')
if (
  agent.name !== 'agent' ||
  answer.outcome.kind !== 'rejected' ||
  refused !== 'INVALID_OPTIONS' ||
  cancelled.code !== 'INVOCATION_CANCELLED'
) {
  throw new Error('consumer check failed: the Restate bridge')
}
log('consumer check passed')
