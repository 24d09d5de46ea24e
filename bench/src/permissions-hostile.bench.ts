import { callInput } from '@toolpipe/call-inputs'
import { hostileLines } from '@toolpipe/hostile-lines'
import type { HostileShape } from '@toolpipe/hostile-lines'
import { permissions } from '@toolpipe/permissions'
import type { PermissionsPlugin } from '@toolpipe/permissions'
import { shellTool } from '@toolpipe/shell-tool'
import { createToolRegistry } from '@toolpipe/tools'

/** The sizes each shape is decided at. */
const sizes = [1_000, 10_000, 100_000] as const
/** Decisions timed per shape and size; the table shows the median and the slowest. */
const rounds = 7

/** The plugin on a registry with the shell tool: a few everyday allows, `rm` and `/etc` denied. */
async function hostilePlugin(): Promise<PermissionsPlugin> {
  const registry = createToolRegistry({ logger: { warn: () => undefined } })
  registry.register(shellTool())
  const plugin = permissions({
    projectRoot: '/nonexistent/project',
    sources: [
      {
        kind: 'cli',
        settings: {
          permissions: {
            allow: [
              'Bash(echo *)',
              'Bash(ls *)',
              'Bash(cat *)',
              'Bash(sed *)',
              'Bash(awk *)',
              'Edit(**)',
            ],
            deny: ['Bash(rm *)', 'Edit(//etc/**)'],
          },
        },
      },
    ],
  })
  registry.use(plugin)
  await plugin.ready
  return plugin
}

/** One shape at one size, decided `rounds` times after a first decision: its table cell. */
async function timeShape(
  plugin: PermissionsPlugin,
  shape: HostileShape,
  size: number,
): Promise<{ cell: string; worst: number }> {
  const input = callInput('shell', { command: shape.make(size) })
  await plugin.explain(input)
  const times: number[] = []
  let decision = ''
  for (let round = 0; round < rounds; round++) {
    const started = performance.now()
    const explanation = await plugin.explain(input)
    times.push(performance.now() - started)
    decision = explanation.decision + (explanation.reason.includes('bounded time') ? '†' : '')
  }
  times.sort((a, b) => a - b)
  const worst = times.at(-1) ?? 0
  const cell = `${(times[rounds >> 1] ?? 0).toFixed(1)} / ${worst.toFixed(1)} ms ${decision}`
  return { cell, worst }
}

/**
 * Issue #38's bounded work: a decision on any input up to 100 KB in ≤ 50 ms, for the shapes
 * that cost the judge the most (`@toolpipe/hostile-lines`), through the plugin's `explain` (the
 * subjects, the parse, the walk, the rules: what the `tools/pre-execute` listener runs). Wall
 * clock, warm (a first decision of each is not counted), with the decision each got.
 */
export async function runHostileLines(): Promise<string> {
  const plugin = await hostilePlugin()
  const rows: string[] = []
  let slowest = 0
  for (const [name, shape] of Object.entries(hostileLines)) {
    const cells: string[] = []
    for (const size of sizes) {
      const { cell, worst } = await timeShape(plugin, shape, size)
      slowest = Math.max(slowest, worst)
      cells.push(cell)
    }
    rows.push(`| ${name} | ${cells.join(' | ')} |`)
  }
  return [
    '#### decisions on hostile lines: median / slowest of 7, in ms, and the decision',
    '',
    '| shape | 1 KB | 10 KB | 100 KB |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    '',
    `† too much to read in bounded time: asks at once. Slowest of all: ${slowest.toFixed(1)} ms (goal ≤ 50 ms).`,
    '',
  ].join('\n')
}
