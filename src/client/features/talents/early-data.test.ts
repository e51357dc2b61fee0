import { afterEach, expect, it, vi } from 'vitest'
import { FIRST_TALENTS_PAGE, TALENT_STATS } from '../../boot/dashboard-data.ts'
import { queryClient } from '../../lib/query-client.ts'
import { createMemoryStorage, makeToken } from '../../lib/memory-storage.test-helper.ts'
import { talentListOptions, talentStatsOptions } from './api.ts'
import { DEFAULT_FILTERS } from './filters/use-talent-filters.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  queryClient.clear()
})

// Decision 017: the boot script's early answers are taken only by an identical request.
it("the boot script asks for the dashboard's first data at the addresses the app asks for", async () => {
  const storage = createMemoryStorage()
  vi.stubGlobal('localStorage', storage)
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response('{}', { status: 200 })))
  vi.stubGlobal('fetch', fetchMock)
  storage.setItem('authToken', makeToken(Date.now() + 60_000))
  await queryClient.prefetchInfiniteQuery({ ...talentListOptions(DEFAULT_FILTERS), retry: false })
  await queryClient.prefetchQuery({ ...talentStatsOptions(), retry: false })
  const urls = fetchMock.mock.calls.map(([url]) => (typeof url === 'string' ? url : 'not a string'))
  expect(urls).toEqual([FIRST_TALENTS_PAGE, TALENT_STATS])
})
