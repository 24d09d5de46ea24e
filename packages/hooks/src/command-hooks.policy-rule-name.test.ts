import { readFileSync } from 'node:fs'
import { callInput } from '@toolpipe/call-inputs'
import { permissions } from '@toolpipe/permissions'
import { defineTool } from '@toolpipe/tools'
import type { ToolRegistry } from '@toolpipe/tools'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ok } from './__fixtures__/harness-tools.js'
import { agent, harness, Project } from './__fixtures__/hook-harness.js'

// SPEC §19: "a tool's rule name comes from its `permissions.ruleName`, §18.1" — and §18.1 gives
// it two ways: the definition's `permissions`, or the `tools` option of `permissions()`. A tool
// described only through that option is `Bash` to the rules, so a Claude Code hook matching
// `Bash` runs for it and is told `tool_name: "Bash"`. A real permissions() plugin, a real hook.

let project: Project
beforeEach(() => {
  project = new Project()
})
afterEach(() => {
  project.remove()
})

/** A harness's shell tool, with no `permissions` of its own. */
const shell = defineTool({
  name: 'shell',
  description: 'Run a command line.',
  parameters: { command: { type: 'string', required: true } },
  execute: ok,
})

function setup(scope?: { id: string }) {
  const rules = permissions({
    projectRoot: project.root,
    ...(scope === undefined ? {} : { scope }),
    tools: {
      shell: {
        ruleName: 'Bash',
        subjects: (args) => [
          { kind: 'command', command: String((args as { command: unknown }).command) },
        ],
      },
    },
    sources: [{ kind: 'cli', settings: { permissions: { allow: ['Bash(ls *)'] } } }],
  })
  const script = project.script(
    'deny-bash',
    `{ cat; echo; } >> "$CLAUDE_PROJECT_DIR/inputs.jsonl"; echo 'no shell today' >&2; exit 2`,
  )
  const { registry } = harness(
    { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: script }] }] } },
    {
      projectRoot: project.root,
      before: (target: ToolRegistry) => {
        target.register(shell)
        target.use(rules)
      },
    },
  )
  const told = () =>
    readFileSync(project.file('inputs.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { tool_name: string })
  return { rules, registry, told }
}

describe('the rule name a permissions() plugin gives a tool (SPEC §18.1, §19)', () => {
  it('is what hooks match and are told', async () => {
    const { rules, registry, told } = setup()
    await rules.ready
    const result = await registry.execute(callInput('shell', { command: 'ls -la' }, { agent }))
    expect(result).toMatchObject({ isError: true, error: { code: 'HOOK_DENIED' } })
    expect(told().map((input) => input.tool_name)).toEqual(['Bash'])
  })

  it('is not given for a call the plugin does not judge (another scope’s agent): the tool’s own name', async () => {
    const { rules, registry } = setup({ id: 'someone-else' })
    await rules.ready
    const result = await registry.execute(callInput('shell', { command: 'ls -la' }, { agent }))
    expect(result).toMatchObject({ isError: false })
  })
})
