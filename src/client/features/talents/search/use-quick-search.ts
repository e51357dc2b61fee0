import { useEffect, useState } from 'react'
import { isTypingTarget } from './is-typing-target.ts'

/** The quick search's chunk, fetched on the first intent to open it (hover, focus, shortcut). */
export function preloadQuickSearch() {
  return import('./quick-search-dialog.tsx')
}

/**
 * The quick search opens with `/` or Ctrl/⌘+K from any signed-in page. `/` only when
 * the person is not typing somewhere; Ctrl/⌘+K everywhere, toggling it. `hasOpened` keeps the
 * lazily loaded dialog mounted once it has been used, so closing it can animate.
 */
export function useQuickSearch() {
  const [isOpen, setIsOpen] = useState(false)
  const [hasOpened, setHasOpened] = useState(false)

  function setOpen(open: boolean) {
    if (open) {
      void preloadQuickSearch()
      setHasOpened(true)
    }
    setIsOpen(open)
  }

  // The keyboard is an external system: one document listener while the shell is mounted.
  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return
      const isModK =
        (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k'
      const isSlash =
        event.key === '/' &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        !isTypingTarget(event.target)
      if (!isModK && !isSlash) return
      event.preventDefault()
      void preloadQuickSearch()
      setHasOpened(true)
      setIsOpen((open) => (isModK ? !open : true))
    }
    document.addEventListener('keydown', handleKeyDown)
    return () => document.removeEventListener('keydown', handleKeyDown)
  }, [])

  return { isOpen, hasOpened, setOpen }
}
