import { readFile, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { loadO200kTokenCounter } from '@toolpipe/output-budget'
import { describe, expect, it } from 'vitest'
import { useDemoRun } from './__fixtures__/demo-run.js'
import { sandboxFiles } from '../sandbox/sandbox-files.js'
import { spillFolder } from '../demo-registry.js'
import { runShellMaxOutputTokens } from '../tools/run-shell-tool.js'

const demo = useDemoRun()

describe('the demo through the real CLI: its policies, guard, hook, timeout, blocks and output budget (SPEC §8, §17)', () => {
  it('decides by the sandbox rules: wc asked once and remembered as a rule', async () => {
    const { run, events, sandbox, calls, resultOf } = demo
    // wc is in no rule: asked once, answered "always" by --yes, in the log before its result …
    const counts = calls().filter(
      (event) =>
        event.name === 'run_shell' &&
        (event.arguments as { command?: string } | undefined)?.command?.startsWith('wc ') === true,
    )
    expect(counts).toHaveLength(2)
    const [first, second] = counts
    const approvalIndex = events.findIndex(
      (event) => event.type === 'approval' && event.callId === first?.callId,
    )
    expect(events[approvalIndex]).toEqual({
      type: 'approval',
      callId: first?.callId,
      name: 'run_shell',
      reason: 'no rule matched, default mode',
      outcome: 'allowed-always',
      answeredBy: '--yes',
    })
    expect(events.indexOf(resultOf(first))).toBe(approvalIndex + 1)
    expect(run.stdout).toContain('auto-approved: --yes')
    // … written as a readable rule, which lets the second wc run without asking.
    expect(
      JSON.parse(await readFile(join(sandbox(), '.toolpipe', 'settings.local.json'), 'utf8')),
    ).toEqual({
      permissions: { allow: ['Bash(wc *)'] },
    })
    expect(
      events.some((event) => event.type === 'approval' && event.callId === second?.callId),
    ).toBe(false)
    expect(resultOf(second).result.isError).toBe(false)
    expect(run.stdout).toContain(
      'rules your "always" answers wrote to .toolpipe/settings.local.json',
    )
    expect(run.stdout).toContain('  allow Bash(wc *)')
  })

  it('lets the guard refuse the protected test and a path outside the sandbox, and test.js is untouched', async () => {
    const { sandbox, resultOf, callWith } = demo
    const cheat = callWith('edit_file', {
      path: 'test.js',
      oldText: "got === 'Hello, Ada!'",
      newText: "got === 'Hi Ada'",
    })
    expect(resultOf(cheat).result).toEqual({
      content: [{ type: 'text', text: 'Error: test.js is protected: fix the code, not the test' }],
      isError: true,
      error: { name: 'ToolDeniedError', code: 'GUARD_DENIED' },
    })
    expect(resultOf(callWith('read_file', { path: '../package.json' })).result).toEqual({
      content: [{ type: 'text', text: 'Error: path "../package.json" is outside the sandbox' }],
      isError: true,
      error: { name: 'ToolDeniedError', code: 'GUARD_DENIED' },
    })
    expect(await readFile(join(sandbox(), 'test.js'), 'utf8')).toBe(sandboxFiles['test.js'])
  })

  it("runs the sandbox's own PreToolUse hook script, which refuses the package.json edit with exit 2", async () => {
    const { run, sandbox, resultOf, callWith } = demo
    // .claude/settings.json in the sandbox, as Claude Code users configure hooks; the hook is a
    // real process (node .claude/hooks/protect-package-json.mjs) told the call on stdin.
    const edit = callWith('edit_file', {
      path: 'package.json',
      oldText: '"type": "commonjs"',
      newText: '"type": "commonjs", "scripts": { "test": "node test.js" }',
    })
    expect(resultOf(edit).result).toEqual({
      content: [
        {
          type: 'text',
          text: "Error: package.json is the team's to change: propose the edit to a person instead (refused by .claude/hooks/protect-package-json.mjs)",
        },
      ],
      isError: true,
      error: { name: 'ToolDeniedError', code: 'HOOK_DENIED' },
    })
    expect(await readFile(join(sandbox(), 'package.json'), 'utf8')).toBe(
      sandboxFiles['package.json'],
    )
    expect(run.stdout).toContain("a hook's refusal")
    expect(run.stdout).toContain("package.json is the team's to change")
  })

  it('times the slow tool out with TOOL_TIMEOUT', () => {
    const { resultOf, callWith } = demo
    expect(resultOf(callWith('wait_for_file', { path: 'ci/report.txt' })).result).toEqual({
      content: [{ type: 'text', text: 'Error: tool call timed out after 1000ms' }],
      isError: true,
      error: { name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' },
    })
  })

  it('withholds the secret (@toolpipe/redact), and it reaches neither log nor screen', async () => {
    const { run, logPath, resultOf, text, callWith } = demo
    const blocked = resultOf(callWith('read_file', { path: '.env' }))
    expect(blocked.result.error).toEqual({ name: 'SecretBlockedError', code: 'SECRET_BLOCKED' })
    expect(text(blocked)).toContain('it holds a secret (rule "github", line 1 of content[0].text)')
    expect(await readFile(logPath(), 'utf8')).not.toContain('ghp_demo')
    expect(run.stdout).not.toContain('ghp_demo')
  })

  it('blocks the read of the minified bundle in tools/post-execute, with feedback (SPEC §8)', () => {
    const { run, resultOf, callWith } = demo
    const blocked = resultOf(callWith('read_file', { path: 'dist/greet.min.js' }))
    expect(blocked.step).toBe(11)
    expect(blocked.result).toEqual({
      content: [
        {
          type: 'text',
          text: 'Blocked by the minified-code policy: dist/greet.min.js is minified (line 2 is 1,003 characters long), code a build generated. It would fill your context and tell you little, and an edit to it is lost at the next build. Read greet.js, the source it is built from, instead; the build makes dist/greet.min.js from it.',
        },
      ],
      isError: true,
      error: { name: 'ToolBlockedError', code: 'POST_BLOCKED' },
    })
    expect(run.stdout).toContain('━━ step 11 · a post-execute block with feedback ━━')
    expect(run.stdout).toContain('  ✗ Read dist/greet.min.js  POST_BLOCKED\n')
    // The model read the feedback, not the bundle.
    expect(run.stdout).not.toContain('Object.defineProperty')
    expect(run.stdout).toContain(
      'So the bundle is made from greet.js: the next build carries the fix.',
    )
  })

  it("appends the edit's additionalContext after all of the step's results", () => {
    const { events, results, resultOf, callWith } = demo
    const edit = callWith('edit_file', {
      path: 'greet.js',
      oldText: "  return 'Hi ' + name",
      newText: '  return `Hello, ${name}!`',
    })
    const editResult = resultOf(edit)
    const context = {
      source: { kind: 'plugin', plugin: 'syntax-check' },
      content: [
        {
          type: 'text',
          text: 'After your edit, `node --check greet.js` passed: no syntax errors.',
        },
      ],
    }
    expect(editResult.result.additionalContext).toEqual(context)
    const step = editResult.step
    const contextIndex = events.findIndex((event) => event.type === 'context/message')
    expect(events[contextIndex]).toEqual({
      type: 'context/message',
      step,
      callId: edit?.callId,
      ...context,
    })
    const stepResults = results().filter((event) => event.step === step)
    expect(stepResults).toHaveLength(3)
    for (const result of stepResults) expect(events.indexOf(result)).toBeLessThan(contextIndex)
    expect(events[contextIndex + 1]).toMatchObject({ type: 'assistant/turn', step: step + 1 })
  })

  it("cuts the long server.log to run_shell's budget, the whole log in a private spill file", async () => {
    const { run, events, sandbox, resultOf, callWith } = demo
    const cat = resultOf(callWith('run_shell', { command: 'cat server.log' }))
    const log = sandboxFiles['server.log'] ?? ''
    expect(cat.result.isError).toBe(false)
    const [output, status] = cat.result.content
    expect(status).toEqual({ type: 'text', text: '[exit code 0]' })
    const cut = output?.type === 'text' ? output.text : ''
    const lines = cut.split('\n')
    const noticeAt = lines.findIndex((line) => line.startsWith('[… '))
    const notice =
      /^\[… (\d+) tokens omitted \((\d+) bytes\); the full output is in (\S+) …\]$/.exec(
        lines[noticeAt] ?? '',
      )
    // The log's first and last lines, around the notice, within run_shell's 500 tokens.
    expect(log.startsWith(`${lines.slice(0, noticeAt).join('\n')}\n`)).toBe(true)
    expect(log.endsWith(lines.slice(noticeAt + 1).join('\n'))).toBe(true)
    const countTokens = await loadO200kTokenCounter()
    expect(countTokens(cut) + countTokens('[exit code 0]')).toBeLessThanOrEqual(
      runShellMaxOutputTokens,
    )
    const [, , bytes = '', path = ''] = notice ?? []
    expect(Number(bytes)).toBeGreaterThan(log.length / 2)
    expect(dirname(path)).toBe(join(sandbox(), spillFolder))
    expect(await readFile(path, 'utf8')).toBe(`${log}\n[exit code 0]`)
    expect((await stat(path)).mode & 0o777).toBe(0o600)
    expect((await stat(dirname(path))).mode & 0o777).toBe(0o700)
    // The terminal card shows the cut output, notice included; the answer names the file.
    expect(run.stdout).toContain(lines[noticeAt])
    expect(events.at(-2)).toMatchObject({
      type: 'assistant/turn',
      text: expect.stringContaining(`the rest\nis in ${path}.`) as string,
    })
  })

  it('shows the OS sandbox stopping a write an allow rule let through, on its card', () => {
    const { run, events } = demo
    // Linux CI runs the real sandbox (scripts/test.sh installs bubblewrap, socat and ripgrep).
    expect(run.stdout).toContain('os box   run_shell commands run in the OS sandbox')
    const call = events.find(
      (event) =>
        event.type === 'tool/call' && event.name === 'run_shell' && event.callId === 'call_13_1',
    )
    expect(call).toBeDefined()
    expect(run.stdout).toMatch(
      /│ \[the sandbox stopped a write: \/\S+\/toolpipe-demo-home-\w+\/\.bashrc\]/,
    )
    expect(run.stdout).toContain('EROFS: read-only file system')
    expect(events.at(-2)).toMatchObject({
      type: 'assistant/turn',
      text: expect.stringContaining('the sandbox stopped my write outside the project') as string,
    })
  })

  it('ends with the answer, and greet.js is fixed in the sandbox', async () => {
    const { events, sandbox } = demo
    expect(events.at(-1)).toEqual({ type: 'session/end', steps: 14, reason: 'answered' })
    expect(await readFile(join(sandbox(), 'greet.js'), 'utf8')).toContain(
      'return `Hello, ${name}!`',
    )
  })
})
