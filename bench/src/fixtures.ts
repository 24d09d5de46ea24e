/** The argument shapes every benchmark shares, so that tables compare like with like. */

/** A 4-field args object, like a `read_file` call. */
export const smallArgs = { path: 'src/index.ts', offset: 120, limit: 80, encoding: 'utf8' }

/** 20 edit objects of 3–4 string fields, like an `edit_files` call. */
export const mediumArgs = {
  edits: Array.from({ length: 20 }, (_, index) => ({
    path: `src/module-${index}.ts`,
    old_text: `export const value${index} = ${index}\n`,
    new_text: `export const value${index} = ${index + 1}\n`,
    ...(index % 2 === 0 ? { replace_all: 'false' } : {}),
  })),
}

/** 100 rows of 6 fields, like a structured result table. */
export const tableRows = Array.from({ length: 100 }, (_, index) => ({
  id: `row-${index}`,
  score: index * 1.5,
  rank: index,
  active: index % 3 === 0,
  note: null,
  status: index % 2 === 0 ? 'open' : 'closed',
}))
