import { Switch } from '../ui/Switch'

export interface PageSwitchProps {
  /** The page's name, read before the label ("Reading board Published"). */
  subject: string
  /** The visible word: "Published", "Parent page". */
  label: string
  checked: boolean
  onChange: (on: boolean) => Promise<void>
}

/** A page's on/off setting in the Pages list: the kit's switch with the native box (pages.css). */
export function PageSwitch(props: PageSwitchProps) {
  return (
    <Switch
      {...props}
      classPrefix="pages-switch"
      failure={() => `${props.subject}: ${props.label} could not be changed`}
    />
  )
}
