import { sharedTsupConfig } from '../../tsup.shared.js'

export default sharedTsupConfig
