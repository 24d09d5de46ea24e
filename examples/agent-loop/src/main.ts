import { runCli } from './cli/cli.js'

// The process's side of the CLI: real streams; Ctrl+C, SIGTERM (an editor stopping its ACP
// agent), or a reader that went away (`pnpm demo | head`) stops the loop after the current call,
// kills a running command and lets the process clean up.
const interrupted = new AbortController()
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted.abort()
  })
}
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
