import { Palette } from 'lucide-react'
import { useState } from 'react'
import { cn } from '../../lib/cn.ts'
import { readTheme, resolveTheme, saveTheme, type Theme } from '../../lib/theme.ts'
import { Button } from '../ui/button.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.tsx'

const OPTIONS: { value: Theme; label: string }[] = [
  { value: 'dusk', label: 'Dusk' },
  { value: 'midnight', label: 'Midnight' },
]

/** Theme choice, dusk (default) or midnight, kept in `theme` (spec sections 3-4). */
export function ThemeMenu() {
  const [theme, setTheme] = useState<Theme>(readTheme)

  function handleValueChange(value: string) {
    const next = resolveTheme(value)
    saveTheme(next)
    setTheme(next)
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Theme">
          <Palette className="size-5" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-44">
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={theme} onValueChange={handleValueChange}>
          {OPTIONS.map((option) => (
            <DropdownMenuRadioItem key={option.value} value={option.value}>
              {option.label}
              {/* The swatch sets its own theme class, so bg-primary shows that theme's colour. */}
              <span
                aria-hidden="true"
                className={cn(
                  `theme-${option.value}`,
                  'ml-auto size-3 rounded-full bg-primary ring-1 ring-border',
                )}
              />
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
