import OpenAI from 'openai'
import { DemoError } from '../cli/demo-error.js'
import type { OpenAiDialect } from './model-choice.js'
import type { Model } from './model.js'
import { fromOpenAiMessage, toOpenAiMessages, toOpenAiTools } from './openai-messages.js'

/** Where and what to ask. */
export interface OpenAiModelOptions {
  readonly baseURL: string
  readonly apiKey: string
  readonly model: string
  /**
   * How the tools are sent: `openai-strict` (strict function calling; the loop asks the registry
   * for those schemas, which carry `strict: true`) or `openai`. Default `openai`.
   */
  readonly dialect?: OpenAiDialect | undefined
  /** Retries of a failed request (connection errors, 429, 5xx). Default 2, the client's own. */
  readonly maxRetries?: number | undefined
  /** Per request, in milliseconds. Default 120 000. */
  readonly timeoutMs?: number | undefined
}

/**
 * A model behind any OpenAI-compatible chat completions endpoint (OpenAI, DeepSeek, a local
 * server), through the official `openai` client. Failures reject with a `DemoError` whose message
 * is one line: a refused key, an unreachable endpoint, an unknown model, or the server's words.
 */
export function createOpenAiModel(options: OpenAiModelOptions): Model {
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    maxRetries: options.maxRetries ?? 2,
    timeout: options.timeoutMs ?? 120_000,
  })
  const dialect = options.dialect ?? 'openai'
  return {
    description: `${options.model} at ${options.baseURL}`,
    name: options.model,
    dialect,
    async next({ step, messages, tools, signal }) {
      let completion: OpenAI.Chat.Completions.ChatCompletion
      try {
        completion = await client.chat.completions.create(
          {
            model: options.model,
            messages: toOpenAiMessages(messages),
            ...(tools.length === 0 ? {} : { tools: toOpenAiTools(tools) }),
          },
          signal === undefined ? {} : { signal },
        )
      } catch (error) {
        throw describeFailure(error, options)
      }
      const [choice] = completion.choices
      if (choice === undefined) {
        throw new DemoError(
          `the model endpoint ${options.baseURL} answered with no choices`,
          'MODEL_ERROR',
        )
      }
      return fromOpenAiMessage(choice.message, step)
    },
  }
}

function describeFailure(error: unknown, options: OpenAiModelOptions): DemoError {
  const where = options.baseURL
  if (error instanceof OpenAI.AuthenticationError) {
    return new DemoError(
      `the endpoint ${where} refused the API key (401: ${serverMessage(error)}); check OPENAI_API_KEY`,
      'MODEL_AUTH',
      { cause: error },
    )
  }
  if (error instanceof OpenAI.PermissionDeniedError) {
    return new DemoError(
      `the endpoint ${where} denied access (403: ${serverMessage(error)}); check OPENAI_API_KEY and MODEL`,
      'MODEL_AUTH',
      { cause: error },
    )
  }
  if (error instanceof OpenAI.NotFoundError) {
    return new DemoError(
      `the endpoint ${where} answered 404 (${serverMessage(error)}); check OPENAI_BASE_URL and MODEL="${options.model}"`,
      'MODEL_ERROR',
      { cause: error },
    )
  }
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new DemoError(
      `the model endpoint ${where} did not answer in time`,
      'MODEL_UNREACHABLE',
      {
        cause: error,
      },
    )
  }
  if (error instanceof OpenAI.APIUserAbortError) {
    return new DemoError('the request to the model was cancelled', 'MODEL_ERROR', { cause: error })
  }
  if (error instanceof OpenAI.APIConnectionError) {
    const cause = error.cause instanceof Error ? `: ${rootMessage(error.cause)}` : ''
    return new DemoError(
      `cannot reach the model endpoint ${where}${cause}; check OPENAI_BASE_URL`,
      'MODEL_UNREACHABLE',
      { cause: error },
    )
  }
  if (error instanceof OpenAI.APIError) {
    return new DemoError(
      `the model endpoint ${where} answered ${error.status ?? 'with an error'}: ${serverMessage(error)}`,
      'MODEL_ERROR',
      { cause: error },
    )
  }
  const message = error instanceof Error ? error.message : String(error)
  return new DemoError(`the request to ${where} failed: ${message}`, 'MODEL_ERROR', {
    cause: error,
  })
}

/** The server's own message, without the status the client puts in front, on one line. */
function serverMessage(error: Error): string {
  return oneLine(error.message.replace(/^\d{3}\s+/, ''))
}

/** The innermost cause's message: `fetch failed` says less than `connect ECONNREFUSED …`. */
function rootMessage(error: Error): string {
  let current: Error = error
  while (current.cause instanceof Error) current = current.cause
  return oneLine(current.message)
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
