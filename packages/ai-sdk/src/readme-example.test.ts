import { readFile } from 'node:fs/promises'
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the README example', () => {
  it('is examples/readme.ts, word for word', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8')
    const example = await readFile(new URL('../examples/readme.ts', import.meta.url), 'utf8')
    expect(readme).toContain('```ts\n' + example + '```\n')
  })

  it('runs, and prints what the README says it prints', async () => {
    const lines: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
      lines.push(String(line))
    })
    await import('../examples/readme.js')
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8')
    const printed = /It prints:\n\n```text\n([^`]*)```/.exec(readme)?.[1]
    expect(lines.join('\n') + '\n').toBe(printed)
  })
})
