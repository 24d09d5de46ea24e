/** Whether a Gemini tool name glob (`*` wildcard) matches a rule name. */
export function matchesToolGlob(glob: string, name: string): boolean {
  const star = glob.indexOf('*')
  if (star < 0) return glob === name
  const parts = glob.split('*')
  let at = 0
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] ?? ''
    if (index === 0) {
      if (!name.startsWith(part)) return false
      at = part.length
    } else if (index === parts.length - 1) {
      return name.length - part.length >= at && name.endsWith(part)
    } else {
      const found = name.indexOf(part, at)
      if (found < 0) return false
      at = found + part.length
    }
  }
  return true
}
