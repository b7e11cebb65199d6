/**
 * `/forms/elements/input`: MUI inputs of every kind — text (with helper text, a counter and
 * an error state), password with a show/hide button, number, email, multiline text, checkboxes,
 * radios, a switch, a slider, a file input and a colour input. The values are shown live in a
 * summary card, so each control visibly does something.
 */
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';

const DIETS = ['vegetarian', 'vegan', 'glutenFree'] as const;
const SEATING = ['indoor', 'terrace', 'bar'] as const;
const NAME_MAX = 40;

/** The inputs page (see the module comment). */
export default function InputPage() {
  const { t } = useTranslation('demo-forms');
  const [name, setName] = useState('Trattoria Roma');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [guests, setGuests] = useState('4');
  const [email, setEmail] = useState('');
  const [notes, setNotes] = useState('');
  const [diets, setDiets] = useState<(typeof DIETS)[number][]>(['vegetarian']);
  const [seating, setSeating] = useState<(typeof SEATING)[number]>('indoor');
  const [newsletter, setNewsletter] = useState(true);
  const [spice, setSpice] = useState(2);
  const [fileName, setFileName] = useState('');
  const [colour, setColour] = useState('#7367f0');
  const emailInvalid = email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

  const summary: [string, string][] = [
    [t('input.name'), name],
    [t('input.password'), password ? '•'.repeat(password.length) : '—'],
    [t('input.guests'), guests || '—'],
    [t('input.email'), email || '—'],
    [t('input.notes'), notes || '—'],
    [t('input.diets'), diets.length ? diets.map((diet) => t(`input.diet.${diet}`)).join(', ') : '—'],
    [t('input.seating'), t(`input.seat.${seating}`)],
    [t('input.newsletter'), newsletter ? t('input.on') : t('input.off')],
    [t('input.spice'), String(spice)],
    [t('input.file'), fileName || '—'],
    [t('input.colour'), colour],
  ];

  return (
    <ShowcasePage target="formInput" subtitle={t('input.lead')} testId="forms-input">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={3}>
            <DemoCard title={t('input.textTitle')}>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    fullWidth
                    label={t('input.name')}
                    value={name}
                    onChange={(event) => setName(event.target.value.slice(0, NAME_MAX))}
                    helperText={t('input.counter', { count: name.length, max: NAME_MAX })}
                    slotProps={{ htmlInput: { 'data-testid': 'input-name' } }}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    fullWidth
                    label={t('input.password')}
                    type={showPassword ? 'text' : 'password'}
                    autoComplete="new-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    slotProps={{
                      htmlInput: { 'data-testid': 'input-password' },
                      input: {
                        endAdornment: (
                          <InputAdornment position="end">
                            <IconButton aria-label={showPassword ? t('input.hidePassword') : t('input.showPassword')} onClick={() => setShowPassword((shown) => !shown)} edge="end">
                              {showPassword ? <VisibilityOff /> : <Visibility />}
                            </IconButton>
                          </InputAdornment>
                        ),
                      },
                    }}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    fullWidth
                    label={t('input.guests')}
                    type="number"
                    value={guests}
                    onChange={(event) => setGuests(event.target.value)}
                    slotProps={{ htmlInput: { min: 1, max: 20, step: 1 } }}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    fullWidth
                    label={t('input.email')}
                    type="email"
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                    error={emailInvalid}
                    helperText={emailInvalid ? t('input.emailInvalid') : t('input.emailHelp')}
                  />
                </Grid>
                <Grid size={12}>
                  <TextField fullWidth multiline minRows={3} label={t('input.notes')} value={notes} onChange={(event) => setNotes(event.target.value)} placeholder={t('input.notesPlaceholder')} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField fullWidth disabled label={t('input.disabled')} value={t('input.disabledValue')} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField fullWidth label={t('input.readOnly')} value="TR-2026-0042" slotProps={{ htmlInput: { readOnly: true } }} />
                </Grid>
              </Grid>
            </DemoCard>
            <DemoCard title={t('input.choiceTitle')}>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <FormControl component="fieldset">
                    <FormLabel component="legend">{t('input.diets')}</FormLabel>
                    <FormGroup>
                      {DIETS.map((diet) => (
                        <FormControlLabel
                          key={diet}
                          label={t(`input.diet.${diet}`)}
                          control={
                            <Checkbox
                              checked={diets.includes(diet)}
                              onChange={(event) => setDiets((current) => (event.target.checked ? [...current, diet] : current.filter((item) => item !== diet)))}
                            />
                          }
                        />
                      ))}
                    </FormGroup>
                  </FormControl>
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <FormControl>
                    <FormLabel id="seating-label">{t('input.seating')}</FormLabel>
                    <RadioGroup aria-labelledby="seating-label" value={seating} onChange={(_, value) => setSeating(SEATING.find((seat) => seat === value) ?? 'indoor')}>
                      {SEATING.map((seat) => (
                        <FormControlLabel key={seat} value={seat} control={<Radio />} label={t(`input.seat.${seat}`)} />
                      ))}
                    </RadioGroup>
                  </FormControl>
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <FormControlLabel control={<Switch checked={newsletter} onChange={(event) => setNewsletter(event.target.checked)} />} label={t('input.newsletter')} />
                  <Typography id="spice-label" sx={{ mt: 2 }}>
                    {t('input.spice')}
                  </Typography>
                  <Slider
                    aria-labelledby="spice-label"
                    value={spice}
                    onChange={(_, value) => setSpice(value)}
                    min={0}
                    max={5}
                    step={1}
                    marks
                    valueLabelDisplay="auto"
                  />
                </Grid>
              </Grid>
            </DemoCard>
            <DemoCard title={t('input.otherTitle')}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
                <Box>
                  <Button variant="outlined" component="label">
                    {t('input.chooseFile')}
                    <input hidden type="file" accept="image/*,.pdf" onChange={(event) => setFileName(event.target.files?.[0]?.name ?? '')} data-testid="input-file" />
                  </Button>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {fileName || t('input.noFile')}
                  </Typography>
                </Box>
                <TextField
                  label={t('input.colour')}
                  type="color"
                  value={colour}
                  onChange={(event) => setColour(event.target.value)}
                  sx={{ width: 160 }}
                  slotProps={{ htmlInput: { 'data-testid': 'input-colour' } }}
                />
              </Stack>
            </DemoCard>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <DemoCard title={t('input.summaryTitle')} testId="input-summary">
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
              {summary.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </DemoCard>
        </Grid>
      </Grid>
    </ShowcasePage>
  );
}
