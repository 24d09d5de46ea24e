import { describe, expect, it } from 'vitest'
import { spillFileName } from './spill-file-name.js'

describe('spillFileName', () => {
  it.each([
    { id: 'call_abc123', name: 'call_abc123-00ff.txt' },
    { id: 'toolu_01A-b', name: 'toolu_01A-b-00ff.txt' },
    { id: '../../x', name: 'x-00ff.txt' },
    { id: '/etc/passwd', name: 'etc_passwd-00ff.txt' },
    { id: 'a\0b', name: 'a_b-00ff.txt' },
    { id: '.', name: 'call-00ff.txt' },
    { id: '..', name: 'call-00ff.txt' },
    { id: '', name: 'call-00ff.txt' },
    { id: '調用-1', name: '1-00ff.txt' },
    { id: '😀', name: 'call-00ff.txt' },
    { id: 'C:\\Windows\\win.ini', name: 'C_Windows_win_ini-00ff.txt' },
    { id: '-rf', name: 'rf-00ff.txt' },
    { id: 'x'.repeat(1_000_000), name: `${'x'.repeat(48)}-00ff.txt` },
  ])('names a file inside the folder for the call id $id', ({ id, name }) => {
    const fileName = spillFileName(id, '00ff', 'txt')
    expect(fileName).toBe(name)
    expect(fileName).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]*-00ff\.txt$/)
  })

  it('keeps the extension it is given', () => {
    expect(spillFileName('c1', 'ab', 'png')).toBe('c1-ab.png')
  })
})
