import { createContext, useContext, type ReactNode } from 'react'

/**
 * Parts one feature shows inside another's screen: a talent's CV tab, the duplicate warning on a
 * form. The host feature names the parts it takes and their props; app/ fills them in, so no
 * feature imports another (docs/architecture.md, "Layers").
 */
export function createParts<Parts extends object>(host: string) {
  const Context = createContext<Parts | null>(null)

  function PartsProvider({ parts, children }: { parts: Parts; children: ReactNode }) {
    return <Context value={parts}>{children}</Context>
  }

  function useParts(): Parts {
    const parts = useContext(Context)
    if (parts === null) throw new Error(`${host} is drawn without its parts: app/ provides them`)
    return parts
  }

  return { PartsProvider, useParts }
}
