import { sharedStrykerConfig } from '../../stryker.shared.mjs'

export default sharedStrykerConfig
