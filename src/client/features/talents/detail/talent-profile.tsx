import { Download, Eraser, ExternalLink, Mail, Pencil, Phone } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { isHttpUrl, isSameOriginPath, type Talent } from '#shared/talent.ts'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../lib/cn.ts'
import {
  addedByFullName,
  avatarColor,
  canEditProfile,
  capitalize,
  capitalizeWords,
  formatLongDate,
  initials,
  lastUpdated,
} from '../../../lib/talent-format.ts'
import { useAuth } from '../../../lib/current-user.ts'
import { TalentProfileTabs } from './talent-profile-tabs.tsx'
import { useTalentProfileParts } from '../parts.ts'

export type TalentProfileProps = {
  talent: Talent
  isAdmin: boolean
  onEdit: () => void
  /** After an erasure: the talent is gone, so the detail closes. */
  onErased: () => void
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  )
}

const NOT_PROVIDED = <span className="text-muted-foreground">Not provided</span>

/** A loaded talent: header, contact details, About/Notes tabs and 'Last updated'. */
export function TalentProfile({ talent, isAdmin, onEdit, onErased }: TalentProfileProps) {
  const { user } = useAuth()
  const { ExportPersonalData, EraseTalentDialog, CustomFieldValues } = useTalentProfileParts()
  const [isErasing, setIsErasing] = useState(false)
  // Security rule 50: like delete, admins and the talent's adder (the server decides).
  const canErase = isAdmin || (user !== null && talent.addedById === user.id)
  const linkedin =
    talent.linkedinUrl !== null && isHttpUrl(talent.linkedinUrl) ? talent.linkedinUrl : null
  // Security rule 20: a stored link is rendered only if it is safe to follow.
  const storedCv = talent.cvResumePath?.trim() ?? ''
  const cvPath = isHttpUrl(storedCv) || isSameOriginPath(storedCv) ? storedCv : null

  return (
    <article
      className="grid gap-6 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
      aria-labelledby="talent-name"
    >
      <header className="flex flex-wrap items-center gap-4">
        <div
          aria-hidden="true"
          className={cn(
            'flex size-14 shrink-0 items-center justify-center rounded-full text-xl font-semibold sm:size-16',
            avatarColor(talent.fullName),
          )}
        >
          {initials(talent.fullName)}
        </div>
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 id="talent-name" className="text-2xl font-semibold break-words">
            {talent.fullName}
          </h2>
          <p className="text-sm text-muted-foreground">
            {capitalize(talent.areaOfInterest)} · {capitalizeWords(talent.seniorityLevel)}
          </p>
        </div>
        {/* security rule 53: admins and the talent's adder; the server checks again. */}
        {isAdmin || (user !== null && talent.addedById === user.id) ? (
          <ExportPersonalData talentId={talent.id} />
        ) : null}
        {canEditProfile(isAdmin, talent) ? (
          <Button type="button" onClick={onEdit} className="w-full sm:w-auto">
            <Pencil aria-hidden="true" />
            Edit Profile
          </Button>
        ) : null}
        {canErase ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => setIsErasing(true)}
            className="w-full sm:w-auto"
          >
            <Eraser aria-hidden="true" />
            Erase
          </Button>
        ) : null}
      </header>
      <EraseTalentDialog
        open={isErasing}
        talent={talent}
        onClose={() => setIsErasing(false)}
        onErased={() => {
          setIsErasing(false)
          onErased()
        }}
      />

      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Detail label="Email">
          <a
            href={`mailto:${talent.email}`}
            className="inline-flex items-center gap-1.5 text-primary underline-offset-4 hover:underline"
          >
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            {talent.email}
          </a>
        </Detail>
        <Detail label="Phone">
          {talent.phone ? (
            <a
              href={`tel:${talent.phone}`}
              className="inline-flex items-center gap-1.5 underline-offset-4 hover:underline"
            >
              <Phone className="size-4 shrink-0" aria-hidden="true" />
              {talent.phone}
            </a>
          ) : (
            NOT_PROVIDED
          )}
        </Detail>
        <Detail label="LinkedIn">
          {linkedin === null ? (
            NOT_PROVIDED
          ) : (
            <a
              href={linkedin}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 text-primary underline-offset-4 hover:underline"
            >
              <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
              View Profile
            </a>
          )}
        </Detail>
        {cvPath === null ? null : (
          <Detail label="CV/Resume">
            <a
              href={cvPath}
              download
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 text-primary underline-offset-4 hover:underline"
            >
              <Download className="size-4 shrink-0" aria-hidden="true" />
              Download
            </a>
          </Detail>
        )}
        <Detail label="Added On">{formatLongDate(talent.createdAt)}</Detail>
        <Detail label="Added By">{addedByFullName(talent.addedByUser)}</Detail>
      </dl>

      <CustomFieldValues values={talent.customFields} />

      <TalentProfileTabs
        talent={talent}
        canRemoveCv={isAdmin || (user !== null && talent.addedById === user.id)}
      />

      <footer className="border-t pt-4 text-xs text-muted-foreground">
        Last updated {formatLongDate(lastUpdated(talent))}
      </footer>
    </article>
  )
}
