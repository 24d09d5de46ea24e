import type { Dialect } from '../../dialect.js'

/**
 * What each dialect does with each keyword of toolpipe's schema subset (SPEC §9.1), and the
 * provider document each rule rests on. `native`: kept as written; `described`: moved into the
 * property's `description` as words the model can follow (our validator still enforces it). A
 * keyword outside this table is outside the subset: kept as written where the provider takes
 * JSON Schema, fatal where it does not. Keywords with rules of their own (`type`,
 * `properties`, `required`, `additionalProperties`, `items`, `anyOf`, `enum`, `const`,
 * `exclusiveMinimum`, `exclusiveMaximum`) are handled in convert-schema.ts.
 *
 * Sources, read for this table (cited again beside each rule below):
 * - [OpenAI] https://developers.openai.com/api/docs/guides/structured-outputs, section
 *   "Supported schemas" (supported types and properties; "Objects have limitations on nesting
 *   depth and size"; "Limitations on total string size"; "Limitations on enum size";
 *   "additionalProperties: false must always be set in objects"; "All fields must be
 *   required"; "Some type-specific keywords are not yet supported").
 * - [Gemini] https://ai.google.dev/api/caching#Schema (the `Schema` object), as generated into
 *   googleapis/js-genai src/types.ts `interface Schema`, and that SDK's own JSON Schema
 *   conversion (src/_transformers.ts `processJsonSchema`). Its `format`: "The format of the data.
 *   This is used only for primitive datatypes. Supported formats: for NUMBER type: float, double;
 *   for INTEGER type: int32, int64; for STRING type: enum, date-time".
 * - [Anthropic] https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools (the
 *   tool definition table: "input_schema — A JSON Schema object defining the expected parameters
 *   for the tool"), as typed in anthropics/anthropic-sdk-typescript
 *   src/resources/messages/messages.ts `Tool.input_schema` (JSON Schema 2020-12, `type: 'object'`).
 */
export type KeywordRule = 'native' | 'described'

type RuleTable = Readonly<
  Record<string, Readonly<Record<Exclude<Dialect, 'json-schema'>, KeywordRule>>>
>

export const keywordRules: RuleTable = {
  // Annotations. [OpenAI] lists no `default`, `title` or `examples` among the supported
  // properties, and openai-agents-python strips `default` from strict schemas because Azure's
  // strict mode refuses it (openai/openai-agents-python#4390, #4529): the safe side is words.
  // [Gemini] Schema has `title` and `default`, and `example` (singular) only.
  description: {
    'openai-strict': 'native',
    openai: 'native',
    gemini: 'native',
    anthropic: 'native',
  },
  title: { 'openai-strict': 'described', openai: 'native', gemini: 'native', anthropic: 'native' },
  default: {
    // Stryker disable next-line StringLiteral: the converter keeps a keyword only when its rule is 'native'; any other word moves it, as 'described' does (and tsc admits no other)
    'openai-strict': 'described',
    openai: 'native',
    gemini: 'native',
    anthropic: 'native',
  },
  examples: {
    // Stryker disable next-line StringLiteral: the converter keeps a keyword only when its rule is 'native'; any other word moves it, as 'described' does (and tsc admits no other)
    'openai-strict': 'described',
    openai: 'native',
    gemini: 'described',
    anthropic: 'native',
  },
  // Numbers. [OpenAI] "Supported number properties": multipleOf, maximum, exclusiveMaximum,
  // minimum, exclusiveMinimum. [Gemini] Schema.minimum, Schema.maximum ("If type is INTEGER or
  // NUMBER").
  minimum: { 'openai-strict': 'native', openai: 'native', gemini: 'native', anthropic: 'native' },
  maximum: { 'openai-strict': 'native', openai: 'native', gemini: 'native', anthropic: 'native' },
  // Strings. [OpenAI] "Supported string properties": pattern and format only, so minLength and
  // maxLength become words. [Gemini] Schema.minLength, Schema.maxLength, Schema.pattern.
  minLength: {
    'openai-strict': 'described',
    openai: 'native',
    gemini: 'native',
    anthropic: 'native',
  },
  maxLength: {
    // Stryker disable next-line StringLiteral: the converter keeps a keyword only when its rule is 'native'; any other word moves it, as 'described' does (and tsc admits no other)
    'openai-strict': 'described',
    openai: 'native',
    gemini: 'native',
    anthropic: 'native',
  },
  pattern: { 'openai-strict': 'native', openai: 'native', gemini: 'native', anthropic: 'native' },
  // Arrays. [OpenAI] "Supported array properties": minItems, maxItems. [Gemini] Schema.minItems,
  // Schema.maxItems.
  minItems: { 'openai-strict': 'native', openai: 'native', gemini: 'native', anthropic: 'native' },
  maxItems: { 'openai-strict': 'native', openai: 'native', gemini: 'native', anthropic: 'native' },
}

/**
 * The `format` values a dialect documents, by the node's type; any other value moves into the
 * description (SPEC §22: never fatal on its own). `openai` and `anthropic` take JSON Schema and
 * keep every `format` as written.
 */
export const supportedFormats: Readonly<
  Record<'openai-strict' | 'gemini', Readonly<Record<string, readonly string[]>>>
> = {
  // [OpenAI] "Supported properties", strings: "format: Predefined formats for strings. Currently
  // supported: date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid". No number or
  // array format is listed.
  'openai-strict': {
    string: ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'],
  },
  // [Gemini] Schema.format: "for NUMBER type: float, double; for INTEGER type: int32, int64; for
  // STRING type: enum, date-time".
  gemini: {
    number: ['float', 'double'],
    integer: ['int32', 'int64'],
    string: ['enum', 'date-time'],
  },
}

/** The words a moved keyword becomes, for the model: `at most 80 characters`. */
export function describedWords(keyword: string, value: unknown): string {
  const count = typeof value === 'number' ? value : 0
  switch (keyword) {
    case 'minLength':
      return `at least ${count} character${count === 1 ? '' : 's'}`
    case 'maxLength':
      return `at most ${count} character${count === 1 ? '' : 's'}`
    case 'exclusiveMinimum':
      return `greater than ${JSON.stringify(value)}`
    case 'exclusiveMaximum':
      return `less than ${JSON.stringify(value)}`
    case 'format':
      // `format: uri`: the JSON Schema name of the format, which models know.
      return typeof value === 'string' ? `format: ${value}` : `format: ${JSON.stringify(value)}`
    case 'examples':
      return `examples: ${(Array.isArray(value) ? value : [value]).map((example) => JSON.stringify(example)).join(', ')}`
    default:
      // `default: "a"`, `title: "Id"`.
      return `${keyword}: ${JSON.stringify(value)}`
  }
}

/**
 * OpenAI strict mode's documented limits ([OpenAI] "Objects have limitations on nesting depth
 * and size", "Limitations on total string size", "Limitations on enum size"). Past any of them
 * the schema cannot be sent: a fatal issue.
 */
export const strictLimits = {
  /** "A schema may have up to 5000 object properties total". */
  properties: 5000,
  /**
   * "… with up to 10 levels of nesting". The document does not say what a level is; the safe
   * reading counts every object and array on the way down, the root object included.
   */
  nesting: 10,
  /** "total string length of all property names, definition names, enum values, and const values cannot exceed 120,000 characters". */
  stringLength: 120_000,
  /** "A schema may have up to 1000 enum values across all enum properties". */
  enumValues: 1000,
  /** "For a single enum property with string values, the total string length of all enum values cannot exceed 15,000 characters when there are more than 250 enum values". */
  bigEnumCount: 250,
  bigEnumLength: 15_000,
} as const
