import { describe, expect, expectTypeOf, it } from 'vitest'
import type {
  Agent,
  CallId,
  ContentBlock,
  HookContext,
  JsonValue,
  MessageSource,
  ToolErrorInfo,
  JsonSnapshotError,
} from './index.js'
import { asCallId, deepFreeze, HarnessError, isHarnessError } from './index.js'

declare module './content-block.js' {
  interface ContentBlockMap {
    'resource-link': { type: 'resource-link'; uri: string }
  }
}

describe('ContentBlock', () => {
  it('is discriminated on type', () => {
    const narrow = (block: ContentBlock) => {
      if (block.type === 'image') expectTypeOf(block.mimeType).toEqualTypeOf<string>()
      if (block.type === 'tool-call') expectTypeOf(block.id).toEqualTypeOf<CallId>()
      if (block.type === 'tool-result') {
        expectTypeOf(block.content).toEqualTypeOf<ContentBlock[]>()
        expectTypeOf(block.isError).toEqualTypeOf<boolean | undefined>()
      }
    }
    expectTypeOf(narrow).toBeFunction()
    expectTypeOf<ContentBlock['type']>().toEqualTypeOf<
      'text' | 'reasoning' | 'image' | 'tool-call' | 'tool-result' | 'resource-link'
    >()
  })

  it('gains a member from a ContentBlockMap augmentation', () => {
    expectTypeOf<{ type: 'resource-link'; uri: string }>().toExtend<ContentBlock>()
    const narrow = (block: ContentBlock) => {
      if (block.type === 'resource-link') expectTypeOf(block.uri).toEqualTypeOf<string>()
    }
    expectTypeOf(narrow).toBeFunction()
  })

  it('refuses unknown kinds and missing fields', () => {
    // @ts-expect-error: no such block type
    const unknown: ContentBlock = { type: 'video', url: 'x' }
    // @ts-expect-error: an image needs its mimeType
    const image: ContentBlock = { type: 'image', data: '' }
    expectTypeOf(unknown).toEqualTypeOf<ContentBlock>()
    expectTypeOf(image).toEqualTypeOf<ContentBlock>()
  })
})

describe('CallId', () => {
  it('is a branded string that a plain string cannot pass for', () => {
    expectTypeOf(asCallId('x')).toEqualTypeOf<CallId>()
    expectTypeOf<CallId>().toExtend<string>()
    // @ts-expect-error: a plain string is not a CallId
    const id: CallId = 'call_1'
    expectTypeOf(id).toEqualTypeOf<CallId>()
  })
})

describe('HookContext and MessageSource', () => {
  it('requires a source, and a plugin source names its plugin', () => {
    expectTypeOf<HookContext['source']>().toEqualTypeOf<MessageSource>()
    // @ts-expect-error: source is required
    const missing: HookContext = { content: [] }
    // @ts-expect-error: a plugin source names its plugin
    const anonymous: MessageSource = { kind: 'plugin' }
    expectTypeOf(missing).toEqualTypeOf<HookContext>()
    expectTypeOf(anonymous).toEqualTypeOf<MessageSource>()
  })
})

describe('JsonValue', () => {
  it('holds JSON data and nothing else', () => {
    expectTypeOf({ a: [1, 'b', null, { c: true }] }).toExtend<JsonValue>()
    expectTypeOf<undefined>().not.toExtend<JsonValue>()
    expectTypeOf<Date>().not.toExtend<JsonValue>()
    expectTypeOf<() => void>().not.toExtend<JsonValue>()
    expectTypeOf<bigint>().not.toExtend<JsonValue>()
  })
})

describe('errors', () => {
  it('HarnessError carries a string code; JsonSnapshotError narrows it', () => {
    expectTypeOf<HarnessError['code']>().toEqualTypeOf<string>()
    expectTypeOf<JsonSnapshotError['code']>().toEqualTypeOf<'NOT_JSON'>()
    expectTypeOf<JsonSnapshotError['path']>().toEqualTypeOf<string>()
    expectTypeOf<JsonSnapshotError>().toExtend<HarnessError>()
  })

  it('HarnessError<Code> types its code and its constructor from the union', () => {
    class QuotaError extends HarnessError<'QUOTA' | 'RATE'> {}
    expectTypeOf<QuotaError['code']>().toEqualTypeOf<'QUOTA' | 'RATE'>()
    expectTypeOf<QuotaError>().toExtend<HarnessError>()
    // @ts-expect-error -- a code outside the union is refused at construction
    expect(() => new QuotaError('spent', 'OTHER')).not.toThrow()
  })

  it('isHarnessError narrows unknown', () => {
    const check = (value: unknown) => {
      if (isHarnessError(value)) expectTypeOf(value).toEqualTypeOf<HarnessError>()
    }
    expectTypeOf(check).toBeFunction()
    expectTypeOf<ToolErrorInfo>().toEqualTypeOf<{ name: string; code: string }>()
  })
})

describe('Agent and deepFreeze', () => {
  it('an agent is anything with a readonly id', () => {
    expectTypeOf({ id: 'a', extra: 1 }).toExtend<Agent>()
    expectTypeOf<{ name: string }>().not.toExtend<Agent>()
  })

  it('deepFreeze returns its argument type', () => {
    expectTypeOf(deepFreeze({ a: 1 })).toEqualTypeOf<{ a: number }>()
  })
})
