import { LayoutGrid, List } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../lib/cn.ts'
import type { ViewMode } from './use-view-mode.ts'

type ViewModeToggleProps = {
  value: ViewMode
  onChange: (value: ViewMode) => void
}

const OPTIONS = [
  { value: 'grid', label: 'Grid view', icon: LayoutGrid },
  { value: 'list', label: 'List view', icon: List },
] as const

/** spec section 2: the grid/list toggle of the Talent Pool header (two pressed-state buttons). */
export function ViewModeToggle({ value, onChange }: ViewModeToggleProps) {
  return (
    <div
      role="group"
      aria-label="View"
      className="inline-flex rounded-md border bg-background/40 p-0.5"
    >
      {OPTIONS.map(({ value: option, label, icon: Icon }) => {
        const isActive = option === value
        return (
          <Button
            key={option}
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label={label}
            title={label}
            aria-pressed={isActive}
            onClick={() => onChange(option)}
            className={cn(isActive && 'bg-accent text-accent-foreground')}
          >
            <Icon aria-hidden="true" />
          </Button>
        )
      })}
    </div>
  )
}
