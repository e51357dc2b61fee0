import {
  PRIVACY_EVENT_LABELS,
  privacyActorName,
  privacyDetailsText,
  type PrivacyLogEntry,
} from '#shared/privacy-log.ts'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table.tsx'
import { formatDateTime } from '../../lib/date-time.ts'

const numberFormat = new Intl.NumberFormat('en-US')

/** The privacy log's rows, newest first: when, who, what, which talent (by id) and how many. */
export function PrivacyLogTable({ entries }: { entries: readonly PrivacyLogEntry[] }) {
  return (
    <Table aria-label="Privacy log">
      <TableHeader>
        <TableRow>
          <TableHead>When</TableHead>
          <TableHead>Who</TableHead>
          <TableHead>What</TableHead>
          <TableHead>Talent</TableHead>
          <TableHead className="text-right">Count</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => {
          const details = privacyDetailsText(entry.details)
          return (
            <TableRow key={entry.id}>
              <TableCell className="whitespace-nowrap">
                <time dateTime={entry.createdAt} title={entry.createdAt}>
                  {formatDateTime(entry.createdAt)}
                </time>
              </TableCell>
              <TableCell className="max-w-56 truncate" title={privacyActorName(entry.actor)}>
                {privacyActorName(entry.actor)}
              </TableCell>
              <TableCell>
                {PRIVACY_EVENT_LABELS[entry.kind]}
                {details === '' ? null : (
                  <span className="block text-xs text-muted-foreground">{details}</span>
                )}
              </TableCell>
              <TableCell className="tabular-nums">
                {entry.talentId === null ? '—' : `#${entry.talentId}`}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {entry.count === null ? '—' : numberFormat.format(entry.count)}
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
