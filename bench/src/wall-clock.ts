// Cases timed by the wall clock, for what is processes (hooks, sandboxed commands): their cost is
// waiting, not this process's CPU time.

/** Runs every case `samples` times, interleaved, and returns each one's median in ms. */
export async function medians(
  cases: Record<string, () => Promise<unknown>>,
  samples: number,
): Promise<Map<string, number>> {
  const entries = Object.entries(cases)
  const times = new Map<string, number[]>(entries.map(([name]) => [name, []]))
  for (const [, run] of entries) await run() // warm up
  for (let sample = 0; sample < samples; sample++) {
    for (const [name, run] of entries) {
      const start = performance.now()
      await run()
      times.get(name)?.push(performance.now() - start)
    }
  }
  return new Map(
    [...times].map(([name, list]) => {
      const sorted = [...list].sort((left, right) => left - right)
      return [name, sorted[Math.floor(sorted.length / 2)] ?? Number.NaN]
    }),
  )
}
