import { renderToStaticMarkup } from 'react-dom/server'
import { useForm } from 'react-hook-form'
import { expect, test } from 'vitest'
import { FormField } from './form-field.tsx'

type Values = { months: number | string | null }

function Months({ value }: { value: Values['months'] }) {
  const form = useForm<Values>({ defaultValues: { months: value } })
  return <FormField control={form.control} name="months" label="Consent lasts (months)" />
}

test('a number the form holds shows as its digits (a setting read from the server)', () => {
  expect(renderToStaticMarkup(<Months value={24} />)).toMatch(/<input[^>]*value="24"/)
})

test('text shows as it is, and no value as an empty box', () => {
  expect(renderToStaticMarkup(<Months value="7" />)).toMatch(/<input[^>]*value="7"/)
  expect(renderToStaticMarkup(<Months value={null} />)).toMatch(/<input[^>]*value=""/)
})
