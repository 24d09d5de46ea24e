import { describe, expect, it } from 'vitest'
import { readViolation } from './violations.js'

// The sandbox runtime's violation lines, as it writes them on Linux (its seccomp observer and its
// proxy) and on macOS (Seatbelt's log): each read into its kind and target.
describe('readViolation', () => {
  it.each([
    ['deny openat /home/me/.bashrc', { kind: 'write', target: '/home/me/.bashrc' }],
    [
      'deny unlinkat /work/.git/hooks/pre-commit',
      { kind: 'write', target: '/work/.git/hooks/pre-commit' },
    ],
    [
      'deny network-outbound evil.example:443 (user denied)',
      { kind: 'network', target: 'evil.example:443' },
    ],
    ['deny network-outbound evil.example:80', { kind: 'network', target: 'evil.example:80' }],
    [
      'deny http-request POST http://a.example/upload (deniedDomains)',
      { kind: 'network', target: 'http://a.example/upload' },
    ],
    [
      'deny socks-tunnel a.example:22 (refuseOpaqueTunnels)',
      { kind: 'network', target: 'a.example:22' },
    ],
    [
      'deny(1) file-read-data /Users/me/.ssh/id_rsa',
      { kind: 'read', target: '/Users/me/.ssh/id_rsa' },
    ],
    ['deny(1) file-write-create /Users/me/x', { kind: 'write', target: '/Users/me/x' }],
    ['deny(1) mach-lookup com.apple.x', { kind: 'other' }],
    ['something else entirely', { kind: 'other' }],
  ])('%s', (line, read) => {
    expect(readViolation(`  ${line}\n`)).toEqual({ ...read, detail: line })
  })
})
