/**
 * `/extensions/tour`: a guided tour with react-joyride 3. "Start tour" runs four steps over the
 * page (the reservations card, the search, the covers figure, the help button); Next/Back/Skip
 * and Esc work from the keyboard (Joyride traps focus in its tooltip). The tooltip takes the
 * theme's colours and the page's language; the page says how the last tour ended.
 */
import HelpOutline from '@mui/icons-material/HelpOutlined';
import Search from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENTS, Joyride, STATUS, type EventData, type Step } from 'react-joyride';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';

type Outcome = 'none' | 'finished' | 'skipped';

/** The tour page (see the module comment). */
export default function TourPage() {
  const { t } = useTranslation('demo-extensions');
  const theme = useTheme();
  const [run, setRun] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>('none');

  const steps: Step[] = [
    { target: '[data-tour="reservations"]', title: t('tour.steps.reservations.title'), content: t('tour.steps.reservations.text'), skipBeacon: true },
    { target: '[data-tour="search"]', title: t('tour.steps.search.title'), content: t('tour.steps.search.text') },
    { target: '[data-tour="covers"]', title: t('tour.steps.covers.title'), content: t('tour.steps.covers.text') },
    { target: '[data-tour="help"]', title: t('tour.steps.help.title'), content: t('tour.steps.help.text') },
  ];

  const onEvent = (data: EventData) => {
    if (data.type === EVENTS.TOUR_END || data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED) {
      setRun(false);
      setOutcome(data.status === STATUS.SKIPPED ? 'skipped' : 'finished');
    }
  };

  return (
    <ShowcasePage target="tour" subtitle={t('tour.lead')} testId="extensions-tour">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button variant="contained" onClick={() => setRun(true)} disabled={run} data-testid="tour-start">
          {t('tour.start')}
        </Button>
        <Typography role="status" color="text.secondary" data-testid="tour-outcome">
          {t(`tour.outcome.${outcome}`)}
        </Typography>
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card data-tour="reservations">
            <CardContent>
              <Typography component="h2" variant="h6">
                {t('tour.cards.reservations')}
              </Typography>
              <Typography color="text.secondary">{t('tour.cards.reservationsText')}</Typography>
              <TextField
                data-tour="search"
                sx={{ mt: 2 }}
                fullWidth
                size="small"
                label={t('tour.cards.search')}
                slotProps={{
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <Search />
                      </InputAdornment>
                    ),
                  },
                }}
              />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card data-tour="covers">
            <CardContent>
              <Typography color="text.secondary">{t('tour.cards.covers')}</Typography>
              <Typography variant="h3" component="p" sx={{ fontWeight: 700 }}>
                128
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <DemoCard title={t('tour.cards.helpTitle')}>
        <Button data-tour="help" variant="outlined" startIcon={<HelpOutline />}>
          {t('tour.cards.help')}
        </Button>
      </DemoCard>
      <Joyride
        run={run}
        steps={steps}
        continuous
        onEvent={onEvent}
        options={{
          showProgress: true,
          buttons: ['back', 'skip', 'primary'],
          primaryColor: theme.palette.primary.main,
          backgroundColor: theme.palette.background.paper,
          arrowColor: theme.palette.background.paper,
          textColor: theme.palette.text.primary,
          zIndex: theme.zIndex.modal + 10,
          scrollDuration: 0,
        }}
        locale={{
          back: t('tour.locale.back'),
          close: t('tour.locale.close'),
          last: t('tour.locale.last'),
          next: t('tour.locale.next'),
          nextWithProgress: t('tour.locale.nextWithProgress'),
          skip: t('tour.locale.skip'),
          open: t('tour.locale.open'),
        }}
      />
    </ShowcasePage>
  );
}
