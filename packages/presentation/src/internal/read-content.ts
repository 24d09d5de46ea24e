import type { ContentBlock } from '@toolpipe/core'
import { readBoolean, readString } from './member-readers.js'
import type { MemberReader, ReadContext, Variant, VariantPicker } from './read-context.js'
import { invalid } from './read-context.js'
import { arrayOf, readDiscriminated } from './read-shape.js'
import { valueIssue } from './record-issue.js'

const requiredString = { required: true, read: readString } as const

/**
 * The fields of `@toolpipe/core`'s block kinds; members they do not name are kept when they are
 * JSON data (core's block interfaces can be augmented too).
 */
const coreVariants: Readonly<Record<string, Variant>> = {
  text: { shape: { text: requiredString }, extra: 'keep-json' },
  reasoning: { shape: { text: requiredString }, extra: 'keep-json' },
  image: { shape: { data: requiredString, mimeType: requiredString }, extra: 'keep-json' },
  'tool-call': {
    shape: { id: requiredString, name: requiredString, arguments: requiredString },
    extra: 'keep-json',
  },
  'tool-result': {
    shape: {
      toolCallId: requiredString,
      content: { required: true, read: (...args) => readContent(...args) },
      isError: { required: false, read: readBoolean },
    },
    extra: 'keep-json',
  },
}

/** A kind added by declaration merging is unknown here: its block only has to be JSON data. */
const extensionVariant: Variant = { shape: {}, extra: 'keep-json' }

const pickBlockVariant: VariantPicker = (context, type, path) => {
  if (type === '') return valueIssue(context, path, 'a non-empty string', type)
  return (Object.hasOwn(coreVariants, type) ? coreVariants[type] : undefined) ?? extensionVariant
}

const readBlock: MemberReader = (context, value, path, depth) =>
  readDiscriminated(context, value, path, depth, 'type', pickBlockVariant)

/**
 * Reads a `ContentBlock[]`: a block of a core kind must have its fields with the right types;
 * a block of another kind needs a non-empty string `type` and JSON data.
 */
export const readContent: MemberReader = arrayOf(readBlock)

/** Reads `value` as content (a result's raw content); `undefined` when it is not valid content. */
export function contentOrUndefined(value: unknown): ContentBlock[] | undefined {
  const context: ReadContext = { issues: [] }
  const read = readContent(context, value, ['content'], 1)
  return read === invalid ? undefined : (read as ContentBlock[])
}
