/** A class whose instances are not plain data. */
export class Point {
  x = 1
}

/** A trap or getter that throws. */
export const throwing = (): never => {
  throw new Error('trap')
}
