import { describe, expect, it } from 'vitest'
import { networkProgram, outsidePathWord, runsRm } from './shell-commands.js'

describe('shell command policies', () => {
  it('names the program that would reach the network', () => {
    expect(networkProgram('curl -sS https://x')).toBe('curl')
    expect(networkProgram('ls && wget x')).toBe('wget')
    expect(networkProgram('git fetch origin')).toBe('git fetch')
    expect(networkProgram('pnpm add left-pad')).toBe('pnpm add')
    expect(networkProgram('npx cowsay hi')).toBe('npx')
    expect(networkProgram('cat curly.txt')).toBeUndefined()
    expect(networkProgram('node test.js')).toBeUndefined()
  })

  it('finds rm anywhere in a list, and find -delete', () => {
    expect(runsRm('rm test.js')).toBe(true)
    expect(runsRm('ls && rm -rf .')).toBe(true)
    expect(runsRm('sudo rm x')).toBe(true)
    expect(runsRm('find . -name x -delete')).toBe(true)
    expect(runsRm('cat rmdir.txt')).toBe(false)
    expect(runsRm('perform')).toBe(false)
  })

  it('finds words that leave the sandbox', () => {
    expect(outsidePathWord('cat /etc/passwd')).toBe('/etc/passwd')
    expect(outsidePathWord('ls ../..')).toBe('../..')
    expect(outsidePathWord('cat ~/.ssh/id_rsa')).toBe('~/.ssh/id_rsa')
    expect(outsidePathWord('cat "a/../../b"')).toBe('a/../../b')
    expect(outsidePathWord('cat a/b.txt ..x')).toBeUndefined()
  })
})
