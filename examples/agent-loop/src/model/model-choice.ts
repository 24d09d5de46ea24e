import { DemoError } from '../cli/demo-error.js'

/**
 * The schema dialect the OpenAI-compatible model is sent (SPEC §9.3): OpenAI's strict function
 * calling (`openai-strict`, with `strict: true`), or plain JSON Schema (`openai`), which every
 * compatible server takes.
 */
export type OpenAiDialect = 'openai-strict' | 'openai'

/** Which model the environment asks for. */
export type ModelChoice =
  | { readonly kind: 'scripted'; readonly notice?: string }
  | {
      readonly kind: 'openai'
      readonly baseURL: string
      readonly apiKey: string
      readonly model: string
      readonly dialect: OpenAiDialect
    }

const variables = ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'MODEL'] as const

/** The host of OpenAI's own API, where strict function calling is known to work. */
const openAiHost = 'api.openai.com'

/**
 * The scripted model, unless `OPENAI_BASE_URL` or `MODEL` is set: then all three variables must
 * be, and the OpenAI-compatible model is used. `OPENAI_API_KEY` alone (a key many people keep in
 * their shell) does not switch models; it only earns a notice.
 *
 * `TOOL_SCHEMA_DIALECT` picks how the tools are sent: `openai-strict` (strict function calling,
 * `strict: true`), `openai` (plain JSON Schema), or `auto` (the default): strict when the base
 * URL is OpenAI's own (`api.openai.com`), plain elsewhere, since compatible servers (DeepSeek,
 * Ollama, vLLM…) differ in what they make of `strict`.
 *
 * @throws DemoError (`MODEL_CONFIG`) naming the missing variables, a base URL that is not a URL,
 * or a `TOOL_SCHEMA_DIALECT` that is not one of the three values.
 */
export function chooseModel(env: Readonly<Record<string, string | undefined>>): ModelChoice {
  const value = (name: (typeof variables)[number]): string | undefined => {
    const text = env[name]?.trim()
    return text === undefined || text === '' ? undefined : text
  }
  const baseURL = value('OPENAI_BASE_URL')
  const apiKey = value('OPENAI_API_KEY')
  const model = value('MODEL')
  if (baseURL === undefined && model === undefined) {
    return apiKey === undefined
      ? { kind: 'scripted' }
      : {
          kind: 'scripted',
          notice:
            'OPENAI_API_KEY is set but OPENAI_BASE_URL and MODEL are not: using the scripted model',
        }
  }
  const missing = variables.filter((name) => value(name) === undefined)
  if (baseURL === undefined || apiKey === undefined || model === undefined) {
    throw new DemoError(
      `to use a real model set OPENAI_BASE_URL, OPENAI_API_KEY and MODEL; missing: ${missing.join(', ')}`,
      'MODEL_CONFIG',
    )
  }
  if (!URL.canParse(baseURL)) {
    throw new DemoError(`OPENAI_BASE_URL is not a URL: "${baseURL}"`, 'MODEL_CONFIG')
  }
  return { kind: 'openai', baseURL, apiKey, model, dialect: chooseDialect(env, baseURL) }
}

function chooseDialect(
  env: Readonly<Record<string, string | undefined>>,
  baseURL: string,
): OpenAiDialect {
  const asked = env.TOOL_SCHEMA_DIALECT?.trim() ?? ''
  switch (asked) {
    case 'openai-strict':
    case 'openai':
      return asked
    case '':
    case 'auto':
      return new URL(baseURL).hostname === openAiHost ? 'openai-strict' : 'openai'
    default:
      throw new DemoError(
        `TOOL_SCHEMA_DIALECT must be "openai-strict", "openai" or "auto", got "${asked}"`,
        'MODEL_CONFIG',
      )
  }
}
