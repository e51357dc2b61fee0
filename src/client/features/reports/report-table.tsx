import type { ReactNode } from 'react'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table.tsx'

type ReportTableProps = {
  caption: string
  /** Column headings; every column after the first holds numbers (right-aligned). */
  columns: string[]
  /** One row per category or period: a label, then its numbers. */
  rows: { label: ReactNode; values: ReactNode[] }[]
}

/** A chart's text alternative: the same numbers as a table. */
export function ReportTable({ caption, columns, rows }: ReportTableProps) {
  const [first, ...rest] = columns
  return (
    <Table>
      <TableCaption className="mt-2 text-left">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{first}</TableHead>
          {rest.map((column) => (
            <TableHead key={column} scope="col" className="text-right">
              {column}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={index}>
            <TableHead scope="row" className="font-normal text-foreground">
              {row.label}
            </TableHead>
            {row.values.map((value, column) => (
              <TableCell key={column} className="text-right tabular-nums">
                {value}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
