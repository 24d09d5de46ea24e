import { presentCallSafely, presentResultSafely } from 'toolpipe'
import type { PresentableTool, ToolSchema } from 'toolpipe'
import type { Colors } from './colors.js'
import { renderCard } from './render-card.js'
import type { SessionEvent } from '../session/session-event.js'
import { PresentedCalls } from '../session/presented-calls.js'
import {
  answeredBy,
  contextSource,
  contextText,
  endText,
  progressText,
  stepTitle,
} from '../session/event-words.js'

/** Options of {@link createSessionRenderer}. */
export interface SessionRendererOptions {
  readonly colors: Colors
  /** The tool a call names, for its presenters; unknown names get the generic cards. */
  readonly findTool: (name: string) => PresentableTool | undefined
}

/** Turns session events into terminal lines, one event at a time, in log order. */
export type SessionRenderer = (event: SessionEvent) => string[]

/**
 * The one renderer the live run and `--replay` share. It keeps each call's arguments (from its
 * `tool/call` event) to present the matching `tool/result`, and calls the tools' pure presenters
 * through `presentCallSafely` / `presentResultSafely`, so a log replays into the same cards.
 */
export function createSessionRenderer(options: SessionRendererOptions): SessionRenderer {
  const { colors } = options
  const calls = new PresentedCalls(options.findTool, undefined)
  return (event) => {
    switch (event.type) {
      case 'tool/call': {
        const { tool, args } = calls.remember(event)
        return renderCard(
          { state: 'pending', toolName: event.name, view: presentCallSafely(tool, args) },
          colors,
        )
      }
      case 'tool/progress': {
        const { tool, args } = calls.of(event)
        const view = presentCallSafely(tool, args)
        const title = view.card === 'terminal' ? `$ ${view.title}` : view.title
        const progress = progressText(event)
        return [colors.dim(`    … ${title} ${progress === '' ? '' : ` ${progress}`}`)]
      }
      case 'tool/result': {
        const { tool, args } = calls.of(event)
        const { result } = event
        return renderCard(
          {
            state: 'completed',
            toolName: event.name,
            view: presentResultSafely(tool, args, result),
            pending: presentCallSafely(tool, args),
            isError: result.isError,
            errorCode: result.error?.code,
          },
          colors,
        )
      }
      default:
        return textLines(event, colors)
    }
  }
}

/** The lines of an event that is not about a call's card: the session, the turns, the answers. */
function textLines(
  event: Exclude<SessionEvent, { type: 'tool/call' | 'tool/progress' | 'tool/result' }>,
  colors: Colors,
): string[] {
  switch (event.type) {
    case 'session/start':
      return [
        banner('The tools, as sent to the model: session.schemas() of the tool search', colors),
        ...event.tools.flatMap((tool) => schemaLines(tool, colors)),
        colors.dim(
          '  (sent as function tools; timeoutMs and the presenters never leave the registry)',
        ),
      ]
    case 'user/message':
      return ['', ...prefixed(colors.blue('user › '), event.text)]
    case 'assistant/turn': {
      const lines = ['', banner(stepTitle(event), colors)]
      if (event.narration?.note !== undefined) {
        lines.push(...event.narration.note.split('\n').map((line) => colors.dim(line)))
      }
      if (event.text !== undefined)
        lines.push(...prefixed(colors.magenta('assistant › '), event.text))
      return lines
    }
    case 'approval': {
      const said = event.outcome.replace('-', ' ')
      const answer = event.outcome.startsWith('allowed') ? colors.green(said) : colors.red(said)
      const asked = event.reason === undefined ? 'approval needed' : `ask: ${event.reason}`
      return [
        `    ${colors.yellow('?')} ${asked} → ${answer} ${colors.dim(`(${answeredBy(event)})`)}`,
      ]
    }
    case 'context/message':
      return prefixed(colors.yellow(`context from ${contextSource(event)} › `), contextText(event))
    case 'session/end':
      return ['', banner(endText(event), colors)]
  }
}

function banner(title: string, colors: Colors): string {
  return colors.bold(`━━ ${title} ━━`)
}

function prefixed(prefix: string, text: string): string[] {
  const [first = '', ...rest] = text.replace(/\n+$/, '').split('\n')
  return [`  ${prefix}${first}`, ...rest.map((line) => `    ${line}`)]
}

function schemaLines(tool: ToolSchema, colors: Colors): string[] {
  const { properties = {}, required = [] } = tool.parameters as {
    properties?: Record<string, { type?: unknown; description?: unknown; default?: unknown }>
    required?: readonly string[]
  }
  const rows = Object.entries(properties).map(([name, property]) => [
    name,
    typeof property.type === 'string' ? property.type : '?',
    required.includes(name) ? 'required' : '',
    [
      typeof property.description === 'string' ? property.description : '',
      property.default === undefined ? '' : `(default ${JSON.stringify(property.default)})`,
    ]
      .filter((part) => part !== '')
      .join(' '),
  ])
  const widths = [0, 1, 2].map((column) =>
    Math.max(0, ...rows.map((row) => row[column]?.length ?? 0)),
  )
  return [
    `  ${colors.cyan(tool.name)}  ${tool.description}`,
    ...rows.map((row) =>
      colors.dim(
        `      ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd(),
      ),
    ),
  ]
}
