import type { ToolCallKind } from '../tool-call-kind.js'
import type { ToolCallView } from '../tool-call-view.js'
import type { ToolResultView } from '../tool-result-view.js'
import type { ViewIssue } from '../view-issue.js'
import { readContent } from './read-content.js'
import type { MemberReader, ReadContext, Variant } from './read-context.js'
import { invalid } from './read-context.js'
import {
  oneOf,
  readInteger,
  readJson,
  readNonEmptyString,
  readPositiveInteger,
  readString,
  readStringOrNull,
} from './member-readers.js'
import { arrayOf, pickFrom, readDiscriminated, shapeOf } from './read-shape.js'

/** Every kind, spelled out so that the compiler notices when the union changes. */
const toolCallKinds: Readonly<Record<ToolCallKind, true>> = {
  read: true,
  edit: true,
  delete: true,
  move: true,
  search: true,
  execute: true,
  fetch: true,
  other: true,
}

const required = (read: MemberReader) => ({ required: true, read }) as const
const optional = (read: MemberReader) => ({ required: false, read }) as const

const readLocations = arrayOf(
  shapeOf(
    { path: required(readNonEmptyString), line: optional(readPositiveInteger) },
    'a file location',
  ),
)

const readDiffs = arrayOf(
  shapeOf(
    {
      path: required(readNonEmptyString),
      oldText: required(readStringOrNull),
      newText: required(readString),
    },
    'a file diff',
  ),
)

const callVariants: Readonly<Record<ToolCallView['card'], Variant>> = {
  generic: {
    shape: {
      title: required(readString),
      kind: optional(oneOf(Object.keys(toolCallKinds))),
      rawInput: optional(readJson),
      content: optional(readContent),
      locations: optional(readLocations),
    },
    extra: { refuse: 'a generic call card' },
  },
  terminal: {
    shape: {
      title: required(readString),
      description: optional(readString),
      cwd: optional(readString),
    },
    extra: { refuse: 'a terminal call card' },
  },
  diff: {
    shape: {
      title: required(readString),
      diffs: required(readDiffs),
      locations: optional(readLocations),
    },
    extra: { refuse: 'a diff call card' },
  },
}

const resultVariants: Readonly<Record<ToolResultView['card'], Variant>> = {
  generic: {
    shape: { title: optional(readString), content: optional(readContent) },
    extra: { refuse: 'a generic result card' },
  },
  terminal: {
    shape: {
      title: optional(readString),
      output: optional(readString),
      exitCode: optional(readInteger),
      signal: optional(readString),
    },
    extra: { refuse: 'a terminal result card' },
    check: (context, members, path) => {
      if (members.has('exitCode') && members.has('signal')) {
        context.issues.push({
          code: 'exclusive',
          path: [...path, 'signal'],
          message:
            '"exitCode" and "signal" exclude each other: a process either exits or is killed',
        })
      }
    },
  },
  diff: {
    shape: { title: optional(readString), diffs: required(readDiffs) },
    extra: { refuse: 'a diff result card' },
  },
}

const pickCallVariant = pickFrom(callVariants)
const pickResultVariant = pickFrom(resultVariants)

/** A checked, detached copy of a view, or every issue found in it. */
export type ReadView<TView> =
  | { readonly view: TView; readonly issues: readonly [] }
  | { readonly view: undefined; readonly issues: readonly ViewIssue[] }

/** Checks `value` as a {@link ToolCallView} and copies it. Never throws. */
export function readToolCallView(value: unknown): ReadView<ToolCallView> {
  const context: ReadContext = { issues: [] }
  const copy = readDiscriminated(context, value, [], 0, 'card', pickCallVariant)
  return copy === invalid
    ? { view: undefined, issues: context.issues }
    : { view: copy as unknown as ToolCallView, issues: [] }
}

/** Checks `value` as a {@link ToolResultView} and copies it. Never throws. */
export function readToolResultView(value: unknown): ReadView<ToolResultView> {
  const context: ReadContext = { issues: [] }
  const copy = readDiscriminated(context, value, [], 0, 'card', pickResultVariant)
  return copy === invalid
    ? { view: undefined, issues: context.issues }
    : { view: copy as unknown as ToolResultView, issues: [] }
}
