import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { JsonValue } from '@toolpipe/core'
import { callInput } from '@toolpipe/call-inputs'
import { permissions } from '@toolpipe/permissions'
import { defineTool } from '@toolpipe/tools'
import type { ToolRegistry } from '@toolpipe/tools'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { harnessTools, ok } from './__fixtures__/harness-tools.js'
import { agent, harness, Project } from './__fixtures__/hook-harness.js'

// SPEC §26 "Porting": hooks are told `file_path` "taken from the subjects" — the file the rules
// judged. The permissions() plugin resolves a relative subject path against its `cwd` (§18.1),
// so a hook on the same registry is told the same absolute path, not one under the project root.
// A real permissions() plugin, a real hook script.

let project: Project
beforeEach(() => {
  project = new Project()
  mkdirSync(join(project.root, 'pkg'))
})
afterEach(() => {
  project.remove()
})

/** A tool that runs a command in a folder and writes its output to a file (both subjects). */
const saveOutput = defineTool({
  name: 'save_output',
  description: 'Run a command in a folder and write its output to a file.',
  parameters: {
    cmd: { type: 'string', required: true },
    in: { type: 'string', required: true },
    to: { type: 'string', required: true },
  },
  permissions: {
    ruleName: 'Write',
    subjects: (args) => [
      { kind: 'command', command: args.cmd, cwd: args.in },
      { kind: 'edit', path: args.to },
    ],
  },
  execute: ok,
})

/**
 * The harness's tools with `permissions()` (working in `pkg/`, denying `pkg/secret.txt`)
 * registered before `commandHooks()`, whose one PreToolUse hook is a script logging its input.
 */
function setup(policy: { scope?: { id: string } } = {}) {
  const secret = join(project.root, 'pkg', 'secret.txt')
  const rules = permissions({
    projectRoot: project.root,
    cwd: join(project.root, 'pkg'),
    ...policy,
    sources: [{ kind: 'cli', settings: { permissions: { deny: [`Read(/${secret})`] } } }],
  })
  const log = project.file('inputs.jsonl')
  const script = project.script('log-input', `{ cat; echo; } >> "$CLAUDE_PROJECT_DIR/inputs.jsonl"`)
  const { registry, dispose } = harness(
    {
      hooks: {
        PreToolUse: [{ matcher: 'Read|Write', hooks: [{ type: 'command', command: script }] }],
      },
    },
    {
      projectRoot: project.root,
      before: (target: ToolRegistry) => {
        harnessTools(target)
        target.register(saveOutput)
        target.use(rules)
      },
    },
  )
  /** Runs a call; answers its result and the `file_path` its hook was told. */
  const told = async (name: string, args: JsonValue) => {
    const input = callInput(name, args, { agent })
    const result = await registry.execute(input)
    const logged = readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(
        (line) => JSON.parse(line) as { tool_use_id: string; tool_input: { file_path?: string } },
      )
      .find((hookInput) => hookInput.tool_use_id === input.callId)
    return { result, filePath: logged?.tool_input.file_path }
  }
  return { rules, told, dispose, secret }
}

describe('file_path against the permissions() cwd (SPEC §18.1, §26)', () => {
  it('is the file the rules judge: a relative path under the policy’s cwd, not the project root', async () => {
    const { rules, told, secret } = setup()
    await rules.ready
    expect((await told('open_file', { path: 'notes.txt' })).filePath).toBe(
      join(project.root, 'pkg', 'notes.txt'),
    )
    // The rules deny pkg/secret.txt for `secret.txt`: the hook was told that same file.
    const denied = await told('open_file', { path: 'secret.txt' })
    expect(denied.result.error?.code).toBe('POLICY_DENIED')
    expect(denied.filePath).toBe(secret)
    expect((await told('open_file', { path: '../README.md' })).filePath).toBe(
      join(project.root, 'README.md'),
    )
    expect((await told('open_file', { path: '/etc/hosts' })).filePath).toBe('/etc/hosts')
  })

  it('resolves a command subject’s relative cwd against the policy’s cwd too', async () => {
    const { rules, told } = setup()
    await rules.ready
    const { filePath } = await told('save_output', { cmd: 'date', in: 'out', to: 'date.txt' })
    expect(filePath).toBe(join(project.root, 'pkg', 'out', 'date.txt'))
  })

  it('keeps the project root for a call the policy does not judge (another scope’s agent)', async () => {
    const { rules, told } = setup({ scope: { id: 'someone-else' } })
    await rules.ready
    expect((await told('open_file', { path: 'notes.txt' })).filePath).toBe(
      join(project.root, 'notes.txt'),
    )
  })
})
