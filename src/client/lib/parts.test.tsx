import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { createParts } from './parts.tsx'

type HostParts = { Badge: ComponentType<{ label: string }> }
const { PartsProvider, useParts } = createParts<HostParts>('The host screen')

function HostScreen() {
  const { Badge } = useParts()
  return (
    <section>
      <Badge label="from another feature" />
    </section>
  )
}

test("a host screen draws the part app/ provides, with the host's props", () => {
  const Badge = ({ label }: { label: string }) => <b>{label}</b>
  const html = renderToString(
    <PartsProvider parts={{ Badge }}>
      <HostScreen />
    </PartsProvider>,
  )
  expect(html).toBe('<section><b>from another feature</b></section>')
})

test('a host screen drawn without its parts says so instead of drawing a gap', () => {
  expect(() => renderToString(<HostScreen />)).toThrow(
    'The host screen is drawn without its parts: app/ provides them',
  )
})
