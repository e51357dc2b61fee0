import { useQuery } from '@tanstack/react-query'
import { ChevronDownIcon, PlusIcon, XIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx'
import { CreateTagDialog } from '../../../components/tags/create-tag-dialog.tsx'
import { tagListOptions } from '../../../lib/queries/tag-list.ts'
import { pickableTagNames, toggleName } from './talent-form-values.ts'

type TagPickerProps = {
  value: readonly string[]
  onChange: (value: string[]) => void
  error?: string
}

function triggerText(count: number): string {
  if (count === 0) return 'Select tags'
  return count === 1 ? '1 tag selected' : `${count} tags selected`
}

/**
 * 'Theme Tags' (spec sections 2 and 4): a dropdown of checkbox items listing the tags from
 * GET /api/tags without the system labels, the chosen tags as removable badges, and
 * 'Add Custom Tag', which creates a tag and adds it to the talent.
 */
export function TagPicker({ value, onChange, error }: TagPickerProps) {
  const id = useId()
  const labelId = `${id}-label`
  const textId = `${id}-text`
  const errorId = `${id}-error`
  const [isCreateOpen, setIsCreateOpen] = useState(false)
  const tags = useQuery(tagListOptions())
  const loaded = tags.data ?? []
  const names = pickableTagNames(loaded, value)

  return (
    <div className="grid gap-2" data-invalid={error !== undefined}>
      <span id={labelId} className="text-sm leading-none font-medium">
        Theme Tags
      </span>
      <div className="flex flex-col gap-2 sm:flex-row">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              type="button"
              variant="outline"
              className="flex-1 justify-between font-normal"
              aria-labelledby={`${labelId} ${textId}`}
              aria-invalid={error !== undefined}
              aria-describedby={error === undefined ? undefined : errorId}
            >
              <span id={textId}>{triggerText(value.length)}</span>
              <ChevronDownIcon className="size-4 opacity-60" aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            align="start"
            className="max-h-72 w-(--radix-dropdown-menu-trigger-width) min-w-56"
          >
            {tags.isPending ? <DropdownMenuLabel>Loading tags...</DropdownMenuLabel> : null}
            {tags.isError ? <DropdownMenuLabel>Could not load tags</DropdownMenuLabel> : null}
            {tags.isSuccess && names.length === 0 ? (
              <DropdownMenuLabel>No tags yet</DropdownMenuLabel>
            ) : null}
            {names.map((name) => (
              <DropdownMenuCheckboxItem
                key={name}
                checked={value.some((item) => item.toLowerCase() === name.toLowerCase())}
                onCheckedChange={(checked) => onChange(toggleName(value, name, checked))}
                // Keep the menu open so several tags can be ticked in a row.
                onSelect={(event) => event.preventDefault()}
              >
                {name}
              </DropdownMenuCheckboxItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
        <Button type="button" variant="secondary" onClick={() => setIsCreateOpen(true)}>
          <PlusIcon aria-hidden="true" />
          Add Custom Tag
        </Button>
      </div>
      {value.length === 0 ? null : (
        <ul className="flex flex-wrap gap-1.5" aria-label="Selected tags">
          {value.map((name) => (
            <li key={name}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1 text-xs">
                {name}
                <button
                  type="button"
                  className="rounded-sm p-0.5 opacity-70 outline-none hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  aria-label={`Remove tag ${name}`}
                  onClick={() => onChange(toggleName(value, name, false))}
                >
                  <XIcon className="size-3" aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {error === undefined ? null : (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <CreateTagDialog
        open={isCreateOpen}
        onOpenChange={setIsCreateOpen}
        existingNames={loaded.map((tag) => tag.name)}
        onCreated={(name) => onChange(toggleName(value, name, true))}
      />
    </div>
  )
}
