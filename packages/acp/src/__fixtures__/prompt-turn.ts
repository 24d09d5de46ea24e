import * as acp from '@agentclientprotocol/sdk'
import type { RequestPermissionRequest, SessionNotification } from '@agentclientprotocol/sdk'
import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolRegistry, ToolRegistryLogger } from '@toolpipe/tools'
import { vi } from 'vitest'
import { clientSupportsTerminalOutput } from '../client-supports-terminal-output.js'
import { createAcpApprovalService } from '../create-acp-approval-service.js'
import { streamToolCallsToAcp } from '../stream-tool-calls-to-acp.js'
import { editFile, readFile, shell } from './demo-tools.js'
import { ndJsonPair } from './ndjson-pair.js'

/** The session's working directory. */
export const cwd = '/srv/app'

/**
 * An ACP agent built on the SDK's app API whose sessions each own a tool registry with the
 * bridge installed, and whose prompt turn runs a fixed script of tool calls.
 */
export function toolAgent(logger: ToolRegistryLogger) {
  let terminalOutput = false
  const sessions = new Map<string, ToolRegistry>()
  const agentSide = { id: 'agent' }
  const app = acp
    .agent({ name: 'toolpipe-test-agent' })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      terminalOutput = clientSupportsTerminalOutput(params.clientCapabilities)
      return { protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: {} }
    })
    .onRequest(acp.methods.agent.session.new, ({ params, client }) => {
      const sessionId = `sess_${sessions.size + 1}`
      const bridge = { connection: client, sessionId, cwd: params.cwd, terminalOutput }
      const registry = createToolRegistry({ approval: createAcpApprovalService(bridge), logger })
      registry.use(streamToolCallsToAcp(bridge))
      for (const tool of [readFile, editFile, shell]) registry.register(tool)
      // Policy: edits and deletions need the person's approval.
      registry.on('tools/pre-execute', (exec, next) => {
        const command = (exec.arguments as { command?: unknown }).command
        return exec.name === 'edit_file' ||
          (typeof command === 'string' && command.startsWith('rm '))
          ? { kind: 'ask', reason: 'changes files' }
          : next()
      })
      sessions.set(sessionId, registry)
      return { sessionId }
    })
    .onRequest(acp.methods.agent.session.prompt, async ({ params }) => {
      const registry = sessions.get(params.sessionId)
      if (registry === undefined)
        throw acp.RequestError.invalidParams({ sessionId: params.sessionId })
      const script: [string, string, unknown][] = [
        ['call_read', 'read_file', { path: `${cwd}/src/greet.ts` }],
        ['call_edit', 'edit_file', { path: 'src/greet.ts', oldText: 'hi\n', newText: 'hello\n' }],
        [
          'call_test',
          'shell',
          { command: 'npm test', cwd: 'packages/core', description: 'Run the tests' },
        ],
        ['call_rm', 'shell', { command: 'rm -rf /' }],
        ['call_fail', 'shell', { command: 'false' }],
        ['call_unknown', 'deploy', { env: 'prod' }],
      ]
      for (const [callId, name, args] of script) {
        await registry.execute({
          callId: asCallId(callId),
          name,
          arguments: args,
          agent: agentSide,
        })
      }
      return { stopReason: 'end_turn' }
    })
  return app
}

/** A client that records what it parses and approves edits but never deletions. */
export function recordingClient() {
  const updates: SessionNotification[] = []
  const permissionRequests: RequestPermissionRequest[] = []
  const app = acp
    .client({ name: 'toolpipe-test-client' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params)
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
      permissionRequests.push(params)
      const wanted = params.toolCall.kind === 'edit' ? 'allow_once' : 'reject_once'
      const option = params.options.find((candidate) => candidate.kind === wanted)
      if (option === undefined) throw new Error(`no ${wanted} option offered`)
      return { outcome: { outcome: 'selected', optionId: option.optionId } }
    })
  return { app, updates, permissionRequests }
}

/** One prompt turn over the SDK, played to its end: what crossed the wire and what each side saw. */
export async function playPromptTurn(terminalOutput: boolean) {
  const logger = { warn: vi.fn<(message: string, ...details: unknown[]) => void>() }
  const wire = ndJsonPair()
  const agentConnection = toolAgent(logger).connect(wire.agent)
  const client = recordingClient()
  let protocolVersion: unknown
  let stopReason: unknown
  await client.app.connectWith(wire.client, async (agent) => {
    const initialized = await agent.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION,
      clientCapabilities: { _meta: { terminal_output: terminalOutput } },
    })
    protocolVersion = initialized.protocolVersion
    const { sessionId } = await agent.request(acp.methods.agent.session.new, {
      cwd,
      mcpServers: [],
    })
    const response = await agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'greet more warmly' }],
    })
    stopReason = response.stopReason
  })
  agentConnection.close()
  return { logger, wire, client, protocolVersion, stopReason }
}
