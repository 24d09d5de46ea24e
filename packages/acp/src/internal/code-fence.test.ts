import { describe, expect, it } from 'vitest'
import { codeFence } from './code-fence.js'

describe('codeFence', () => {
  it('fences text with three backticks and the info string', () => {
    expect(codeFence('npm test', 'console')).toBe('```console\nnpm test\n```')
  })

  it('makes the fence one backtick longer than the longest run in the text', () => {
    expect(codeFence('a ``` b', 'console')).toBe('````console\na ``` b\n````')
    expect(codeFence('`x` and `````', '')).toBe('``````\n`x` and `````\n``````')
  })
})
