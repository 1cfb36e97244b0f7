import { TextareaField } from '../../../components/textarea-field';
import { formatRemainingCharacters } from '../../../lib/format';

interface LimitedTextareaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  hint?: string;
  required?: boolean;
  error?: string | null;
}

/** The shared multi-line field, controlled, with its remaining-characters counter (the browser stops at `max`). */
export function LimitedTextarea({ label, value, onChange, max, hint, required, error }: LimitedTextareaProps) {
  return (
    <TextareaField
      label={label}
      hint={hint}
      required={required}
      error={error}
      maxLength={max}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      status={formatRemainingCharacters(value.length, max)}
    />
  );
}
