/**
 * `/extensions/i18n`: the four languages side by side with the app's i18next. Picking a
 * language here shows this page's sample strings in it (`i18n.getFixedT(language,
 * 'demo-extensions')`, the language's strings fetched first) without changing the app's
 * language, with interpolation and plurals, plus numbers, money, dates, relative times and
 * lists formatted by `Intl` for that locale.
 */
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18n, { currentLanguage, LANGUAGE_NAMES, SUPPORTED_LANGUAGES, type SupportedLanguage } from '../../../lib/i18n.ts';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';

/** The `Intl` locale and currency of each language (Portuguese is Brazilian, lib/i18n.ts). */
const LOCALES: Record<SupportedLanguage, { tag: string; currency: string }> = {
  en: { tag: 'en-US', currency: 'USD' },
  de: { tag: 'de-DE', currency: 'EUR' },
  fr: { tag: 'fr-FR', currency: 'EUR' },
  pt: { tag: 'pt-BR', currency: 'BRL' },
};

/** A fixed moment for the date samples, so screenshots do not change. */
const SAMPLE_DATE = new Date(Date.UTC(2026, 10, 27, 18, 30));

/** The samples of `language` formatted by Intl (pure, tested). */
export function formatSamples(language: SupportedLanguage) {
  const { tag, currency } = LOCALES[language];
  return {
    number: new Intl.NumberFormat(tag).format(1234567.891),
    currency: new Intl.NumberFormat(tag, { style: 'currency', currency }).format(1249.5),
    percent: new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 }).format(0.187),
    date: new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeZone: 'UTC' }).format(SAMPLE_DATE),
    time: new Intl.DateTimeFormat(tag, { timeStyle: 'short', timeZone: 'UTC' }).format(SAMPLE_DATE),
    relative: new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }).format(-1, 'day'),
    list: new Intl.ListFormat(tag, { type: 'conjunction' }).format(['Margherita', 'Risotto', 'Tiramisu']),
  };
}

/** The i18n page (see the module comment). */
export default function I18nPage() {
  const { t } = useTranslation('demo-extensions');
  const [language, setLanguage] = useState<SupportedLanguage>(currentLanguage);
  const [ready, setReady] = useState<SupportedLanguage | null>(currentLanguage);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    i18n.loadLanguages(language).then(
      () => {
        if (!live) return;
        setFailed(!i18n.hasResourceBundle(language, 'demo-extensions'));
        setReady(language);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [language]);

  const shown = ready ?? 'en';
  const fixed = i18n.getFixedT(shown, 'demo-extensions');
  const formats = formatSamples(shown);
  const rows = [
    ['number', formats.number],
    ['currency', formats.currency],
    ['percent', formats.percent],
    ['date', formats.date],
    ['time', formats.time],
    ['relative', formats.relative],
    ['list', formats.list],
  ] as const;

  return (
    <ShowcasePage target="i18n" subtitle={t('i18n.lead')} testId="extensions-i18n">
      <ToggleButtonGroup
        exclusive
        value={language}
        onChange={(_, value: SupportedLanguage | null) => value && setLanguage(value)}
        aria-label={t('i18n.pick')}
        color="primary"
        data-testid="i18n-languages"
      >
        {SUPPORTED_LANGUAGES.map((code) => (
          <ToggleButton key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {failed && <Alert severity="warning">{t('i18n.failed')}</Alert>}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <DemoCard title={t('i18n.stringsTitle')}>
            <div lang={shown} data-testid="i18n-strings" data-language={shown}>
              <Typography variant="h6" component="p">
                {fixed('i18n.samples.welcome', { restaurant: 'Trattoria Roma' })}
              </Typography>
              <Typography sx={{ mt: 1 }}>{fixed('i18n.samples.booking', { name: 'Alice', count: 4 })}</Typography>
              <Typography sx={{ mt: 1 }}>{fixed('i18n.samples.booking', { name: 'Jonas', count: 1 })}</Typography>
              <Typography sx={{ mt: 1 }} color="text.secondary">
                {fixed('i18n.samples.closing')}
              </Typography>
            </div>
          </DemoCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DemoCard title={t('i18n.formatsTitle')}>
            <Table size="small" data-testid="i18n-formats" lang={shown}>
              <TableBody>
                {rows.map(([key, value]) => (
                  <TableRow key={key}>
                    <TableCell component="th" scope="row" sx={{ color: 'text.secondary' }}>
                      {t(`i18n.formats.${key}`)}
                    </TableCell>
                    <TableCell data-testid={`i18n-format-${key}`}>{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </DemoCard>
        </Grid>
      </Grid>
    </ShowcasePage>
  );
}
