export { revokedProxy, throwingProxy } from './proxies.js'
export { cyclic, nested, shifty, throwingGetter } from './objects.js'
