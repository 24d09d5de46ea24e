import type { HookCommandSettings } from '../hooks-settings.js'

/** A command hook of `text`. */
export const command = (text: string): HookCommandSettings => ({ type: 'command', command: text })

/** A hooks configuration of one PreToolUse group: `matcher`, and a hook per command. */
export const pre = (matcher: string, ...hooks: string[]) => ({
  hooks: { PreToolUse: [{ matcher, hooks: hooks.map(command) }] },
})

/** The result of a call the hooks (or the pipeline) denied with `reason` and `code`. */
export const denied = (reason: string, code: string) => ({
  content: [{ type: 'text', text: `Error: ${reason}` }],
  isError: true,
  error: { name: 'ToolDeniedError', code },
})
