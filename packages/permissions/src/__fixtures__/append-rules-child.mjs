// Appends `count` rules named after this process to one settings file, one write at a time, as
// a second harness process would: the test runs two of these at once.
import { appendRules } from '../../dist/internal/index.js'

const [path, name, count] = process.argv.slice(2)
for (let index = 0; index < Number(count); index++) {
  await appendRules(path, 'allow', [`Bash(${name}-${index} *)`])
}
