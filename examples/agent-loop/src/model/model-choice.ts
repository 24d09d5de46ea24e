import { DemoError } from '../cli/demo-error.js'

/** Which model the environment asks for. */
export type ModelChoice =
  | { readonly kind: 'scripted'; readonly notice?: string }
  | {
      readonly kind: 'openai'
      readonly baseURL: string
      readonly apiKey: string
      readonly model: string
    }

const variables = ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'MODEL'] as const

/**
 * The scripted model, unless `OPENAI_BASE_URL` or `MODEL` is set: then all three variables must
 * be, and the OpenAI-compatible model is used. `OPENAI_API_KEY` alone (a key many people keep in
 * their shell) does not switch models; it only earns a notice.
 *
 * @throws DemoError (`MODEL_CONFIG`) naming the missing variables, or a base URL that is not a URL.
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
  return { kind: 'openai', baseURL, apiKey, model }
}
