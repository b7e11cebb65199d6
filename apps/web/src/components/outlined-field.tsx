/**
 * Small outlined form fields built from MUI's parts, for screens on the first paint
 * (docs/requirements/quality-goals.md: first signed-in screen ≤ 250 KiB gzip). They look and behave
 * like `<TextField size="small">` (same FormControl, InputLabel and OutlinedInput, so the same
 * markup, label association and styles), but MUI's TextField imports its non-native Select, which
 * brings the Menu, Popover and Modal code (about 10 KiB gzip) into the screen's chunk even when
 * only native selects and plain inputs are used.
 *
 * - {@link NativeSelectField}: a labelled native `<select>` (accessible, mobile friendly),
 *   the equivalent of `<TextField select slotProps={{ select: { native: true }, inputLabel:
 *   { shrink: true } }}>`.
 * - {@link OutlinedTextField}: a labelled single-line input, the equivalent of a small
 *   outlined `<TextField>`.
 *
 * Forms that open on demand (dialogs, the review detail) keep using TextField.
 */
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEvent, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';

/** `data-*` attributes, which React passes through to the element. */
type DataAttributes = Record<`data-${string}`, string | undefined>;

export interface NativeSelectFieldProps {
  /** Id of the `<select>`; the label is `${id}-label`. */
  id: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** `<option>` elements. */
  children: ReactNode;
  /** Attributes of the `<select>` element itself (`data-testid`, …). */
  htmlSelect?: SelectHTMLAttributes<HTMLSelectElement> & DataAttributes;
}

/** A small outlined native select with a label that always sits on the outline. */
export function NativeSelectField({ id, label, value, onChange, children, htmlSelect }: NativeSelectFieldProps) {
  return (
    <FormControl size="small">
      <InputLabel shrink htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <NativeSelect id={id} value={value} onChange={onChange} input={<OutlinedInput label={label} notched />} inputProps={htmlSelect}>
        {children}
      </NativeSelect>
    </FormControl>
  );
}

export interface OutlinedTextFieldProps {
  /** Id of the `<input>`; the label is `${id}-label`. */
  id: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  placeholder?: string;
  /** An `<InputAdornment position="start">` (a search icon). */
  startAdornment?: ReactNode;
  /** Attributes of the `<input>` element itself (`data-testid`, `maxLength`, …). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & DataAttributes;
  /** Keep the label above the field even when empty (date inputs show their own format hint). */
  shrinkLabel?: boolean;
}

/** A small outlined single-line input with a floating label. */
export function OutlinedTextField({ id, label, value, onChange, type, placeholder, startAdornment, htmlInput, shrinkLabel }: OutlinedTextFieldProps) {
  return (
    <FormControl size="small">
      <InputLabel htmlFor={id} id={`${id}-label`} {...(shrinkLabel ? { shrink: true } : {})}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        {...(shrinkLabel ? { notched: true } : {})}
        type={type}
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        startAdornment={startAdornment}
        inputProps={htmlInput}
      />
    </FormControl>
  );
}
