// Appends `count` rules named after this process to one settings file, one write at a time, as
// a second harness process would: the test runs two of these at once. Waiting for the other
// process's lock only yields to the event loop (no timer), and the lock's ages are generous, so
// that a busy machine slows the two writers down without making either judge the other stale.
import { appendRules } from '../../dist/internal/index.js'

const [path, name, count] = process.argv.slice(2)
const options = {
  staleLockMs: 60_000,
  lockTimeoutMs: 110_000,
  clock: { now: () => Date.now(), sleep: () => new Promise((resolve) => setImmediate(resolve)) },
}
for (let index = 0; index < Number(count); index++) {
  await appendRules(path, 'allow', [`Bash(${name}-${index} *)`], options)
}
