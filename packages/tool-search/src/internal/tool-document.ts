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
 * The most characters taken from one field: what a tool is for comes first, and a long text past
 * it (usage notes, examples) makes the tool match every query a little.
 */
const fieldLimit = 400
/** How deep parameters are read: a hostile schema nested thousands deep costs no more. */
const maxSchemaDepth = 6
/** The most schema nodes read of one tool's parameters. */
const maxSchemaNodes = 400

/** The document of a registered (so already checked, JSON) definition. */
export function toolDocument(definition: ToolDefinition): ToolDocument {
  const { annotations } = definition
  const title = limited(annotations?.title ?? '')
  const description = limited(definition.description)
  return {
    id: definition.name,
    name: definition.name,
    title,
    description,
    parameters: limited(parameterText(definition.parameters as JsonValue)),
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

function limited(text: string): string {
  return text.length > fieldLimit ? text.slice(0, fieldLimit) : text
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

/**
 * The words of a parameters schema: property names, descriptions, titles and string enum values,
 * breadth first through `properties`, `items` and the combinators, bounded in depth and nodes.
 */
function parameterText(schema: JsonValue): string {
  const parts: string[] = []
  let queue: JsonValue[] = [schema]
  let nodes = 0
  for (let depth = 0; depth < maxSchemaDepth && queue.length > 0; depth += 1) {
    const next: JsonValue[] = []
    for (const node of queue) {
      if (nodes === maxSchemaNodes) return parts.join(' ')
      nodes += 1
      if (!isObject(node)) continue
      for (const key of ['title', 'description'] as const) {
        const text = node[key]
        if (typeof text === 'string') parts.push(text)
      }
      const { enum: values } = node
      if (Array.isArray(values)) {
        for (const value of values.slice(0, 50)) if (typeof value === 'string') parts.push(value)
      }
      const { properties } = node
      if (isObject(properties)) {
        for (const [name, property] of Object.entries(properties)) {
          parts.push(name)
          next.push(property)
        }
      }
      for (const key of ['items', 'additionalProperties'] as const) {
        const child = node[key]
        if (isObject(child)) next.push(child)
      }
      for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
        const children = node[key]
        if (Array.isArray(children)) next.push(...children)
      }
    }
    queue = next
  }
  return parts.join(' ')
}

function isObject(value: JsonValue | undefined): value is Readonly<Record<string, JsonValue>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
