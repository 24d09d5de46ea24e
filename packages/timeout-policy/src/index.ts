export { TimeoutReason } from './timeout-reason.js'
export { timeoutPolicy } from './timeout-policy.js'
export type { TimeoutClock, TimeoutPolicyOptions } from './timeout-policy.js'
export { ToolTimeoutError } from './tool-timeout-error.js'
