/** The longest delay a timer honours: 2^31−1 ms (about 24.8 days). Longer ones fire at once. */
export const maxTimerMs = 2_147_483_647
