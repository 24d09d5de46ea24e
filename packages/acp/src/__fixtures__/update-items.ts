import type { ToolCallView } from '@toolpipe/presentation'

/** A text content item of ACP. */
export const textItem = (value: string) => ({
  type: 'content',
  content: { type: 'text', text: value },
})
/** The fenced `console` block a terminal card without terminal output shows. */
export const consoleItem = (body: string) => textItem(`\`\`\`console\n${body}\n\`\`\``)
/** What every update of call `call_1` has: its kind, its id and its status. */
export const base = (status: 'completed' | 'failed' = 'completed') =>
  ({ sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status }) as const

/** A pending terminal card. */
export const terminalCall: ToolCallView = { card: 'terminal', title: 'npm test' }
/** A pending generic card. */
export const genericCall: ToolCallView = { card: 'generic', title: 'search', kind: 'search' }
