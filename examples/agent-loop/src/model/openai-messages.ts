import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionFunctionTool,
  ChatCompletionMessage,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions'
import { asCallId } from 'toolpipe'
import type { ContentBlock, MessageSource, ToolCallBlock, ToolSchema } from 'toolpipe'
import type { ConversationMessage } from './conversation.js'
import type { ModelTurn } from './model.js'

/** DeepSeek (and some other servers) return the model's reasoning beside the content. */
type AssistantParamWithReasoning = ChatCompletionAssistantMessageParam & {
  reasoning_content?: string
}

/**
 * The tools as OpenAI-compatible chat completions take them: each `ToolSchema` from
 * `registry.schemas(agent, { dialect })` as `{ type: 'function', function: { name, description,
 * parameters, strict? } }`; `strict: true` comes with the `openai-strict` dialect's schemas.
 */
export function toOpenAiTools(tools: readonly ToolSchema[]): ChatCompletionFunctionTool[] {
  return tools.map(({ name, description, parameters, strict }) => ({
    type: 'function',
    // A spread copy: the client wants a plain record, and the request owns its own object.
    function: {
      name,
      description,
      parameters: { ...parameters },
      ...(strict === true ? { strict: true } : {}),
    },
  }))
}

/**
 * The conversation as chat completion messages. Tool results become `role: 'tool'` messages
 * (text only: a block of another kind is named in brackets); a context message becomes a `user`
 * message that starts by saying where it comes from. An assistant turn's reasoning is sent back
 * as `reasoning_content`, which DeepSeek's thinking mode requires on turns with tool calls.
 */
export function toOpenAiMessages(
  messages: readonly ConversationMessage[],
): ChatCompletionMessageParam[] {
  return messages.map((message): ChatCompletionMessageParam => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.text }
      case 'user':
        return { role: 'user', content: message.text }
      case 'tool':
        return {
          role: 'tool',
          tool_call_id: message.result.toolCallId,
          content: textOf(message.result.content),
        }
      case 'context':
        return {
          role: 'user',
          content: `${contextHeading(message.context.source)}\n${textOf(message.context.content)}`,
        }
      case 'assistant': {
        const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : []))
        const reasoning = message.content.flatMap((block) =>
          block.type === 'reasoning' ? [block.text] : [],
        )
        const calls = message.content.filter((block) => block.type === 'tool-call')
        const param: AssistantParamWithReasoning = {
          role: 'assistant',
          content: text.length === 0 ? null : text.join('\n'),
        }
        if (calls.length > 0) {
          param.tool_calls = calls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
          }))
        }
        if (reasoning.length > 0) param.reasoning_content = reasoning.join('\n')
        return param
      }
    }
  })
}

/**
 * An assistant message of a chat completion as the loop's turn. Compatible servers differ, and
 * what they send is read defensively: a tool call without an id gets `call_<step>_<n>`; arguments
 * sent as a JSON object rather than text are written back as text; a missing name becomes `""`
 * (the registry answers `unknown tool ""`); a custom tool call keeps its raw input as arguments.
 */
export function fromOpenAiMessage(
  message: ChatCompletionMessage & { reasoning_content?: unknown },
  step: number,
): ModelTurn {
  const toolCalls = (message.tool_calls ?? []).map((call, index): ToolCallBlock => {
    // Read as untyped data: the types describe OpenAI, not every server that imitates it.
    const record = call as unknown as Record<string, unknown>
    const body = record.type === 'custom' ? record.custom : record.function
    const fields =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
    const args = record.type === 'custom' ? fields.input : fields.arguments
    return {
      type: 'tool-call',
      id: asCallId(
        typeof record.id === 'string' && record.id !== '' ? record.id : `call_${step}_${index + 1}`,
      ),
      name: typeof fields.name === 'string' ? fields.name : '',
      arguments:
        typeof args === 'string'
          ? args
          : args === undefined || args === null
            ? ''
            : JSON.stringify(args),
    }
  })
  const reasoning = message.reasoning_content
  return {
    toolCalls,
    ...(typeof message.content === 'string' && message.content !== ''
      ? { text: message.content }
      : {}),
    ...(typeof reasoning === 'string' && reasoning !== '' ? { reasoning } : {}),
  }
}

function textOf(content: readonly ContentBlock[]): string {
  return content
    .map((block) => (block.type === 'text' ? block.text : `[${block.type} block]`))
    .join('\n')
}

/** Says where context comes from, so plugin text is never taken for the person's words. */
function contextHeading(source: MessageSource): string {
  return source.kind === 'plugin'
    ? `[context from plugin "${source.plugin}", not written by the user]`
    : '[context from the user]'
}
