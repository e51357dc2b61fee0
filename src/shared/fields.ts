// Custom fields: definitions (fields/definition.ts) and the values talents hold under each
// definition's key (fields/values.ts), one module to import from.
export * from './fields/definition.ts'
export * from './fields/values.ts'
