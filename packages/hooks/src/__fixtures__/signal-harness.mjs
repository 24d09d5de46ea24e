// A harness process, as a test's child: it registers a PreToolUse hook that writes the pids of
// its shell and of a background sleep (its process group), runs one call, and waits on it. The
// test then sends this process a signal. With "own-listener", the harness handles SIGTERM itself
// (and goes on running), as a harness that cancels a turn on a signal would. With
// "two-instances", two commandHooks() plugins (on two registries) each run such a hook at once.
import { createToolRegistry } from '@toolpipe/tools'
import { commandHooks } from '../../dist/index.js'

const [pidFile, mode] = process.argv.slice(2)
if (mode === 'own-listener') {
  process.on('SIGTERM', () => {
    process.stdout.write('handled SIGTERM\n')
  })
  setInterval(() => undefined, 1_000)
}
const quoted = `'${pidFile.replaceAll("'", `'\\''`)}'`

/** A registry with a Bash tool and a commandHooks() plugin of its own whose hook waits. */
function hookedRegistry() {
  const registry = createToolRegistry()
  registry.register({
    name: 'Bash',
    description: 'Runs nothing.',
    parameters: { type: 'object' },
    execute: async () => [{ type: 'text', text: 'ran' }],
  })
  registry.use(
    commandHooks({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              {
                type: 'command',
                // Appended: with two instances, both hooks write to the one file.
                command: `sleep 30 & echo $! >> ${quoted}; echo $$ >> ${quoted}; wait`,
              },
            ],
          },
        ],
      },
      projectRoot: process.cwd(),
    }),
  )
  return registry
}

const registries =
  mode === 'two-instances' ? [hookedRegistry(), hookedRegistry()] : [hookedRegistry()]
await Promise.all(
  registries.map((registry, index) =>
    registry.execute({ callId: `signal_${index + 1}`, name: 'Bash', arguments: {} }),
  ),
)
