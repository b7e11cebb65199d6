/**
 * `/icons/reactfeather` (the template's path; its Feather set is MUI's here): a searchable grid
 * of the curated icons of icon-catalogue.ts. The search box filters by name as you type and says
 * how many match; choosing an icon (a real button: click, Enter or Space) shows the line that
 * imports it on its own.
 */
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importLine, searchIcons } from '../components/icon-catalogue.ts';
import { DemoBlock, ShowcasePage } from '../../components/showcase-page.tsx';

export function IconsPage() {
  const { t } = useTranslation('demo-ui-elements');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const found = searchIcons(query);
  return (
    <ShowcasePage target="icons" subtitle={t('icons.subtitle')} testId="ui-icons">
      <DemoBlock title={t('icons.catalogue')}>
        <TextField
          type="search"
          label={t('icons.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          size="small"
          fullWidth
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
            htmlInput: { 'data-testid': 'icons-search' },
          }}
        />
        <Typography role="status" variant="body2" color="text.secondary" sx={{ my: 1.5 }} data-testid="icons-count">
          {t('icons.count', { count: found.length })}
        </Typography>
        <Box role="status" aria-live="polite" sx={{ mb: 2 }}>
          {chosen && (
            <Alert severity="info" icon={false} data-testid="icons-import">
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {t('icons.importOf', { name: chosen })}
              </Typography>
              <Box component="code" sx={{ fontFamily: 'monospace', fontSize: 13, userSelect: 'all', overflowWrap: 'anywhere' }}>
                {importLine(chosen)}
              </Box>
            </Alert>
          )}
        </Box>
        {found.length === 0 ? (
          <Typography data-testid="icons-empty">{t('icons.empty', { query })}</Typography>
        ) : (
          <Box component="ul" data-testid="icons-grid" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(112px, 1fr))' }}>
            {found.map(({ name, Icon }) => (
              <li key={name}>
                <ButtonBase
                  onClick={() => setChosen(name)}
                  aria-pressed={chosen === name}
                  data-testid={`icon-${name}`}
                  sx={{
                    width: '100%',
                    flexDirection: 'column',
                    gap: 1,
                    p: 1.5,
                    borderRadius: 1,
                    border: 1,
                    borderColor: chosen === name ? 'primary.main' : 'divider',
                    bgcolor: chosen === name ? 'action.selected' : 'transparent',
                    '&:hover': { bgcolor: 'action.hover' },
                    '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
                  }}
                >
                  <Icon aria-hidden />
                  <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Typography>
                </ButtonBase>
              </li>
            ))}
          </Box>
        )}
      </DemoBlock>
    </ShowcasePage>
  );
}
