import { useSearchParams } from 'react-router'
import { PageHeader } from '../../components/layout/page-header.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx'
import { EngagementTab } from './engagement-tab.tsx'
import { OverviewTab } from './overview-tab.tsx'
import { SourcesTab } from './sources-tab.tsx'

// spec section 2: tabs Overview, Sources, Engagement. The open tab lives in the URL (?tab=) so a
// report can be shared and survives reload; anything else falls back to Overview.
const TABS = ['overview', 'sources', 'engagement'] as const
type ReportTab = (typeof TABS)[number]

function parseTab(value: string | null): ReportTab {
  return TABS.find((tab) => tab === value) ?? 'overview'
}

export function ReportsPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const tab = parseTab(searchParams.get('tab'))
  const handleTabChange = (value: string) => {
    const next = parseTab(value)
    setSearchParams(next === 'overview' ? {} : { tab: next }, { replace: true })
  }
  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader title="Reports" description="Insights about your talent pool." />
      <Tabs value={tab} onValueChange={handleTabChange} className="gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="sources">Sources</TabsTrigger>
          <TabsTrigger value="engagement">Engagement</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab />
        </TabsContent>
        <TabsContent value="sources">
          <SourcesTab />
        </TabsContent>
        <TabsContent value="engagement">
          <EngagementTab />
        </TabsContent>
      </Tabs>
    </div>
  )
}
