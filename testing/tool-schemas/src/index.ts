export { editFilesSpec, readFileSpec } from './tool-specs.js'
export { readTextFileInputSchema } from './read-text-file.js'
