/**
 * "Add competitor": a MUI Autocomplete over Google Places text search
 * (`POST /api/competitors/search`), with optional city and cuisine to narrow it. Places already
 * chosen are listed but disabled. Adding answers the new analysis, which replaces the screen's.
 */
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TPlaceSummary } from '@dinedesk/contracts/competitors';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/errors.ts';
import { useAddCompetitor, useCompetitorSearch } from '../api/competitors.ts';

type Candidate = TPlaceSummary & { chosen: boolean };

export interface AddCompetitorDialogProps {
  outletId: string;
  onClose: () => void;
}

export function AddCompetitorDialog({ outletId, onClose }: AddCompetitorDialogProps) {
  const { t } = useTranslation('competitors');
  const { t: appT, i18n } = useTranslation();
  const [input, setInput] = useState('');
  const [city, setCity] = useState('');
  const [cuisine, setCuisine] = useState('');
  const [picked, setPicked] = useState<Candidate | null>(null);
  // Typing stays fluid; the search follows the deferred value.
  const query = useDeferredValue(input);
  const search = useCompetitorSearch(outletId, query, useDeferredValue(city), useDeferredValue(cuisine));
  const add = useAddCompetitor();
  const rating = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });

  const submit = () => {
    if (!picked) return;
    add.mutate({ outletId, placeId: picked.placeId }, { onSuccess: onClose });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-competitor-title" data-testid="add-competitor-dialog">
      <DialogTitle id="add-competitor-title">{t('add.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label={t('add.city')} value={city} onChange={(e) => setCity(e.target.value)} size="small" fullWidth slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'competitor-city' } }} />
            <TextField label={t('add.cuisine')} value={cuisine} onChange={(e) => setCuisine(e.target.value)} size="small" fullWidth slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'competitor-cuisine' } }} />
          </Stack>
          <Autocomplete<Candidate>
            options={search.data?.data ?? []}
            value={picked}
            onChange={(_e, value) => setPicked(value)}
            inputValue={input}
            onInputChange={(_e, value) => setInput(value)}
            // The server searched already; the list is shown as it answered.
            filterOptions={(options) => options}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.placeId === b.placeId}
            getOptionDisabled={(o) => o.chosen}
            loading={search.isFetching}
            loadingText={t('add.searching')}
            noOptionsText={input.trim().length < 2 ? t('add.searchHint') : t('add.noResults')}
            renderOption={({ key, ...props }, o) => (
              <Box component="li" key={key} {...props} data-testid="competitor-option" data-place-id={o.placeId}>
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {o.name}
                    {o.chosen && (
                      <Typography component="span" variant="caption" color="text.secondary">
                        {' '}
                        · {t('add.chosen')}
                      </Typography>
                    )}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {o.address}
                    {' · '}
                    {o.rating === null ? t('list.unrated') : `★ ${rating.format(o.rating)}`}
                    {o.userRatingCount !== null && ` · ${t('list.reviews', { count: o.userRatingCount })}`}
                  </Typography>
                </Box>
              </Box>
            )}
            renderInput={(params) => <TextField {...params} label={t('add.search')} autoFocus slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 100, 'data-testid': 'competitor-search' } }} />}
          />
          {search.isError && <Alert severity="error">{describeError(search.error, appT)}</Alert>}
          {add.isError && (
            <Alert severity="error" data-testid="add-competitor-error">
              {describeError(add.error, appT)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('add.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!picked || picked.chosen || add.isPending} data-testid="add-competitor-submit">
          {t('add.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

