import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardContent } from '../ui/card.tsx'

type ComingSoonProps = {
  icon: LucideIcon
  children: ReactNode
}

/** A calm placeholder body for a page whose features arrive in a later issue. */
export function ComingSoon({ icon: Icon, children }: ComingSoonProps) {
  return (
    <Card className="border-dashed bg-card/60">
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary">
          <Icon className="size-6" aria-hidden="true" />
        </div>
        <p className="font-medium">Coming soon</p>
        <p className="max-w-md text-sm text-muted-foreground">{children}</p>
      </CardContent>
    </Card>
  )
}
