import Box from '@mui/material/Box';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { srOnly } from './sr-only.ts';

describe('srOnly', () => {
  it('is one pixel square, not the width of its parent (MUI reads a number ≤ 1 as a fraction)', () => {
    render(
      <Box sx={{ position: 'relative', width: 800 }}>
        <Box component="span" sx={srOnly}>
          A long accessible name that must not widen the page
        </Box>
      </Box>,
    );
    const style = getComputedStyle(screen.getByText(/A long accessible name/));
    expect(style.width).toBe('1px');
    expect(style.height).toBe('1px');
    expect(style.position).toBe('absolute');
    expect(style.overflow).toBe('hidden');
  });
});
