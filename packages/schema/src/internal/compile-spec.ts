import { formatJsonPath, JsonSnapshotError, snapshotJson } from '@toolpipe/core'
import type { JsonValue } from '@toolpipe/core'
import type { SchemaSpecMistake } from '../schema-spec-error.js'
import { SchemaSpecError } from '../schema-spec-error.js'
import type { SchemaType } from '../schema-spec.js'
import { collectValueIssues } from './collect-issues.js'
import { typeWithArticle } from './issue-text.js'
import type { CompiledKind, CompiledProp } from './compiled-prop.js'
import {
  kindArray,
  kindBoolean,
  kindEnum,
  kindNumber,
  kindObject,
  kindString,
} from './compiled-prop.js'

/**
 * Specs are compiled once, on first use. A memo keyed by the spec object: it holds no state
 * anyone can observe, and a spec that is no longer referenced takes its compiled form with it.
 * A spec is treated as immutable once it has been used.
 */
const compiledSpecs = new WeakMap<object, CompiledProp>()

/** How deep `properties` and `items` may nest; far beyond any tool, far inside the stack. */
export const maxSpecDepth = 32

/** From this many values on, an enum is checked through a Set rather than a scan. */
const enumSetThreshold = 8
/** From this many members on, a key finds its member through a Map rather than a scan. */
const fieldMapThreshold = 8

const keywordList = 'type, required, description, enum, default, properties, items'

/**
 * The compiled form of `spec`, from the memo or compiled now.
 *
 * @throws {SchemaSpecError} listing every mistake of an invalid spec
 */
export function compiledSpec(spec: unknown): CompiledProp {
  if (typeof spec === 'object' && spec !== null) {
    const cached = compiledSpecs.get(spec)
    if (cached !== undefined) return cached
  }
  const walk: SpecWalk = { mistakes: [], path: [], ancestors: [], ancestorPathLengths: [] }
  const fields = compileMembers(spec, 1, walk, [])
  if (walk.mistakes.length > 0) throw new SchemaSpecError(walk.mistakes)
  const root = compiledProp({
    key: '',
    position: 0,
    kind: kindObject,
    type: 'object',
    keywords: {},
    fields,
  })
  compiledSpecs.set(spec as object, root)
  return root
}

interface SpecWalk {
  readonly mistakes: SchemaSpecMistake[]
  /** Keys from the spec's root to the place being checked. */
  readonly path: (string | number)[]
  /** The spec and prop objects on the path, to refuse cycles. */
  readonly ancestors: object[]
  readonly ancestorPathLengths: number[]
}

function mistake(walk: SpecWalk, text: string, ...keys: (string | number)[]): void {
  const path = [...walk.path, ...keys]
  walk.mistakes.push({ path, message: `${formatJsonPath(path, 'spec')} ${text}` })
}

/** Refuses `value` if it is one of its own ancestors; otherwise pushes it as one. */
function enter(value: object, walk: SpecWalk): boolean {
  const index = walk.ancestors.indexOf(value)
  if (index >= 0) {
    const target = walk.path.slice(0, walk.ancestorPathLengths[index])
    mistake(walk, `refers back to ${formatJsonPath(target, 'spec')}: a spec must not be cyclic`)
    return false
  }
  walk.ancestors.push(value)
  walk.ancestorPathLengths.push(walk.path.length)
  return true
}

function leave(walk: SpecWalk): void {
  walk.ancestors.pop()
  walk.ancestorPathLengths.pop()
}

/**
 * Compiles a `SchemaSpec` (the root, or a prop's `properties`) whose props sit at `depth`.
 * `argsPath` is where the object sits in the arguments, `undefined` below an array.
 */
function compileMembers(
  spec: unknown,
  depth: number,
  walk: SpecWalk,
  argsPath: readonly string[] | undefined,
): CompiledProp[] {
  const fields: CompiledProp[] = []
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    mistake(walk, `must be an object of properties, got ${describe(spec)}`)
    return fields
  }
  if (!enter(spec, walk)) return fields
  for (const key of Object.keys(spec)) {
    const prop = (spec as Record<string, unknown>)[key]
    if (prop === undefined) continue
    walk.path.push(key)
    if (key === '__proto__') {
      mistake(
        walk,
        'is not allowed as a property name: JavaScript objects treat it as the prototype',
      )
    } else if (key === '') {
      mistake(walk, 'is not allowed: a property name must not be empty')
    } else {
      const fieldPath = argsPath === undefined ? undefined : [...argsPath, key]
      const field = compileProp(prop, key, fields.length, depth, walk, fieldPath)
      if (field !== undefined) fields.push(field)
    }
    walk.path.pop()
  }
  leave(walk)
  return fields
}

/** The keywords of one prop, read from its own enumerable keys; `undefined` counts as absent. */
interface PropKeywords {
  type?: unknown
  required?: unknown
  description?: unknown
  enum?: unknown
  default?: unknown
  properties?: unknown
  items?: unknown
}

function compileProp(
  prop: unknown,
  key: string,
  position: number,
  depth: number,
  walk: SpecWalk,
  argsPath: readonly string[] | undefined,
): CompiledProp | undefined {
  if (typeof prop !== 'object' || prop === null || Array.isArray(prop)) {
    mistake(walk, `must be a property object such as { type: 'string' }, got ${describe(prop)}`)
    return undefined
  }
  if (depth > maxSpecDepth) {
    mistake(walk, `is nested deeper than ${maxSpecDepth} levels of properties and items`)
    return undefined
  }
  if (!enter(prop, walk)) return undefined
  const mistakesBefore = walk.mistakes.length
  const keywords = readKeywords(prop, walk)
  const type = checkType(keywords.type, walk)
  if (keywords.required !== undefined && keywords.required !== true) {
    mistake(walk, `must be true or left out, got ${describe(keywords.required)}`, 'required')
  }
  if (keywords.description !== undefined && typeof keywords.description !== 'string') {
    mistake(walk, `must be a string, got ${describe(keywords.description)}`, 'description')
  }
  const enumValues = keywords.enum === undefined ? undefined : checkEnum(keywords.enum, type, walk)
  let fields: CompiledProp[] | undefined
  if (keywords.properties !== undefined) {
    if (type === 'object') {
      walk.path.push('properties')
      fields = compileMembers(keywords.properties, depth + 1, walk, argsPath)
      walk.path.pop()
    } else if (type !== undefined) {
      mistake(walk, `is only allowed on type "object", not "${type}"`, 'properties')
    }
  }
  let items: CompiledProp | undefined
  if (keywords.items !== undefined) {
    if (type === 'array') {
      walk.path.push('items')
      items = compileProp(keywords.items, '', 0, depth + 1, walk, undefined)
      walk.path.pop()
    } else if (type !== undefined) {
      mistake(walk, `is only allowed on type "array", not "${type}"`, 'items')
    }
  }
  leave(walk)
  if (type === undefined || walk.mistakes.length > mistakesBefore) return undefined

  const parts: CompiledPropParts = {
    key,
    position,
    kind: enumValues === undefined ? kindByType(type) : kindEnum,
    type,
    keywords,
    fields,
    items,
    enumValues,
    argsPath,
  }
  const compiled = compiledProp(parts)
  if (keywords.default === undefined) return compiled
  const defaultValue = checkDefault(compiled, keywords.default, walk)
  if (defaultValue === undefined) return undefined
  return compiledProp({ ...parts, defaultValue })
}

function readKeywords(prop: object, walk: SpecWalk): PropKeywords {
  const keywords: PropKeywords = {}
  for (const name of Object.keys(prop)) {
    const value = (prop as Record<string, unknown>)[name]
    if (value === undefined) continue
    switch (name) {
      case 'type':
      case 'required':
      case 'description':
      case 'enum':
      case 'default':
      case 'properties':
      case 'items':
        keywords[name] = value
        break
      default:
        mistake(walk, `is not a keyword of the schema DSL (use ${keywordList})`, name)
    }
  }
  return keywords
}

function checkType(type: unknown, walk: SpecWalk): SchemaType | undefined {
  switch (type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'object':
    case 'array':
      return type
    case undefined:
      mistake(walk, 'is missing: one of "string", "number", "boolean", "object", "array"', 'type')
      return undefined
    default:
      mistake(
        walk,
        `must be one of "string", "number", "boolean", "object", "array", got ${describe(type)}`,
        'type',
      )
      return undefined
  }
}

function checkEnum(
  values: unknown,
  type: SchemaType | undefined,
  walk: SpecWalk,
): readonly string[] | undefined {
  if (type !== undefined && type !== 'string') {
    mistake(walk, `is only allowed on type "string", not "${type}"`, 'enum')
  }
  if (!Array.isArray(values)) {
    mistake(walk, `must be an array of strings, got ${describe(values)}`, 'enum')
    return undefined
  }
  if (values.length === 0) {
    mistake(walk, 'must list at least one value', 'enum')
    return undefined
  }
  const copy: string[] = []
  for (let index = 0; index < values.length; index++) {
    const value: unknown = values[index]
    if (typeof value === 'string') copy.push(value)
    else mistake(walk, `must be a string, got ${describe(value)}`, 'enum', index)
  }
  return Object.freeze(copy)
}

/** A frozen snapshot of a default that is JSON and matches its prop, or a mistake. */
function checkDefault(prop: CompiledProp, value: unknown, walk: SpecWalk): JsonValue | undefined {
  let snapshot: JsonValue
  try {
    snapshot = snapshotJson(value, { freeze: true })
  } catch (error) {
    if (!(error instanceof JsonSnapshotError)) throw error
    const where = error.path === '$' ? '' : ` at ${error.path.replace(/^\$/, 'default')}`
    mistake(walk, `is not JSON${where}: ${error.reason}`, 'default')
    return undefined
  }
  const issues = collectValueIssues(prop, snapshot)
  if (issues.length === 0) return snapshot
  const problems = issues.map((issue) => issue.message).join('; ')
  mistake(walk, `does not match its own property: ${problems}`, 'default')
  return undefined
}

function kindByType(type: SchemaType): CompiledKind {
  switch (type) {
    case 'string':
      return kindString
    case 'number':
      return kindNumber
    case 'boolean':
      return kindBoolean
    case 'object':
      return kindObject
    case 'array':
      return kindArray
  }
}

interface CompiledPropParts {
  readonly key: string
  readonly position: number
  readonly kind: CompiledKind
  readonly type: SchemaType
  readonly keywords: PropKeywords
  readonly fields?: readonly CompiledProp[] | undefined
  readonly items?: CompiledProp | undefined
  readonly enumValues?: readonly string[] | undefined
  readonly defaultValue?: JsonValue | undefined
  readonly argsPath?: readonly string[] | undefined
}

/** Builds every compiled prop through one object literal, so that all share one shape. */
function compiledProp(parts: CompiledPropParts): CompiledProp {
  const { fields, enumValues } = parts
  return {
    key: parts.key,
    position: parts.position,
    kind: parts.kind,
    type: parts.type,
    required: parts.keywords.required === true,
    description: parts.keywords.description as string | undefined,
    enumValues,
    enumSet:
      enumValues !== undefined && enumValues.length >= enumSetThreshold
        ? new Set(enumValues)
        : undefined,
    defaultValue: parts.defaultValue,
    subject: parts.argsPath === undefined ? undefined : `"${formatJsonPath(parts.argsPath, '')}"`,
    expectation:
      enumValues === undefined
        ? ` must be ${typeWithArticle(parts.type)}, got `
        : ` must be one of ${enumValues.map((value) => JSON.stringify(value)).join(', ')}, got `,
    fields,
    requiredCount: fields?.filter((field) => field.required).length ?? 0,
    fieldsByKey:
      fields !== undefined && fields.length >= fieldMapThreshold
        ? new Map(fields.map((field) => [field.key, field]))
        : undefined,
    items: parts.items,
  }
}

/** A short description of a wrong value in a spec: `"strng"`, `false`, `an array`, `null`. */
function describe(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value)
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value)
    case 'object':
      if (value === null) return 'null'
      return Array.isArray(value) ? 'an array' : 'an object'
    default:
      return `a ${typeof value}`
  }
}
