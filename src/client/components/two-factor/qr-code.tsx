import { useEffect, useState } from 'react'
import { Skeleton } from '../ui/skeleton.tsx'

type Matrix = { size: number; dark: boolean[] }

/** The QR code's modules, from the qrcode library (loaded only when a QR code is shown). */
async function qrMatrix(text: string): Promise<Matrix> {
  const { create } = await import('qrcode')
  const { modules } = create(text, { errorCorrectionLevel: 'M' })
  return { size: modules.size, dark: Array.from(modules.data, (bit) => bit === 1) }
}

/**
 * The otpauth URL as a QR code, drawn as SVG rectangles: no HTML string and no data: image, so the
 * Content-Security-Policy stays as it is (security rule 20, 25). The key is shown as text beside it.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [matrix, setMatrix] = useState<Matrix | undefined>(undefined)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    qrMatrix(text).then(
      (next) => {
        if (live) setMatrix(next)
      },
      () => {
        if (live) setFailed(true)
      },
    )
    return () => {
      live = false
    }
  }, [text])

  if (failed) {
    return (
      <p className="text-sm text-muted-foreground">
        The QR code could not be drawn; use the key below.
      </p>
    )
  }
  if (!matrix) return <Skeleton className="size-48" aria-label="Loading QR code" />
  const quiet = 4
  const extent = matrix.size + quiet * 2
  const path = matrix.dark
    .map((dark, i) =>
      dark ? `M${(i % matrix.size) + quiet} ${Math.floor(i / matrix.size) + quiet}h1v1h-1z` : '',
    )
    .join('')
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${extent} ${extent}`}
      className="size-48 rounded-md bg-white"
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#000" />
    </svg>
  )
}
