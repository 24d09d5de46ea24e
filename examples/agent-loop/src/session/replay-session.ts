import type { CliIo } from '../cli/cli-io.js'
import { writeLines } from '../cli/cli-io.js'
import type { Colors } from '../cli/colors.js'
import { readSessionLog } from './read-session-log.js'
import { createSessionRenderer } from '../cli/session-renderer.js'
import { createDemoTools } from '../tools/demo-tools.js'

/**
 * Draws a session log again. The demo's tools are built for their presenters only (building them
 * touches nothing); no tool runs and no model is asked. Presenters are pure, so the cards are the
 * ones the live run drew.
 */
export async function replaySession(io: CliIo, colors: Colors, path: string): Promise<void> {
  const events = await readSessionLog(path)
  const [start] = events
  const sandbox = start?.type === 'session/start' ? start.sandbox : ''
  const model = start?.type === 'session/start' ? start.model : 'unknown'
  const tools = createDemoTools(sandbox)
  const render = createSessionRenderer({
    colors,
    findTool: (name) => tools.find((tool) => tool.name === name),
  })
  writeLines(io.stdout, [
    colors.bold(`replaying ${path}`),
    `  ${events.length} events, model ${model}; no tool runs, no model is asked`,
    '',
  ])
  for (const event of events) writeLines(io.stdout, render(event))
}
