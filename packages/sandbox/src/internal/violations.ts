import type { SandboxViolation } from '../sandbox-options.js'

const network =
  /^deny(?:\(\d+\))? (network-outbound|http-request|socks-tunnel|network-\S+) (.+?)(?: \(.*\))?$/u
const seatbelt = /^deny(?:\(\d+\))? (file-read\S*|file-write\S*) (.+)$/u
// Linux: the seccomp observer reports write-intent system calls only (`deny openat /path`).
const linuxWrite = /^deny (\w+) (\/.*)$/u

/**
 * A violation line of the sandbox runtime, read (SPEC §23): a denied connection or request is
 * `network` with its `host:port` or URL, a Seatbelt file denial `read` or `write`, a denied
 * write-intent system call on Linux `write`; anything else `other`. `detail` keeps the line.
 */
export function readViolation(line: string): SandboxViolation {
  const detail = line.trim()
  const onNetwork = network.exec(detail)
  if (onNetwork !== null) {
    const target = onNetwork[1] === 'http-request' ? onNetwork[2]?.split(' ').at(-1) : onNetwork[2]
    return target === undefined ? { kind: 'network', detail } : { kind: 'network', target, detail }
  }
  const onFile = seatbelt.exec(detail)
  if (onFile?.[2] !== undefined) {
    return {
      kind: onFile[1]?.startsWith('file-read') === true ? 'read' : 'write',
      target: onFile[2],
      detail,
    }
  }
  const onLinux = linuxWrite.exec(detail)
  if (onLinux?.[2] !== undefined) {
    return { kind: 'write', target: onLinux[2], detail }
  }
  return { kind: 'other', detail }
}
