import { SlidersHorizontal } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '../../../components/ui/sheet.tsx'
import { useMediaQuery } from '../../../lib/use-media-query.ts'
import type { TalentListFilters } from '../api.ts'
import { TalentFiltersPanel } from './talent-filters-panel.tsx'

type TalentFiltersProps = {
  applied: TalentListFilters
  activeCount: number
  onApply: (filters: TalentListFilters) => void
  onReset: () => void
}

/** The 'Filters' button and its panel: a dialog on desktop, a bottom sheet below 768 px. */
export function TalentFilters({ applied, activeCount, onApply, onReset }: TalentFiltersProps) {
  const [isOpen, setIsOpen] = useState(false)
  const isMobile = useMediaQuery('(max-width: 767px)')

  function handleApply(filters: TalentListFilters) {
    onApply(filters)
    setIsOpen(false)
  }

  const panel = (
    <TalentFiltersPanel
      applied={applied}
      onApply={handleApply}
      onReset={onReset}
      renderSummary={(text) =>
        isMobile ? (
          <SheetDescription aria-live="polite">{text}</SheetDescription>
        ) : (
          <DialogDescription aria-live="polite">{text}</DialogDescription>
        )
      }
    />
  )

  const trigger = (
    <Button type="button" variant="outline" onClick={() => setIsOpen(true)}>
      <SlidersHorizontal aria-hidden="true" />
      Filters
      {activeCount > 0 ? (
        <>
          <Badge className="ml-0.5 min-w-5 rounded-full px-1.5" aria-hidden="true">
            {activeCount}
          </Badge>
          <span className="sr-only"> ({activeCount} active)</span>
        </>
      ) : null}
    </Button>
  )

  if (isMobile) {
    return (
      <>
        {trigger}
        <Sheet open={isOpen} onOpenChange={setIsOpen}>
          <SheetContent side="bottom" className="gap-0">
            <SheetHeader className="pb-0">
              <SheetTitle>Filter Talents</SheetTitle>
            </SheetHeader>
            <div className="p-4 pt-1">{panel}</div>
          </SheetContent>
        </Sheet>
      </>
    )
  }

  return (
    <>
      {trigger}
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>Filter Talents</DialogTitle>
          </DialogHeader>
          {panel}
        </DialogContent>
      </Dialog>
    </>
  )
}
