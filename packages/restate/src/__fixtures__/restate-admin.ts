/** The rows of a SQL query over Restate's admin API at `admin` (its `sys_*` tables). */
export async function query<TRow>(admin: string, sql: string): Promise<TRow[]> {
  const response = await fetch(`${admin}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query: sql }),
  })
  if (!response.ok)
    throw new Error(`query failed: HTTP ${response.status} ${await response.text()}`)
  return ((await response.json()) as { rows: TRow[] }).rows
}

/** Restate's view of an invocation (its admin API's `sys_invocation` table). */
export async function invocationRow(
  admin: string,
  invocationId: string,
): Promise<{ status?: string; last_failure?: string | null } | undefined> {
  const rows = await query<{ status?: string; last_failure?: string | null }>(
    admin,
    `SELECT status, last_failure FROM sys_invocation WHERE id = '${invocationId}'`,
  )
  return rows[0]
}

/**
 * Whether the journal of the invocation holds the completion of the step named `name`: from
 * then on, a replay returns its result instead of running it again. `undefined` for not yet.
 */
export async function stepJournaled(
  admin: string,
  invocationId: string,
  name: string,
): Promise<true | undefined> {
  const rows = await query<{
    entry_type: string
    name?: string | null
    entry_lite_json: string
  }>(
    admin,
    `SELECT entry_type, name, entry_lite_json FROM sys_journal WHERE id = '${invocationId}'`,
  )
  const entries = rows.map((row) => ({
    type: row.entry_type,
    name: row.name,
    lite: JSON.parse(row.entry_lite_json) as {
      Command?: { Run?: { completion_id: number } }
      Notification?: { id?: { CompletionId?: number } }
    },
  }))
  const step = entries.find((entry) => entry.type === 'Command: Run' && entry.name === name)
  const completionId = step?.lite.Command?.Run?.completion_id
  if (completionId === undefined) return undefined
  const completed = entries.some(
    (entry) =>
      entry.type === 'Notification: Run' &&
      entry.lite.Notification?.id?.CompletionId === completionId,
  )
  return completed ? true : undefined
}
