// @toolpipe/sandbox as a consumer uses it, under every configuration of scripts/check-consumers.mjs
// but the strict one (the sandbox runtime's declarations use Node's types). A real sandboxed
// command writes inside its project and is stopped writing outside it, the violation reported on
// its call; a bad option is typed and coded. CI has bwrap (scripts/test.sh installs it).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSandbox, SandboxError } from '@toolpipe/sandbox'
import type { SandboxRun } from '@toolpipe/sandbox'

function assert(condition: boolean, what: string): void {
  if (!condition) throw new Error(`consumer check failed: ${what}`)
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'toolpipe-consumer-sandbox-'))
  const project = join(folder, 'project')
  const outside = join(folder, 'outside.txt')
  const sandbox = await createSandbox({ projectRoot: folder, logger: { warn: () => undefined } })
  try {
    assert(sandbox.available, `the sandbox starts here (${sandbox.reason ?? ''})`)
    const inside: SandboxRun = await sandbox.run(`mkdir -p ${project} && echo ok > ${project}/a`, {
      callId: 'call_1',
    })
    assert(inside.exitCode === 0 && inside.sandboxed, `a write inside (${JSON.stringify(inside)})`)
    await sandbox.dispose()
    const narrow = await createSandbox({ projectRoot: project, logger: { warn: () => undefined } })
    try {
      const stopped = await narrow.run(`echo planted > ${outside}`, { callId: 'call_2' })
      assert(
        stopped.exitCode !== 0 && stopped.violations.some((found) => found.kind === 'write'),
        `a write outside is stopped and reported (${JSON.stringify(stopped)})`,
      )
    } finally {
      await narrow.dispose()
    }
    const refused = await createSandbox({ projectRoot: 'relative' }).catch(
      (error: unknown) => error,
    )
    assert(
      refused instanceof SandboxError && refused.code === 'INVALID_OPTIONS',
      'a relative projectRoot is refused with INVALID_OPTIONS',
    )
  } finally {
    await sandbox.dispose()
    rmSync(folder, { recursive: true, force: true })
  }
}

main().then(
  () => console.log('consumer check passed: a write inside ran, a write outside was stopped'),
  (error: unknown) => {
    throw error
  },
)
