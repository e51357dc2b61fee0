import { readStorage, writeStorage } from './storage.ts'

export const THEMES = ['dusk', 'midnight'] as const
export type Theme = (typeof THEMES)[number]

const THEME_KEY = 'theme'
const DEFAULT_THEME: Theme = 'dusk'

function isTheme(value: string | null): value is Theme {
  return THEMES.some((theme) => theme === value)
}

/** spec section 4: a missing or unknown stored value falls back to dusk. */
export function resolveTheme(value: string | null): Theme {
  return isTheme(value) ? value : DEFAULT_THEME
}

export function readTheme(): Theme {
  return resolveTheme(readStorage(THEME_KEY))
}

/** Puts `dark` (always on, spec section 1) and exactly one `theme-<name>` class on <html>. */
export function applyTheme(
  theme: Theme,
  root: { classList: Pick<DOMTokenList, 'add' | 'toggle'> } = document.documentElement,
): void {
  root.classList.add('dark')
  for (const other of THEMES) root.classList.toggle(`theme-${other}`, other === theme)
}

export function saveTheme(theme: Theme): void {
  writeStorage(THEME_KEY, theme)
  applyTheme(theme)
}
