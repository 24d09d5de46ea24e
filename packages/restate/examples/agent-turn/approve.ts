// Answers a pending approval from another process: `pnpm --filter @toolpipe/restate
// example:approve …`. Environment: RESTATE_INGRESS (default http://localhost:8080),
// AGENT_WORKSPACE (for --list; default <tmp>/toolpipe-agent-workspace).
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { ApprovalOutcome } from '@toolpipe/tools'
// In your project: import { answerApproval, parseApprovalAnswer } from '@toolpipe/restate'
import { answerApproval, parseApprovalAnswer } from '../../src/index.js'
import type { PendingApproval } from './file-announcer.js'

const usage = `usage:
  approve --list                           the announced approvals
  approve <awakeable-id>                   allow the call once
  approve <awakeable-id> --reject [reason] reject it
  approve <awakeable-id> --answer '<json>' send any outcome, e.g. '{"kind":"cancelled"}'`

const ingress = process.env.RESTATE_INGRESS ?? 'http://localhost:8080'
const workspace = process.env.AGENT_WORKSPACE ?? join(tmpdir(), 'toolpipe-agent-workspace')
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    list: { type: 'boolean' },
    reject: { type: 'boolean' },
    answer: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
})

if (values.help === true) {
  console.log(usage)
} else if (values.list === true) {
  const lines = await readFile(join(workspace, 'approvals.jsonl'), 'utf8').catch(() => '')
  const pending = lines
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as PendingApproval)
  if (pending.length === 0) console.log(`no approvals announced in ${workspace}`)
  for (const { awakeableId, toolName, callId, view } of pending) {
    console.log(`${awakeableId}  ${toolName} (call ${callId}): ${view.title}`)
  }
} else {
  const [awakeableId, ...rest] = positionals
  if (awakeableId === undefined) {
    console.error(usage)
    process.exit(2)
  }
  let outcome: ApprovalOutcome = { kind: 'allowed-once' }
  if (values.reject === true) {
    const reason = rest.join(' ')
    outcome = reason === '' ? { kind: 'rejected' } : { kind: 'rejected', reason }
  }
  try {
    // Checked here as the waiting call will check it: a typo fails now, not in the agent's turn.
    if (values.answer !== undefined) outcome = parseApprovalAnswer(values.answer)
    await answerApproval({ ingress, awakeableId, outcome })
    console.log(`answered ${awakeableId}: ${JSON.stringify(outcome)}`)
  } catch (error) {
    // InvalidApprovalError or RestateBridgeError: their messages say what to fix.
    console.error(`approve: ${(error as Error).message}`)
    process.exitCode = 1
  }
}
