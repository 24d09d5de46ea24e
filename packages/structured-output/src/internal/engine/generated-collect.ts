import type { TypedNodeDefinition } from '../node-definition.js'
import { mayBeContainer } from './build-check.js'
import type { CodeWriter } from './code-writer.js'
import { namedListing } from './generated-named.js'
import type { IssueRun } from './issue-run.js'
import { pathTo, record } from './issue-run.js'
import type { NodeCheck, PropertyCheck } from './node-check.js'
import { collectUnknown } from './object-collect.js'

// The generated issue walk of an object node in the arguments dialect (`checkArgs`), the walk
// every invalid tool call goes through: `collectInDeclaredOrder` of object-collect.ts written out
// for the schema, one function per object node and depth. Members are read by name (each once, a
// throw kept as the member's), the same listing as the fast test decides which are members, and
// each scalar member is tried with its inline test: only one that fails goes to its node's
// closure walk, which says what is wrong. A member that may be a container goes to its node's
// child walk (collect-child.ts), which tries the node's generated test first and then its walk:
// an object's is generated too, an array's is the closures' (each element taken the same way).
// Anything but an ordinary object (no prototype, another one, an array, a Proxy that lies about
// it) goes to the object's closure walk whole. The issues are the closures' own, in the same
// order: the back-end differential tests hold the two to it.

/** Up to this many members, an object node gets a generated walk (one bit each in a mask). */
const walkLimit = 31

/** A key no object has: this module never gives it out (see {@link objectWalk}). */
const probe: unique symbol = Symbol('toolpipe walk probe')

/** What a member read that threw is not: the absence of an error. */
const noError: unique symbol = Symbol('no error')

/** Records that the member `key` of the object at `depth` could not be read. */
function unreadable(
  run: IssueRun,
  depth: number,
  key: string,
  property: PropertyCheck,
  error: unknown,
): void {
  record(run, {
    code: 'unreadable',
    path: pathTo(run, depth, key),
    node: property.check.node,
    error,
  })
}

/** Records that the required member `key` of the object at `depth` is missing. */
function missing(run: IssueRun, depth: number, key: string, property: PropertyCheck): void {
  record(run, { code: 'missing', path: pathTo(run, depth, key), node: property.check.node })
}

/** Whether the object node of `check` gets a generated walk: see {@link objectWalk}. */
export function hasObjectWalk(check: NodeCheck): boolean {
  const count = check.objectShape?.properties.length ?? 0
  return count > 0 && count <= walkLimit && check.node.kind === 'typed'
}

/**
 * Writes the walk of the object node of `check` (one whose shape {@link hasObjectWalk} accepts),
 * whose values sit at `depth`, and returns its name: `function wN(value, run)`.
 */
export function objectWalk(writer: CodeWriter, check: NodeCheck, depth: number): string {
  const node = check.node as TypedNodeDefinition
  // Stryker disable next-line ArrayDeclaration: hasObjectWalk makes sure there is a shape
  const properties = check.objectShape?.properties ?? []
  const name = writer.name()
  const none = writer.value(noError)
  const whole = writer.value(check.collect)
  const lines = [
    '  let ordinary = false',
    '  try {',
    // The probe's read, of a symbol no object has, tells V8 the object's shape, so that it
    // answers the prototype from it instead of asking its runtime (about 190 instructions).
    `    ordinary = typeof value === "object" && value !== null && value[${writer.value(probe)}] === undefined && Object.getPrototypeOf(value) === ${writer.value(Object.prototype)} && !Array.isArray(value)`,
    '  } catch {}',
    `  if (!ordinary) return ${whole}(value, run)`,
    `  let ${properties.map((property) => `m${property.index}, e${property.index} = ${none}`).join(', ')}`,
    // Each read on its own: a getter that throws is that member's issue, and the others are read.
    ...properties.map(
      (property) =>
        `  try { m${property.index} = value[${JSON.stringify(property.key)}] } catch (error) { e${property.index} = error }`,
    ),
  ]
  const listing = namedListing(node, {
    defined: (index) => `(m${index} !== undefined || e${index} !== ${none})`,
    drop: (index) => `{ m${index} = undefined; e${index} = ${none} }`,
    refuseUnknown: undefined,
  })
  // Listing a Proxy's keys may throw: the object is then unreadable, as the closures say.
  lines.push('  try {', ...listing, '  } catch {', `    return ${whole}(value, run)`, '  }')
  lines.push('  const stack = run.ancestors, budget = run.budget')
  // Named once: every member's lines call the same helpers.
  const helpers: Helpers = {
    depth,
    none,
    unreadable: writer.value(unreadable),
    missing: writer.value(missing),
  }
  for (const property of properties) lines.push(...memberLines(writer, property, helpers))
  if (node.closed) {
    const shape = writer.value(check.objectShape)
    lines.push(`  ${writer.value(collectUnknown)}(${shape}, value, ${depth}, run)`)
  }
  writer.add(`function ${name}(value, run) {\n${lines.join('\n')}\n}`)
  return name
}

/** The generated names of the values every member's lines use. */
interface Helpers {
  /** Where the object's values sit. */
  readonly depth: number
  /** {@link noError}. */
  readonly none: string
  readonly unreadable: string
  readonly missing: string
}

/** One member, in declaration order: unreadable, checked, or missing when required. */
function memberLines(writer: CodeWriter, property: PropertyCheck, helpers: Helpers): string[] {
  const member = `m${property.index}`
  const key = JSON.stringify(property.key)
  const it = writer.value(property)
  const { depth } = helpers
  const lines = [
    `  if (e${property.index} !== ${helpers.none}) ${helpers.unreadable}(run, ${depth}, ${key}, ${it}, e${property.index})`,
  ]
  if (mayBeContainer(property.check.node)) {
    // A container (or a union with one): its own child walk, which tests an object or a union
    // first and walks an array straight away (each element is tested there: a test of the whole
    // array first would go over its valid elements twice).
    const walk = writer.value(property.check.collectChild)
    lines.push(
      `  else if (${member} !== undefined) { run.keys[${depth}] = ${key}; ${walk}(${member}, run) }`,
    )
  } else {
    lines.push(
      `  else if (${member} !== undefined) {`,
      '    let valid = false',
      `    try { valid = ${writer.check(property.check.node, member, depth + 1)} } catch {}`,
      `    if (!valid) { run.keys[${depth}] = ${key}; ${writer.value(property.check.collect)}(${member}, run) }`,
      '  }',
    )
  }
  if (property.required) lines.push(`  else ${helpers.missing}(run, ${depth}, ${key}, ${it})`)
  lines.push('  if (budget.exhausted) return')
  return lines
}
