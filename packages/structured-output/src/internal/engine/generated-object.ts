import { isPlainObjectPrototype } from '@toolpipe/core/internal'
import type { PropertyDefinition, TypedNodeDefinition } from '../node-definition.js'
import { mayBeContainer } from './build-check.js'
import type { CodeWriter } from './code-writer.js'
import { cycleCheck } from './code-writer.js'
import { isUnknownMember } from './object-shape.js'
import { namedMembers, namedReads } from './generated-named.js'

/** Beyond this many members, a key finds its case through a Map rather than string cases. */
const mapThreshold = 32

/** Up to this many members, an ordinary object's are read by name (one bit each in a mask). */
const namedLimit = 31

/** A member as the generated loop matches it: its case label and its seen-mask bookkeeping. */
interface MemberCase {
  readonly property: PropertyDefinition
  readonly label: string
  /** A required member among the first 31 required ones: its bit; else 0. */
  readonly bit: number
  /** A required member beyond the 31st: counted instead. */
  readonly wide: boolean
}

/**
 * The generated test of an object node: the loop of object-test.ts (an ordinary object, walked
 * with `for…in`, own members only, a member present as `undefined` is no member) with the
 * member checks written into the cases of a `switch` on the key; the rare objects (no
 * prototype, another realm, or any other non-array object in the `args` dialect) go to a second
 * function, the loop of `testUnusualObject` over `Object.keys`. Returns the first one's name.
 */
export function objectFunctions(
  writer: CodeWriter,
  node: TypedNodeDefinition,
  depth: number,
): string {
  const name = writer.name()
  const unusual = writer.name()
  const cases = memberCases(node)
  const storesSelf =
    writer.dialect === 'json' && node.properties.some((property) => mayBeContainer(property.node))
  const named = node.properties.length > 0 && node.properties.length <= namedLimit
  const lines = ['  if (typeof value !== "object" || value === null) return false']
  // Read first, by name: V8 then knows the object's shape at the prototype check and folds it.
  if (named) lines.push(...namedReads(node))
  lines.push(
    `  if (Object.getPrototypeOf(value) !== ${writer.value(Object.prototype)} || Array.isArray(value)) {`,
    `    return ${unusual}(value, stack)`,
    '  }',
  )
  if (writer.dialect === 'json' && depth > 0) lines.push(cycleCheck(depth))
  if (node.properties.length === 0 && !node.closed) {
    lines.push('  return true')
  } else {
    if (storesSelf) lines.push(`  stack[${depth}] = value`)
    if (named) lines.push(...namedMembers(writer, node, depth))
    else lines.push(...memberLoop(writer, node, cases, depth, 'ordinary'))
  }
  writer.add(`function ${name}(value, stack) {\n${lines.join('\n')}\n}`)
  writer.add(unusualFunction(writer, node, cases, depth, unusual, storesSelf))
  return name
}

function memberCases(node: TypedNodeDefinition): MemberCase[] {
  let required = 0
  return node.properties.map((property, index) => {
    const bit = property.required && required < 31 ? 1 << required : 0
    const wide = property.required && bit === 0
    if (property.required) required++
    const label =
      node.properties.length > mapThreshold ? String(index) : JSON.stringify(property.key)
    return { property, label, bit, wide }
  })
}

/** `testUnusualObject` of object-test.ts. */
function unusualFunction(
  writer: CodeWriter,
  node: TypedNodeDefinition,
  cases: readonly MemberCase[],
  depth: number,
  name: string,
  storesSelf: boolean,
): string {
  const lines = ['  if (Array.isArray(value)) return false']
  if (writer.dialect === 'json') {
    const plain = writer.value(isPlainObjectPrototype)
    lines.push(`  if (!${plain}(Object.getPrototypeOf(value))) return false`)
    if (depth > 0) lines.push(cycleCheck(depth))
  }
  if (node.properties.length === 0 && !node.closed) {
    lines.push('  return true')
  } else {
    if (storesSelf) lines.push(`  stack[${depth}] = value`)
    lines.push(...memberLoop(writer, node, cases, depth, 'unusual'))
  }
  return `function ${name}(value, stack) {\n${lines.join('\n')}\n}`
}

/**
 * The loop over the keys and the seen-mask check after it. An ordinary object's keys come from
 * `for…in`, which lists inherited ones too (when someone made a key of `Object.prototype`
 * enumerable): each is checked to be own, which V8 answers from the enum cache there.
 */
function memberLoop(
  writer: CodeWriter,
  node: TypedNodeDefinition,
  cases: readonly MemberCase[],
  depth: number,
  objects: 'ordinary' | 'unusual',
): string[] {
  const ordinary = objects === 'ordinary'
  const required = cases.filter((member) => member.bit !== 0).reduce((mask, m) => mask | m.bit, 0)
  const wideRequired = cases.filter((member) => member.wide).length
  const lines = ['  let seen = 0']
  if (wideRequired > 0) lines.push('  let wide = 0')
  lines.push(
    ordinary ? '  for (const key in value) {' : '  for (const key of Object.keys(value)) {',
  )
  const byIndex =
    node.properties.length > mapThreshold
      ? writer.value(new Map(node.properties.map((property, index) => [property.key, index])))
      : undefined
  lines.push(byIndex === undefined ? '    switch (key) {' : `    switch (${byIndex}.get(key)) {`)
  for (const member of cases) lines.push(...memberCase(writer, member, depth, ordinary))
  if (node.closed) {
    // A key the node does not declare, own and not undefined, is refused.
    const refused = ordinary
      ? `${writer.value(isUnknownMember)}(value, key)`
      : 'value[key] !== undefined'
    lines.push(`      default: if (${refused}) return false`)
  }
  lines.push('    }', '  }')
  const checks = [`seen === ${required}`]
  if (wideRequired > 0) checks.push(`wide === ${wideRequired}`)
  lines.push(`  return ${checks.join(' && ')}`)
  return lines
}

function memberCase(
  writer: CodeWriter,
  member: MemberCase,
  depth: number,
  ordinary: boolean,
): string[] {
  const lines = [`      case ${member.label}: {`]
  if (ordinary) {
    // Written out in full: V8 answers this very call from the enum cache inside for…in.
    lines.push('        if (!Object.prototype.hasOwnProperty.call(value, key)) continue')
  }
  lines.push('        const member = value[key]', '        if (member === undefined) continue')
  if (member.bit !== 0) lines.push(`        seen |= ${member.bit}`)
  if (member.wide) lines.push('        wide++')
  lines.push(
    `        if (!${writer.check(member.property.node, 'member', depth + 1)}) return false`,
    '        continue',
    '      }',
  )
  return lines
}
