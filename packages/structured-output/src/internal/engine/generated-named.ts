import type { TypedNodeDefinition } from '../node-definition.js'
import type { CodeWriter } from './code-writer.js'
import { isUnknownMember } from './object-shape.js'

// An ordinary object's members, read by name. A read by name is what makes generated code fast
// (one load at a known offset once V8 has seen the shape), but it also finds what is no member:
// an inherited value (someone gave `Object.prototype` that key) or an own property that is not
// enumerable. Members are the own enumerable keys, as `for…in` lists them, so the names read are
// checked against the listing: in the common case every defined one is listed in schema order,
// each own, and nothing else is listed; otherwise a second listing finds which are members, and
// the others are dropped. Each member is read once, whichever way it goes.

/**
 * `let m0 = value["key"], …`: every declared member of the object named `object`, read by name
 * into variables named `member` and the member's index.
 */
export function namedReads(node: TypedNodeDefinition, object = 'value', member = 'm'): string[] {
  const reads = node.properties.map(
    (property, index) => `${member}${index} = ${object}[${JSON.stringify(property.key)}]`,
  )
  return [`  let ${reads.join(', ')}`]
}

/**
 * The rest of an ordinary object's test, after {@link namedReads}: which names are members, then
 * the members' checks. `depth` is the object's own.
 */
export function namedMembers(
  writer: CodeWriter,
  node: TypedNodeDefinition,
  depth: number,
): string[] {
  const lines = namedListing(node, {
    defined: (index) => `m${index} !== undefined`,
    drop: (index) => `m${index} = undefined`,
    refuseUnknown: node.closed ? writer.value(isUnknownMember) : undefined,
  })
  for (const [index, property] of node.properties.entries()) {
    const member = `m${index}`
    const check = writer.check(property.node, member, depth + 1)
    lines.push(
      property.required
        ? `  if (${member} === undefined || !${check}) return false`
        : `  if (${member} !== undefined && !${check}) return false`,
    )
  }
  lines.push('  return true')
  return lines
}

/** How {@link namedListing} reads the names already read. */
export interface NamedListing {
  /** The expression that is true when the `index`-th name read found something. */
  readonly defined: (index: number) => string
  /** The statement that forgets what the `index`-th name read found (no member after all). */
  readonly drop: (index: number) => string
  /** The generated name of `isUnknownMember`, when a member the node does not name fails. */
  readonly refuseUnknown: string | undefined
  /** The name of the object the names were read from; `value` when not given. */
  readonly object?: string | undefined
}

/**
 * Which of the names read by {@link namedReads} are members: those the object lists as its own.
 * What a name read found that is no member is dropped; with `refuseUnknown`, the code returns
 * `false` on a member the node does not declare.
 */
export function namedListing(node: TypedNodeDefinition, listing: NamedListing): string[] {
  const object = listing.object ?? 'value'
  return [
    ...inOrder(node, listing, object),
    '  if (at < 0) {',
    ...byKey(node, listing, object),
    '  }',
  ]
}

/**
 * The common case: the object lists its defined members in schema order, each own, and no
 * other key. `at` is the next member the listing may show; -1 when it showed anything else.
 */
function inOrder(node: TypedNodeDefinition, { defined }: NamedListing, object: string): string[] {
  const count = node.properties.length
  const expected = node.properties.map((property, index) => {
    const key = JSON.stringify(property.key)
    // A defined member must come next; an undefined one may be skipped (fall through).
    return (
      `      case ${index}: if (${defined(index)}) {\n` +
      `        if (key === ${key} && Object.prototype.hasOwnProperty.call(${object}, key)) { at = ${index + 1}; continue }\n` +
      '        break\n' +
      '      }'
    )
  })
  const unlisted = node.properties.map(
    (_, index) => `    case ${index}: if (${defined(index)}) { at = -1; break }`,
  )
  return [
    '  let at = 0',
    `  for (const key in ${object}) {`,
    '    switch (at) {',
    ...expected,
    '    }',
    '    at = -1',
    '    break',
    '  }',
    // A defined member the listing never reached is no member: decided key by key below.
    `  if (at >= 0 && at < ${count}) {`,
    '    switch (at) {',
    ...unlisted,
    '    }',
    '  }',
  ]
}

/** Which names are members: own keys `for…in` lists. Undeclared ones may refuse the object. */
function byKey(
  node: TypedNodeDefinition,
  { drop, refuseUnknown }: NamedListing,
  object: string,
): string[] {
  const cases = node.properties.map(
    (property, index) =>
      `        case ${JSON.stringify(property.key)}: if (Object.prototype.hasOwnProperty.call(${object}, key)) own |= ${2 ** index}; continue`,
  )
  if (refuseUnknown !== undefined) {
    cases.push(`        default: if (${refuseUnknown}(${object}, key)) return false`)
  }
  const drops = node.properties.map(
    (_, index) => `    if ((own & ${2 ** index}) === 0) ${drop(index)}`,
  )
  return [
    '    let own = 0',
    `    for (const key in ${object}) {`,
    '      switch (key) {',
    ...cases,
    '      }',
    '    }',
    ...drops,
  ]
}
