import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { callInput } from '@toolpipe/call-inputs'
import { commandHooks } from '@toolpipe/hooks'
import type { HooksSettings } from '@toolpipe/hooks'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolRegistry } from '@toolpipe/tools'
import { readFileTool, smallArgs } from './fixtures.js'
import { medians } from './wall-clock.js'

const quick = process.env.BENCH_QUICK === '1'

/** What a PreToolUse hook is told, about the size of a real `read_file` call's input. */
const hookInput = JSON.stringify({
  session_id: '2f1c7f0e-8c1e-4a53-9d55-0d6f3f1f9c11',
  cwd: '/work/project',
  permission_mode: 'default',
  hook_event_name: 'PreToolUse',
  tool_name: 'read_file',
  tool_input: smallArgs,
  tool_use_id: 'toolu_01',
})

/** The process alone: `/bin/sh -c command` with the input on stdin, stdout read to the end. */
function spawnAlone(command: string, detached = false): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { stdio: 'pipe', detached })
    child.stdin.on('error', () => undefined)
    child.stdin.end(hookInput)
    child.stdout.resume()
    child.stderr.resume()
    child.on('error', reject)
    child.on('close', () => {
      resolve()
    })
  })
}

/** A registry with the `read_file` tool and, unless `hooks` is undefined, `commandHooks()`. */
function registryWith(root: string, hooks?: HooksSettings): ToolRegistry {
  const registry = createToolRegistry()
  registry.register(readFileTool())
  if (hooks !== undefined) registry.use(commandHooks({ hooks, projectRoot: root }))
  return registry
}

const preToolUse = (...commands: string[]): HooksSettings => ({
  PreToolUse: [
    {
      matcher: 'read_file',
      hooks: commands.map((command) => ({ type: 'command' as const, command })),
    },
  ],
})

function call(registry: ToolRegistry): Promise<unknown> {
  return registry.execute(callInput('read_file', smallArgs))
}

/** A median by name (NaN when the case is missing: a typo shows in the table). */
function median(results: Map<string, number>, name: string): number {
  return results.get(name) ?? Number.NaN
}

/**
 * Issue 31's speed lines, timed by the wall clock (a hook is a process: its cost is waiting, not
 * this process's CPU time). (1) The overhead of running a hook beyond the process's own run
 * time: `execute()` with one PreToolUse hook `true` against spawning `/bin/sh -c true` alone
 * with the same input on stdin and its output read, medians of interleaved samples; goal ≤ 5 ms.
 * (2) Two hooks of 300 ms on one call: goal ≤ 350 ms (they run in parallel).
 */
export async function runHooksCheck(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'toolpipe-bench-hooks-'))
  try {
    const bare = registryWith(root)
    const oneTrue = registryWith(root, preToolUse('true'))
    const answering = registryWith(
      root,
      preToolUse(
        `cat >/dev/null; printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`,
      ),
    )
    const overhead = await medians(
      {
        'sh -c true alone': () => spawnAlone('true'),
        'sh -c true alone, own process group': () => spawnAlone('true', true),
        'execute(), hook `true`': () => call(oneTrue),
        'execute(), no hooks': () => call(bare),
        'sh -c <cat; printf JSON> alone': () =>
          spawnAlone(
            `cat >/dev/null; printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`,
          ),
        'execute(), hook answering JSON allow': () => call(answering),
      },
      quick ? 10 : 60,
    )
    const oneSlow = registryWith(root, preToolUse('sleep 0.3'))
    // Two commands (identical ones would run once).
    const twoSlow = registryWith(root, preToolUse('sleep 0.3', 'sleep 0.30'))
    const slow = await medians(
      {
        'sh -c "sleep 0.3" alone': () => spawnAlone('sleep 0.3'),
        'execute(), one hook `sleep 0.3`': () => call(oneSlow),
        'execute(), two hooks `sleep 0.3`': () => call(twoSlow),
      },
      quick ? 3 : 10,
    )
    const ms = (value: number) => `${value.toFixed(2)} ms`
    const lines = [
      '#### hooks: the cost of running a hook (wall clock, medians of interleaved samples)',
      '',
      '| case | median |',
      '| --- | ---: |',
      ...[...overhead, ...slow].map(([name, value]) => `| ${name} | ${ms(value)} |`),
      '',
      `overhead of a hook beyond its process (goal ≤ 5 ms): \`true\` ${ms(median(overhead, 'execute(), hook `true`') - median(overhead, 'sh -c true alone'))}, ` +
        `JSON answer ${ms(median(overhead, 'execute(), hook answering JSON allow') - median(overhead, 'sh -c <cat; printf JSON> alone'))}`,
      `two hooks of 300 ms on one call (goal ≤ 350 ms): ${ms(median(slow, 'execute(), two hooks `sleep 0.3`'))} ` +
        `(one such process alone: ${ms(median(slow, 'sh -c "sleep 0.3" alone'))}; one hook: ${ms(median(slow, 'execute(), one hook `sleep 0.3`'))})`,
      '',
    ]
    return lines.join('\n')
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}
