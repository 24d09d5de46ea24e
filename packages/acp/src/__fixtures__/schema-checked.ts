import type { ToolCallView, ToolResultView } from '@toolpipe/presentation'
import { expect } from 'vitest'
import { toAcpToolCall } from '../to-acp-tool-call.js'
import type { AcpToolCall, AcpToolCallContext } from '../to-acp-tool-call.js'
import { toAcpToolCallUpdate } from '../to-acp-tool-call-update.js'
import type { AcpToolCallUpdate, AcpToolCallUpdateContext } from '../to-acp-tool-call-update.js'
import { createAcpSchemaChecker } from './acp-schema.js'
import { cwd } from './cards.js'

const schema = createAcpSchemaChecker()

/**
 * `toAcpToolCall` of a view, for call `call_1` in the fixtures' cwd, its update checked against
 * the protocol's schema before it is returned.
 */
export function schemaCheckedCall(
  view: unknown,
  context: Partial<AcpToolCallContext> = {},
): AcpToolCall {
  const update = toAcpToolCall(view as ToolCallView, { toolCallId: 'call_1', cwd, ...context })
  expect(schema.errors('SessionNotification', { sessionId: 'sess_1', update })).toEqual([])
  return update
}

/**
 * `toAcpToolCallUpdate` of a view, for call `call_1` in the fixtures' cwd, not an error unless
 * `context` says so, the update checked against the protocol's schema before it is returned.
 */
export function schemaCheckedUpdate(
  view: unknown,
  context: Partial<AcpToolCallUpdateContext> = {},
): AcpToolCallUpdate {
  const mapped = toAcpToolCallUpdate(view as ToolResultView, {
    toolCallId: 'call_1',
    cwd,
    isError: false,
    ...context,
  })
  expect(schema.errors('SessionNotification', { sessionId: 'sess_1', update: mapped })).toEqual([])
  return mapped
}
