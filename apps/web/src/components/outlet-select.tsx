/**
 * A select of outlets grouped under their brand's name (a ListSubheader per brand, in the order
 * the brands first appear), as the outlet pickers of competitor analysis, Business Overview and
 * the order import show them. MUI's TextField `select`, so label, keyboard and screen readers
 * work as on any other field.
 */
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

export interface OutletChoice {
  id: string;
  name: string;
  brandName: string;
}

export interface OutletSelectProps {
  label: string;
  /** The chosen outlet's id ('' for none). */
  value: string;
  outlets: readonly OutletChoice[];
  onChange: (outletId: string) => void;
  /** `data-testid` of the native input. */
  testId?: string;
  sx?: SxProps<Theme>;
}

export function OutletSelect({ label, value, outlets, onChange, testId, sx }: OutletSelectProps) {
  const brands = [...new Set(outlets.map((o) => o.brandName))];
  return (
    <TextField select label={label} value={value} onChange={(e) => onChange(e.target.value)} size="small" sx={{ maxWidth: 420, ...sx }} slotProps={{ htmlInput: { 'data-testid': testId } }}>
      {brands.flatMap((brand) => [
        <ListSubheader key={`brand:${brand}`}>{brand}</ListSubheader>,
        ...outlets
          .filter((o) => o.brandName === brand)
          .map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          )),
      ])}
    </TextField>
  );
}
