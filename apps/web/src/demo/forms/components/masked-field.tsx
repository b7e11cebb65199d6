/**
 * An MUI TextField with a react-imask mask (`useIMask` on the field's input): the mask shapes
 * what is typed, and the caller hears the masked value, the raw value and whether it is complete.
 */
import TextField from '@mui/material/TextField';
import type { FactoryOpts } from 'imask';
import { useIMask } from 'react-imask';

export interface MaskedValue {
  value: string;
  unmasked: string;
  complete: boolean;
}

export interface MaskedFieldProps {
  label: string;
  mask: FactoryOpts;
  placeholder: string;
  helperText: string;
  onValue: (value: MaskedValue) => void;
  testId: string;
  inputMode?: 'numeric' | 'tel' | 'decimal';
}

/** The masked field (see the module comment). */
export function MaskedField({ label, mask, placeholder, helperText, onValue, testId, inputMode = 'numeric' }: MaskedFieldProps) {
  const { ref } = useIMask<HTMLInputElement>(mask, {
    onAccept: (value, maskRef) => onValue({ value: String(value), unmasked: maskRef.unmaskedValue, complete: maskRef.masked.isComplete }),
  });
  return (
    <TextField
      fullWidth
      label={label}
      inputRef={ref}
      placeholder={placeholder}
      helperText={helperText}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode, 'data-testid': testId } }}
    />
  );
}
