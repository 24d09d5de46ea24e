import type { CliIo } from '../cli/cli-io.js'
import { writeLines } from '../cli/cli-io.js'
import type { Colors } from '../cli/colors.js'
import { renderTrace } from '../tracing/render-trace.js'
import type { RunTracing } from '../tracing/run-tracing.js'
import { localSettingsPath, rememberedRules } from './remembered-rules.js'
import type { SessionLogWriter } from './session-log.js'

/** What the end of a live run reports. */
export interface SessionEnding {
  readonly io: CliIo
  readonly colors: Colors
  readonly sandbox: string
  readonly logPath: string
  readonly log: SessionLogWriter
  /** Whether an "always" answer was given, so the permissions plugin may still be writing a rule. */
  readonly alwaysAnswered: boolean
  readonly tracing: RunTracing | undefined
}

/**
 * Prints what the run left behind: the rules "always" answers wrote, the trace's spans (with
 * `--trace`), and where the session log is and how to replay it.
 */
export async function printSessionEnding(ending: SessionEnding): Promise<void> {
  const { io, colors, tracing, log, logPath } = ending
  const remembered = await rememberedRules(ending.sandbox, ending.alwaysAnswered)
  if (remembered.length > 0) {
    writeLines(io.stdout, [
      '',
      colors.bold(`━━ rules your "always" answers wrote to ${localSettingsPath} ━━`),
      ...remembered.map((line) => `  ${line}`),
    ])
  }
  if (tracing !== undefined) {
    const spans = tracing.takeSpans()
    writeLines(io.stdout, [
      '',
      colors.bold(`━━ trace: the run's ${spans.length} OpenTelemetry spans (--trace) ━━`),
      colors.dim(
        "execute_tool spans come from @toolpipe/otel's otelTracing(), invoke_agent and chat spans",
      ),
      colors.dim("from the harness around the loop; the SDK's InMemorySpanExporter kept them."),
      ...renderTrace(spans, colors).map((line) => `  ${line}`),
    ])
  }
  writeLines(io.stdout, [
    '',
    `${colors.bold('session log')}  ${logPath} (${log.count} events)`,
    `${colors.bold('replay it')}    pnpm demo --replay ${logPath}`,
  ])
}
