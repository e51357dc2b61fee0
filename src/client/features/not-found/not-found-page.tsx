import { CircleAlert } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { Card, CardContent } from '../../components/ui/card.tsx'

/** Any unknown address (spec section 2). */
export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4">
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-4">
          <div className="flex items-center gap-3">
            <CircleAlert className="size-8 shrink-0 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-muted-foreground">
            Did you forget to add the page to the router?
          </p>
          <Button asChild variant="outline" className="justify-self-start">
            <Link to="/">Go to Scout</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  )
}
