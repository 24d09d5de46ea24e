import { permissions } from '@toolpipe/permissions'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolDecision } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { onLinux, pathOf, projectFolder, shellTool } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'

// SPEC §23: with `unavailable: 'run-unsandboxed'`, each run without the sandbox is "a
// `tools/decision` record with source kind `sandbox`": given to `permissions({ sandbox })`, the
// sandbox is installed with that plugin, so the record needs no `registry.use(sandbox)`.
describe.runIf(onLinux)('the sandbox installed by permissions({ sandbox })', () => {
  const path = process.env.PATH
  const start = startedSandboxes()

  it('records an unsandboxed run where only permissions({ sandbox }) installed it, and counts a second install', async () => {
    process.env.PATH = pathOf(['socat', 'rg'])
    const sandbox = await start({ unavailable: 'run-unsandboxed' })
    process.env.PATH = path
    const registry = createToolRegistry({ logger: { warn: () => undefined } })
    const decisions: ToolDecision[] = []
    registry.on('tools/decision', (_exec, decision) => {
      decisions.push(decision)
    })
    const rules = permissions({
      projectRoot: projectFolder(),
      sources: [{ kind: 'cli', settings: { permissions: { allow: ['Bash(echo *)'] } } }],
      tools: {
        run_shell: {
          ruleName: 'Bash',
          subjects: (args) => [{ kind: 'command', command: (args as { command: string }).command }],
        },
      },
      sandbox,
      logger: { warn: () => undefined },
    })
    registry.use(rules)
    await rules.ready
    // `registry.use(sandbox)` beside it, as the README shows: counted, not refused.
    const second = registry.use(sandbox)
    second()
    registry.register(shellTool(sandbox))
    const result = await registry.execute({
      callId: 'call_p' as never,
      name: 'run_shell',
      arguments: { command: 'echo hi' },
    })
    expect(result).toMatchObject({ meta: { sandboxed: false } })
    expect(decisions).toContainEqual({
      stage: 'guard',
      outcome: 'allow',
      source: { kind: 'sandbox', id: 'unavailable' },
      reason: 'ran without the sandbox: bubblewrap (bwrap) not installed',
    })
    expect(() => createToolRegistry().use(sandbox)).toThrow(
      expect.objectContaining({ code: 'ALREADY_INSTALLED' }),
    )
  })
})
