import { Buffer } from 'node:buffer'
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { ContentBlock } from '@toolpipe/core'
import { describe, expect, it, vi } from 'vitest'
import { imageOf as image, useCutRequests } from '../__fixtures__/cut-requests.js'
import { serviceLog } from '../__fixtures__/outputs.js'
import { cutContent } from './cut-content.js'
import { SpillStore } from './spill-store.js'

const { count, scratch, request, tokensOf } = useCutRequests('cut-content-test-')

const notice = /\[… (~?)(\d+) tokens omitted \((\d+) bytes\); the full output is in (\S+) …\]/

describe('cutContent', () => {
  it('leaves content that fits alone: undefined', async () => {
    const text = serviceLog(6_000) // about 2,000 tokens: over 1,000 bytes, within 5,000 tokens
    expect(
      await cutContent([{ type: 'text', text }], request({ maxTokens: 5_000 })),
    ).toBeUndefined()
    expect(await readdir(scratch())).toEqual([])
  })

  it('cuts a long text to head, notice and tail within the budget, and spills the whole', async () => {
    const text = serviceLog(100_000)
    const cut = await cutContent([{ type: 'text', text }], request())
    expect(cut?.content).toHaveLength(1)
    const [block] = cut?.content ?? []
    if (block?.type !== 'text') throw new Error('expected one text block')
    expect(count(block.text)).toBeLessThanOrEqual(1_000)
    const lines = block.text.split('\n')
    const noticeLine = lines.findIndex((line) => notice.test(line))
    const [, estimate, tokens, bytes, path] = notice.exec(lines[noticeLine] ?? '') ?? []
    const head = `${lines.slice(0, noticeLine).join('\n')}\n`
    const tail = lines.slice(noticeLine + 1).join('\n')
    expect(text.startsWith(head) && text.endsWith(tail)).toBe(true)
    const omitted = text.slice(head.length, text.length - tail.length)
    expect(estimate).toBe('')
    expect(Number(tokens)).toBe(count(omitted))
    expect(Number(bytes)).toBe(Buffer.byteLength(omitted))
    expect(await readFile(path ?? '', 'utf8')).toBe(text)
    expect(cut?.reason).toContain(path)
  })

  it('gives head and tail what the preview asks, within the budget', async () => {
    const text = serviceLog(100_000)
    const cut = await cutContent(
      [{ type: 'text', text }],
      request({ maxTokens: 5_000, headTokens: 300, tailTokens: 100 }),
    )
    const [block] = cut?.content ?? []
    if (block?.type !== 'text') throw new Error('expected one text block')
    const [head = '', tail = ''] = block.text.split(notice)
    expect(count(head)).toBeLessThanOrEqual(300)
    expect(count(head)).toBeGreaterThan(200)
    expect(count(tail.slice(tail.indexOf('\n')))).toBeLessThanOrEqual(101)
  })

  it('scales a preview larger than the budget down to fit', async () => {
    const cut = await cutContent(
      [{ type: 'text', text: serviceLog(100_000) }],
      request({ maxTokens: 400, headTokens: 10_000, tailTokens: 10_000 }),
    )
    expect(tokensOf(cut?.content ?? [])).toBeLessThanOrEqual(400)
  })

  it('says the output was dropped when there is no spill store', async () => {
    const cut = await cutContent(
      [{ type: 'text', text: serviceLog(50_000) }],
      request({ store: undefined }),
    )
    const [block] = cut?.content ?? []
    expect(block?.type === 'text' && block.text).toMatch(
      /\n\[… \d+ tokens omitted \(\d+ bytes\); the full output was dropped …\]\n/,
    )
    expect(await readdir(scratch())).toEqual([])
  })

  it('says why when the spill file cannot be written, and reports the failure', async () => {
    const onSpillFailure = vi.fn()
    const store = new SpillStore(join(scratch(), 'not-a-folder', 'x'))
    await import('node:fs/promises').then(({ writeFile }) =>
      writeFile(join(scratch(), 'not-a-folder'), ''),
    )
    const cut = await cutContent(
      [{ type: 'text', text: serviceLog(50_000) }],
      request({ store, onSpillFailure }),
    )
    const [block] = cut?.content ?? []
    expect(block?.type === 'text' && block.text).toMatch(
      /the full output was dropped \(it could not be saved: E[A-Z]+\) …\]/,
    )
    expect(onSpillFailure).toHaveBeenCalledOnce()
    expect(tokensOf(cut?.content ?? [])).toBeLessThanOrEqual(1_000)
  })

  it('replaces an image too large on its own by a line naming its type and size, saved decoded', async () => {
    const big = image(40_000)
    const cut = await cutContent([{ type: 'text', text: 'the chart:' }, big], request())
    expect(cut?.content[0]).toEqual({ type: 'text', text: 'the chart:' })
    const line = cut?.content[1]
    expect(line?.type === 'text' && line.text).toMatch(
      /^\[… image block omitted \(image\/png, 40000 bytes\); it is in (\S+\.png) …\]$/,
    )
    const path = /it is in (\S+) …/.exec(line?.type === 'text' ? line.text : '')?.[1] ?? ''
    expect((await readFile(path)).toString('base64')).toBe(big.type === 'image' ? big.data : '')
  })

  it('keeps images that fit, and cuts the text around them', async () => {
    const small = image(200)
    const text = serviceLog(50_000)
    const cut = await cutContent([small, { type: 'text', text }], request())
    expect(cut?.content[0]).toBe(small)
    expect(cut?.content[1]?.type).toBe('text')
    expect(tokensOf(cut?.content ?? [])).toBeLessThanOrEqual(1_000)
  })

  it('lets images that fit one by one but not together give way, largest first', async () => {
    const blocks = [image(400), image(800), image(600)]
    const cut = await cutContent(blocks, request())
    expect(cut?.content[0]).toBe(blocks[0])
    expect(cut?.content[1]?.type === 'text' && cut.content[1].text).toMatch(/800 bytes/)
    expect(cut?.content[2]?.type === 'text' && cut.content[2].text).toMatch(/600 bytes/)
    expect(tokensOf(cut?.content ?? [])).toBeLessThanOrEqual(1_000)
  })

  it('measures other blocks by their JSON, and saves a replaced one as JSON', async () => {
    const nested: ContentBlock = {
      type: 'tool-result',
      toolCallId: 'inner' as never,
      content: [{ type: 'text', text: 'x'.repeat(5_000) }],
    }
    const cut = await cutContent([nested], request())
    const line = cut?.content[0]
    const path = /it is in (\S+\.json) …/.exec(line?.type === 'text' ? line.text : '')?.[1] ?? ''
    expect(line?.type === 'text' && line.text).toContain(
      `tool-result block omitted (${JSON.stringify(nested).length} bytes)`,
    )
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(nested)
  })

  it('cuts several text blocks as one document, each block in its place, and spills them joined', async () => {
    const first = serviceLog(30_000, 5)
    const second = serviceLog(30_000, 6)
    const status = '[exit code 0]'
    const picture = image(100)
    const cut = await cutContent(
      [
        { type: 'text', text: first },
        picture,
        { type: 'text', text: second },
        { type: 'text', text: status },
      ],
      request(),
    )
    const [head, kept, tail, end] = cut?.content ?? []
    expect(cut?.content).toHaveLength(4)
    expect(kept).toBe(picture)
    expect(end).toEqual({ type: 'text', text: status })
    const headText = head?.type === 'text' ? head.text : ''
    const tailText = tail?.type === 'text' ? tail.text : ''
    expect(first.startsWith(headText.slice(0, headText.indexOf('[…')))).toBe(true)
    expect(headText.endsWith('…]')).toBe(true)
    expect(second.endsWith(tailText)).toBe(true)
    expect(tokensOf(cut?.content ?? [])).toBeLessThanOrEqual(1_000)
    const path = notice.exec(headText)?.[4] ?? ''
    expect(await readFile(path, 'utf8')).toBe(`${first}\n${second}\n${status}`)
  })

  it('leaves out a text block that lies wholly in the omitted part', async () => {
    const blocks: ContentBlock[] = [0, 1, 2].map((seed) => ({
      type: 'text',
      text: serviceLog(20_000, seed),
    }))
    const cut = await cutContent(blocks, request({ maxTokens: 600 }))
    expect(cut?.content).toHaveLength(2)
    expect(tokensOf(cut?.content ?? [])).toBeLessThanOrEqual(600)
  })

  it('keeps text blocks whole when only a block had to go', async () => {
    const text = { type: 'text', text: 'short' } as const
    const cut = await cutContent([text, image(5_000), text], request())
    expect(cut?.content[0]).toBe(text)
    expect(cut?.content[2]).toBe(text)
  })

  it('shortens the notice when the budget is smaller than it (the result still fits)', async () => {
    const cut = await cutContent(
      [{ type: 'text', text: serviceLog(10_000) }],
      request({ maxTokens: 5 }),
    )
    const [block] = cut?.content ?? []
    expect(block?.type === 'text' && block.text).toMatch(/^(\[… \d+ tokens omitted\]|\[…\]|…)$/)
    expect(block?.type === 'text' ? count(block.text) : Infinity).toBeLessThanOrEqual(5)
  })

  // SPEC §20: a replaced block's line names its type and size, and the cut as a whole fits.
  it('shortens a replaced block’s line for a small budget: the place goes first, then the size', async () => {
    const big = image(3_000)
    const lineOf = async (maxTokens: number) => {
      const cut = await cutContent([big], request({ maxTokens }))
      expect(tokensOf(cut?.content ?? [])).toBeLessThanOrEqual(maxTokens)
      return cut?.content[0]?.type === 'text' ? cut.content[0].text : ''
    }
    expect(await lineOf(100)).toMatch(
      /^\[… image block omitted \(image\/png, 3000 bytes\); it is in \S+ …\]$/,
    )
    expect(await lineOf(20)).toBe('[… image block omitted (image/png, 3000 bytes)]')
    expect(await lineOf(8)).toBe('[… image block omitted]')
  })

  it('gives a text beside a replaced block the room its short notice needs', async () => {
    const text = { type: 'text', text: 'word '.repeat(20_000) } as const
    const cut = await cutContent([text, image(3_000)], request({ maxTokens: 30 }))
    expect(cut?.content).toEqual([
      { type: 'text', text: '[… 20001 tokens omitted]' },
      { type: 'text', text: '[… image block omitted (image/png, 3000 bytes)]' },
    ])
  })

  it('keeps the shortest line, and no text, when even it exceeds the budget', async () => {
    const text = { type: 'text', text: serviceLog(5_000) } as const
    const cut = await cutContent([image(400), text, image(800)], request({ maxTokens: 6 }))
    expect(cut?.content).toEqual([
      { type: 'text', text: '[… 2 image blocks omitted]' },
      { type: 'text', text: '' },
    ])
  })
})
