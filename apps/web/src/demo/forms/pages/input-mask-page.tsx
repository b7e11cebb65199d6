/**
 * `/forms/elements/input-mask`: input masks with react-imask on MUI TextFields — a phone
 * number, a payment card number, a date (day and month checked as ranges) and a money amount
 * with thousands separators in the app language's style. Each shows its masked and raw value.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FactoryOpts } from 'imask';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMask } from 'react-imask';
import { MaskedField, type MaskedValue } from '../components/masked-field.tsx';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';

type MaskId = 'phone' | 'card' | 'date' | 'currency';

/** The money separators of a language, as `Intl` writes them. */
function separators(language: string): { thousands: string; radix: string } {
  const parts = new Intl.NumberFormat(language).formatToParts(12345.6);
  return { thousands: parts.find((part) => part.type === 'group')?.value ?? ',', radix: parts.find((part) => part.type === 'decimal')?.value ?? '.' };
}

function masks(language: string): Record<MaskId, { mask: FactoryOpts; placeholder: string; inputMode: 'numeric' | 'tel' | 'decimal' }> {
  const { thousands, radix } = separators(language);
  return {
    phone: { mask: { mask: '+00 000 000 0000' }, placeholder: '+44 020 7946 0958', inputMode: 'tel' },
    card: { mask: { mask: '0000 0000 0000 0000' }, placeholder: '4242 4242 4242 4242', inputMode: 'numeric' },
    date: {
      mask: {
        mask: 'DD/MM/YYYY',
        blocks: {
          DD: { mask: IMask.MaskedRange, from: 1, to: 31, maxLength: 2 },
          MM: { mask: IMask.MaskedRange, from: 1, to: 12, maxLength: 2 },
          YYYY: { mask: IMask.MaskedRange, from: 1900, to: 2099 },
        },
      },
      placeholder: '27/11/2026',
      inputMode: 'numeric',
    },
    currency: {
      mask: { mask: Number, scale: 2, thousandsSeparator: thousands === '\u202f' || thousands === '\u00a0' ? ' ' : thousands, radix, mapToRadix: ['.', ','], normalizeZeros: true, padFractionalZeros: false, min: 0, max: 1_000_000 },
      placeholder: `1${thousands === '\u202f' || thousands === '\u00a0' ? ' ' : thousands}250${radix}50`,
      inputMode: 'decimal',
    },
  };
}

const IDS: readonly MaskId[] = ['phone', 'card', 'date', 'currency'];

/** The input-mask page (see the module comment). */
export default function InputMaskPage() {
  const { t, i18n } = useTranslation('demo-forms');
  const [values, setValues] = useState<Partial<Record<MaskId, MaskedValue>>>({});
  const all = masks(i18n.language);

  return (
    <ShowcasePage target="inputMask" subtitle={t('mask.lead')} testId="forms-input-mask">
      <DemoCard title={t('mask.title')}>
        <Grid container spacing={3}>
          {IDS.map((id) => {
            const value = values[id];
            return (
              <Grid key={`${id}-${i18n.language}`} size={{ xs: 12, md: 6 }}>
                <MaskedField
                  label={t(`mask.fields.${id}`)}
                  mask={all[id].mask}
                  placeholder={all[id].placeholder}
                  inputMode={all[id].inputMode}
                  helperText={t(`mask.help.${id}`)}
                  onValue={(next) => setValues((current) => ({ ...current, [id]: next }))}
                  testId={`mask-${id}`}
                />
                <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }} data-testid={`mask-${id}-value`}>
                  <Typography variant="body2" color="text.secondary">
                    {t('mask.raw')}
                  </Typography>
                  <Box component="code" sx={{ fontSize: 13 }}>
                    {value?.unmasked || '—'}
                  </Box>
                  {value?.value && <Chip size="small" color={value.complete ? 'success' : 'default'} label={value.complete ? t('mask.complete') : t('mask.incomplete')} />}
                </Stack>
              </Grid>
            );
          })}
        </Grid>
      </DemoCard>
    </ShowcasePage>
  );
}
