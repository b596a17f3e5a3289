import { createFileRoute, type ErrorComponentProps } from '@tanstack/solid-router'
import { getAccount } from '../account/accountApi'
import { AccountPage } from '../account/AccountPage'
import { LoadingPanel } from '../components/LoadingPanel'
import { LoadErrorScreen } from '../ui/LoadErrorScreen'

export const Route = createFileRoute('/account')({
  loader: ({ abortController }) => getAccount(abortController.signal),
  pendingMs: 300,
  pendingComponent: () => <LoadingPanel label="Loading your account…" />,
  errorComponent: AccountError,
  component: AccountRoute,
})

function AccountRoute() {
  const account = Route.useLoaderData()
  return <AccountPage account={account()} />
}

function AccountError(props: ErrorComponentProps) {
  return (
    <LoadErrorScreen
      titleId="account-title"
      title="Account"
      errorTitle="Your account could not be loaded"
      error={props.error}
    />
  )
}
