import type { ContentBlock } from '@toolpipe/core'
import { InvalidContentError } from '../invalid-content-error.js'
import { ToolRegistryError } from '../tool-registry-error.js'
import { describeType, describeValue } from '@toolpipe/core/internal'

/** Where a content array first departs from SPEC §2's `ContentBlock` shapes, and how. */
export interface ContentMistake {
  /** From the content array: `[1]`, `[1, 'text']`, `[0, 'content', 2, 'type']`… */
  readonly path: readonly (string | number)[]
  /** `"text" must be a string, got number`. */
  readonly problem: string
}

type MemberCheck = (value: unknown) => string | undefined

/** `undefined` when `value` is a string, else what is wrong. */
const string: MemberCheck = (value) =>
  typeof value === 'string' ? undefined : `must be a string, got ${describeType(value)}`

/** Base64 image data: a non-empty string, without the `data:` URL prefix. */
const base64: MemberCheck = (value) => {
  if (typeof value !== 'string') return `must be base64 data (a string), got ${describeType(value)}`
  if (value === '') return 'must be base64 data, got an empty string'
  if (value.startsWith('data:')) return 'must be base64 data without a "data:" URL prefix'
  return undefined
}

/** `image/png`: a type and a subtype (parameters allowed after `;`). */
const mediaTypePattern = /^[^\s/;]+\/[^\s/;]+(?:\s*;.*)?$/u
const mediaType: MemberCheck = (value) => {
  if (typeof value !== 'string') return `must be a MIME type (a string), got ${describeType(value)}`
  return mediaTypePattern.test(value)
    ? undefined
    : `must be a MIME type such as "image/png", got ${describeValue(value)}`
}

/** `undefined` when absent or a boolean. */
const optionalBoolean: MemberCheck = (value) =>
  value === undefined || typeof value === 'boolean'
    ? undefined
    : `must be a boolean, got ${describeType(value)}`

/** The members of core's block kinds, each with its check (a `tool-result`'s content aside). */
const coreKinds: ReadonlyMap<string, readonly (readonly [string, MemberCheck])[]> = new Map([
  ['text', [['text', string]]],
  ['reasoning', [['text', string]]],
  [
    'image',
    [
      ['data', base64],
      ['mimeType', mediaType],
    ],
  ],
  [
    'tool-call',
    [
      ['id', string],
      ['name', string],
      ['arguments', string],
    ],
  ],
  [
    'tool-result',
    [
      ['toolCallId', string],
      ['isError', optionalBoolean],
    ],
  ],
])

/** The `type`s of core's block kinds, as messages list them. */
const coreTypeList = [...coreKinds.keys()].map((type) => JSON.stringify(type)).join(', ')

/**
 * The first place where `blocks` (a JSON copy: plain data) is not an array of `ContentBlock`s, in
 * order, depth first; `undefined` when every block has its kind's members with the right types.
 * A block of a kind in `extensionTypes` (added by declaration merging and named to the registry)
 * only has to be an object. Members a kind does not name are allowed.
 */
export function contentMistake(
  blocks: readonly unknown[],
  extensionTypes: ReadonlySet<string>,
): ContentMistake | undefined {
  for (let index = 0; index < blocks.length; index++) {
    const mistake = blockMistake(blocks[index], extensionTypes)
    if (mistake !== undefined) return { path: [index, ...mistake.path], problem: mistake.problem }
  }
  return undefined
}

function blockMistake(
  block: unknown,
  extensionTypes: ReadonlySet<string>,
): ContentMistake | undefined {
  if (typeof block !== 'object' || block === null || Array.isArray(block)) {
    return {
      path: [],
      problem: `must be a content block (an object with a "type"), got ${describeValue(block)}`,
    }
  }
  const members = block as Readonly<Record<string, unknown>>
  const type = members.type
  if (typeof type !== 'string') {
    return {
      path: ['type'],
      problem:
        type === undefined
          ? 'missing required property "type"'
          : `"type" must be a string, got ${describeType(type)}`,
    }
  }
  const kind = coreKinds.get(type)
  if (kind === undefined) {
    if (extensionTypes.has(type)) return undefined
    return {
      path: ['type'],
      problem: `unknown content type ${describeValue(type)}: the core types are ${coreTypeList}, and a type added by declaration merging must be named in createToolRegistry({ contentTypes })`,
    }
  }
  for (const [member, check] of kind) {
    const value = members[member]
    const problem = check(value)
    if (problem === undefined) continue
    return {
      path: [member],
      problem:
        value === undefined && check !== optionalBoolean
          ? `the "${type}" block is missing required property "${member}"`
          : `"${member}" ${problem}`,
    }
  }
  if (type === 'tool-result') {
    const content = members.content
    if (!Array.isArray(content)) {
      return {
        path: ['content'],
        problem:
          content === undefined
            ? 'the "tool-result" block is missing required property "content"'
            : `"content" must be an array of content blocks, got ${describeType(content)}`,
      }
    }
    const inner = contentMistake(content, extensionTypes)
    if (inner !== undefined) return { path: ['content', ...inner.path], problem: inner.problem }
  }
  return undefined
}

/** No block kinds beyond core's. */
export const coreOnly: ReadonlySet<string> = new Set()

/**
 * The registry's `contentTypes` option as a set: kinds added by declaration merging, each a
 * non-empty string that is not a core kind.
 *
 * @throws {ToolRegistryError} `INVALID_CONTENT_TYPES`
 */
export function readContentTypes(value: unknown): ReadonlySet<string> {
  if (value === undefined) return coreOnly
  if (
    !Array.isArray(value) ||
    !value.every((type) => typeof type === 'string' && type !== '' && !coreKinds.has(type))
  ) {
    throw new ToolRegistryError(
      `contentTypes must be an array of the types of block kinds added to ContentBlockMap (non-empty strings other than ${coreTypeList}), got ${describeValue(value)}`,
      'INVALID_CONTENT_TYPES',
    )
  }
  return new Set(value as string[])
}

/**
 * Throws what `fail` makes of the first malformed block of `content` (a JSON copy), if any.
 */
export function checkContent(
  content: readonly unknown[],
  extensionTypes: ReadonlySet<string>,
  fail: (mistake: ContentMistake) => Error,
): asserts content is ContentBlock[] {
  const found = contentMistake(content, extensionTypes)
  if (found !== undefined) throw fail(found)
}

/** `fail` for {@link checkContent}: an {@link InvalidContentError} naming `source`. */
export function invalidContent(source: string): (mistake: ContentMistake) => InvalidContentError {
  return ({ path, problem }) => new InvalidContentError(source, path, problem)
}
