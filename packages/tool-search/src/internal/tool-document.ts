import type { JsonValue } from '@toolpipe/core'
import type { ToolDefinition } from '@toolpipe/tools'
import { relatedTerms } from './related-terms.js'
import { textTerms } from './terms.js'

/** What the index holds of one tool: the text of each field a search looks in (SPEC §24). */
export interface ToolDocument {
  /** The tool's name: the document's id. */
  readonly id: string
  /** The name as words (`github_create_issue` → `github create issue`). */
  readonly name: string
  /** The annotations' title. */
  readonly title: string
  readonly description: string
  /** Each parameter's name, description and enum values, nested ones too. */
  readonly parameters: string
  /** The annotations' hints as words (`read only`, `destructive`, …). */
  readonly hints: string
  /**
   * The words related to those of the name and title ({@link relatedTerms}), stemmed, each once:
   * a query word meets a tool that says what it does another way.
   */
  readonly related: string
}

/** The fields of {@link ToolDocument} a search looks in. */
export const documentFields = [
  'name',
  'title',
  'description',
  'parameters',
  'hints',
  'related',
] as const

/**
 * The most characters read of one text: the title, the description, one parameter's name or
 * description. Every text is indexed whole, since a word far into it (a second paragraph, an
 * option named at the end) is still what a task may ask for; the bound is only against a hostile
 * definition (an MCP server may send a megabyte description), far above any real one: the longest
 * description of the bench's 672 real tools is 6,550 characters.
 */
const textLimit = 20_000
/** The most parameters read of one tool, nested ones counted: no real tool comes near. */
const maxParameters = 1_000
/**
 * The most characters of one tool's parameter text in all: 1,000 parameters of 20,000 characters
 * each would be 20 MB to index for one tool.
 */
const parametersLimit = 100_000
/** How deep parameters are read: a hostile schema nested thousands deep costs no more. */
const maxSchemaDepth = 6
/**
 * The most schema nodes read of one tool's parameters: the parameters, and the `items` and
 * combinator branches that hold them.
 */
const maxSchemaNodes = 2 * maxParameters

/** The document of a registered (so already checked, JSON) definition. */
export function toolDocument(definition: ToolDefinition): ToolDocument {
  const { annotations } = definition
  const title = limited(annotations?.title ?? '', textLimit)
  const description = limited(definition.description, textLimit)
  return {
    id: definition.name,
    name: definition.name,
    title,
    description,
    parameters: parameterText(definition.parameters as JsonValue),
    hints: hintText(definition),
    related: relatedText(`${definition.name} ${title}`),
  }
}

/** The terms related to those of `text`, none of its own, each once. */
function relatedText(text: string): string {
  const own = new Set(textTerms(text))
  const related = new Set<string>()
  for (const term of own) {
    for (const other of relatedTerms.get(term) ?? []) if (!own.has(other)) related.add(other)
  }
  return [...related].join(' ')
}

function limited(text: string, limit: number): string {
  return text.length > limit ? text.slice(0, limit) : text
}

/** The annotations' flags as words a task might use. */
function hintText(definition: ToolDefinition): string {
  const { annotations } = definition
  if (annotations === undefined) return ''
  const hints: string[] = []
  if (annotations.readOnly === true) hints.push('read only')
  if (annotations.destructive === true) hints.push('destructive')
  if (annotations.idempotent === true) hints.push('idempotent')
  if (annotations.openWorld === true) hints.push('external')
  return hints.join(' ')
}

/** The texts of a parameter walk so far, and their length in all. */
interface ParameterWords {
  readonly parts: string[]
  length: number
  /** Parameters (schema properties, nested ones too) named so far. */
  parameters: number
}

/**
 * The words of a parameters schema: every property's name, every description and title, and
 * string enum values, breadth first through `properties`, `items`, `additionalProperties` and the
 * combinators. Bounded only against hostile schemas: depth, nodes, parameters and characters.
 */
function parameterText(schema: JsonValue): string {
  const words: ParameterWords = { parts: [], length: 0, parameters: 0 }
  let queue: JsonValue[] = [schema]
  let nodes = 0
  for (let depth = 0; depth < maxSchemaDepth && queue.length > 0; depth += 1) {
    const next: JsonValue[] = []
    // A child is read only while the node budget has room: a hostile `anyOf` of a million
    // branches is not copied.
    const enqueue = (child: JsonValue | undefined): void => {
      if (isObject(child) && nodes + next.length < maxSchemaNodes) next.push(child)
    }
    for (const node of queue) {
      if (nodes === maxSchemaNodes || words.length >= parametersLimit) return words.parts.join(' ')
      nodes += 1
      if (isObject(node)) readNode(node, words, enqueue)
    }
    queue = next
  }
  return words.parts.join(' ')
}

/** Adds one schema node's own words to `words`, and hands its subschemas to `enqueue`. */
function readNode(
  node: Readonly<Record<string, JsonValue>>,
  words: ParameterWords,
  enqueue: (child: JsonValue | undefined) => void,
): void {
  for (const key of ['title', 'description'] as const) {
    const text = node[key]
    if (typeof text === 'string') addText(words, text)
  }
  const { enum: values } = node
  if (Array.isArray(values)) {
    for (const value of values.slice(0, 50)) if (typeof value === 'string') addText(words, value)
  }
  const { properties } = node
  if (isObject(properties)) {
    // `for…in`, not `Object.entries`: a million properties are not copied to read a thousand.
    for (const name in properties) {
      if (!Object.hasOwn(properties, name)) continue
      if (words.parameters === maxParameters) break
      words.parameters += 1
      addText(words, name)
      enqueue(properties[name])
    }
  }
  const { items, additionalProperties } = node
  enqueue(items)
  enqueue(additionalProperties)
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const children = node[key]
    if (Array.isArray(children)) for (const child of children) enqueue(child)
  }
}

/** Adds `text`, cut at the text limit and at what the parameter text has room for. */
function addText(words: ParameterWords, text: string): void {
  const room = parametersLimit - words.length
  if (room <= 0) return
  const part = limited(text, Math.min(textLimit, room))
  words.parts.push(part)
  words.length += part.length + 1
}

function isObject(value: JsonValue | undefined): value is Readonly<Record<string, JsonValue>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
