import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { JsonValue } from '@toolpipe/core'
import { callInput } from '@toolpipe/call-inputs'
import { permissions } from '@toolpipe/permissions'
import { createToolRegistry } from '@toolpipe/tools'
import type { ApprovalRequest, ToolExecutionResult } from '@toolpipe/tools'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  harnessTools,
  requirePrograms,
  safetyNetHook,
  ScratchProject,
} from './__fixtures__/porting-project.js'
import type { ToolLog } from './__fixtures__/porting-project.js'
import { commandHooks } from './command-hooks.js'

// SPEC §26 "Porting": a harness that already has Claude Code or Gemini CLI files works
// unchanged. A Claude Code settings file (`permissions` and `hooks`) and a Gemini CLI policy
// drive a real permissions() plugin and commandHooks() on one registry (permissions() first, as
// both READMEs say), with tools as a harness defines them — its own names and argument names —
// and three published hooks, run as real processes, unchanged:
//
//  a. cc-safety-net 2.4.5 (npm, MIT): `cc-safety-net hook --claude-code` reads Claude Code's
//     PreToolUse JSON and answers `hookSpecificOutput.permissionDecision: "deny"`;
//  b. the file-protection hook of Claude Code's hooks guide,
//     https://code.claude.com/docs/en/hooks-guide ("Protect files"/"File protection hook"): a
//     `python3 -c` one-liner that reads `tool_input.file_path` and exits 2 for `.env`,
//     `package-lock.json` and `.git/`;
//  c. the same guide's code-formatting hook, a PostToolUse `jq … | npx prettier --write`.
//
// The protocol they speak is Claude Code's, https://code.claude.com/docs/en/hooks.

/** Exactly as the hooks guide shows it, https://code.claude.com/docs/en/hooks-guide. */
const fileProtection = `python3 -c "import json, sys; data=json.load(sys.stdin); path=data.get('tool_input',{}).get('file_path',''); sys.exit(2 if any(p in path for p in ['.env', 'package-lock.json', '.git/']) else 0)"`
/** Exactly as the hooks guide shows it, https://code.claude.com/docs/en/hooks-guide. */
const formatter = String.raw`jq -r '.tool_input.file_path' | { read file_path; if echo "$file_path" | grep -q '\.ts$'; then npx prettier --write "$file_path"; fi; }`
/** The harness's own PostToolUse check: a read that still shows a TODO is blocked with a reason. */
const todoCheck = `jq -c 'if (.tool_response.content[0].text | contains("TODO")) then {decision: "block", reason: "notes.md still has a TODO: finish it first"} else empty end'`
/** The harness's own observer: what every hook is told, one JSON line per call. */
const observer = '{ cat; echo; } >> "$CLAUDE_PROJECT_DIR/hook-inputs.jsonl"'

const command = (text: string) => ({ type: 'command' as const, command: text })

const project = new ScratchProject()
const log: ToolLog = { shell: [], read: [] }
const approvals: ApprovalRequest[] = []
let call: (name: string, args: JsonValue) => Promise<Readonly<ToolExecutionResult>>
let dispose = (): void => undefined
/** The call id of the latest call. */
let lastCallId = ''

beforeAll(async () => {
  requirePrograms('python3', 'jq')
  // The hooks (cc-safety-net's logs, npx's cache) see a scratch home, never the real one; npx
  // must find the linked prettier and never download.
  vi.stubEnv('HOME', project.home)
  vi.stubEnv('npm_config_offline', 'true')
  vi.stubEnv('npm_config_update_notifier', 'false')
  writeProjectFiles()
  await installPlugins()
})

afterAll(() => {
  dispose()
  vi.unstubAllEnvs()
  project.remove()
})

/** The project as its people keep it: Claude Code's settings, a Gemini CLI policy, files. */
function writeProjectFiles(): void {
  project.write('.claude/settings.json', {
    permissions: { defaultMode: 'acceptEdits', allow: ['Bash(ls *)', 'Bash(git *)', 'Read'] },
    hooks: {
      PreToolUse: [
        // As cc-safety-net's installer writes it: every tool, no matcher.
        { hooks: [command(safetyNetHook())] },
        { matcher: 'Edit|MultiEdit|Write', hooks: [command(fileProtection)] },
        { hooks: [command(observer)] },
      ],
      PostToolUse: [
        { matcher: 'Edit|MultiEdit|Write', hooks: [command(formatter)] },
        { matcher: 'Read', hooks: [command(todoCheck)] },
      ],
    },
  })
  project.write(
    '.gemini/policies/team.toml',
    [
      '[[rule]]',
      'toolName = "run_shell_command"',
      'commandPrefix = "git push"',
      'decision = "deny"',
      'priority = 500',
      'denyMessage = "pushes go through CI"',
      '',
    ].join('\n'),
  )
  project.write('.env', 'API_KEY=secret\n')
  project.write('package-lock.json', '{}\n')
  project.write('notes.md', 'TODO: write the changelog\n')
}

/** The harness's registry: its tools, permissions() first, then commandHooks() (SPEC §19). */
async function installPlugins(): Promise<void> {
  const registry = createToolRegistry({
    logger: { warn: () => undefined },
    approval: {
      request: (request) => {
        approvals.push(request)
        return Promise.resolve({ kind: 'rejected' })
      },
    },
  })
  harnessTools(registry, project.root, log)
  const settings = { kind: 'project' as const, path: '.claude/settings.json' }
  const rules = permissions({
    projectRoot: project.root,
    sources: [settings, { kind: 'project', path: '.gemini/policies/team.toml' }],
  })
  const disposeRules = registry.use(rules)
  const disposeHooks = registry.use(
    commandHooks({ sources: [settings], projectRoot: project.root }),
  )
  await rules.ready
  call = (name, args) => {
    const input = callInput(name, args, { agent: { id: 'main' } })
    lastCallId = input.callId
    return registry.execute(input)
  }
  dispose = () => {
    disposeHooks()
    disposeRules()
  }
}

/** What the observer hook was told for the latest call. */
function toldLast(): Record<string, unknown> {
  const lines = readFileSync(join(project.root, 'hook-inputs.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  return lines.find((input) => input.tool_use_id === lastCallId) ?? {}
}

describe('Claude Code and Gemini CLI files, and published hooks, unchanged (SPEC §26)', () => {
  it('cc-safety-net denies rm -rf ~, told the call as Claude Code’s Bash', async () => {
    const result = await call('run_shell', { command: 'rm -rf ~' })
    expect(result.error?.code).toBe('HOOK_DENIED')
    expect(result.content[0]).toMatchObject({
      text: expect.stringContaining('CC Safety Net') as unknown,
    })
    expect(log.shell).toEqual([])
    expect(toldLast()).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf ~' },
      permission_mode: 'acceptEdits',
      cwd: project.root,
    })
  })

  it('cc-safety-net denies a read of .env, and lets ls through', async () => {
    const secret = await call('read_text', { path: '.env' })
    expect(secret.error?.code).toBe('HOOK_DENIED')
    expect(secret.content[0]).toMatchObject({
      text: expect.stringContaining('sensitive path') as unknown,
    })
    expect(toldLast()).toMatchObject({
      tool_name: 'Read',
      tool_input: { path: '.env', file_path: join(project.root, '.env') },
    })
    expect(log.read).toEqual([])

    const listing = await call('run_shell', { command: 'ls -la' })
    expect(listing).toEqual({ content: [{ type: 'text', text: 'ran ls -la' }], isError: false })
    expect(log.shell).toEqual(['ls -la'])
  })

  it('the hooks guide’s python guard blocks a write of package-lock.json through a tool whose argument is path', async () => {
    const result = await call('write_file_tool', { path: 'package-lock.json', content: '{"x":1}' })
    expect(result.error?.code).toBe('HOOK_DENIED')
    expect(project.read('package-lock.json')).toBe('{}\n')
    expect(toldLast()).toMatchObject({
      tool_name: 'Write',
      permission_mode: 'acceptEdits',
      tool_input: {
        path: 'package-lock.json',
        content: '{"x":1}',
        file_path: join(project.root, 'package-lock.json'),
      },
    })
  })

  it('the hooks guide’s formatter formats the .ts file the write tool wrote', async () => {
    const result = await call('write_file_tool', {
      path: 'src/greeting.ts',
      content: "export const  greeting = {text:'hi'}\n",
    })
    expect(result).toEqual({
      content: [{ type: 'text', text: 'wrote src/greeting.ts' }],
      isError: false,
    })
    expect(project.read('src/greeting.ts')).toBe('export const greeting = { text: "hi" };\n')
  })

  it('a PostToolUse block keeps the tool’s output and adds the reason after it', async () => {
    const result = await call('read_text', { path: 'notes.md' })
    expect(result).toEqual({
      content: [
        { type: 'text', text: 'TODO: write the changelog\n' },
        { type: 'text', text: 'notes.md still has a TODO: finish it first' },
      ],
      isError: true,
      error: { name: 'ToolBlockedError', code: 'POST_BLOCKED' },
    })
  })

  it('the Gemini CLI policy denies what the Claude Code rules allow; the stricter wins', async () => {
    const result = await call('run_shell', { command: 'git push origin main' })
    expect(result.error?.code).toBe('POLICY_DENIED')
    expect(log.shell).not.toContain('git push origin main')
    expect(approvals).toEqual([])
  })
})
