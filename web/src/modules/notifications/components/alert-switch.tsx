import { useId } from 'react';
import { Switch } from '../../../components/switch';

interface AlertSwitchProps {
  title: string;
  /** What the alert is, under the title. */
  description: string;
  checked: boolean;
  disabled: boolean;
  busy: boolean;
  /** The id of the device status line, read with the description. */
  statusId: string;
  onToggle: (next: boolean) => void;
}

/** One alert kind: its title and explanation beside the shared switch. */
export function AlertSwitch({ title, description, checked, disabled, busy, statusId, onToggle }: AlertSwitchProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <div className="alert-switch">
      <div className="alert-switch__text">
        <h3 id={titleId} className="alert-switch__title">
          {title}
        </h3>
        <p id={descriptionId} className="alert-switch__description">
          {description}
        </p>
      </div>
      <Switch
        checked={checked}
        labelledBy={titleId}
        describedBy={`${descriptionId} ${statusId}`}
        disabled={disabled}
        busy={busy}
        onToggle={onToggle}
      />
    </div>
  );
}
