import fc from 'fast-check'
import { z } from 'zod'

/**
 * Valid-looking values for a route's zod schema, through its JSON Schema (z.toJSONSchema), so the
 * fuzz tests also reach the handlers of routes they were never told about. Refinements
 * JSON Schema cannot express (URLs, e-mail syntax, cross-field rules) are approximated from field
 * names or simply missed: those values then earn a 400, which the fuzz tests accept too.
 */

export type JsonSchema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  format?: string
  default?: unknown
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The JSON Schema of a zod schema's input, or undefined when the value is not a zod schema. */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined
  const converted: unknown = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })
  // z.toJSONSchema returns a plain JSON Schema object.
  return isRecord(converted) ? converted : undefined
}

const text = (min: number, max: number) =>
  fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 40)) })

/** Strings shaped by what the field is called: e-mails, URLs, passwords, names. */
function stringFor(name: string, schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0
  const max = schema.maxLength ?? 200
  if (/email/i.test(name)) return fc.oneof(fc.emailAddress(), text(min, max))
  if (/url|path/i.test(name)) return fc.oneof(fc.webUrl(), fc.constant(''), text(min, max))
  if (/password/i.test(name)) {
    return fc.oneof(fc.string({ minLength: 12, maxLength: 40 }), text(min, Math.min(max, 128)))
  }
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map(isoString)
  return text(min, max)
}

function isoString(date: Date): string {
  return date.toISOString()
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_000) + (integer ? 1 : 0)
  const high = Math.min(schema.maximum ?? 1_000_000, 1_000_000)
  if (integer) return fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), high) })
  return fc.double({ min: low, max: Math.max(low, high), noNaN: true })
}

function objectFor(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {}
  const required = new Set(schema.required ?? [])
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [key, property] of Object.entries(properties)) {
    model[key] = validValue(property, key)
  }
  return fc.record(model, {
    requiredKeys: Object.keys(properties).filter((key) => required.has(key)),
  })
}

/** A value the schema would most likely accept. */
export function validValue(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const choices = schema.anyOf ?? schema.oneOf
  if (choices) return fc.oneof(...choices.map((choice) => validValue(choice, name)))
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], name)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'string':
      return stringFor(name, schema)
    case 'integer':
      return numberFor(schema, true)
    case 'number':
      return numberFor(schema, false)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(validValue(schema.items ?? {}, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      })
    case 'object':
      return objectFor(schema)
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** The names and schemas of an object schema's properties (query strings, params, bodies). */
export function propertiesOf(schema: JsonSchema | undefined): [string, JsonSchema][] {
  return Object.entries(schema?.properties ?? {})
}
