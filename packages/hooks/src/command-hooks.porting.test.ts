import { readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { asCallId } from '@toolpipe/core'
import type { JsonValue } from '@toolpipe/core'
import { defineTool } from '@toolpipe/tools'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { harnessTools, logged, ok } from './__fixtures__/harness-tools.js'
import { answers, harness, Project, quote } from './__fixtures__/hook-harness.js'

// SPEC §26 "Porting": hooks written for Claude Code (or Gemini CLI) work unchanged on a harness's
// own tools. Claude Code's hooks reference, https://code.claude.com/docs/en/hooks ("PreToolUse
// input": `tool_input` of Bash has `command`, of Write / Edit / Read `file_path` — absolute —, of
// WebFetch `url`; "Common input fields": `transcript_path`, `permission_mode`; "Matchers": the
// tool name). Here a tool's own arguments keep their names, and those fields come from its
// subjects beside them.

let project: Project
beforeEach(() => {
  project = new Project()
})
afterEach(() => {
  project.remove()
})

describe('tool_input in Claude Code’s field names (SPEC §26)', () => {
  it('carries command, file_path and url from the subjects beside the tool’s own arguments', async () => {
    const { told } = logged(project)
    expect((await told('run_shell', { script: 'ls -la' }))?.tool_input).toEqual({
      script: 'ls -la',
      command: 'ls -la',
    })
    expect((await told('open_file', { path: 'docs/a.md' }))?.tool_input).toEqual({
      path: 'docs/a.md',
      file_path: join(project.root, 'docs/a.md'),
    })
    expect((await told('get_page', { address: 'https://example.com/a' }))?.tool_input).toEqual({
      address: 'https://example.com/a',
      url: 'https://example.com/a',
    })
  })

  it('orders them: the tool’s own arguments, then the subjects’ field, then hookInput’s', async () => {
    const { told } = logged(project)
    const input = await told('patch_file', { path: 'src/../src/a.ts', find: 'a', put: 'b' })
    // An Edit's file_path is the file it edits, not the one it only reads; normalised.
    expect(input?.tool_input).toEqual({
      path: 'src/../src/a.ts',
      find: 'a',
      put: 'b',
      file_path: join(project.root, 'src/a.ts'),
      old_string: 'a',
      new_string: 'b',
    })
    expect(Object.keys(input?.tool_input as object)).toEqual([
      'path',
      'find',
      'put',
      'file_path',
      'old_string',
      'new_string',
    ])
  })

  it('makes file_path absolute: against the command’s cwd, else the project root; ~ is the home folder', async () => {
    const { told } = logged(project, {
      extraTools: (registry) => {
        registry.register(
          defineTool({
            name: 'save_output',
            description: 'Run a command and write its output to a file.',
            parameters: {
              cmd: { type: 'string', required: true },
              to: { type: 'string', required: true },
            },
            permissions: {
              ruleName: 'Write',
              subjects: ({ cmd, to }) => [
                { kind: 'command', command: cmd, cwd: 'packages' },
                { kind: 'edit', path: to },
              ],
            },
            execute: ok,
          }),
        )
      },
    })
    const input = await told('save_output', { cmd: 'date', to: 'out.txt' })
    expect((input?.tool_input as { file_path: string }).file_path).toBe(
      join(project.root, 'packages', 'out.txt'),
    )
    const home = await told('open_file', { path: '~/.ssh/id_rsa' })
    expect((home?.tool_input as { file_path: string }).file_path).toBe(
      join(homedir(), '.ssh/id_rsa'),
    )
    const absolute = await told('open_file', { path: '/etc/hosts' })
    expect((absolute?.tool_input as { file_path: string }).file_path).toBe('/etc/hosts')
  })

  it('gives a tool without subjects, or whose subjects fail, its own arguments (and hookInput’s)', async () => {
    const tool = (name: string, rules: object) =>
      defineTool({
        name,
        description: 'A tool.',
        parameters: { path: { type: 'string' } },
        permissions: { ruleName: 'Write', ...rules },
        execute: ok,
      })
    const { told } = logged(project, {
      extraTools: (registry) => {
        registry.register(tool('plain', {}))
        registry.register(tool('extra', { hookInput: () => ({ content: 'c' }) }))
        registry.register(
          tool('throwing', {
            subjects: () => {
              throw new Error('no')
            },
          }),
        )
        registry.register(tool('malformed', { subjects: () => [{ kind: 'edit', path: 'a' }, {}] }))
        registry.register(tool('not_a_list', { subjects: () => 'a.txt' }))
        registry.register(
          tool('bad_extra', {
            subjects: () => [{ kind: 'edit', path: 'a' }],
            hookInput: () => ({ big: 1n }),
          }),
        )
        registry.register(
          tool('throwing_extra', {
            hookInput: () => {
              throw new Error('no')
            },
          }),
        )
      },
    })
    const args = { path: 'a' }
    expect((await told('plain', args))?.tool_input).toEqual(args)
    expect((await told('extra', args))?.tool_input).toEqual({ path: 'a', content: 'c' })
    for (const name of ['throwing', 'malformed', 'not_a_list', 'throwing_extra']) {
      expect((await told(name, args))?.tool_input).toEqual(args)
    }
    expect((await told('bad_extra', args))?.tool_input).toEqual({
      path: 'a',
      file_path: join(project.root, 'a'),
    })
  })

  it('adds no subject field to a tool whose rule name is none of Claude Code’s five', async () => {
    const { told } = logged(project, {
      extraTools: (registry) => {
        registry.register(
          defineTool({
            name: 'deploy',
            description: 'Deploy.',
            parameters: { target: { type: 'string', required: true } },
            permissions: {
              subjects: ({ target }) => [{ kind: 'command', command: `deploy ${target}` }],
            },
            execute: ok,
          }),
        )
      },
    })
    expect((await told('deploy', { target: 'prod' }))?.tool_input).toEqual({ target: 'prod' })
  })
})

describe('a sequential Gemini CLI group', () => {
  it('tells each hook the fields of the arguments as the hooks before it left them', async () => {
    const seen = project.file('seen.jsonl')
    const first = `{ cat; echo; } >> ${quote(seen)}; printf '%s' '{"hookSpecificOutput":{"tool_input":{"script":"ls -1"}}}'`
    const second = `{ cat; echo; } >> ${quote(seen)}`
    const { registry } = harness(
      {
        hooks: {
          BeforeTool: [
            {
              matcher: 'run_shell_command',
              sequential: true,
              hooks: [first, second].map((command) => ({ type: 'command' as const, command })),
            },
          ],
        },
      },
      { projectRoot: project.root, dialect: 'gemini', before: harnessTools },
    )
    await registry.execute({
      callId: asCallId('seq_1'),
      name: 'run_shell',
      arguments: { script: 'ls' },
    })
    const inputs = readFileSync(seen, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { tool_input: unknown }).tool_input)
    expect(inputs).toEqual([
      { script: 'ls', command: 'ls' },
      { script: 'ls -1', command: 'ls -1' },
    ])
  })
})

describe('updatedInput in Claude Code’s field names', () => {
  /** A shell tool whose own argument is `script`, the arguments it ran with, and one PreToolUse hook. */
  function shellWith(hook: string) {
    const ran: JsonValue[] = []
    const { call } = harness(
      { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: hook }] }] } },
      {
        projectRoot: project.root,
        before: (registry) => {
          registry.register(
            defineTool({
              name: 'run_shell',
              description: 'Run a command line.',
              parameters: { script: { type: 'string', required: true } },
              permissions: {
                ruleName: 'Bash',
                subjects: ({ script }) => [{ kind: 'command', command: script }],
              },
              execute: (args) => {
                ran.push(args)
                return ok()
              },
            }),
          )
        },
      },
    )
    return { ran, call: (script: string) => call({ script }, { name: 'run_shell' }) }
  }

  it('is the tool’s new arguments as they are: a field the tool does not take changes nothing it does', async () => {
    // The hook edits what it was told (Claude Code's `command`) and sends the rest back.
    const edit = `${quote(process.execPath)} -e ${quote(
      "let t='';process.stdin.on('data',(d)=>t+=d).on('end',()=>{const i=JSON.parse(t).tool_input;" +
        "console.log(JSON.stringify({hookSpecificOutput:{updatedInput:{...i,command:'ls -1'}}}))})",
    )}`
    const { ran, call } = shellWith(edit)
    expect((await call('ls')).isError).toBe(false)
    expect(ran).toEqual([{ script: 'ls', command: 'ls -1' }])
  })

  it('without the tool’s own arguments fails validation: the tool does not run (INVALID_ARGS)', async () => {
    const { ran, call } = shellWith(
      answers({ hookSpecificOutput: { updatedInput: { command: 'ls -1' } } }),
    )
    expect((await call('ls')).error?.code).toBe('INVALID_ARGS')
    expect(ran).toEqual([])
  })
})
