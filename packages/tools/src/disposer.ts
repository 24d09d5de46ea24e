/** Undoes a registration. Calling it a second time does nothing. */
export type Disposer = () => void
