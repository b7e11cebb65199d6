/**
 * `/forms/layout/form-layout`: the same restaurant profile form laid out two ways — vertical
 * (labels above fields, two columns from `md` up) and horizontal (labels beside fields from
 * `sm` up, stacked on phones) — plus a compact inline search row. Saving shows a confirmation.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';
import { SEATING_AREAS } from '../sample-data.ts';

const CUISINES = ['italian', 'french', 'portuguese', 'german'] as const;

function SavedNote({ shown }: { shown: boolean }) {
  const { t } = useTranslation('demo-forms');
  return <Box role="status">{shown && <Alert severity="success" sx={{ mt: 2 }}>{t('layout.saved')}</Alert>}</Box>;
}

function VerticalForm() {
  const { t } = useTranslation('demo-forms');
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(true);
  };
  return (
    <DemoCard title={t('layout.vertical')}>
      <Box component="form" onSubmit={submit} aria-label={t('layout.vertical')} data-testid="layout-vertical">
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField fullWidth label={t('layout.restaurant')} defaultValue="Trattoria Roma" />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField select fullWidth label={t('layout.cuisine')} defaultValue="italian">
              {CUISINES.map((cuisine) => (
                <MenuItem key={cuisine} value={cuisine}>
                  {t(`layout.cuisines.${cuisine}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField fullWidth type="email" label={t('fields.email')} defaultValue="hello@trattoria.example" />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField fullWidth type="tel" label={t('fields.phone')} defaultValue="+44 20 7946 0958" />
          </Grid>
          <Grid size={12}>
            <TextField fullWidth multiline minRows={2} label={t('layout.address')} defaultValue="12 Market Street, London" />
          </Grid>
        </Grid>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained">
            {t('layout.save')}
          </Button>
          <Button type="reset" variant="outlined" color="inherit" onClick={() => setSaved(false)}>
            {t('layout.reset')}
          </Button>
        </Stack>
        <SavedNote shown={saved} />
      </Box>
    </DemoCard>
  );
}

/** One row of the horizontal form: the label beside the field from `sm` up. */
function Row({ id, label, children }: { id: string; label: string; children: (id: string) => ReactNode }) {
  return (
    <Grid container spacing={{ xs: 0.5, sm: 2 }} sx={{ alignItems: 'center' }}>
      <Grid size={{ xs: 12, sm: 3 }}>
        <Typography component="label" htmlFor={id} sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, sm: 9 }}>{children(id)}</Grid>
    </Grid>
  );
}

function HorizontalForm() {
  const { t } = useTranslation('demo-forms');
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(true);
  };
  return (
    <DemoCard title={t('layout.horizontal')}>
      <Box component="form" onSubmit={submit} aria-label={t('layout.horizontal')} data-testid="layout-horizontal">
        <Stack spacing={2}>
          <Row id="h-name" label={t('fields.name')}>
            {(id) => <TextField id={id} fullWidth size="small" defaultValue="Alice Moreau" />}
          </Row>
          <Row id="h-email" label={t('fields.email')}>
            {(id) => <TextField id={id} fullWidth size="small" type="email" defaultValue="alice@example.com" />}
          </Row>
          <Row id="h-guests" label={t('fields.guests')}>
            {(id) => <TextField id={id} fullWidth size="small" type="number" defaultValue={4} />}
          </Row>
          <Row id="h-area" label={t('fields.area')}>
            {(id) => (
              <TextField id={id} select fullWidth size="small" defaultValue="terrace">
                {SEATING_AREAS.map((area) => (
                  <MenuItem key={area} value={area}>
                    {t(`areas.${area}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Row>
          <Grid container>
            <Grid size={{ xs: 12, sm: 9 }} offset={{ sm: 3 }}>
              <Button type="submit" variant="contained">
                {t('layout.save')}
              </Button>
            </Grid>
          </Grid>
        </Stack>
        <SavedNote shown={saved} />
      </Box>
    </DemoCard>
  );
}

/** The form-layout page (see the module comment). */
export default function FormLayoutPage() {
  const { t } = useTranslation('demo-forms');
  return (
    <ShowcasePage target="formLayouts" subtitle={t('layout.lead')} testId="forms-layout">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <VerticalForm />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <HorizontalForm />
        </Grid>
      </Grid>
      <DemoCard title={t('layout.inline')}>
        <Stack component="form" role="search" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={(event: FormEvent) => event.preventDefault()}>
          <TextField size="small" label={t('layout.searchGuest')} sx={{ flex: 1 }} />
          <TextField size="small" type="date" label={t('fields.date')} slotProps={{ inputLabel: { shrink: true } }} />
          <Button type="submit" variant="contained">
            {t('layout.search')}
          </Button>
        </Stack>
      </DemoCard>
    </ShowcasePage>
  );
}
