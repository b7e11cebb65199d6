/**
 * The search banner on top of the FAQ page: a heading, a line under it and a large search
 * field whose accessible name is `label`.
 */
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';

export interface SearchBannerProps {
  heading: string;
  subheading: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Test id of the search input. */
  testId: string;
}

export function SearchBanner({ heading, subheading, label, value, onChange, testId }: SearchBannerProps) {
  return (
    <Card
      variant="outlined"
      sx={(theme) => ({
        mb: 4,
        textAlign: 'center',
        px: { xs: 2, sm: 6 },
        py: { xs: 4, sm: 6 },
        backgroundImage: `linear-gradient(135deg, ${alpha(theme.palette.primary.main, 0.14)}, transparent 70%)`,
      })}
    >
      <Typography variant="h4" component="h1" color="primary" sx={{ fontWeight: 600, mb: 1 }}>
        {heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {subheading}
      </Typography>
      <Box sx={{ maxWidth: 560, mx: 'auto' }}>
        <TextField
          fullWidth
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={label}
          slotProps={{
            htmlInput: { 'aria-label': label, 'data-testid': testId },
            input: {
              sx: { bgcolor: 'background.paper' },
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
    </Card>
  );
}
