import { describeValue } from '@toolpipe/core/internal'
import { SchemaSpecError } from '../schema-spec-error.js'
import { checkDefault } from './check-default.js'
import { anyOfKeywords, checkPlacement, checkTrue, checkType } from './check-keywords.js'
import { ArgIssueWording } from './arg-issue-wording.js'
import { engineValidator } from './engine-validator.js'
import type { CompiledProp, CompiledSpec, CompiledTypedProp } from './compiled-prop.js'
import { objectSchemaOf } from './json-schema-of.js'
import { checkDescription, checkTypedKeywords, readKeywords } from './prop-keywords.js'
import {
  below,
  enter,
  guarded,
  isObjectLike,
  leave,
  mistake,
  startWalk,
  unreadable,
} from './spec-walk.js'
import type { SpecWalk } from './spec-walk.js'

/**
 * Specs are compiled once, on first use. A memo keyed by the spec object: it holds no state
 * anyone can observe, and a spec that is no longer referenced takes its compiled form with it.
 * A spec is treated as immutable once it has been used.
 */
const compiledSpecs = new WeakMap<object, CompiledSpec>()

/**
 * The spec used last and its compiled form, in front of the WeakMap: a tool's arguments are
 * checked against one spec call after call, and a comparison costs a few instructions where a
 * WeakMap lookup (hashing the key) costs a hundred or so, a third of a small valid check. It holds
 * that one spec alive until another is used.
 */
let lastSpec: unknown
let lastCompiled: CompiledSpec | undefined

/** How deep `properties`, `items` and `anyOf` may nest; far beyond any tool, far inside the stack. */
export const maxSpecDepth = 32

/** The key of array items and `anyOf` members, which sit in no object. */
// Stryker disable next-line StringLiteral: the key of items and members is never read (only the members of properties are looked up by key)
const noKey = ''

/**
 * The compiled form of `spec`, from the memo or compiled now: its members, and the validation
 * engine of `@toolpipe/structured-output` compiled from its JSON Schema.
 *
 * @throws {SchemaSpecError} listing every mistake of an invalid spec, a hostile one included
 */
export function compiledSpec(spec: unknown): CompiledSpec {
  // The fast path alone, small enough for V8 to inline into the caller: a call to a function
  // that also holds the compilation costs a frame of its own.
  if (spec === lastSpec && lastCompiled !== undefined) return lastCompiled
  return lookUpOrCompile(spec)
}

function lookUpOrCompile(spec: unknown): CompiledSpec {
  // A WeakMap would answer `undefined` for a key that is not an object as well; the guard keeps
  // the lookup typed (and Stryker's instrumented form of this hot path allocation-free).
  if (typeof spec === 'object' && spec !== null) {
    const cached = compiledSpecs.get(spec)
    if (cached !== undefined) {
      lastSpec = spec
      lastCompiled = cached
      return cached
    }
  }
  const walk = startWalk()
  const fields = compileMembers(spec, 1, walk)
  if (walk.mistakes.length > 0) {
    // SPEC §11: a hostile spec's error keeps what its getter or trap threw.
    const thrown = walk.firstThrown
    throw new SchemaSpecError(
      walk.mistakes,
      thrown === undefined ? undefined : { cause: thrown.error },
    )
  }
  const compiled: CompiledSpec = {
    fields,
    validator: engineValidator(objectSchemaOf(fields)),
    wording: new ArgIssueWording(),
    fused: undefined,
  }
  compiledSpecs.set(spec as object, compiled)
  lastSpec = spec
  lastCompiled = compiled
  return compiled
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
    // Any name JSON allows is a member name, "" and "__proto__" included (SPEC §3: the spec
    // means what its JSON Schema means); every reader below reads and writes members as own
    // properties, so "__proto__" never reaches a prototype.
    below(walk, [key], () => {
      const field = compileProp(prop, key, depth, walk)
      // Stryker disable next-line ConditionalExpression: a prop that did not compile has added a mistake, and a spec with one is refused whole
      if (field !== undefined) fields.push(field)
    })
  }
  leave(walk)
  return fields
}

/**
 * Compiles one prop at the walk's place; `undefined` when it cannot be compiled at all (each such
 * case adds a mistake). A prop with a mistake is compiled as far as it goes, but never used: a
 * spec with any mistake is refused whole.
 */
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
    mistake(walk, `is nested deeper than ${maxSpecDepth} levels of properties, items and anyOf`)
    return undefined
  }
  if (!enter(prop, walk)) return undefined
  const keywords = readKeywords(prop, walk)
  const compiled =
    keywords === undefined
      ? undefined
      : keywords.has('anyOf')
        ? compileAnyOf(keywords, key, depth, walk)
        : compileTyped(keywords, key, depth, walk, mistakesBefore)
  leave(walk)
  return compiled
}

/** A union prop: `anyOf` (a non-empty array of props), `required` and `description` only. */
function compileAnyOf(
  keywords: ReadonlyMap<string, unknown>,
  key: string,
  depth: number,
  walk: SpecWalk,
): CompiledProp | undefined {
  for (const keyword of keywords.keys()) {
    if (anyOfKeywords.includes(keyword)) continue
    mistake(
      walk,
      keyword === 'type'
        ? 'cannot stand beside anyOf: give each member its own type'
        : `is not allowed beside anyOf (only ${anyOfKeywords.join(', ')} are): put it in the members`,
      keyword,
    )
  }
  const required = checkTrue(keywords.get('required'), 'required', walk)
  const description = checkDescription(keywords.get('description'), walk)
  const source = keywords.get('anyOf')
  const list = guarded(
    walk,
    () => (Array.isArray(source) ? [...(source as unknown[])] : undefined),
    'anyOf',
  )
  if (list === unreadable) return undefined
  if (list === undefined) {
    mistake(walk, `must be an array of props, got ${describeValue(source)}`, 'anyOf')
    return undefined
  }
  if (list.length === 0) {
    mistake(walk, 'must list at least one member', 'anyOf')
    return undefined
  }
  const members: CompiledProp[] = []
  for (const [index, member] of list.entries()) {
    const compiled = below(walk, ['anyOf', index], () =>
      compileProp(member, noKey, depth + 1, walk),
    )
    // Stryker disable next-line ConditionalExpression: a member that did not compile has added a mistake, and a spec with one is refused whole
    if (compiled !== undefined) members.push(compiled)
  }
  return { kind: 'anyOf', key, required, description, members }
}

/** A prop with a `type`, and the keywords that belong on that type. */
function compileTyped(
  keywords: ReadonlyMap<string, unknown>,
  key: string,
  depth: number,
  walk: SpecWalk,
  mistakesBefore: number,
): CompiledProp | undefined {
  const type = checkType(keywords.get('type'), walk)
  const required = checkTrue(keywords.get('required'), 'required', walk)
  const nullable = checkTrue(keywords.get('nullable'), 'nullable', walk)
  const description = checkDescription(keywords.get('description'), walk)
  if (type === undefined) return undefined
  // Each keyword off its type is a mistake, and is not read further.
  const get = (keyword: string): unknown =>
    keywords.has(keyword) && checkPlacement(keyword, type, walk) ? keywords.get(keyword) : undefined
  const checked = checkTypedKeywords(get, type, walk)
  const propertiesSource = get('properties')
  const fields =
    propertiesSource === undefined
      ? undefined
      : below(walk, ['properties'], () => compileMembers(propertiesSource, depth + 1, walk))
  const itemsSource = get('items')
  const items =
    itemsSource === undefined
      ? undefined
      : below(walk, ['items'], () => compileProp(itemsSource, noKey, depth + 1, walk))

  const compiled: CompiledTypedProp = {
    // Stryker disable next-line StringLiteral: the readers of a compiled prop ask only whether its kind is 'anyOf'
    kind: 'typed',
    key,
    type,
    required,
    nullable,
    description,
    enumValues: checked.enumValues,
    defaultValue: undefined,
    minimum: checked.minimum,
    maximum: checked.maximum,
    exclusiveMinimum: checked.exclusiveMinimum,
    exclusiveMaximum: checked.exclusiveMaximum,
    minLength: checked.minLength,
    maxLength: checked.maxLength,
    pattern: checked.pattern,
    minItems: checked.minItems,
    maxItems: checked.maxItems,
    fields,
    items,
  }
  const defaultSource = keywords.get('default')
  if (defaultSource === undefined) return compiled
  // A default is checked against a prop without mistakes only: the prop is its measure.
  if (walk.mistakes.length > mistakesBefore) return compiled
  // A default that does not do is a mistake, and the walk's caller then drops the prop.
  const defaultValue = checkDefault(compiled, defaultSource, (text) => {
    mistake(walk, text, 'default')
  })
  return { ...compiled, defaultValue }
}
