export { revokedProxy, throwingProxy, trapThrowing } from './proxies.js'
export { cyclic, nested, shifty, throwingGetter } from './objects.js'
