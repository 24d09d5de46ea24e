import { runCli } from './cli/cli.js'

// The process's side of the CLI: real streams; Ctrl+C, or a reader that went away
// (`pnpm demo | head`), stops the loop after the current call.
const interrupted = new AbortController()
process.once('SIGINT', () => {
  interrupted.abort()
})
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error
  interrupted.abort()
})

process.exitCode = await runCli({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: interrupted.signal,
})
