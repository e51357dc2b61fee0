import type { UseQueryResult } from '@tanstack/react-query'
import { FileStack } from 'lucide-react'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, test } from 'vitest'
import { CountProgress } from './count-progress.tsx'
import { ImportDetailFrame } from './import-detail-frame.tsx'
import { ImportDropzone } from './import-dropzone.tsx'
import { ImportsOverview } from './imports-overview.tsx'

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>)

/** The fields of a query result the kit reads, for one state. */
function queryIn<T>(state: 'pending' | 'error' | { data: T }): UseQueryResult<T> {
  const base = { isFetching: false, refetch: () => Promise.resolve() }
  if (state === 'pending') return { ...base, isPending: true, isError: false } as never
  if (state === 'error') return { ...base, isPending: false, isError: true } as never
  return { ...base, isPending: false, isError: false, data: state.data } as never
}

describe('ImportDetailFrame', () => {
  const page = (data: string) => <h1>Import {data}</h1>
  test('while loading: a busy skeleton, no page yet', () => {
    const html = render(
      <ImportDetailFrame listPath="/dashboard/imports" query={queryIn<string>('pending')}>
        {page}
      </ImportDetailFrame>,
    )
    expect(html).toContain('aria-busy="true" aria-label="Loading import"')
    expect(html).not.toContain('<h1>')
  })
  test('when it fails: the way back to the list and the reason, no page', () => {
    const html = render(
      <ImportDetailFrame listPath="/dashboard/imports" query={queryIn<string>('error')}>
        {page}
      </ImportDetailFrame>,
    )
    expect(html).toContain('href="/dashboard/imports"')
    expect(html).toContain('Could not load this import.')
    expect(html).not.toContain('<h1>')
  })
  test('once loaded: the way back, then the page drawn from the data', () => {
    const html = render(
      <ImportDetailFrame listPath="/dashboard/cv-imports" query={queryIn({ data: 'staff.csv' })}>
        {page}
      </ImportDetailFrame>,
    )
    expect(html).toMatch(/href="\/dashboard\/cv-imports".*All imports.*<h1>Import staff.csv<\/h1>/s)
  })
})

describe('ImportsOverview', () => {
  type Item = { id: number; name: string }
  const overview = (query: UseQueryResult<readonly Item[]>) => (
    <ImportsOverview
      title="Import things"
      description="From a file."
      upload={<p>the dropzone</p>}
      listHeading="Recent imports"
      listHeadingId="recent-things"
      query={query}
      pathFor={(item) => `/dashboard/things/${item.id}`}
      summary={(item) => `${item.name} by Ada`}
      status={(item) => `state of ${item.id}`}
    />
  )
  test('each import is a link to its page with its two lines', () => {
    const html = render(
      overview(
        queryIn({
          data: [
            { id: 7, name: 'a.csv' },
            { id: 9, name: 'b.csv' },
          ],
        }),
      ),
    )
    expect(html).toContain('the dropzone')
    expect(html).toContain('aria-labelledby="recent-things"')
    expect(html).toContain(
      '<h2 id="recent-things" class="text-lg font-semibold">Recent imports</h2>',
    )
    expect(html).toMatch(/href="\/dashboard\/things\/7".*a\.csv by Ada.*state of 7/s)
    expect(html).toMatch(/href="\/dashboard\/things\/9".*b\.csv by Ada.*state of 9/s)
  })
  test('none yet, still loading, or failed: each says so', () => {
    expect(render(overview(queryIn({ data: [] })))).toContain('No imports yet.')
    expect(render(overview(queryIn('pending')))).toContain('aria-label="Loading imports"')
    expect(render(overview(queryIn('error')))).toContain('Could not load the imports.')
  })
})

describe('ImportDropzone', () => {
  const dropzone = (upload: { isPending: boolean; percent: number; error: string | null }) => (
    <ImportDropzone
      label="Upload CVs"
      icon={FileStack}
      prompt="Drop CVs here"
      hint="Up to 3 files."
      chooseLabel="Choose files"
      inputLabel="CV files to import"
      accept=".pdf"
      multiple
      progressLabel="Uploading CVs"
      upload={upload}
      notice="Too many files."
      onFiles={() => undefined}
    />
  )
  test('idle: the button to choose files, described by the hint; no progress bar', () => {
    const html = render(dropzone({ isPending: false, percent: 0, error: null }))
    expect(html).toContain('aria-label="Upload CVs"')
    expect(html).toMatch(/<button[^>]*aria-describedby="[^"]+"[^>]*>Choose files<\/button>/)
    expect(html).toMatch(/<input[^>]*type="file"[^>]*multiple=""[^>]*accept=".pdf"/)
    expect(html).not.toContain('role="progressbar"')
  })
  test('uploading: the button is busy and the bar shows how much went up', () => {
    const html = render(dropzone({ isPending: true, percent: 42, error: null }))
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Uploading\.\.\.<\/button>/)
    expect(html).toContain('aria-label="Uploading CVs"')
    expect(html).toContain('aria-valuenow="42"')
  })
  test("refused: the page's own notice, then the server's message, each an alert", () => {
    const html = render(dropzone({ isPending: false, percent: 0, error: 'File too large.' }))
    expect(html).toMatch(/role="alert"[^>]*>Too many files\..*role="alert"[^>]*>File too large\./s)
  })
})

test('CountProgress counts in its unit and never divides by zero', () => {
  const html = renderToStaticMarkup(
    <>
      <CountProgress counts={{ done: 3, total: 12 }} label="Reading CVs" unit="files" />
      <CountProgress counts={{ done: 0, total: 0 }} label="Importing rows" unit="rows" />
    </>,
  )
  expect(html).toContain('aria-valuenow="25" aria-valuetext="3 of 12 files"')
  expect(html).toContain('aria-valuenow="0" aria-valuetext="0 of 0 rows"')
})
