import type { RequestPermissionResponse } from '@agentclientprotocol/sdk'
import { asCallId } from '@toolpipe/core'
import type { ToolCallView } from '@toolpipe/presentation'
import type { ApprovalRequest } from '@toolpipe/tools'
import { vi } from 'vitest'

export const agent = { id: 'main' }
export const terminalCard: ToolCallView = {
  card: 'terminal',
  title: 'rm -rf build',
  cwd: 'packages/core',
}

/** The approval request of a `shell` call `rm -rf build`, shown as a terminal card. */
export function approvalRequest(extra: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    agent,
    toolName: 'shell',
    callId: asCallId('call_7'),
    arguments: { command: 'rm -rf build' },
    view: terminalCard,
    ...extra,
  }
}

/** A `request` that answers `response`, whatever it is. */
export const answer = (response: unknown) => async (): Promise<RequestPermissionResponse> =>
  response as RequestPermissionResponse

export function silentLogger() {
  return { warn: vi.fn<(message: string, ...details: unknown[]) => void>() }
}
