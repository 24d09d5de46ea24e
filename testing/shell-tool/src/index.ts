import type { Subject, ToolDefinition } from '@toolpipe/tools'

/** The subjects of a shell call: its command line, as one `command` subject. */
export function commandLineSubjects(args: unknown): Subject[] {
  return [{ kind: 'command', command: (args as { command: string }).command }]
}

/**
 * A tool named `shell` that takes `{ command }`, seen by permission rules as `Bash` with its
 * command line as its one subject ({@link commandLineSubjects}). Each command it runs is pushed
 * to `runs`, and it answers `ran`; `extra` adds to or replaces members of the definition.
 */
export function shellTool(
  runs: string[] = [],
  extra: Partial<ToolDefinition> = {},
): ToolDefinition {
  return {
    name: 'shell',
    description: 'runs a command line',
    parameters: {
      type: 'object',
      properties: { command: { type: 'string' } },
      required: ['command'],
    },
    permissions: { ruleName: 'Bash', subjects: commandLineSubjects },
    execute: (args) => {
      runs.push((args as { command: string }).command)
      return Promise.resolve([{ type: 'text', text: 'ran' }])
    },
    ...extra,
  }
}
