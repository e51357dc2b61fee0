import type autocannon from 'autocannon'
import type { TalentBody, WriteKind, WriteLedger } from './write-ledger.ts'

export const ROUTES = ['list', 'search', 'detail', 'create', 'edit', 'delete'] as const
export type Route = (typeof ROUTES)[number]

/** Share of requests per route (percent). Edits and deletes touch only talents this run created. */
export const MIX: Record<Route, number> = {
  list: 30,
  search: 15,
  detail: 25,
  create: 12,
  edit: 10,
  delete: 8,
}

const LIST_QUERIES = [
  'limit=50',
  'limit=50&sort=name_asc',
  'limit=50&areaOfInterest=Design',
  'limit=50&seniorityLevel=senior',
  'limit=50&tag=High%20Potential',
  'limit=50&status=Hired&sort=oldest',
]
const SEARCHES = [
  'ann',
  'mar',
  'son',
  'lee',
  'chr',
  'ell',
  'ber',
  'tin',
  'dan',
  'ros',
  'kim',
  'ali',
]

export type RouteStats = { sent: number; statuses: Map<number, number>; latencies: number[] }

type Op = { route: Route; started: number; id?: number; body?: TalentBody }

const pick = <T>(list: readonly T[]): T => {
  const value = list[Math.floor(Math.random() * list.length)]
  if (value === undefined) throw new Error('empty list')
  return value
}

/**
 * One autocannon request definition that picks a route per request (MIX), and the bookkeeping of
 * what came back: per-route latency and statuses, and every acknowledged write in the ledger.
 * With pipelining 1 each connection has one request in flight, and autocannon calls
 * setupRequest right before writing it, so "setup → onResponse" is the request's latency.
 */
export class MixedTraffic {
  readonly stats = new Map<Route, RouteStats>(
    ROUTES.map((r) => [r, { sent: 0, statuses: new Map(), latencies: [] }]),
  )
  private readonly inFlight = new Map<object, Op>()
  private readonly ledger: WriteLedger
  private readonly headers: Record<string, string>
  private readonly readIds: number[]
  private readonly encoding: string

  constructor(options: {
    ledger: WriteLedger
    token: string
    readIds: number[]
    encoding: string
  }) {
    this.ledger = options.ledger
    this.headers = { authorization: `Bearer ${options.token}` }
    this.readIds = options.readIds
    this.encoding = options.encoding
  }

  request(): autocannon.Request {
    return {
      method: 'GET',
      path: '/api/health',
      setupRequest: (request, context) => this.setup(request, context),
      onResponse: (status, body, context) => this.answered(status, body, context),
    }
  }

  private chooseRoute(): Route {
    let roll = Math.random() * 100
    for (const route of ROUTES) {
      roll -= MIX[route]
      if (roll < 0) return route
    }
    return 'list'
  }

  private setup(request: autocannon.Request, context: object): autocannon.Request {
    let route = this.chooseRoute()
    const target = route === 'edit' || route === 'delete' ? this.ledger.checkout() : undefined
    if ((route === 'edit' || route === 'delete') && !target) route = 'create'
    const op: Op = { route, started: performance.now(), id: target?.id }
    this.inFlight.set(context, op)
    const stats = this.stats.get(route)
    if (stats) stats.sent++
    const read = { ...this.headers, 'accept-encoding': this.encoding }
    const write = { ...this.headers, 'content-type': 'application/json' }
    switch (route) {
      case 'list':
        return {
          ...request,
          method: 'GET',
          path: `/api/talents?${pick(LIST_QUERIES)}`,
          headers: read,
          body: undefined,
        }
      case 'search':
        return {
          ...request,
          method: 'GET',
          path: `/api/talents?limit=50&search=${pick(SEARCHES)}`,
          headers: read,
          body: undefined,
        }
      case 'detail':
        return {
          ...request,
          method: 'GET',
          path: `/api/talents/${pick(this.readIds)}`,
          headers: read,
          body: undefined,
        }
      case 'create':
        op.body = this.ledger.newBody()
        return {
          ...request,
          method: 'POST',
          path: '/api/talents',
          headers: write,
          body: JSON.stringify(op.body),
        }
      case 'edit': {
        const current = target?.expected
        if (!current) throw new Error('edit without a target')
        const n = this.ledger.acknowledged.edit + this.ledger.unknown.edit
        op.body = {
          ...current.body,
          fullName: `${current.body.email.split('@')[0] ?? ''} edit ${n}`,
          notes: `edit ${n}: ${new Date().toISOString()} ✓`,
          seniorityLevel: (['junior', 'mid', 'senior'] as const)[n % 3] ?? 'mid',
          status: n % 2 === 0 ? ['Interviewed'] : [],
        }
        // As Scout's own client does: the version the edit is based on (security rule 27).
        const body = JSON.stringify({ ...op.body, updatedAt: current.updatedAt })
        return { ...request, method: 'PUT', path: `/api/talents/${op.id}`, headers: write, body }
      }
      case 'delete':
        return {
          ...request,
          method: 'DELETE',
          path: `/api/talents/${op.id}`,
          headers: this.headers,
          body: undefined,
        }
    }
  }

  private answered(status: number, body: string, context: object): void {
    const op = this.inFlight.get(context)
    if (!op) return
    this.inFlight.delete(context)
    const stats = this.stats.get(op.route)
    if (stats) {
      stats.latencies.push(performance.now() - op.started)
      stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1)
    }
    const ok = status >= 200 && status < 300
    if (op.route === 'create' && op.body && ok) this.ledger.created(op.body, body)
    else if (op.route === 'edit' && op.id !== undefined && op.body && ok)
      this.ledger.edited(op.id, op.body, body)
    else if (op.route === 'delete' && op.id !== undefined && ok) this.ledger.deleted(op.id)
    else if (isWrite(op.route)) this.ledger.unsure(op.route, op.id)
  }

  /** Requests still unanswered when the run stopped: their writes' outcome is unknown. */
  settleUnanswered(): number {
    for (const op of this.inFlight.values())
      if (isWrite(op.route)) this.ledger.unsure(op.route, op.id)
    const count = this.inFlight.size
    this.inFlight.clear()
    return count
  }
}

function isWrite(route: Route): route is WriteKind {
  return route === 'create' || route === 'edit' || route === 'delete'
}
