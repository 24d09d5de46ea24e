import type { ViewIssuePath } from '../view-issue.js'
import type {
  ExtraMembers,
  Invalid,
  MemberReader,
  ReadContext,
  Shape,
  Variant,
  VariantPicker,
} from './read-context.js'
import { invalid } from './read-context.js'
import { setMember } from '@toolpipe/core/internal'
import { readElements, readMembers } from './read-containers.js'
import { quotePath, typeIssue, valueIssue } from './record-issue.js'
import { readJson } from './member-readers.js'

/**
 * Reads an object of a known shape into a fresh plain object: every member the shape names is
 * checked by its reader, required ones must be present, and `extra` decides about the rest.
 * Collects every issue it finds.
 */
export function readShape(
  context: ReadContext,
  value: unknown,
  path: ViewIssuePath,
  depth: number,
  shape: Shape,
  extra: ExtraMembers,
): Record<string, unknown> | Invalid {
  const members = readMembers(context, value, path, depth)
  if (members === invalid) return invalid
  return readShapeMembers(context, members, path, depth, shape, extra)
}

/** {@link readShape} on members already read (a card whose discriminant picked the shape). */
function readShapeMembers(
  context: ReadContext,
  members: ReadonlyMap<string, unknown>,
  path: ViewIssuePath,
  depth: number,
  shape: Shape,
  extra: ExtraMembers,
): Record<string, unknown> | Invalid {
  const issueCount = context.issues.length
  const copy: Record<string, unknown> = {}
  for (const [key, member] of members) {
    const memberPath = [...path, key]
    const rule = Object.hasOwn(shape, key) ? shape[key] : undefined
    let read: unknown
    if (rule !== undefined) {
      read = rule.read(context, member, memberPath, depth + 1)
    } else if (extra === 'keep-json') {
      read = readJson(context, member, memberPath, depth + 1)
    } else {
      context.issues.push({
        code: 'unknown_property',
        path: memberPath,
        message: `${quotePath(memberPath)} is not a property of ${extra.refuse}`,
      })
      read = invalid
    }
    if (read !== invalid) setMember(copy, key, read)
  }
  for (const [key, rule] of Object.entries(shape)) {
    if (rule.required && !members.has(key)) {
      const memberPath = [...path, key]
      context.issues.push({
        code: 'missing',
        path: memberPath,
        message: `missing required property ${quotePath(memberPath)}`,
      })
    }
  }
  return context.issues.length === issueCount ? copy : invalid
}

/**
 * Reads an object discriminated on `key` (a card's `card`, a block's `type`): the members are
 * read once, then the discriminant's value picks the shape the others are checked against. The
 * shapes name every member but the discriminant, which comes first in the copy.
 */
export function readDiscriminated(
  context: ReadContext,
  value: unknown,
  path: ViewIssuePath,
  depth: number,
  key: string,
  pick: VariantPicker,
): Record<string, unknown> | Invalid {
  const members = readMembers(context, value, path, depth)
  if (members === invalid) return invalid
  const discriminant = members.get(key)
  const keyPath = [...path, key]
  if (discriminant === undefined) {
    context.issues.push({
      code: 'missing',
      path: keyPath,
      message: `missing required property ${quotePath(keyPath)}`,
    })
    return invalid
  }
  if (typeof discriminant !== 'string') return typeIssue(context, keyPath, 'string', discriminant)
  const variant = pick(context, discriminant, keyPath)
  if (variant === invalid) return invalid
  const rest = new Map(members)
  rest.delete(key)
  const issueCount = context.issues.length
  const copy = readShapeMembers(context, rest, path, depth, variant.shape, variant.extra)
  variant.check?.(context, rest, path)
  if (copy === invalid || context.issues.length > issueCount) return invalid
  const result: Record<string, unknown> = { [key]: discriminant }
  for (const [name, member] of Object.entries(copy)) setMember(result, name, member)
  return result
}

/** A picker from a fixed table of variants; any other value is refused, naming the known ones. */
export function pickFrom(variants: Readonly<Record<string, Variant>>): VariantPicker {
  const expected = `one of ${Object.keys(variants)
    .map((name) => JSON.stringify(name))
    .join(', ')}`
  return (context, discriminant, path) => {
    const variant = Object.hasOwn(variants, discriminant) ? variants[discriminant] : undefined
    return variant ?? valueIssue(context, path, expected, discriminant)
  }
}

/** A reader for an array whose elements `readElement` reads. */
export function arrayOf(readElement: MemberReader): MemberReader {
  return (context, value, path, depth) => {
    const elements = readElements(context, value, path, depth)
    if (elements === invalid) return invalid
    const issueCount = context.issues.length
    const copy = elements.map((element, index) =>
      readElement(context, element, [...path, index], depth + 1),
    )
    return context.issues.length === issueCount ? copy : invalid
  }
}

/** A reader for an object of a fixed shape, refusing members it does not name. */
export function shapeOf(shape: Shape, label: string): MemberReader {
  return (context, value, path, depth) =>
    readShape(context, value, path, depth, shape, { refuse: label })
}
