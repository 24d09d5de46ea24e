import { describeValue } from '@toolpipe/core/internal'
import {
  defaultBackEnd,
  issueLimit,
  namedListing,
  namedReads,
  typeCheck,
  wordTooManyIssues,
} from '@toolpipe/structured-output/internal'
import type {
  NodeDefinition,
  PropertyDefinition,
  TypedNodeDefinition,
} from '@toolpipe/structured-output/internal'
import type { ArgIssue } from '../arg-issue.js'
import { expectation } from './arg-issue-wording.js'
import { isWrittenObject } from './fused-shape.js'
import { textExpression } from './fused-text.js'
import type { Segment } from './fused-text.js'
import { receivedText } from './issue-text.js'
import { receivedKind } from './received-kind.js'

// The failure path of `checkArgs` for the shapes nearly every tool has, written as JavaScript for
// the spec: scalar members (a type, `nullable`, an `enum`), objects of them, and arrays of those.
// The general path walks the arguments with the engine (generated-collect.ts and the closures),
// records raw issues, and words them here after (arg-issue-wording.ts): two passes, an object
// per issue and per path in each, and messages joined from memos. This one pass reads each
// member by name, lists the object's own keys as the engine's generated test does, and writes
// each issue whole, its message joined from literals worked out once for its place. It says only
// what the general path would say, in the same order, the 100-issue budget and its
// `too_many_issues` included. Anything else it meets (a value that is not an ordinary object or
// a dense array, a getter or trap that throws) and it gives up, and the general path answers;
// it also gives up when it finds nothing, so it never calls arguments the fast test refused
// valid. Specs of any other shape, and harnesses where `new Function` is refused (a Content
// Security Policy), have the general path alone. The differential tests hold the two to the
// same issues.

/** The issues of arguments the fast test refused, or undefined: the general path must say. */
export type FusedWalk = (args: unknown) => ArgIssue[] | undefined

/**
 * The walk written for the spec whose root is `root`, or undefined when the spec has a shape it
 * does not write, or the code cannot be compiled.
 */
export function fusedWalkOf(root: NodeDefinition): FusedWalk | undefined {
  // Stryker disable next-line ConditionalExpression: where code generation is refused, the compile below fails and gives undefined all the same
  if (defaultBackEnd() !== 'generated') return undefined
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a spec's root is always an object node (objectSchemaOf); the checks name its type
  if (root.kind !== 'typed' || root.type !== 'object' || !isWrittenObject(root, 0)) return undefined
  const writer = new WalkWriter()
  return writer.compile(writer.object(root, 'value', []))
}

/** The one function of a walk being written, and the values it reads. */
class WalkWriter {
  // Stryker disable next-line ArrayDeclaration: a value already there only moves every name along by one
  readonly #values: unknown[] = []
  /** Names objects, their members and the loops apart, each its own number. */
  #names = 0
  readonly #objectPrototype = this.value(Object.prototype)
  readonly #arrayPrototype = this.value(Array.prototype)
  readonly #kind = this.value(receivedKind)
  readonly #text = this.value(receivedText)
  readonly #describe = this.value(describeValue)
  readonly #tooMany = this.value(tooManyIssues)

  /** A name the code reads `value` by: values never enter the source. */
  value(value: unknown): string {
    this.#values.push(value)
    return `v${this.#values.length - 1}`
  }

  /**
   * The statements that walk the object named `object`, of `node`, at `segments` (the caller
   * made sure it is an object; of a root that is none, a read throws, on `null`, or the prototype
   * check fails): its members read and listed as the engine's generated test does, then each
   * member's. `return null` gives up.
   */
  object(node: TypedNodeDefinition, object: string, segments: readonly Segment[]): string[] {
    const member = `m${this.#names++}_`
    const lines = [
      // Read first, by name: V8 then knows the object's shape at the prototype check.
      ...namedReads(node, object, member),
      `  if (Object.getPrototypeOf(${object}) !== ${this.#objectPrototype} || Array.isArray(${object})) return null`,
      ...namedListing(node, {
        defined: (index) => `${member}${index} !== undefined`,
        drop: (index) => `${member}${index} = undefined`,
        refuseUnknown: undefined,
        object,
      }),
    ]
    for (const [index, property] of node.properties.entries()) {
      const segment = { key: property.key }
      lines.push(...this.#member(property, `${member}${index}`, [...segments, segment]))
    }
    return lines
  }

  /** One member, `member` its value once listed (undefined when it is none). */
  #member(property: PropertyDefinition, member: string, segments: readonly Segment[]): string[] {
    const node = property.node as TypedNodeDefinition
    const absent = property.required ? this.#missing(node, segments) : '{}'
    const lines = [`  if (${member} === undefined) ${absent}`]
    if (node.type !== 'object' && node.type !== 'array') {
      lines.push(`  else ${this.#scalar(node, member, segments)}`)
      return lines
    }
    // A container's place holding a scalar (a model's common slip: an array sent as a string).
    lines.push(
      `  else if (typeof ${member} !== "object" || ${member} === null) ${this.#typeIssue(node, member, segments)}`,
      '  else {',
      ...(node.type === 'object'
        ? this.object(node, member, segments)
        : this.#array(node, member, segments)),
      '  }',
    )
    return lines
  }

  /** The loop over an array member's elements: a hole, or any other array, gives up. */
  #array(node: TypedNodeDefinition, member: string, segments: readonly Segment[]): string[] {
    const items = node.items as TypedNodeDefinition
    const loop = this.#names++
    const [index, length, element] = [`i${loop}`, `n${loop}`, `e${loop}`]
    const inner = [...segments, { index }]
    const lines = [
      `  if (!Array.isArray(${member}) || Object.getPrototypeOf(${member}) !== ${this.#arrayPrototype}) return null`,
      `  for (let ${index} = 0, ${length} = ${member}.length; ${index} < ${length}; ${index}++) {`,
      `  const ${element} = ${member}[${index}]`,
      `  if (${element} === undefined) return null`,
    ]
    if (items.type !== 'object') {
      lines.push(`  ${this.#scalar(items, element, inner)}`)
    } else {
      lines.push(
        `  if (typeof ${element} !== "object" || ${element} === null) ${this.#typeIssue(items, element, inner)}`,
        '  else {',
        ...this.object(items, element, inner),
        '  }',
      )
    }
    lines.push('  }')
    return lines
  }

  /** The checks of a scalar `member` that is there: its type, then its `enum`. */
  #scalar(node: TypedNodeDefinition, member: string, segments: readonly Segment[]): string {
    const test = `if (!(${typeCheck(node, member)})) ${this.#typeIssue(node, member, segments)}`
    const values = node.enumValues
    if (values === undefined) return test
    const members = values.map((_, index) => `${member} === ${this.value(values[index])}`)
    const prefix = textExpression('', segments, expectation(node))
    const enumIssue = `issues = add(issues, { code: "invalid_enum", path: ${pathExpression(segments)}, message: ${prefix} + ${this.#describe}(${member}), expected: ${this.value(values)}, received: ${member} })`
    return `${test} else if (!(${members.join(' || ')})) ${enumIssue}`
  }

  /** `member` is not of `node`'s type: the statement that records it, as `typeIssue` words it. */
  #typeIssue(node: TypedNodeDefinition, member: string, segments: readonly Segment[]): string {
    const prefix = textExpression('', segments, expectation(node))
    // A fractional number where an integer is wanted: the number itself says what was wrong.
    const got =
      node.type === 'integer'
        ? `(kind === "number" ? ${this.#describe}(${member}) : ${this.#text}(kind))`
        : `${this.#text}(kind)`
    const nullable = node.nullable ? ', nullable: true' : ''
    return `{ const kind = ${this.#kind}(${member}); issues = add(issues, { code: "invalid_type", path: ${pathExpression(segments)}, message: ${prefix} + ${got}, expected: ${JSON.stringify(node.type)}, received: kind${nullable} }) }`
  }

  #missing(node: TypedNodeDefinition, segments: readonly Segment[]): string {
    const message = textExpression('missing required property ', segments, '')
    return `issues = add(issues, { code: "missing", path: ${pathExpression(segments)}, message: ${message}, expected: ${JSON.stringify(node.type)} })`
  }

  /** Compiles the walk of `body`; undefined when that is refused. */
  compile(body: readonly string[]): FusedWalk | undefined {
    const constants = this.#values.map((_, index) => `v${index} = values[${index}]`).join(', ')
    const source = [
      // Stryker disable next-line StringLiteral: the code does nothing that sloppy mode reads otherwise
      '"use strict"',
      `const ${constants}`,
      // No issue yet: shared, and frozen so that nothing is ever added to it.
      'const none = Object.freeze([])',
      // The first issue makes an array of one: pushing onto an empty one would grow its store.
      'function add(issues, issue) {',
      '  if (issues === none) return [issue]',
      // One issue past the budget: the walk stops, as the general path's does (SPEC §9.1).
      `  if (issues.length === ${issueLimit}) throw new Full(issues)`,
      '  issues.push(issue)',
      '  return issues',
      '}',
      'class Full {',
      '  constructor(issues) { this.issues = issues }',
      '}',
      'function walk(value) {',
      '  let issues = none',
      ...body,
      '  return issues',
      '}',
      'return function fusedWalk(value) {',
      '  let issues',
      '  try {',
      '    issues = walk(value)',
      '  } catch (error) {',
      `    if (!(error instanceof Full)) return undefined`,
      `    error.issues.push(${this.#tooMany}())`,
      '    return error.issues',
      '  }',
      // Nothing found, where the fast test found something: the general path says what.
      '  return issues === null || issues === none ? undefined : issues',
      '}',
    ].join('\n')
    // Stryker disable BlockStatement: the catch is reached only if a policy refuses code after the engine's probe allowed it
    try {
      // eslint-disable-next-line no-new-func, @typescript-eslint/no-implied-eval -- the walk's purpose; only where the engine found `new Function` allowed
      const make = new Function('values', source) as (values: readonly unknown[]) => FusedWalk
      return make(this.#values)
    } catch {
      return undefined
    }
    // Stryker restore BlockStatement
  }
}

/** The issue after the hundredth, as the general path words it (`wordIssue`). */
function tooManyIssues(): ArgIssue {
  return wordTooManyIssues(
    // Stryker disable next-line StringLiteral: the words read the limit and the path only
    { code: 'too_many_issues', path: [], limit: issueLimit },
    'the arguments',
  )
}

/** The issue's path, a fresh array: its keys as literals, its positions as the loops' counters. */
function pathExpression(segments: readonly Segment[]): string {
  const parts = segments.map((segment) =>
    'key' in segment ? JSON.stringify(segment.key) : segment.index,
  )
  return `[${parts.join(', ')}]`
}
