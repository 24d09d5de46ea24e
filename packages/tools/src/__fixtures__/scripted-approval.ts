import { vi } from 'vitest'
import { agent } from './tools.js'
import type { ApprovalOutcome, ApprovalRequest, ApprovalService } from '../approval.js'

/** An approval service that answers from a script, one outcome per request, and records them. */
export function scripted(...outcomes: ApprovalOutcome[]) {
  const requests: ApprovalRequest[] = []
  const approval: ApprovalService = {
    request: vi.fn(async (request: ApprovalRequest) => {
      requests.push(request)
      const outcome = outcomes.shift()
      if (outcome === undefined) throw new Error('asked once too often')
      return outcome
    }),
  }
  return { approval, requests }
}

export const alice = agent('alice')
