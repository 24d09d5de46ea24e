import type { CliIo } from '../cli/cli-io.js'
import { writeLines } from '../cli/cli-io.js'
import type { Colors } from '../cli/colors.js'
import { readSessionLog } from './read-session-log.js'
import { createSessionRenderer } from '../cli/session-renderer.js'
import { createDemoRegistry } from '../demo-registry.js'

/**
 * Draws a session log again. The demo's registry is built for its tools' presenters only (building
 * it touches no file; the handbook MCP server is started so that its tools are mounted as in the
 * live run, and none of them is called): no tool runs and no model is asked. Presenters are pure,
 * so the cards are the ones the live run drew.
 */
export async function replaySession(io: CliIo, colors: Colors, path: string): Promise<void> {
  const events = await readSessionLog(path)
  const [start] = events
  const sandbox = start?.type === 'session/start' ? start.sandbox : ''
  const model = start?.type === 'session/start' ? start.model : 'unknown'
  const demo = await createDemoRegistry({
    sandbox,
    // Nothing is executed, so nothing is ever asked.
    approval: { request: () => Promise.resolve({ kind: 'unavailable' }) },
  })
  try {
    const render = createSessionRenderer({ colors, findTool: (name) => demo.registry.get(name) })
    writeLines(io.stdout, [
      colors.bold(`replaying ${path}`),
      `  ${events.length} events, model ${model}; no tool runs, no model is asked`,
      '',
    ])
    for (const event of events) writeLines(io.stdout, render(event))
  } finally {
    await demo.close()
  }
}
