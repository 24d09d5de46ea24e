export { editFilesSpec, readFileSpec } from './tool-specs.js'
export { readTextFileInputSchema } from './read-text-file.js'
export { readFileIssues } from './read-file-issues.js'
