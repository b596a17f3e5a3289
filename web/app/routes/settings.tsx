import { createFileRoute, type ErrorComponentProps } from '@tanstack/solid-router'
import { getSettings } from '../api/settingsApi'
import { LoadingPanel } from '../components/LoadingPanel'
import { SettingsPage } from '../components/SettingsPage'
import { LoadErrorScreen } from '../ui/LoadErrorScreen'

export const Route = createFileRoute('/settings')({
  loader: ({ abortController }) => getSettings(abortController.signal),
  pendingMs: 300,
  pendingComponent: () => <LoadingPanel label="Loading your settings…" />,
  errorComponent: SettingsError,
  component: SettingsRoute,
})

function SettingsRoute() {
  const settings = Route.useLoaderData()
  return <SettingsPage settings={settings()} />
}

function SettingsError(props: ErrorComponentProps) {
  return (
    <LoadErrorScreen
      titleId="settings-title"
      title="Settings"
      errorTitle="The settings could not be loaded"
      error={props.error}
    />
  )
}
