/**
 * A read-only star score (0–5, fractions drawn as part-filled stars), named for screen readers
 * by `label` as one image, as MUI's read-only Rating is. Interactive ratings use MUI's Rating;
 * the product's lists only show scores, and MUI's Rating (13 KiB of code, with its radio
 * inputs) was the largest single part of the Reviews screen's first paint
 * (docs/requirements/quality-goals.md budget, docs/decisions/0018-web-delivery.md).
 */
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/** MUI Rating's own star colour, so both look alike wherever they meet. */
const FILLED = '#faaf00';

export interface StarRatingProps {
  /** 0–5; values outside are clamped. */
  value: number;
  /** What a screen reader says, e.g. "Rated 4 out of 5". */
  label: string;
  sx?: SxProps<Theme>;
  'data-testid'?: string;
}

export function StarRating({ value, label, sx, 'data-testid': testId }: StarRatingProps) {
  const stars = [0, 1, 2, 3, 4].map((i) => Math.min(1, Math.max(0, value - i)));
  return (
    <Box component="span" role="img" aria-label={label} data-testid={testId} sx={[{ display: 'inline-flex', fontSize: '1.125rem', lineHeight: 1, verticalAlign: 'middle' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {stars.map((fill, i) => (
        <Box key={i} component="span" aria-hidden sx={{ position: 'relative', display: 'inline-flex', color: 'action.disabled' }}>
          <StarIcon fontSize="inherit" />
          {fill > 0 && (
            <Box component="span" sx={{ position: 'absolute', inset: 0, width: `${fill * 100}%`, overflow: 'hidden', color: FILLED }}>
              <StarIcon fontSize="inherit" />
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
