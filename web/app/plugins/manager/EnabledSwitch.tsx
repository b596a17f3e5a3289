import { Switch } from '../../ui/Switch'

export interface EnabledSwitchProps {
  /** What is switched, read before "Enabled" by assistive technology ("Quire Notes", "Notes module"). */
  subject: string
  checked: boolean
  onChange: (enabled: boolean) => Promise<void>
  disabled?: boolean
}

/** A plugin's or module's "Enabled": the kit's switch with the drawn track (pluginManager.css). */
export function EnabledSwitch(props: EnabledSwitchProps) {
  return (
    <Switch
      {...props}
      label="Enabled"
      classPrefix="plugin-switch"
      track
      failure={(next) => `${props.subject} could not be ${next ? 'enabled' : 'disabled'}`}
    />
  )
}
