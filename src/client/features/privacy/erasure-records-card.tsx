import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { UserX } from 'lucide-react'
import type { ErasureRecord } from '#shared/erasure.ts'
import { Button } from '../../components/ui/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import { LoadError } from '../../components/ui/load-error.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table.tsx'
import { formatDateTime } from '../../lib/date-time.ts'
import { erasureRecordsOptions } from './erasure-records-api.ts'

/** Records shown at first, and added by each 'Show more'. */
const SHOWN = 20

/** A keyed hash as the table shows it: its start, enough to tell two apart (the whole on hover). */
function ShortHash({ hash }: { hash: string | null }) {
  if (hash === null) return <span className="text-muted-foreground">—</span>
  return (
    <code title={hash} className="text-xs">
      {hash.slice(0, 10)}…
    </code>
  )
}

function RecordsTable({ records }: { records: readonly ErasureRecord[] }) {
  return (
    <Table aria-label="Erasure records">
      <TableHeader>
        <TableRow>
          <TableHead>When</TableHead>
          <TableHead>Who</TableHead>
          <TableHead>Reason</TableHead>
          <TableHead>E-mail hash</TableHead>
          <TableHead>Phone hash</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {records.map((record) => (
          <TableRow key={record.id}>
            <TableCell className="whitespace-nowrap">
              <time dateTime={record.erasedAt} title={record.erasedAt}>
                {formatDateTime(record.erasedAt)}
              </time>
            </TableCell>
            <TableCell>{record.erasedBy ?? 'A deleted user'}</TableCell>
            <TableCell className="max-w-64 whitespace-normal">{record.reason}</TableCell>
            <TableCell>
              <ShortHash hash={record.emailHash} />
            </TableCell>
            <TableCell>
              <ShortHash hash={record.phoneHash} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/**
 * Settings → Privacy → Erasure records (admins; security rule 51): what stays of each erased
 * person — when, who, why, and keyed hashes of the e-mail and phone, never the values.
 */
export function ErasureRecordsCard() {
  const records = useQuery(erasureRecordsOptions())
  const [shown, setShown] = useState(SHOWN)
  const list = records.data ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <UserX className="size-4 text-primary" aria-hidden="true" />
          Erasure records
        </CardTitle>
        <CardDescription>
          Everyone erased, newest first. Only hashes of the e-mail and phone are kept, so Scout can
          warn when the same person is added again without knowing who they were.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {records.isPending ? (
          <Skeleton className="h-32 w-full" aria-label="Loading the erasure records" />
        ) : records.isError ? (
          <LoadError
            title="The erasure records could not be loaded."
            onRetry={() => void records.refetch()}
            isRetrying={records.isFetching}
          />
        ) : list.length === 0 ? (
          <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            No one has been erased yet.
          </p>
        ) : (
          <>
            <div className="overflow-x-auto">
              <RecordsTable records={list.slice(0, shown)} />
            </div>
            {list.length > shown ? (
              <Button
                type="button"
                variant="outline"
                className="justify-self-center"
                onClick={() => setShown(shown + SHOWN)}
              >
                Show more ({(list.length - shown).toLocaleString('en-US')} left)
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  )
}
