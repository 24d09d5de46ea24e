import { beforeAll, describe, expect, it } from 'vitest'
import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import { shellTool } from '@toolpipe/shell-tool'
import { hostileLines } from '@toolpipe/hostile-lines'
import { checkPermission } from './internal/check-permission.js'
import { analyzeShell } from './internal/shell/analyze-shell.js'
import { loadBashParser } from './internal/shell/bash-parser.js'
import type { BashParser } from './internal/shell/bash-parser.js'
import { cpuMilliseconds, workBudget, workLimits } from './internal/shell/work-budget.js'
import { permissions } from './permissions.js'

/**
 * SPEC §26, bounded work: every input up to 100 KB is decided (never a throw, never a stack
 * overflow, however deep or long), what is too much to read asks, and a line that hides a
 * denied command is never allowed at any size. How long each takes is measured by the bench
 * (`pnpm bench permissions-hostile`), not here.
 */
let parser: BashParser
beforeAll(async () => {
  parser = await loadBashParser()
})

const rules = {
  allow: ['Bash(echo *)', 'Bash(ls *)', 'Bash(cat *)', 'Bash(sed *)', 'Bash(awk *)', 'Edit(**)'],
  deny: ['Bash(rm *)', 'Edit(//etc/**)'],
}

describe('bounded work', () => {
  it.each(Object.entries(hostileLines))('decides a 100 KB %s line', (_name, shape) => {
    for (const size of [1_000, 100_000]) {
      const line = shape.make(size)
      expect(line.length).toBeLessThanOrEqual(100_000)
      const explanation = checkPermission({
        parser,
        command: line,
        rules,
        mode: 'bypassPermissions',
      })
      expect(['allow', 'ask', 'deny']).toContain(explanation.decision)
      if (shape.hidesDenied) expect(explanation.decision).not.toBe('allow')
    }
  })

  // tree-sitter reports progress every hundred or so operations, but recovering from these
  // errors each operation re-read most of the line: 90 ms of CPU before its first report. Counted
  // in characters read (no clock: the same on a loaded machine), the parse stops far sooner.
  const recovering = ['<', '>', '<>', '<<', '<<<', '>&', '>|', '||', ')', 'a)', '|']
  it.each(recovering)(
    'stops reading a 100 KB line of %j at its character budget, and asks (SPEC §26)',
    (unit) => {
      const line = unit.repeat(Math.floor(100_000 / unit.length))
      // No clock, and two progress reports: what stops the parse is the characters it read.
      const budget = { ...workBudget(), progress: 2, deadline: Number.POSITIVE_INFINITY }
      const analysis = analyzeShell(parser, line, 0, budget)
      expect(analysis.unparseable).toBe(
        `too much to read in bounded time (more than ${workLimits.reads} characters read)`,
      )
      // One chunk past the limit at most; a `<>` line is not parsed again once it is spent.
      expect(budget.reads).toBeGreaterThanOrEqual(-4_096)
      const explanation = checkPermission({
        parser,
        command: line,
        rules,
        mode: 'bypassPermissions',
      })
      expect(explanation.decision).toBe('ask')
      expect(explanation.basis).toBe('cannot-read')
    },
  )

  it('meets its deadline in a parse that never reports progress (one error, then spaces)', () => {
    const line = '<' + ' '.repeat(99_999)
    const budget = workBudget(performance.now() - 1_000, cpuMilliseconds() - 1_000)
    expect(analyzeShell(parser, line, 0, budget).unparseable).toBe(
      'too much to read in bounded time (more than 30 ms of parsing)',
    )
    expect(budget.reads).toBeGreaterThan(workLimits.reads - 5_000)
  })

  it('reads an ordinary 100 KB line within its character budget', () => {
    for (const line of [
      `echo ${'x'.repeat(99_995)}`,
      `echo x > ${'a/'.repeat(49_995)}`,
      `cat > f.js <<'EOF'\n${'function f(a, b) { return a + b }\n'.repeat(2_900)}EOF`,
    ]) {
      const budget = { ...workBudget(), deadline: Number.POSITIVE_INFINITY }
      expect(analyzeShell(parser, line, 0, budget).unparseable).toBeUndefined()
      expect(workLimits.reads - budget.reads).toBeLessThan(3 * line.length)
    }
  })

  it('asks when the files a line names, from every place its cd commands may lead, are too many to look up', () => {
    const places = Array.from({ length: 60 }, (_, index) => `cd /tmp/d${String(index)}`)
    const files = Array.from({ length: 400 }, (_, index) => `echo >f${String(index)}`)
    const explanation = checkPermission({
      parser,
      command: [...places, ...files].join('; '),
      rules,
      mode: 'bypassPermissions',
    })
    expect(explanation.decision).toBe('ask')
    expect(explanation.basis).toBe('cannot-read')
    expect(explanation.reason).toContain('paths to look up')
    // A line that names a few files from a few places is judged file by file, as before.
    const few = checkPermission({
      parser,
      command: 'cd /tmp/a; cd /tmp/b; echo > f; echo > /etc/passwd',
      rules,
      mode: 'bypassPermissions',
    })
    expect(few.decision).toBe('deny')
    expect(few.basis).toBe('rule')
  })

  it('asks at once for a line longer than 100 KB, in every mode', () => {
    for (const mode of ['default', 'bypassPermissions'] as const) {
      const explanation = checkPermission({
        parser,
        command: `echo ${'x'.repeat(100_000)}`,
        rules,
        mode,
      })
      expect(explanation.decision).toBe('ask')
      expect(explanation.basis).toBe('cannot-read')
    }
  })

  it('reads the next line right after a parse it had to stop (the parser starts over)', () => {
    const tooMuch = checkPermission({ parser, command: 'cat | '.repeat(16_000), rules })
    expect(tooMuch.decision).toBe('ask')
    expect(tooMuch.reason).toContain('bounded time')
    expect(checkPermission({ parser, command: 'rm -rf /tmp/x', rules }).decision).toBe('deny')
    expect(checkPermission({ parser, command: 'echo ok', rules }).decision).toBe('allow')
  })

  it('judges a redirection target of 20,000 path segments through the plugin without failing', async () => {
    const runs: string[] = []
    const registry = createToolRegistry({ logger: { warn: () => undefined } })
    registry.register(shellTool(runs))
    const plugin = permissions({
      projectRoot: '/project',
      sources: [{ kind: 'cli', settings: { permissions: rules } }],
      mode: 'bypassPermissions',
    })
    registry.use(plugin)
    await plugin.ready
    for (const target of [
      'a/'.repeat(20_000),
      '../'.repeat(20_000) + 'etc/passwd',
      '/etc/x' + '/.'.repeat(20_000),
    ]) {
      const result = await registry.execute({
        callId: asCallId(`deep-${target.length}`),
        name: 'shell',
        arguments: { command: `echo x > ${target}` },
        agent: { id: 'a' },
      })
      expect(result.error?.code).not.toBe('LISTENER_FAILED')
      expect(runs).toEqual([])
    }
  })
})
