import { Columns3 } from 'lucide-react'
import { formatFieldValue, type FieldDefinition } from '#shared/fields.ts'
import type { ListSort } from '#shared/talent-list-query.ts'
import { Button } from '../../../components/ui/button.tsx'
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx'
import { TableCell, TableHead } from '../../../components/ui/table.tsx'

/** The table's custom field columns: what the menu adds and removes, and how they sort. */
export type FieldColumns = {
  shown: FieldDefinition[]
  sort: ListSort | undefined
  onSort: (sort: ListSort) => void
}

export const isSortable = (field: FieldDefinition) =>
  field.type === 'number' || field.type === 'date'

/** 'Columns': adds or removes a custom field's column (kept in the URL and saved views). */
export function FieldColumnsMenu(props: {
  fields: FieldDefinition[]
  shown: string[]
  onChange: (keys: string[]) => void
}) {
  if (props.fields.length === 0) return null
  function toggle(key: string, on: boolean) {
    const keys = on ? [...props.shown, key] : props.shown.filter((k) => k !== key)
    props.onChange(keys)
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3 aria-hidden="true" />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Custom field columns</DropdownMenuLabel>
        {props.fields.map((field) => (
          <DropdownMenuCheckboxItem
            key={field.key}
            checked={props.shown.includes(field.key)}
            onCheckedChange={(checked) => toggle(field.key, checked === true)}
            onSelect={(event) => event.preventDefault()}
          >
            {field.label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** A column's header; a number or date column sorts by it (ascending first, then descending). */
export function FieldColumnHead({
  field,
  columns,
}: {
  field: FieldDefinition
  columns: FieldColumns
}) {
  if (!isSortable(field)) return <TableHead scope="col">{field.label}</TableHead>
  const asc: ListSort = `field.${field.key}.asc`
  const desc: ListSort = `field.${field.key}.desc`
  const current = columns.sort === asc ? 'ascending' : columns.sort === desc ? 'descending' : 'none'
  return (
    <TableHead scope="col" aria-sort={current}>
      <button
        type="button"
        className="font-medium underline-offset-4 hover:underline"
        onClick={() => columns.onSort(columns.sort === asc ? desc : asc)}
      >
        {field.label}
        {current === 'ascending' ? ' ↑' : current === 'descending' ? ' ↓' : ''}
      </button>
    </TableHead>
  )
}

/** A talent's value in a custom field column. */
export function FieldCell({ field, value }: { field: FieldDefinition; value: unknown }) {
  const text = formatFieldValue(field, value)
  return (
    <TableCell className="truncate" title={text}>
      {text}
    </TableCell>
  )
}
