export { isMode, modes } from './mode.js'
export type { Mode } from './mode.js'
export type { PermissionSettings, Settings } from './settings.js'
