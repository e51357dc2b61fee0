import type { ReactNode } from 'react'

type AuthLayoutProps = { children: ReactNode }

/**
 * Full-screen frame for the sign-in and password screens: a dark background with slowly
 * drifting light (spec section 2); the motion stops when reduced motion is requested.
 */
export function AuthLayout({ children }: AuthLayoutProps) {
  return (
    <div className="relative isolate flex min-h-dvh items-center justify-center overflow-hidden bg-background px-4 py-10">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        {/* Blurred light: left out when the system asks for less transparency. */}
        <div className="absolute -top-32 -left-24 size-[28rem] animate-drift rounded-full bg-primary/30 blur-3xl motion-reduce:animate-none reduce-transparency:hidden" />
        <div className="absolute top-1/3 -right-32 size-[32rem] animate-drift-slow rounded-full bg-accent/60 blur-3xl motion-reduce:animate-none reduce-transparency:hidden" />
        <div className="absolute -bottom-40 left-1/4 size-[26rem] animate-drift rounded-full bg-primary/20 blur-3xl [animation-delay:-9s] motion-reduce:animate-none reduce-transparency:hidden" />
        <div className="absolute inset-0 bg-[radial-gradient(circle_at_center,transparent_0%,var(--background)_75%)]" />
        <div className="absolute inset-0 [background-image:linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_center,black_30%,transparent_75%)] [background-size:48px_48px] opacity-[0.12]" />
      </div>
      <main className="w-full max-w-md">{children}</main>
    </div>
  )
}
