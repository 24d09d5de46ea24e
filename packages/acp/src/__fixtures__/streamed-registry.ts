import type { SessionUpdate } from '@agentclientprotocol/sdk'
import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolExecutionInput } from '@toolpipe/tools'
import { expect, vi } from 'vitest'
import { createAcpApprovalService } from '../create-acp-approval-service.js'
import { streamToolCallsToAcp } from '../stream-tool-calls-to-acp.js'
import type { StreamToolCallsToAcpOptions } from '../stream-tool-calls-to-acp.js'
import { createAcpSchemaChecker } from './acp-schema.js'
import { cwd } from './cards.js'
import { brokenPresenter, editFile, readFile, shell } from './demo-tools.js'
import { recordingConnection } from './recording-connection.js'

const schema = createAcpSchemaChecker()
/** The agent the registry's calls run for. */
export const agent = { id: 'main' }

/** A registry with the demo tools, streamed to a recording connection, asking through ACP. */
export function setup(options: Partial<StreamToolCallsToAcpOptions> = {}) {
  const recorder = recordingConnection()
  const logger = { warn: vi.fn<(message: string, ...details: unknown[]) => void>() }
  const registry = createToolRegistry({
    logger,
    approval: createAcpApprovalService({
      connection: recorder.connection,
      sessionId: 'sess_1',
      cwd,
    }),
  })
  for (const tool of [readFile, editFile, shell, brokenPresenter]) registry.register(tool)
  const dispose = registry.use(
    streamToolCallsToAcp({ connection: recorder.connection, sessionId: 'sess_1', cwd, ...options }),
  )
  const run = (id: string, name: string, args: unknown, extra: Partial<ToolExecutionInput> = {}) =>
    registry.execute({ callId: asCallId(id), name, arguments: args, agent, ...extra })
  return { ...recorder, registry, logger, dispose, run }
}

/** Every notification is valid against the protocol's schema; the updates, in order. */
export function validUpdates(recorder: { notifications(): unknown[]; updates(): SessionUpdate[] }) {
  for (const notification of recorder.notifications()) {
    expect(schema.errors('SessionNotification', notification)).toEqual([])
  }
  return recorder.updates()
}

/** `tool_call:pending`, `tool_call_update:completed`, … */
export function describeUpdate(update: SessionUpdate): string {
  return 'status' in update
    ? `${update.sessionUpdate}:${String(update.status)}`
    : update.sessionUpdate
}
