import { expand } from '@inquirer/prompts'
import type { ApprovalOutcome, ApprovalService, ToolCallView } from 'toolpipe'
import type { ApprovalEvent } from '../session/session-event.js'
import { approvalQuestion } from './approval-question.js'

/** How asks are answered: at a prompt, automatically, or not at all. */
export type ApprovalMode =
  | {
      readonly kind: 'prompt'
      readonly input: NodeJS.ReadableStream
      readonly output: NodeJS.WritableStream
    }
  | { readonly kind: 'auto'; readonly because: '--yes' | 'stdin is not a TTY' }
  | { readonly kind: 'none' }

/** Options of {@link createTerminalApproval}. */
export interface TerminalApprovalOptions {
  readonly mode: ApprovalMode
  /** Told about every answer, for the session log and the screen. */
  readonly onAnswer: (event: ApprovalEvent) => void
  /** Called when the person presses Ctrl+C at the prompt: the session should stop. */
  readonly onInterrupt?: (() => void) | undefined
}

/**
 * The demo's `ApprovalService`: the registry calls it when a `tools/pre-execute` policy says
 * `ask`, with the call's pending card. `prompt` asks the person (an `@inquirer/prompts` expand
 * prompt: `y` allow once, `a` allow always, `n` reject — the default — or `r` reject always; an
 * "always" answer is remembered by the registry for this agent and tool); `auto` allows once and
 * says why; `none` answers `unavailable`, which denies.
 */
export function createTerminalApproval(options: TerminalApprovalOptions): ApprovalService {
  const { mode, onAnswer } = options
  return {
    async request(request) {
      let outcome: ApprovalOutcome
      let answeredBy: ApprovalEvent['answeredBy']
      if (mode.kind === 'auto') {
        outcome = { kind: 'allowed-once' }
        answeredBy = mode.because
      } else if (mode.kind === 'none') {
        outcome = { kind: 'unavailable' }
        answeredBy = 'nobody'
      } else {
        answeredBy = 'prompt'
        outcome = await askAtPrompt(mode, question(request.view, request.reason), request.signal)
        if (outcome.kind === 'cancelled') options.onInterrupt?.()
      }
      onAnswer({
        type: 'approval',
        callId: request.callId,
        name: request.toolName,
        ...(request.reason === undefined ? {} : { reason: request.reason }),
        outcome: outcome.kind,
        answeredBy,
      })
      return outcome
    },
  }
}

async function askAtPrompt(
  mode: ApprovalMode & { kind: 'prompt' },
  message: string,
  signal: AbortSignal | undefined,
): Promise<ApprovalOutcome> {
  try {
    return await expand<ApprovalOutcome>(
      {
        message,
        default: 'n',
        choices: [
          { key: 'y', name: 'Allow once', value: { kind: 'allowed-once' } },
          {
            key: 'a',
            name: 'Allow always (this tool, this session)',
            value: { kind: 'allowed-always' },
          },
          { key: 'n', name: 'Reject', value: { kind: 'rejected' } },
          {
            key: 'r',
            name: 'Reject always (this tool, this session)',
            value: { kind: 'rejected-always' },
          },
        ],
      },
      // The prompt line goes once answered: the approval event's line says what was decided.
      {
        input: mode.input,
        output: mode.output,
        clearPromptOnDone: true,
        ...(signal === undefined ? {} : { signal }),
      },
    )
  } catch (error) {
    // Ctrl+C (ExitPromptError) or the session's signal (AbortPromptError): nobody answered.
    if (
      error instanceof Error &&
      (error.name === 'ExitPromptError' || error.name === 'AbortPromptError')
    ) {
      return { kind: 'cancelled' }
    }
    throw error
  }
}

/** The question for a pending card, with the policy's reason. */
function question(view: ToolCallView, reason: string | undefined): string {
  const what = approvalQuestion(view)
  return reason === undefined ? what : `${what} (${reason})`
}
