// Loaded with `node --import` by the scripts the `instructions` suite spawns: Node strips the
// types of a `.ts` file itself, but the sources import each other as `./name.js` (what tsc and
// tsx expect), so a relative `.js` that does not exist is looked for as `.ts`. Synchronous hooks,
// run in the main thread: no loader thread whose timing would change the instruction count.
import { registerHooks } from 'node:module'

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context)
    } catch (error) {
      const relative = specifier.startsWith('./') || specifier.startsWith('../')
      if (!relative || !specifier.endsWith('.js') || error?.code !== 'ERR_MODULE_NOT_FOUND') {
        throw error
      }
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context)
    }
  },
})
