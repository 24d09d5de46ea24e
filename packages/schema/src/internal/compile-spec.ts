import { describeThrown, describeValue, formatJsonPath } from '@toolpipe/core/internal'
import { createValidator, readSchema } from '@toolpipe/structured-output/internal'
import type { SchemaSpecMistake } from '../schema-spec-error.js'
import { SchemaSpecError } from '../schema-spec-error.js'
import type { SchemaType } from '../schema-spec.js'
import { checkDefault } from './check-default.js'
import { ArgIssueWording } from './arg-issue-wording.js'
import type { CompiledProp, CompiledSpec } from './compiled-prop.js'
import { objectSchemaOf } from './json-schema-of.js'

// Near 300 lines on purpose: reading a spec and naming each of its mistakes is one walk, and
// splitting the walk would scatter its shared state (path, ancestors, mistakes). What comes
// after it has files of its own: check-default.ts, json-schema-of.ts, collect-issues.ts.

/**
 * Specs are compiled once, on first use. A memo keyed by the spec object: it holds no state
 * anyone can observe, and a spec that is no longer referenced takes its compiled form with it.
 * A spec is treated as immutable once it has been used.
 */
const compiledSpecs = new WeakMap<object, CompiledSpec>()

/** How deep `properties` and `items` may nest; far beyond any tool, far inside the stack. */
export const maxSpecDepth = 32

const keywordList = 'type, required, description, enum, default, properties, items'

/**
 * The compiled form of `spec`, from the memo or compiled now: its members, and the validation
 * engine of `@toolpipe/structured-output` compiled from its JSON Schema.
 *
 * @throws {SchemaSpecError} listing every mistake of an invalid spec, a hostile one included
 */
export function compiledSpec(spec: unknown): CompiledSpec {
  if (typeof spec === 'object' && spec !== null) {
    const cached = compiledSpecs.get(spec)
    if (cached !== undefined) return cached
  }
  const walk: SpecWalk = { mistakes: [], path: [], ancestors: [], ancestorPathLengths: [] }
  const fields = compileMembers(spec, 1, walk)
  if (walk.mistakes.length > 0) throw new SchemaSpecError(walk.mistakes)
  const read = readSchema(objectSchemaOf(fields), 'object')
  // The spec was checked above, so its schema is inside the subset: a refusal is a bug here.
  if (read.node === undefined) {
    throw new Error(`@toolpipe/schema: the engine refused a spec: ${read.violations.join('; ')}`)
  }
  const compiled: CompiledSpec = {
    fields,
    validator: createValidator(read.node, 'args'),
    wording: new ArgIssueWording(),
  }
  compiledSpecs.set(spec as object, compiled)
  return compiled
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

/** Stands for a read that threw (a getter, a Proxy trap); the mistake is already recorded. */
const unreadable: unique symbol = Symbol('unreadable')

/** Runs `read`; a throw becomes a mistake at `keys` and {@link unreadable}. */
function guarded<TValue>(
  walk: SpecWalk,
  read: () => TValue,
  ...keys: (string | number)[]
): TValue | typeof unreadable {
  try {
    return read()
  } catch (error) {
    mistake(walk, `could not be read: ${describeThrown(error)}`, ...keys)
    return unreadable
  }
}

/** Whether `value` is a non-array object; a revoked Proxy is a mistake. */
function isObjectLike(value: unknown, walk: SpecWalk): value is object {
  if (typeof value !== 'object' || value === null) return false
  return guarded(walk, () => !Array.isArray(value)) === true
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

/** Compiles a `SchemaSpec` (the root, or a prop's `properties`) whose props sit at `depth`. */
function compileMembers(spec: unknown, depth: number, walk: SpecWalk): CompiledProp[] {
  const fields: CompiledProp[] = []
  const mistakesBefore = walk.mistakes.length
  if (!isObjectLike(spec, walk)) {
    // A revoked Proxy has its mistake already.
    if (walk.mistakes.length === mistakesBefore) {
      mistake(walk, `must be an object of properties, got ${describeValue(spec)}`)
    }
    return fields
  }
  if (!enter(spec, walk)) return fields
  const keys = guarded(walk, () => Object.keys(spec))
  for (const key of keys === unreadable ? [] : keys) {
    const prop = guarded(walk, () => (spec as Record<string, unknown>)[key], key)
    if (prop === undefined || prop === unreadable) continue
    walk.path.push(key)
    if (key === '__proto__') {
      mistake(
        walk,
        'is not allowed as a property name: JavaScript objects treat it as the prototype',
      )
    } else if (key === '') {
      mistake(walk, 'is not allowed: a property name must not be empty')
    } else {
      const field = compileProp(prop, key, depth, walk)
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
  depth: number,
  walk: SpecWalk,
): CompiledProp | undefined {
  const mistakesBefore = walk.mistakes.length
  if (!isObjectLike(prop, walk)) {
    if (walk.mistakes.length === mistakesBefore) {
      mistake(
        walk,
        `must be a property object such as { type: 'string' }, got ${describeValue(prop)}`,
      )
    }
    return undefined
  }
  if (depth > maxSpecDepth) {
    mistake(walk, `is nested deeper than ${maxSpecDepth} levels of properties and items`)
    return undefined
  }
  if (!enter(prop, walk)) return undefined
  const keywords = readKeywords(prop, walk)
  const type = checkType(keywords.type, walk)
  if (keywords.required !== undefined && keywords.required !== true) {
    mistake(walk, `must be true or left out, got ${describeValue(keywords.required)}`, 'required')
  }
  if (keywords.description !== undefined && typeof keywords.description !== 'string') {
    mistake(walk, `must be a string, got ${describeValue(keywords.description)}`, 'description')
  }
  const enumValues = keywords.enum === undefined ? undefined : checkEnum(keywords.enum, type, walk)
  let fields: CompiledProp[] | undefined
  if (keywords.properties !== undefined) {
    if (type === 'object') {
      walk.path.push('properties')
      fields = compileMembers(keywords.properties, depth + 1, walk)
      walk.path.pop()
    } else if (type !== undefined) {
      mistake(walk, `is only allowed on type "object", not "${type}"`, 'properties')
    }
  }
  let items: CompiledProp | undefined
  if (keywords.items !== undefined) {
    if (type === 'array') {
      walk.path.push('items')
      items = compileProp(keywords.items, '', depth + 1, walk)
      walk.path.pop()
    } else if (type !== undefined) {
      mistake(walk, `is only allowed on type "array", not "${type}"`, 'items')
    }
  }
  leave(walk)
  if (type === undefined || walk.mistakes.length > mistakesBefore) return undefined

  const compiled: CompiledProp = {
    key,
    type,
    required: keywords.required === true,
    description: keywords.description as string | undefined,
    enumValues,
    defaultValue: undefined,
    fields,
    items,
  }
  if (keywords.default === undefined) return compiled
  const defaultValue = checkDefault(compiled, keywords.default, (text) => {
    mistake(walk, text, 'default')
  })
  return defaultValue === undefined ? undefined : { ...compiled, defaultValue }
}

function readKeywords(prop: object, walk: SpecWalk): PropKeywords {
  const keywords: PropKeywords = {}
  const names = guarded(walk, () => Object.keys(prop))
  for (const name of names === unreadable ? [] : names) {
    const value = guarded(walk, () => (prop as Record<string, unknown>)[name], name)
    if (value === undefined || value === unreadable) continue
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
        `must be one of "string", "number", "boolean", "object", "array", got ${describeValue(type)}`,
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
  const list = guarded(
    walk,
    () => (Array.isArray(values) ? [...(values as unknown[])] : undefined),
    'enum',
  )
  if (list === unreadable) return undefined
  if (list === undefined) {
    mistake(walk, `must be an array of strings, got ${describeValue(values)}`, 'enum')
    return undefined
  }
  if (list.length === 0) {
    mistake(walk, 'must list at least one value', 'enum')
    return undefined
  }
  const copy: string[] = []
  for (const [index, value] of list.entries()) {
    if (typeof value === 'string') copy.push(value)
    else mistake(walk, `must be a string, got ${describeValue(value)}`, 'enum', index)
  }
  return Object.freeze(copy)
}
