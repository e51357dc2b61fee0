import { useNavigate } from 'react-router'
import { PageHeader } from '../../components/layout/page-header.tsx'
import { TalentForm } from './talent-form.tsx'

/** /dashboard/add-talent (spec section 2): the talent form on its own page. */
export function AddTalentPage() {
  const navigate = useNavigate()

  function goToDashboard() {
    void navigate('/dashboard')
  }

  return (
    <div className="grid gap-6">
      <PageHeader title="Add Talent" description="Add a new candidate profile to the pool." />
      <section
        aria-label="Talent details"
        className="mx-auto flex w-full max-w-3xl flex-col overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-sm"
      >
        <TalentForm talent={null} onCancel={goToDashboard} onSaved={goToDashboard} />
      </section>
    </div>
  )
}
