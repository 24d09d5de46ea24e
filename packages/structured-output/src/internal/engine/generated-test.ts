import { isPlainArrayPrototype } from '@toolpipe/core/internal'
import type { StructuredScalar } from '../../structured-schema.js'
import type { NodeDefinition, TypedNodeDefinition } from '../node-definition.js'
import { hasCodePointLength } from './code-point-length.js'
import { mayBeContainer } from './build-check.js'
import type { CodeWriter } from './code-writer.js'
import { ByNodeAndDepth, cycleCheck } from './code-writer.js'
import type { Dialect, Test } from './node-check.js'
import { objectFunctions } from './generated-object.js'

// The engine's second back end: the fast test written as JavaScript, one function per container
// node, and compiled with `new Function`. Each schema gets code of its own, so V8's inline caches
// see only that schema's values (on uniform values, one object shape per node: what Ajv's
// generated code is fast on), and every keyword is a literal in the code rather than a captured
// variable. The code says exactly what the closures of object-test.ts, array-test.ts,
// scalar-check.ts and any-of-check.ts say, node by node; the differential tests hold them to it.
// Nothing from the schema reaches the code but numbers and JSON-quoted strings: patterns, large
// enums and helpers are passed in as values, never written into the source.

/** Up to this many `enum` members are compared one by one; longer lists use a set. */
const enumScanLimit = 8

/** The code being written: functions by name, and the values the code reads. */
export class TestWriter implements CodeWriter {
  readonly dialect: Dialect
  private readonly sources: string[] = []
  private readonly values: unknown[] = []
  private readonly written = new ByNodeAndDepth<string>()
  private count = 0

  constructor(dialect: Dialect) {
    this.dialect = dialect
  }

  /** A name the generated code reads `value` by. */
  value(value: unknown): string {
    this.values.push(value)
    return `v${this.values.length - 1}`
  }

  /** A fresh function name. */
  name(): string {
    return `f${this.count++}`
  }

  /** Adds a function's source (a `function fN(value, stack) { … }`). */
  add(source: string): void {
    this.sources.push(source)
  }

  /** The expression that is true when `member` is valid against `node`, at `depth`. */
  check(node: NodeDefinition, member: string, depth: number): string {
    if (node.kind === 'typed' && node.type !== 'object' && node.type !== 'array') {
      return scalarCheck(this, node, member)
    }
    const call = `${this.functionOf(node, depth)}(${member}, stack)`
    return node.kind === 'typed' && node.nullable ? `(${member} === null || ${call})` : call
  }

  /**
   * The function that tests a container or union node at `depth`, written once: an object's two
   * loops both check each member, and a node written anew for each would double at every level.
   */
  private functionOf(node: NodeDefinition, depth: number): string {
    let name = this.written.get(node, depth)
    if (name === undefined) {
      if (node.kind === 'anyOf') name = this.anyOf(node.anyOf, depth)
      else if (node.type === 'array') name = arrayFunction(this, node, depth)
      else name = objectFunctions(this, node, depth)
      this.written.set(node, depth, name)
    }
    return name
  }

  /**
   * Compiles the functions written so far and returns those named `roots`, in order, and the
   * test of each container and union node, by node and depth. The values come in as one array,
   * unpacked into constants: a function takes at most 65,534 parameters, and a schema of tens of
   * thousands of nodes reads more values than that.
   */
  compile(roots: readonly string[]): Compiled {
    const unpack = this.values.map((_, index) => `v${index} = values[${index}]`)
    const body = [
      '"use strict"',
      ...(unpack.length === 0 ? [] : [`const ${unpack.join(', ')}`]),
      ...this.sources,
      `return [[${roots.join(', ')}], [${this.written.values().join(', ')}]]`,
    ].join('\n')
    // eslint-disable-next-line no-new-func, @typescript-eslint/no-implied-eval -- the back end's purpose; detected as allowed first (canGenerateCode)
    const factory = new Function('values', body) as (
      values: readonly unknown[],
    ) => [unknown[], Test[]]
    const [functions, tests] = factory(this.values)
    const byPlace = this.written.withValues(tests)
    return { functions, testOf: (node, depth) => byPlace.get(node, depth) }
  }

  private anyOf(alternatives: readonly NodeDefinition[], depth: number): string {
    const name = this.name()
    // A throw (a getter one alternative reads) proves only that this one does not accept.
    const tries = alternatives.map(
      (alternative) =>
        `  try { if (${this.check(alternative, 'value', depth)}) return true } catch {}`,
    )
    this.add(`function ${name}(value, stack) {\n${tries.join('\n')}\n  return false\n}`)
    return name
  }
}

/** What {@link TestWriter.compile} gives. */
export interface Compiled {
  /** The functions asked for, in order. */
  readonly functions: unknown[]
  /** The generated test of a container or union node at a depth, if one was written. */
  readonly testOf: (node: NodeDefinition, depth: number) => Test | undefined
}

let codeGeneration: boolean | undefined

/**
 * Whether `new Function` compiles code here: not under a Content Security Policy without
 * `'unsafe-eval'`, nor in Node.js run with `--disallow-code-generation-from-strings`. Asked once.
 */
export function canGenerateCode(): boolean {
  if (codeGeneration === undefined) {
    try {
      // eslint-disable-next-line no-new-func, @typescript-eslint/no-implied-eval -- the probe itself
      codeGeneration = (new Function('return 1') as () => unknown)() === 1
    } catch {
      codeGeneration = false
    }
  }
  return codeGeneration
}

/** A JavaScript literal for a JSON scalar (`-0` stays `-0`: `===` treats it as `0` anyway). */
export function literal(value: StructuredScalar): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value)
}

/** `scalar-check.ts`, as an expression over `member`. */
function scalarCheck(writer: TestWriter, node: TypedNodeDefinition, member: string): string {
  const members = node.hasConst ? [node.constValue] : node.enumValues
  const bounded = hasBounds(node)
  if (members !== undefined && !(node.hasConst && node.enumValues !== undefined) && !bounded) {
    // Members were read as scalars of the node's type: membership is the whole check.
    return membership(writer, members, member)
  }
  const parts = [typeCheck(node, member)]
  if (node.enumValues !== undefined) parts.push(membership(writer, node.enumValues, member))
  if (node.hasConst) parts.push(`${member} === ${literal(node.constValue)}`)
  const numeric = numberBounds(node, member)
  if (numeric.length > 0) parts.push(`(typeof ${member} !== "number" || ${numeric.join(' && ')})`)
  const text = stringChecks(writer, node, member)
  if (text.length > 0) parts.push(`(typeof ${member} !== "string" || ${text.join(' && ')})`)
  return `(${parts.join(' && ')})`
}

function membership(
  writer: TestWriter,
  members: readonly StructuredScalar[],
  member: string,
): string {
  if (members.length > enumScanLimit) {
    // SameValueZero is JSON equality on scalars: 0 and -0 are one number.
    return `${writer.value(new Set(members))}.has(${member})`
  }
  if (members.length === 0) return 'false'
  return `(${members.map((value) => `${member} === ${literal(value)}`).join(' || ')})`
}

/** The test of a scalar node's `type` (`null` too when nullable), as an expression over `member`. */
export function typeCheck(node: TypedNodeDefinition, member: string): string {
  const test = baseTypeCheck(node, member)
  return node.nullable ? `(${member} === null || ${test})` : test
}

/** `type-test.ts`: `number` is finite, `integer` finite with no fraction. */
export function baseTypeCheck(node: TypedNodeDefinition, member: string): string {
  switch (node.type) {
    case 'string':
      return `typeof ${member} === "string"`
    case 'number':
      return `Number.isFinite(${member})`
    case 'integer':
      return `Number.isInteger(${member})`
    case 'boolean':
      return `typeof ${member} === "boolean"`
    default:
      return `${member} === null`
  }
}

function numberBounds(node: TypedNodeDefinition, member: string): string[] {
  const parts: string[] = []
  if (node.minimum !== undefined) parts.push(`${member} >= ${bound(node.minimum)}`)
  if (node.maximum !== undefined) parts.push(`${member} <= ${bound(node.maximum)}`)
  if (node.exclusiveMinimum !== undefined) {
    parts.push(`${member} > ${bound(node.exclusiveMinimum)}`)
  }
  if (node.exclusiveMaximum !== undefined) {
    parts.push(`${member} < ${bound(node.exclusiveMaximum)}`)
  }
  return parts
}

/** A bound as a literal, in parentheses (a negative one would otherwise read as an operator). */
function bound(value: number): string {
  return `(${String(value)})`
}

function stringChecks(writer: TestWriter, node: TypedNodeDefinition, member: string): string[] {
  const parts: string[] = []
  const { minLength, maxLength, pattern } = node
  if (minLength !== undefined || maxLength !== undefined) {
    const count = writer.value(hasCodePointLength)
    parts.push(`${count}(${member}, ${String(minLength)}, ${String(maxLength)})`)
  }
  if (pattern !== undefined) parts.push(`${writer.value(pattern.expression)}.test(${member})`)
  return parts
}

function hasBounds(node: TypedNodeDefinition): boolean {
  return (
    node.minimum !== undefined ||
    node.maximum !== undefined ||
    node.exclusiveMinimum !== undefined ||
    node.exclusiveMaximum !== undefined ||
    node.minLength !== undefined ||
    node.maxLength !== undefined ||
    node.pattern !== undefined
  )
}

/** `array-test.ts`: a plain array, a count within bounds, and each element. */
function arrayFunction(writer: TestWriter, node: TypedNodeDefinition, depth: number): string {
  const name = writer.name()
  const json = writer.dialect === 'json'
  const items = node.items
  const lines = ['  if (!Array.isArray(value)) return false']
  if (json) {
    const plain = writer.value(isPlainArrayPrototype)
    const arrayPrototype = writer.value(Array.prototype)
    lines.push(
      '  const proto = Object.getPrototypeOf(value)',
      `  if (proto !== ${arrayPrototype} && !${plain}(proto)) return false`,
    )
    if (depth > 0) lines.push(cycleCheck(depth))
  }
  if (json && items !== undefined && mayBeContainer(items)) lines.push(`  stack[${depth}] = value`)
  lines.push('  const length = value.length')
  if (node.minItems !== undefined) lines.push(`  if (length < ${node.minItems}) return false`)
  if (node.maxItems !== undefined) lines.push(`  if (length > ${node.maxItems}) return false`)
  if (items === undefined) {
    // A hole fails (without items nothing else would look at it), so that the walk reports it.
    lines.push(
      '  for (let index = 0; index < length; index++) {',
      '    if (value[index] === undefined && !(index in value)) return false',
      '  }',
    )
  } else {
    // No node accepts `undefined`: a hole fails its element's check.
    lines.push(
      '  for (let index = 0; index < length; index++) {',
      '    const element = value[index]',
      `    if (!${writer.check(items, 'element', depth + 1)}) return false`,
      '  }',
    )
  }
  writer.add(`function ${name}(value, stack) {\n${lines.join('\n')}\n  return true\n}`)
  return name
}
