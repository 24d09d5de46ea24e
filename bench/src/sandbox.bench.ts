import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SandboxManager } from '@anthropic-ai/sandbox-runtime'
import { createSandbox } from '@toolpipe/sandbox'
import { medians } from './wall-clock.js'

const quick = process.env.BENCH_QUICK === '1'

/** `bash -c line` in `cwd`, its output read to the end. */
function bash(line: string, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/bash', ['-c', line], { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.resume()
    child.stderr.resume()
    child.on('error', reject)
    child.on('close', () => {
      resolve()
    })
  })
}

/**
 * Issue #39's speed line, by the wall clock (a sandboxed command is processes: bwrap, its
 * seccomp helper, bash): `run('true')` through `@toolpipe/sandbox` against the sandbox runtime's
 * own `wrapWithSandbox` + spawn + `cleanupAfterCommand` on the same initialized manager, and a
 * bare `bash -c true`, medians of interleaved samples. Goal: the package adds ≤ 10% over srt.
 */
export async function runSandboxCheck(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'toolpipe-bench-sandbox-'))
  const sandbox = await createSandbox({ projectRoot: root, logger: { warn: () => undefined } })
  try {
    if (!sandbox.available) {
      return `#### sandbox: not measured: the sandbox is unavailable here (${sandbox.reason ?? ''})\n`
    }
    let count = 0
    const results = await medians(
      {
        'bash -c true': () => bash('true', root),
        "srt: wrapWithSandbox('true') + spawn + cleanupAfterCommand": async () => {
          const line = await SandboxManager.wrapWithSandbox('true', 'bash', undefined, undefined, {
            commandId: `srt-${String(++count)}`,
          })
          await bash(line, root)
          SandboxManager.cleanupAfterCommand()
        },
        "@toolpipe/sandbox: run('true')": () =>
          sandbox.run('true', { callId: `call_${String(++count)}` }),
        "@toolpipe/sandbox: run('true', dangerouslyDisableSandbox)": () =>
          sandbox.run('true', {
            callId: `call_${String(++count)}`,
            dangerouslyDisableSandbox: true,
          }),
      },
      quick ? 10 : 60,
    )
    const ms = (value: number) => `${value.toFixed(2)} ms`
    const of = (name: string) => results.get(name) ?? Number.NaN
    const srt = of("srt: wrapWithSandbox('true') + spawn + cleanupAfterCommand")
    const ours = of("@toolpipe/sandbox: run('true')")
    return [
      "#### sandbox: run('true') (wall clock, medians of interleaved samples)",
      '',
      '| case | median | × bash -c true |',
      '| --- | ---: | ---: |',
      ...[...results].map(
        ([name, value]) =>
          `| ${name} | ${ms(value)} | ${(value / of('bash -c true')).toFixed(2)}× |`,
      ),
      '',
      `the package over srt's own wrap and spawn (goal ≤ 1.10×): ${(ours / srt).toFixed(2)}× (+${ms(ours - srt)})`,
      '',
    ].join('\n')
  } finally {
    await sandbox.dispose()
    rmSync(root, { recursive: true, force: true })
  }
}
