import autocannon from 'autocannon'

export type LoadResult = {
  reqPerSec: number
  p50: number
  p90: number
  p99: number
  max: number
  requests: number
  errors: number
  timeouts: number
  non2xx: number
  kbPerRequest: number
}

export type LoadOptions = {
  url: string
  headers: Record<string, string>
  connections: number
  duration: number
}

/** One autocannon run (HTTP/1.1 keep-alive, one request in flight per connection). */
export async function hammer({
  url,
  headers,
  connections,
  duration,
}: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({ url, headers, connections, duration, pipelining: 1 })
  const requests = result.requests.total
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    requests,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    kbPerRequest: requests > 0 ? result.throughput.total / requests / 1024 : 0,
  }
}

/** A few sequential requests so the first autocannon second does not measure cold caches. */
export async function warmUp(
  url: string,
  headers: Record<string, string>,
  times = 20,
): Promise<void> {
  for (let i = 0; i < times; i++) {
    const response = await fetch(url, { headers })
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`warm-up ${url} answered ${response.status}`)
  }
}
