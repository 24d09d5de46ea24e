import type { ToolResultBlock, ToolSchema } from 'toolpipe'
import type { ConversationMessage } from './conversation.js'

/*
 * How the scripted model reads what its tools answered, as a real model would: the result of an
 * earlier call, an error's text, the line that says what happened, a tool's parameters.
 */

/** The result of the last call of tool `name` with these arguments in the conversation. */
export function resultOfLast(
  messages: readonly ConversationMessage[],
  name: string,
  args: unknown,
): ToolResultBlock | undefined {
  const calls = messages.flatMap((message) =>
    message.role === 'assistant'
      ? message.content.filter(
          (block) =>
            block.type === 'tool-call' &&
            block.name === name &&
            block.arguments === JSON.stringify(args),
        )
      : [],
  )
  const last = calls.at(-1)
  if (last?.type !== 'tool-call') return undefined
  for (const message of messages) {
    if (message.role === 'tool' && message.result.toolCallId === last.id) return message.result
  }
  return undefined
}

export function textOf(result: ToolResultBlock | undefined): string {
  return (result?.content ?? [])
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('\n')
}

export function errorText(result: ToolResultBlock | undefined): string | undefined {
  return result?.isError === true ? textOf(result).replace(/^Error: /, '') : undefined
}

export function firstLineWith(
  result: ToolResultBlock | undefined,
  needle: string,
): string | undefined {
  return textOf(result)
    .split('\n')
    .find((line) => line.includes(needle) && line.trim() !== '')
}

export function propertiesOf(tools: readonly ToolSchema[], name: string): string[] {
  const properties = tools.find((tool) => tool.name === name)?.parameters.properties
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : []
}

/**
 * What a model does with a ToolArgsError message: a `"x" must be a number, got string` becomes a
 * number; a `missing required property "x"` takes the value of the one key the schema does not
 * know (the name the model got wrong).
 */
export function correctArguments(
  args: Readonly<Record<string, unknown>>,
  message: string,
  knownProperties: readonly string[],
): Record<string, unknown> {
  let fixed: Record<string, unknown> = { ...args }
  for (const [, key] of message.matchAll(/"([^"]+)" must be a number, got string/g)) {
    if (key !== undefined && typeof fixed[key] === 'string') fixed[key] = Number(fixed[key])
  }
  for (const [, key] of message.matchAll(/missing required property "([^"]+)"/g)) {
    const unknown = Object.keys(fixed).filter((name) => !knownProperties.includes(name))
    const [wrongName] = unknown
    if (key !== undefined && wrongName !== undefined && unknown.length === 1) {
      // Renamed in place, so the corrected call keeps the model's order of arguments.
      fixed = Object.fromEntries(
        Object.entries(fixed).map(([name, value]) => [name === wrongName ? key : name, value]),
      )
    }
  }
  return fixed
}
