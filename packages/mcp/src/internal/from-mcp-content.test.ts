import { describe, expect, it } from 'vitest'
import { fromMcpContent } from './from-mcp-content.js'

describe('fromMcpContent', () => {
  it('maps each kind of MCP content as its table says', () => {
    expect(
      fromMcpContent([
        { type: 'text', text: 'hi' },
        { type: 'image', data: 'AA==', mimeType: 'image/png' },
        { type: 'audio', data: 'AA==', mimeType: 'audio/wav' },
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'one' } },
        {
          type: 'resource',
          resource: { uri: 'file:///a.png', blob: 'AA==', mimeType: 'image/png' },
        },
        { type: 'resource', resource: { uri: 'file:///a.bin', blob: 'AA==' } },
        { type: 'resource_link', name: 'notes', uri: 'file:///notes.md' },
      ]),
    ).toEqual([
      { type: 'text', text: 'hi' },
      { type: 'image', data: 'AA==', mimeType: 'image/png' },
      { type: 'text', text: '[audio (audio/wav) omitted]' },
      { type: 'text', text: '[resource file:///a.txt]\none' },
      { type: 'image', data: 'AA==', mimeType: 'image/png' },
      { type: 'text', text: '[binary resource file:///a.bin (unknown type) omitted]' },
      { type: 'text', text: '[resource link "notes": file:///notes.md]' },
    ])
  })
})
