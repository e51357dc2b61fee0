import type { ReactNode } from 'react'
import type { Talent } from '#shared/talent.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx'
import { capitalize, capitalizeWords } from '../../../lib/talent-format.ts'
import { TalentHistory } from './talent-history.tsx'
import { useTalentProfileParts } from '../parts.ts'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5 sm:grid-cols-[10rem_1fr] sm:items-start">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  )
}

function BadgeList({ items, empty }: { items: readonly string[]; empty: string }) {
  if (items.length === 0) return <span className="text-muted-foreground">{empty}</span>
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item}>
          <Badge variant="secondary">{item}</Badge>
        </li>
      ))}
    </ul>
  )
}

type TalentProfileTabsProps = {
  talent: Talent
  /** Removing a CV follows the delete rule (admins and the talent's adder). */
  canRemoveCv: boolean
}

/**
 * spec section 2: About (area, level, tags, status) and Notes (300 px scroll area); then
 * History, loaded only when its tab opens, the CV tab, and the Privacy tab, which shows and edits
 * the privacy record (security rule 49).
 */
export function TalentProfileTabs({ talent, canRemoveCv }: TalentProfileTabsProps) {
  const { CvPanel, PrivacyPanel } = useTalentProfileParts()
  const notes = talent.notes?.trim() ?? ''
  return (
    <Tabs defaultValue="about">
      <TabsList>
        <TabsTrigger value="about">About</TabsTrigger>
        <TabsTrigger value="notes">Notes</TabsTrigger>
        <TabsTrigger value="cv">CV</TabsTrigger>
        <TabsTrigger value="history">History</TabsTrigger>
        <TabsTrigger value="privacy">Privacy</TabsTrigger>
      </TabsList>
      <TabsContent value="about" className="pt-2">
        <dl className="grid gap-4">
          <Row label="Area of Interest">{capitalize(talent.areaOfInterest)}</Row>
          <Row label="Seniority Level">{capitalizeWords(talent.seniorityLevel)}</Row>
          <Row label="Tags">
            <BadgeList items={talent.tags} empty="No tags assigned" />
          </Row>
          <Row label="Status">
            <BadgeList items={talent.status} empty="No status assigned" />
          </Row>
        </dl>
      </TabsContent>
      <TabsContent value="notes" className="pt-2">
        {/* spec section 9: the notes area is 300 px high and scrolls; focusable for keyboards. */}
        <div
          role="region"
          aria-label="Notes"
          tabIndex={0}
          className="h-[300px] overflow-y-auto rounded-md border bg-background/40 p-4 text-sm whitespace-pre-wrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {notes === '' ? (
            <p className="text-muted-foreground">No notes available for this talent.</p>
          ) : (
            notes
          )}
        </div>
      </TabsContent>
      <TabsContent value="cv" className="pt-2">
        <CvPanel talentId={talent.id} canRemove={canRemoveCv} />
      </TabsContent>
      <TabsContent value="history" className="pt-2">
        <TalentHistory talentId={talent.id} />
      </TabsContent>
      <TabsContent value="privacy" className="pt-2">
        <PrivacyPanel talentId={talent.id} />
      </TabsContent>
    </Tabs>
  )
}
