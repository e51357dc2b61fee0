// Custom fields: definitions (fields/definition.ts) and the values talents hold under each
// definition's key (fields/values.ts) and as spreadsheet cells (fields/cells.ts), one module to
// import from.
export * from './fields/definition.ts'
export * from './fields/values.ts'
export * from './fields/cells.ts'
