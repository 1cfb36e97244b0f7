import './switch.css';

interface SwitchProps {
  checked: boolean;
  /** The id of the element naming the switch (its title). */
  labelledBy: string;
  /** The ids (space-separated) of the texts read after the name. */
  describedBy: string;
  disabled?: boolean;
  /** While a change is being saved: announced, and clicks are ignored. */
  busy?: boolean;
  onToggle: (next: boolean) => void;
}

/** An accessible on/off switch (role=switch, aria-checked) with a 44 px touch target. */
export function Switch({ checked, labelledBy, describedBy, disabled, busy, onToggle }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      className="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      disabled={disabled}
      onClick={() => {
        if (!busy) onToggle(!checked);
      }}
    >
      <span className="switch__thumb" aria-hidden="true" />
    </button>
  );
}
