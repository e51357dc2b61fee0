import { useQuery } from '@tanstack/react-query'
import { formatFieldValue } from '#shared/fields.ts'
import { fieldsOptions } from './api.ts'

/** A talent's custom field values on its profile, in the fields' order; empty ones are left out. */
export function CustomFieldValues({ values }: { values: Record<string, unknown> }) {
  const query = useQuery(fieldsOptions())
  const shown = (query.data ?? [])
    .map((definition) => ({
      definition,
      text: formatFieldValue(definition, values[definition.key]),
    }))
    .filter((item) => item.text !== '')
  if (shown.length === 0) return null
  return (
    <section aria-labelledby="custom-fields-heading" className="grid gap-3">
      <h3 id="custom-fields-heading" className="text-sm font-semibold">
        More details
      </h3>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map(({ definition, text }) => (
          <div key={definition.id} className="grid min-w-0 gap-0.5">
            <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
              {definition.label}
            </dt>
            <dd className="min-w-0 text-sm break-words whitespace-pre-line">{text}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
