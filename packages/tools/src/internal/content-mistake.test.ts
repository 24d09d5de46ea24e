import { describe, expect, it } from 'vitest'
import { ToolRegistryError } from '../tool-registry-error.js'
import { contentMistake, readContentTypes } from './content-mistake.js'

// SPEC §2's ContentBlock shapes, checked on what a tool, a wrapper or a listener hands over
// (SPEC §22). One row per mistake: the content, where the mistake is, and what it says.
const rows: { content: unknown[]; path: (string | number)[]; problem: string }[] = [
  {
    content: [{ type: 'text', text: 5 }],
    path: [0, 'text'],
    problem: '"text" must be a string, got number',
  },
  {
    content: [{ type: 'text' }],
    path: [0, 'text'],
    problem: 'the "text" block is missing required property "text"',
  },
  {
    content: [{ type: 'reasoning', text: null }],
    path: [0, 'text'],
    problem: '"text" must be a string, got null',
  },
  {
    content: [
      { type: 'text', text: 'fine' },
      { type: 'video', url: 'x' },
    ],
    path: [1, 'type'],
    problem:
      'unknown content type "video": the core types are "text", "reasoning", "image", "tool-call", "tool-result", and a type added by declaration merging must be named in createToolRegistry({ contentTypes })',
  },
  {
    content: [{ type: 'image', mimeType: 'image/png' }],
    path: [0, 'data'],
    problem: 'the "image" block is missing required property "data"',
  },
  {
    content: [{ type: 'image', data: '', mimeType: 'image/png' }],
    path: [0, 'data'],
    problem: '"data" must be base64 data, got an empty string',
  },
  {
    content: [{ type: 'image', data: 'data:image/png;base64,aGk=', mimeType: 'image/png' }],
    path: [0, 'data'],
    problem: '"data" must be base64 data without a "data:" URL prefix',
  },
  {
    content: [{ type: 'image', data: 7, mimeType: 'image/png' }],
    path: [0, 'data'],
    problem: '"data" must be base64 data (a string), got number',
  },
  {
    content: [{ type: 'image', data: 'aGk=' }],
    path: [0, 'mimeType'],
    problem: 'the "image" block is missing required property "mimeType"',
  },
  {
    content: [{ type: 'image', data: 'aGk=', mimeType: 'png' }],
    path: [0, 'mimeType'],
    problem: '"mimeType" must be a MIME type such as "image/png", got "png"',
  },
  {
    content: [{ type: 'tool-call', id: 'c', name: 'n', arguments: {} }],
    path: [0, 'arguments'],
    problem: '"arguments" must be a string, got object',
  },
  {
    content: [{ type: 'tool-call', name: 'n', arguments: '{}' }],
    path: [0, 'id'],
    problem: 'the "tool-call" block is missing required property "id"',
  },
  {
    content: [{ type: 'tool-result', content: [] }],
    path: [0, 'toolCallId'],
    problem: 'the "tool-result" block is missing required property "toolCallId"',
  },
  {
    content: [{ type: 'tool-result', toolCallId: 'c' }],
    path: [0, 'content'],
    problem: 'the "tool-result" block is missing required property "content"',
  },
  {
    content: [{ type: 'tool-result', toolCallId: 'c', content: 'ok' }],
    path: [0, 'content'],
    problem: '"content" must be an array of content blocks, got string',
  },
  {
    content: [{ type: 'tool-result', toolCallId: 'c', content: [], isError: 'yes' }],
    path: [0, 'isError'],
    problem: '"isError" must be a boolean, got string',
  },
  {
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 1 },
        ],
      },
    ],
    path: [0, 'content', 1, 'text'],
    problem: '"text" must be a string, got number',
  },
  { content: [5], path: [0], problem: 'must be a content block (an object with a "type"), got 5' },
  {
    content: ['text'],
    path: [0],
    problem: 'must be a content block (an object with a "type"), got "text"',
  },
  {
    content: [null],
    path: [0],
    problem: 'must be a content block (an object with a "type"), got null',
  },
  {
    content: [[{ type: 'text', text: 'a' }]],
    path: [0],
    problem: 'must be a content block (an object with a "type"), got an array',
  },
  {
    content: [{ text: 'no type' }],
    path: [0, 'type'],
    problem: 'missing required property "type"',
  },
  { content: [{ type: 3 }], path: [0, 'type'], problem: '"type" must be a string, got number' },
]

describe('contentMistake', () => {
  it.each(rows)('$problem at $path', ({ content, path, problem }) => {
    expect(contentMistake(content, new Set())).toEqual({ path, problem })
  })

  it('takes every core kind, members they do not name, and added kinds the registry was told of', () => {
    const content = [
      { type: 'text', text: '', cache: true },
      { type: 'reasoning', text: 'because' },
      { type: 'image', data: 'aGk=', mimeType: 'image/svg+xml; charset=utf-8' },
      { type: 'tool-call', id: 'c', name: 'n', arguments: '{}' },
      {
        type: 'tool-result',
        toolCallId: 'c',
        content: [{ type: 'resource-link', uri: 'file:///a' }],
        isError: false,
      },
      { type: 'resource-link', uri: 'file:///a' },
    ]
    expect(contentMistake(content, new Set(['resource-link']))).toBeUndefined()
    expect(contentMistake(content, new Set())?.path).toEqual([4, 'content', 0, 'type'])
  })

  it('reports the first mistake in order, depth first', () => {
    expect(
      contentMistake(
        [
          { type: 'tool-result', toolCallId: 'c', content: [{ type: 'text' }] },
          { type: 'text', text: 1 },
        ],
        new Set(),
      )?.path,
    ).toEqual([0, 'content', 0, 'text'])
  })
})

describe('readContentTypes', () => {
  it('reads the added kinds, and refuses what is not an array of new kinds', () => {
    expect([...readContentTypes(['resource-link', 'diff'])]).toEqual(['resource-link', 'diff'])
    expect(readContentTypes(undefined).size).toBe(0)
    for (const value of ['resource-link', [''], [1], ['text'], ['tool-result']]) {
      expect(() => readContentTypes(value)).toThrow(ToolRegistryError)
    }
    expect(() => readContentTypes(['image'])).toThrow(
      'contentTypes must be an array of the types of block kinds added to ContentBlockMap (non-empty strings other than "text", "reasoning", "image", "tool-call", "tool-result"), got an array',
    )
  })
})
