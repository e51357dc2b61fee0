import { Spinner } from '../ui/spinner.tsx'

/** Centred spinner for a screen or panel that is still loading (spec section 2 guards). */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50dvh] w-full items-center justify-center">
      <Spinner className="size-8 text-primary" />
    </div>
  )
}
