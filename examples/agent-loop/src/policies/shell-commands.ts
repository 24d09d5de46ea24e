/**
 * How the demo's policies read a shell command line. Deliberately simple and conservative: a
 * policy layer, not a sandbox (a real harness also isolates the process).
 */

const networkCommand =
  /(?:^|[\s;&|(`])(curl|wget|nc|ncat|telnet|ssh|scp|sftp|rsync|ftp|npx)(?=$|[\s;&|)`])|\bgit\s+(?:clone|fetch|pull|push|ls-remote)\b|\b(?:npm|pnpm|yarn|pip3?)\s+(?:install|i|add|ci|dlx|exec)\b/

/** The program that would reach the network (`curl`, `git fetch`, `npm install`…), or `undefined`. */
export function networkProgram(command: string): string | undefined {
  const match = networkCommand.exec(command)
  return match === null ? undefined : (match[1] ?? match[0]).trim()
}

/** Whether a command line runs `rm` (anywhere in a list or pipeline). */
export function runsRm(command: string): boolean {
  return (
    /(?:^|[\s;&|(`])(?:sudo\s+)?rm(?=$|\s)/.test(command) || /\bfind\b.*\s-delete\b/.test(command)
  )
}

/**
 * A path-like word of a command that leaves the sandbox: an absolute path, `~`, or a `..`
 * segment. `undefined` when there is none.
 */
export function outsidePathWord(command: string): string | undefined {
  for (const word of command.split(/[\s;&|()<>`'"=]+/)) {
    if (word.startsWith('/') || word.startsWith('~') || /(?:^|\/)\.\.(?:\/|$)/.test(word)) {
      return word
    }
  }
  return undefined
}
