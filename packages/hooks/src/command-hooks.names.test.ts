import { readFileSync } from 'node:fs'
import type { JsonValue } from '@toolpipe/core'
import { callInput } from '@toolpipe/call-inputs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { harnessTools, logged } from './__fixtures__/harness-tools.js'
import { harness, Project, quote } from './__fixtures__/hook-harness.js'
import type { HooksDialect } from './hooks-settings.js'

// SPEC §26 "Porting": rule names have the other family's aliases as data (`Bash` ↔
// `run_shell_command`, `Read` ↔ `read_file`, `Edit` ↔ `replace`, …), so a hook is told the tool's
// name as its own family writes it (Claude Code's hooks reference,
// https://code.claude.com/docs/en/hooks, "PreToolUse input": `tool_name` is `Bash`, `Write`, …;
// Gemini CLI's hooks get `run_shell_command`, `write_file`, …), and matchers of either family
// match the tool — whole names only (SPEC §19: `Bash` does not match `BashOutput`).

let project: Project
beforeEach(() => {
  project = new Project()
})
afterEach(() => {
  project.remove()
})

describe('tool_name and matchers across the two families (SPEC §26)', () => {
  it('names the tool as the hook’s family writes it; a name without an alias is sent as it is', async () => {
    const claude = logged(project)
    expect((await claude.told('run_shell', { script: 'ls' }))?.tool_name).toBe('Bash')
    expect((await claude.told('open_file', { path: 'a' }))?.tool_name).toBe('Read')
    expect((await claude.told('Bash', { command: 'ls' }))?.tool_name).toBe('Bash')
    expect((await claude.told('files_read', { path: 'a' }))?.tool_name).toBe('mcp__files__read')
    claude.dispose()
    const gemini = logged(project, { dialect: 'gemini' })
    expect((await gemini.told('Bash', { command: 'ls' }))?.tool_name).toBe('run_shell_command')
    expect((await gemini.told('patch_file', { path: 'a', find: 'x', put: 'y' }))?.tool_name).toBe(
      'replace',
    )
    expect((await gemini.told('run_shell', { script: 'ls' }))?.tool_name).toBe('run_shell_command')
  })

  it('match the tool by its name in either family, still whole names only', async () => {
    const log = project.file('ran.txt')
    const mark = (label: string) => ({
      type: 'command' as const,
      command: `cat >/dev/null; echo ${quote(label)} >> ${quote(log)}`,
    })
    const ran = async (dialect: HooksDialect, matcher: string, name: string, args: JsonValue) => {
      const event = dialect === 'gemini' ? 'BeforeTool' : 'PreToolUse'
      const { registry, dispose } = harness(
        { hooks: { [event]: [{ matcher, hooks: [mark(`${matcher}:${name}`)] }] } },
        { projectRoot: project.root, dialect, before: harnessTools },
      )
      await registry.execute(callInput(name, args))
      dispose()
      return readFileSync(log, { encoding: 'utf8', flag: 'a+' }).includes(`${matcher}:${name}\n`)
    }
    const script = { script: 'ls' }
    expect(await ran('claude', 'Bash', 'run_shell', script)).toBe(true)
    expect(await ran('claude', 'Read|Write', 'open_file', { path: 'a' })).toBe(true)
    expect(await ran('claude', 'run_shell_command', 'run_shell', script)).toBe(true)
    expect(await ran('gemini', 'run_shell_command', 'Bash', { command: 'ls' })).toBe(true)
    expect(await ran('gemini', 'Bash', 'run_shell', script)).toBe(true)
    // Whole names: neither `run_shell` (the tool's own name) nor a prefix matches.
    expect(await ran('claude', 'run_shell', 'run_shell', script)).toBe(false)
    expect(await ran('claude', 'Bas', 'run_shell', script)).toBe(false)
    expect(await ran('claude', 'run_shell_comman', 'run_shell', script)).toBe(false)
    expect(await ran('claude', 'Bash', 'BashOutput', { bash_id: '1' })).toBe(false)
  })
})
