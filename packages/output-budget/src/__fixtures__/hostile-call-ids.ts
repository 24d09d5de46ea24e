/**
 * Call ids a model, a client or a server could send, each of which would escape or break a
 * folder if it were used as a file name as it is. One row each: add a case in one line.
 */
export const hostileCallIds: readonly { readonly label: string; readonly callId: string }[] = [
  { label: '../../x', callId: '../../x' },
  { label: '/etc/passwd', callId: '/etc/passwd' },
  { label: 'a NUL', callId: 'a\0b' },
  { label: '100,000 characters', callId: 'x'.repeat(100_000) },
  { label: 'Unicode and a slash', callId: '調用/😀' },
  { label: 'a Windows path', callId: 'C:\\Windows\\win.ini' },
  { label: '.', callId: '.' },
  { label: '..', callId: '..' },
  { label: 'empty', callId: '' },
]
