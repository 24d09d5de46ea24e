/** A disposer that runs `dispose` the first time it is called and does nothing afterwards. */
export function once(dispose: () => void): () => void {
  let done = false
  return () => {
    if (done) return
    done = true
    dispose()
  }
}
