import { describe, expect, it } from 'vitest'
import { sessionPaths } from './session-paths.js'

function paths(cwd: string) {
  const found = sessionPaths(cwd)
  if (found === undefined) throw new Error(`${cwd} was refused`)
  return found
}

describe('sessionPaths', () => {
  it('accepts absolute POSIX and fully qualified Windows cwds only', () => {
    for (const cwd of [
      '/',
      '/srv/app',
      '/srv/app/',
      'C:\\work',
      'c:/work',
      '\\\\server\\share\\x',
    ]) {
      expect(sessionPaths(cwd), cwd).toBeDefined()
    }
    for (const cwd of ['', '.', 'srv/app', './app', '~/app', 'C:work', '\\work', 'C:']) {
      expect(sessionPaths(cwd), cwd).toBeUndefined()
    }
  })

  it('normalises the cwd', () => {
    expect(paths('/srv/app/').cwd).toBe('/srv/app')
    expect(paths('/srv/./app/x/..').cwd).toBe('/srv/app')
    expect(paths('C:/work/').cwd).toBe('C:\\work')
  })

  it('resolves relative paths against the cwd and normalises absolute ones', () => {
    const app = paths('/srv/app')
    expect(app.resolve('src/a.ts')).toBe('/srv/app/src/a.ts')
    expect(app.resolve('./src/../b.ts')).toBe('/srv/app/b.ts')
    expect(app.resolve('../other/c.ts')).toBe('/srv/other/c.ts')
    expect(app.resolve('.')).toBe('/srv/app')
    expect(app.resolve('/etc//passwd')).toBe('/etc/passwd')
    expect(app.resolve('/srv/app/../../etc/passwd')).toBe('/etc/passwd')
  })

  it('resolves Windows paths without consulting the process', () => {
    const work = paths('C:\\work')
    expect(work.resolve('src\\a.ts')).toBe('C:\\work\\src\\a.ts')
    expect(work.resolve('src/a.ts')).toBe('C:\\work\\src\\a.ts')
    expect(work.resolve('\\top.txt')).toBe('C:\\top.txt')
    expect(work.resolve('D:\\x\\y.txt')).toBe('D:\\x\\y.txt')
    // Drive-relative: the cwd on its own drive, the root on another.
    expect(work.resolve('c:notes.txt')).toBe('C:\\work\\notes.txt')
    expect(work.resolve('D:notes.txt')).toBe('D:\\notes.txt')
  })
})

describe('relativeTitle', () => {
  const app = paths('/srv/app')

  it('makes absolute paths inside the cwd relative', () => {
    expect(app.relativeTitle('/srv/app/src/a.ts')).toBe('src/a.ts')
    expect(app.relativeTitle('/srv/app/README.md')).toBe('README.md')
    expect(app.relativeTitle('/srv/app/src/../lib/b.ts')).toBe('lib/b.ts')
    expect(app.relativeTitle('//srv//app///src/a.ts')).toBe('src/a.ts')
    expect(app.relativeTitle('/srv/app/..hidden')).toBe('..hidden')
    expect(app.relativeTitle('/srv/app/with space/and\nnewline')).toBe('with space/and\nnewline')
  })

  it('turns the cwd itself into "."', () => {
    expect(app.relativeTitle('/srv/app')).toBe('.')
    expect(app.relativeTitle('/srv/app/')).toBe('.')
    expect(app.relativeTitle('/srv/app/.')).toBe('.')
    expect(app.relativeTitle('/srv/app/src/..')).toBe('.')
    expect(paths('/srv/app/').relativeTitle('/srv/app')).toBe('.')
  })

  it('keeps a trailing separator', () => {
    expect(app.relativeTitle('/srv/app/src/')).toBe('src/')
    expect(app.relativeTitle('/srv/app/src//')).toBe('src/')
  })

  it('leaves paths outside the cwd unchanged, however they are spelt', () => {
    for (const title of [
      '/srv/app2',
      '/srv/app2/src/a.ts',
      '/srv/application/x',
      '/srv/ap',
      '/srv',
      '/',
      '/srv/app/..',
      '/srv/app/../app2/x',
      '/srv/app/../../etc/passwd',
      '/srv/app/src/../../app2',
      '/etc/passwd',
    ]) {
      expect(app.relativeTitle(title), title).toBe(title)
    }
  })

  it('leaves titles that are not absolute paths unchanged', () => {
    for (const title of [
      '',
      'src/a.ts',
      './src/a.ts',
      '../app/x',
      'Edit /srv/app/a.ts',
      ' /srv/app/a.ts',
      '~/a.ts',
      'C:\\srv\\app\\a.ts',
    ]) {
      expect(app.relativeTitle(title), title).toBe(title)
    }
  })

  it('makes everything absolute relative under a root cwd', () => {
    expect(paths('/').relativeTitle('/etc/hosts')).toBe('etc/hosts')
    expect(paths('/').relativeTitle('/')).toBe('.')
  })

  it('works for Windows cwds, drive letters compared without case', () => {
    const work = paths('C:\\work\\app')
    expect(work.relativeTitle('C:\\work\\app\\src\\a.ts')).toBe('src\\a.ts')
    expect(work.relativeTitle('c:/work/app/src/a.ts')).toBe('src\\a.ts')
    expect(work.relativeTitle('C:\\work\\app\\src\\')).toBe('src\\')
    expect(work.relativeTitle('C:\\work\\app')).toBe('.')
    expect(work.relativeTitle('C:\\work\\app2\\a.ts')).toBe('C:\\work\\app2\\a.ts')
    expect(work.relativeTitle('C:\\work\\app\\..\\app2')).toBe('C:\\work\\app\\..\\app2')
    expect(work.relativeTitle('D:\\work\\app\\a.ts')).toBe('D:\\work\\app\\a.ts')
    expect(work.relativeTitle('\\work\\app\\a.ts')).toBe('\\work\\app\\a.ts')
    expect(work.relativeTitle('/srv/app/a.ts')).toBe('/srv/app/a.ts')
  })
})
