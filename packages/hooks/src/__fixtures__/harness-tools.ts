import { readFileSync } from 'node:fs'
import type { JsonValue } from '@toolpipe/core'
import { callInput } from '@toolpipe/call-inputs'
import { defineTool } from '@toolpipe/tools'
import type { ToolRegistry } from '@toolpipe/tools'
import type { HooksSettings } from '../hooks-settings.js'
import { agent, harness, quote } from './hook-harness.js'
import type { HarnessOptions, Project } from './hook-harness.js'

export const ok = () => Promise.resolve([{ type: 'text' as const, text: 'done' }])

/** Tools as a harness defines them: its own argument names, Claude Code's or Gemini's rule names. */
export function harnessTools(registry: ToolRegistry): void {
  registry.register(
    defineTool({
      name: 'run_shell',
      description: 'Run a command line in a folder of the project.',
      parameters: { script: { type: 'string', required: true }, folder: { type: 'string' } },
      permissions: {
        ruleName: 'run_shell_command',
        subjects: ({ script, folder }) => [{ kind: 'command', command: script, cwd: folder }],
      },
      execute: ok,
    }),
  )
  registry.register(
    defineTool({
      name: 'patch_file',
      description: 'Replace text in a file.',
      parameters: {
        path: { type: 'string', required: true },
        find: { type: 'string', required: true },
        put: { type: 'string', required: true },
      },
      permissions: {
        ruleName: 'Edit',
        subjects: ({ path }) => [
          { kind: 'read', path: 'README.md' },
          { kind: 'edit', path },
        ],
        hookInput: ({ find, put }) => ({ old_string: find, new_string: put }),
      },
      execute: ok,
    }),
  )
  registry.register(
    defineTool({
      name: 'open_file',
      description: 'Read a file.',
      parameters: { path: { type: 'string', required: true } },
      permissions: { ruleName: 'read_file', subjects: ({ path }) => [{ kind: 'read', path }] },
      execute: ok,
    }),
  )
  registry.register(
    defineTool({
      name: 'get_page',
      description: 'Fetch a web page.',
      parameters: { address: { type: 'string', required: true } },
      permissions: {
        ruleName: 'WebFetch',
        subjects: ({ address }) => [{ kind: 'fetch', url: address }],
      },
      execute: ok,
    }),
  )
}

/**
 * A registry with the harness's tools (and `extraTools`), `commandHooks()` with one hook for
 * every tool that logs its input, and `told(name, args)`: runs a call of `agent`, answers what its
 * hook was told.
 */
export function logged(
  project: Project,
  options: Omit<HarnessOptions, 'approval' | 'before'> & {
    extraTools?: (registry: ToolRegistry) => void
  } = {},
) {
  const { extraTools, ...hookOptions } = options
  const log = project.file('inputs.jsonl')
  const event = options.dialect === 'gemini' ? 'BeforeTool' : 'PreToolUse'
  const hooks: HooksSettings = {
    [event]: [{ hooks: [{ type: 'command', command: `{ cat; echo; } >> ${quote(log)}` }] }],
  }
  const { registry, dispose } = harness(
    { hooks },
    {
      projectRoot: project.root,
      ...hookOptions,
      before: (target) => {
        harnessTools(target)
        extraTools?.(target)
      },
    },
  )
  const told = async (name: string, args: JsonValue) => {
    const input = callInput(name, args, { agent })
    await registry.execute(input)
    return readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { tool_use_id: string } & Record<string, unknown>)
      .find((hookInput) => hookInput.tool_use_id === input.callId)
  }
  return { registry, told, dispose }
}
