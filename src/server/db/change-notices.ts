/**
 * What one notification on the embedded engine's change channel says (migrations 0006, 0022 and
 * 0026): a data version moved, a session was seen, or something else changed (a session, a user).
 * Read here once, beside the channel, for every listener (the session cache, refresh-ahead).
 */
export type ChangeNotice =
  | { kind: 'version'; name: string; version: number }
  | { kind: 'seen'; sessionId: number; seenAt: Date }
  | { kind: 'other' }

/** Subscribes to the change channel: the listener gets each notification's payload. */
export type WatchChanges = (onChange: (payload: string) => void) => Promise<void>

/** 'data_versions:talents=42': the talents' data version became 42 (migration 0022). */
const VERSION_MOVE = /^data_versions:(?<name>[^=]+)=(?<version>\d+)$/
/** 'sessions:seen:7=1795…': session 7 was last seen at that epoch millisecond (migration 0026). */
const SESSION_SEEN = /^sessions:seen:(?<id>\d+)=(?<at>\d+)$/

export function readChangeNotice(payload: string): ChangeNotice {
  const seen = SESSION_SEEN.exec(payload)?.groups
  if (seen) return { kind: 'seen', sessionId: Number(seen.id), seenAt: new Date(Number(seen.at)) }
  const move = VERSION_MOVE.exec(payload)?.groups
  if (move?.name) return { kind: 'version', name: move.name, version: Number(move.version) }
  return { kind: 'other' }
}
