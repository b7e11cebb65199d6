/**
 * The bar above a demo app's list (email, todo): the sidebar's menu button on narrow screens,
 * a search field, and the list's own controls after it (e.g. a sort menu).
 */
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

export interface DemoSearchBarProps {
  value: string;
  onChange: (value: string) => void;
  /** Placeholder and accessible name of the field. */
  label: string;
  /** Opens the sidebar drawer; absent when the sidebar is on screen. */
  onMenu?: (() => void) | undefined;
  menuLabel: string;
  /** Test ids: `<testIdPrefix>-sidebar-toggle`, `<testIdPrefix>-search`. */
  testIdPrefix: string;
  children?: ReactNode;
}

export function DemoSearchBar({ value, onChange, label, onMenu, menuLabel, testIdPrefix, children }: DemoSearchBarProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
      {onMenu && (
        <IconButton aria-label={menuLabel} onClick={onMenu} edge="start" data-testid={`${testIdPrefix}-sidebar-toggle`}>
          <MenuIcon />
        </IconButton>
      )}
      <TextField
        fullWidth
        size="small"
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={label}
        slotProps={{
          htmlInput: { 'aria-label': label, 'data-testid': `${testIdPrefix}-search` },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {children}
    </Box>
  );
}
