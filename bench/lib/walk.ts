const WALK_PAGE = 200

/**
 * Follows X-Next-Cursor from the newest page until `offset` talents are behind us, as a client
 * scrolling that far would (in pages of 200 to get there sooner; the cursor does not carry the
 * page size). Returns the cursor of the page that starts after `offset`, the id of its first
 * talent, and the pool's total.
 */
export async function walkTo(
  url: string,
  headers: Record<string, string>,
  offset: number,
): Promise<{ cursor: string; firstId: number; total: number; requests: number }> {
  let cursor: string | undefined
  let seen = 0
  let requests = 0
  let total = 0
  while (seen < offset) {
    const params = new URLSearchParams({ limit: String(Math.min(WALK_PAGE, offset - seen)) })
    if (cursor) params.set('cursor', cursor)
    const response = await fetch(`${url}/api/talents?${params.toString()}`, { headers })
    requests++
    if (!response.ok) throw new Error(`walking to talent ${offset}: HTTP ${response.status}`)
    const rows = (await response.json()) as unknown[]
    seen += rows.length
    total = Number(response.headers.get('x-total-count') ?? 0)
    cursor = response.headers.get('x-next-cursor') ?? undefined
    if (!cursor) throw new Error(`the pool ends after ${seen} talents, before ${offset}`)
  }
  if (!cursor) throw new Error('no cursor')
  const params = new URLSearchParams({ limit: '1', cursor })
  const first = (await (
    await fetch(`${url}/api/talents?${params.toString()}`, { headers })
  ).json()) as {
    id: number
  }[]
  const firstId = first[0]?.id
  if (firstId === undefined) throw new Error('the deep page is empty')
  return { cursor, firstId, total, requests }
}
